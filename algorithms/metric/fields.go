package metric

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Level says in which tables people see a figure: a table of level L
// shows the fields of level L and below.
type Level int

// The levels of the tables that show metrics.
const (
	// Ranking: the figures that rank algorithms side by side (the
	// compare table).
	Ranking Level = iota
	// Summary: a result at a glance (the job page).
	Summary
	// Detail: every figure (the explorer panel, the text report).
	Detail
)

// A Field is one figure of Metrics as people see it: its JSON key, its
// label, the level of the tables that show it, and its number format.
// Fields is the one list that every human-facing table reads, so that a
// new metric is one entry here.
type Field struct {
	Key   string
	Label string
	Level Level
	// Value formats the figure of m; ok is false when m has none, and
	// then Value says why (e.g. "no messages").
	Value func(m Metrics) (value string, ok bool)
}

// Fields lists the figures in the order tables show them.
var Fields = []Field{
	{"hopBytes", "hop-bytes", Summary, func(m Metrics) (string, bool) {
		return Count(m.HopBytes), true
	}},
	{"hopsPerByte", "hops per byte", Ranking, func(m Metrics) (string, bool) {
		if m.Arcs == 0 && m.HopsPerByte == 0 { // 0/0, not 0
			return "no messages", false
		}
		return fmt.Sprintf("%.4f", m.HopsPerByte), true
	}},
	{"maxDilation", "max dilation", Ranking, func(m Metrics) (string, bool) {
		return strconv.Itoa(m.MaxDilation), true
	}},
	{"avgDilation", "average dilation", Detail, func(m Metrics) (string, bool) {
		return fmt.Sprintf("%.4f", m.AvgDilation), true
	}},
	{"hopHistogram", "volume by hops", Detail, func(m Metrics) (string, bool) {
		switch {
		case m.Arcs == 0:
			return "no messages", false
		case len(m.HopHistogram) == 0:
			return "not computed", false // a result stored before histograms
		}
		return hopHistogram(m.HopHistogram), true
	}},
	{"dilationBound", "dilation lower bound", Detail, func(m Metrics) (string, bool) {
		return strconv.Itoa(m.DilationBound), true
	}},
	{"dimDistances", "D_i", Detail, func(m Metrics) (string, bool) {
		if len(m.DimDistances) == 0 {
			return "no dimensions", false
		}
		return dimDistances(m), true
	}},
	{"avgDistance", "D_a", Detail, func(m Metrics) (string, bool) {
		if m.AvgDistance == nil {
			return "distances not constant", false
		}
		return fmt.Sprintf("%.4f", *m.AvgDistance), true
	}},
	{"intraNodeVolume", "intra-node volume", Summary, nodeVolume(func(m Metrics) float64 { return m.IntraNodeVolume })},
	{"interNodeVolume", "inter-node volume", Summary, nodeVolume(func(m Metrics) float64 { return m.InterNodeVolume })},
	{"lowerBound", "lower bound", Summary, func(m Metrics) (string, bool) {
		return fmt.Sprintf("%.4f", m.LowerBound), true
	}},
	{"maxLinkLoad", "max link load", Ranking, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.MaxLinkLoad)
	})},
	{"avgLinkLoad", "average link load", Detail, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.AvgLinkLoad)
	})},
	{"linksUsed", "links used", Detail, linkFigure(func(m Metrics) string {
		return fmt.Sprintf("%d of %d", *m.LinksUsed, *m.Links)
	})},
	{"linkLoadBound", "link load lower bound", Detail, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.LinkLoadBound)
	})},
	{"routing", "routing", Detail, linkFigure(func(m Metrics) string { return m.Routing })},
	{"emptyNodes", "empty host nodes", Detail, func(m Metrics) (string, bool) {
		if m.EmptyNodes == 0 {
			return "0", true
		}
		return Thousands(m.EmptyNodes) + " (the host is larger than the guest)", true
	}},
}

// nodeVolume formats a volume that stays on, or leaves, the nodes; a
// result stored before they were counted has neither.
func nodeVolume(f func(Metrics) float64) func(Metrics) (string, bool) {
	return func(m Metrics) (string, bool) {
		if m.Arcs > 0 && m.IntraNodeVolume == 0 && m.InterNodeVolume == 0 {
			return "not computed", false
		}
		return strconv.FormatFloat(f(m), 'g', -1, 64), true
	}
}

// linkFigure formats a link figure with f, or says why m has none.
func linkFigure(f func(Metrics) string) func(Metrics) (string, bool) {
	return func(m Metrics) (string, bool) {
		switch {
		case m.MaxLinkLoad != nil:
			return f(m), true
		case m.NoLinkLoads != "":
			return m.NoLinkLoads, false
		}
		return "not computed", false // a result stored before link loads
	}
}

// FieldOf returns the field of that key; it panics on an unknown key (a
// programming error).
func FieldOf(key string) Field {
	for _, f := range Fields {
		if f.Key == key {
			return f
		}
	}
	panic("metric: no field " + key)
}

// Value returns the formatted figure of key in m and whether m has one.
func (m Metrics) Value(key string) (string, bool) { return FieldOf(key).Value(m) }

// dimDistances lists the per-dimension distances D_i, separated by spaces:
// "~mean" (two decimals) for a dimension whose edges differ in hop count,
// "-" for one without edges. O(c).
func dimDistances(m Metrics) string {
	parts := make([]string, len(m.DimDistances))
	for i, d := range m.DimDistances {
		switch {
		case d != nil:
			parts[i] = strconv.Itoa(*d)
		case m.DimMeans[i] == nil: // no edges along this dimension
			parts[i] = "-"
		default:
			parts[i] = fmt.Sprintf("~%.2f", *m.DimMeans[i])
		}
	}
	return strings.Join(parts, " ")
}

// hopHistogram lists the share of the volume that travels each number of
// hops, from the least to the most: "1: 75.0%, 2: 25.0%". O(max hops).
func hopHistogram(hist []float64) string {
	total := 0.0
	for _, x := range hist {
		total += x
	}
	var parts []string
	for h, x := range hist {
		if x > 0 || len(parts) > 0 {
			parts = append(parts, fmt.Sprintf("%d: %.1f%%", h, 100*x/total))
		}
	}
	return strings.Join(parts, ", ")
}

// A Row is one line of a metrics table: a field and its figure in m (or,
// when OK is false, why there is none).
type Row struct {
	Key, Label, Value string
	OK                bool
}

// FieldsOf returns the fields a table of level l shows (its columns or
// rows), in the order of Fields.
func FieldsOf(l Level) []Field {
	var fs []Field
	for _, f := range Fields {
		if f.Level <= l {
			fs = append(fs, f)
		}
	}
	return fs
}

// Rows returns the rows of a table of level l, in the order of Fields.
func (m Metrics) Rows(l Level) []Row {
	var rows []Row
	for _, f := range FieldsOf(l) {
		v, ok := f.Value(m)
		rows = append(rows, Row{f.Key, f.Label, v, ok})
	}
	return rows
}

// FormatLoad formats a link load as every table and drawing shows it: six
// significant digits.
func FormatLoad(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// Count formats a count for people: a whole number with thousands
// separators (12,578,816, not 1.2578816e+07), other values as they are.
func Count(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return Thousands(int(v))
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Thousands formats an integer with thousands separators (12,578,816).
func Thousands(n int) string {
	s := strconv.Itoa(max(n, -n))
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if n < 0 {
		return "-" + string(b)
	}
	return string(b)
}
