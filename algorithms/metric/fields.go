package metric

import (
	"math"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// Level says in which tables people see a figure: a table of level L
// shows the fields of level L and below.
type Level int

// The levels of the tables that show metrics.
const (
	// Ranking: the figures that rank algorithms side by side (the
	// compare table).
	Ranking Level = iota
	// Detail: every figure (the explorer's and the job page's panel,
	// the text report).
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
	// Says, when set, tells whether the figure means anything for m: a
	// table of one result leaves out the rows where it does not (the node
	// volumes on a host without cores, a lower bound of 0).
	Says func(m Metrics) bool
}

// Fields lists the figures in the order tables show them.
var Fields = []Field{
	{"hopBytes", "hop-bytes", Detail, func(m Metrics) (string, bool) {
		return SI(m.HopBytes), true
	}, nil},
	{"hopsPerByte", "hops per byte", Ranking, func(m Metrics) (string, bool) {
		if m.Arcs == 0 && m.HopsPerByte == 0 { // 0/0, not 0
			return "no messages", false
		}
		return Fixed4(m.HopsPerByte), true
	}, nil},
	{"maxDilation", "max dilation", Ranking, func(m Metrics) (string, bool) {
		return Thousands(m.MaxDilation), true
	}, nil},
	{"avgDilation", "average dilation", Detail, func(m Metrics) (string, bool) {
		if m.Arcs == 0 && m.AvgDilation == 0 { // the mean of no edges, as JSON's null
			return "no messages", false
		}
		return Fixed4(m.AvgDilation), true
	}, nil},
	{"hopHistogram", "volume by hops", Detail, func(m Metrics) (string, bool) {
		switch {
		case m.Arcs == 0:
			return "no messages", false
		case len(m.HopHistogram) == 0:
			return "not computed", false // a result stored before histograms
		}
		return hopHistogram(m.HopHistogram), true
	}, nil},
	{"dilationBound", "dilation lower bound", Detail, func(m Metrics) (string, bool) {
		return Thousands(m.DilationBound), true
	}, nil},
	{"dimDistances", "D_i", Detail, func(m Metrics) (string, bool) {
		if len(m.DimDistances) == 0 {
			return "no dimensions", false
		}
		return dimDistances(m), true
	}, nil},
	{"avgDistance", "D_a", Detail, func(m Metrics) (string, bool) {
		if m.AvgDistance == nil {
			return "distances not constant", false
		}
		return Fixed4(*m.AvgDistance), true
	}, nil},
	{"intraNodeVolume", "intra-node volume", Detail, nodeVolume(func(m Metrics) float64 { return m.IntraNodeVolume }), hasCores},
	{"interNodeVolume", "inter-node volume", Detail, nodeVolume(func(m Metrics) float64 { return m.InterNodeVolume }), hasCores},
	{"lowerBound", "lower bound", Detail, func(m Metrics) (string, bool) {
		return Fixed4(m.LowerBound), true
	}, func(m Metrics) bool { return m.LowerBound > 0 }},
	{"maxLinkLoad", "max link load", Ranking, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.MaxLinkLoad)
	}), nil},
	{"avgLinkLoad", "average link load", Detail, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.AvgLinkLoad)
	}), nil},
	{"squaredLinkLoads", "Σ squared link loads", Detail, func(m Metrics) (string, bool) {
		if m.SquaredLinkLoads == nil {
			v, _ := linkFigure(nil)(Metrics{NoLinkLoads: m.NoLinkLoads})
			return v, false // none, or a result stored before it was counted
		}
		return FormatLoad(*m.SquaredLinkLoads), true
	}, nil},
	{"linksUsed", "links used", Detail, linkFigure(func(m Metrics) string {
		return Thousands(*m.LinksUsed) + " of " + Thousands(*m.Links)
	}), nil},
	{"linkLoadBound", "link load lower bound", Detail, linkFigure(func(m Metrics) string {
		return FormatLoad(*m.LinkLoadBound)
	}), nil},
	{"routing", "routing", Detail, linkFigure(func(m Metrics) string { return m.Routing }), nil},
	{"emptyNodes", "empty slots", Detail, func(m Metrics) (string, bool) {
		switch {
		case m.EmptyNodes == 0:
			return "0", true
		case m.OutsideAllocation == m.EmptyNodes:
			return Thousands(m.EmptyNodes) + " (outside the allocation)", true
		case m.OutsideAllocation > 0:
			return Thousands(m.EmptyNodes) + " (" + Thousands(m.OutsideAllocation) + " outside the allocation, " +
				Thousands(m.EmptyNodes-m.OutsideAllocation) + " allocated and unused)", true
		}
		return Thousands(m.EmptyNodes) + " (the host is larger than the guest)", true
	}, nil},
}

// hasCores tells whether m's host has cores, whose slots share a node
// (a result stored before Cores existed: whether some volume stayed on
// a node).
func hasCores(m Metrics) bool { return m.Cores > 1 || m.IntraNodeVolume > 0 }

// nodeVolume formats a volume that stays on, or leaves, the nodes; a
// result stored before they were counted has neither.
func nodeVolume(f func(Metrics) float64) func(Metrics) (string, bool) {
	return func(m Metrics) (string, bool) {
		if m.Arcs > 0 && m.IntraNodeVolume == 0 && m.InterNodeVolume == 0 {
			return "not computed", false
		}
		return SI(f(m)), true
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

// LinkBound says what the largest link load of every mapping of m's
// instance is measured under and bounded by, as a comparison states it
// once for all its rows: "dimension-order routing; lower bound 1.312 for
// every mapping", or "— (why there are no link loads)".
func (m Metrics) LinkBound() string {
	load, ok := m.Value("maxLinkLoad")
	if !ok {
		return NoFigure + " (" + load + ")"
	}
	rule, _ := m.Value("routing")
	bound, _ := m.Value("linkLoadBound")
	return rule + " routing; lower bound " + bound + " for every mapping"
}

// Says tells whether the figure of key means anything for m (Field.Says).
func (m Metrics) Says(key string) bool {
	f := FieldOf(key)
	return f.Says == nil || f.Says(m)
}

// dimDistances lists the per-dimension distances D_i, separated by spaces:
// "~mean" (two decimals, or two significant digits under 0.1) for a
// dimension whose edges differ in hop count, NoFigure for one without edges.
// O(c).
func dimDistances(m Metrics) string {
	parts := make([]string, len(m.DimDistances))
	for i, d := range m.DimDistances {
		switch {
		case d != nil:
			parts[i] = Thousands(*d)
		case m.DimMeans[i] == nil: // no edges along this dimension
			parts[i] = NoFigure
		case *m.DimMeans[i] < 0.1: // two decimals would be far off: 0.015873 is not ~0.02
			parts[i] = "~" + numtext.Significant(*m.DimMeans[i], 2)
		default:
			parts[i] = "~" + Fixed(*m.DimMeans[i], 2)
		}
	}
	return strings.Join(parts, " ")
}

// hopHistogram lists the share of the volume that travels each number of
// hops some volume travels, from the least to the most, as Share writes
// shares: "1: 75.0 %, 2: 25.0 %" (a fat tree's odd counts, which no
// message travels, are left out; a share that rounds to nothing reads
// "< 0.1 %"). O(max hops).
func hopHistogram(hist []float64) string {
	total := 0.0
	for _, x := range hist {
		total += x
	}
	var parts []string
	for h, x := range hist {
		switch share := x / total; {
		case x <= 0:
		case share < 0.0005:
			parts = append(parts, strconv.Itoa(h)+": < 0.1 %")
		default:
			parts = append(parts, strconv.Itoa(h)+": "+Share(share))
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

// Rows returns the rows of a table of level l, in the order of Fields,
// but for the figures that say nothing about m (Field.Says).
func (m Metrics) Rows(l Level) []Row {
	var rows []Row
	for _, f := range FieldsOf(l) {
		if !m.Says(f.Key) {
			continue
		}
		v, ok := f.Value(m)
		rows = append(rows, Row{f.Key, f.Label, v, ok})
	}
	return rows
}

// FormatLoad formats a link load as every table, drawing and readout
// shows it: as SI does, but to four significant digits (never fewer than
// the whole part holds), 12.345678 → "12.35", 1234.5678 → "1,235",
// 17722368 → "17,722,368 (17.7 M)".
func FormatLoad(x float64) string { return numtext.SIDigits(x, 4) }

// Number formats a figure for people, the one format of every
// human-readable output (text reports, tables, legends, tooltips; JSON
// keeps machine numbers), as numtext.Number: never scientific notation,
// thousands separators in the whole part, six significant digits but
// never fewer than the whole part holds (17722368 → "17,722,368",
// 12290.25 → "12,290.2", 1.5e-7 → "0.00000015").
func Number(v float64) string { return numtext.Number(v) }

// Rounded is Number of v rounded to that many significant digits, for
// brief labels (numtext.Rounded: 0.000012345 with 3 → "0.0000123").
func Rounded(v float64, digits int) string { return numtext.Rounded(v, digits) }

// ClockStep is the step of the browser's clock in seconds: performance.now,
// which Go's runtime reads under WebAssembly, is coarsened to 0.1 ms, so a
// shorter run measures 0 there.
const ClockStep = 1e-4

// Milliseconds is a run time of sec seconds in milliseconds to three
// significant digits (0.0184 → "18.4"); a time under ClockStep reads
// "< 0.1", what the browser's clock can tell of it, never "0".
func Milliseconds(sec float64) string {
	if sec < ClockStep {
		return "< 0.1"
	}
	return Rounded(sec*1e3, 3)
}

// RunTime is a run time with three significant digits in a unit that keeps
// short runs readable: "0.312 ms" (not "0.000 s"), "1.84 s", "1,234 s".
func RunTime(sec float64) string {
	switch {
	case sec < 1:
		return Milliseconds(sec) + " ms"
	case sec < 100:
		return Rounded(sec, 3) + " s"
	}
	return Number(math.Round(sec)) + " s"
}

// Fixed4 formats a figure of four decimals (hops per byte, average
// dilations and distances, lower bounds) as numtext.Fixed4: a positive
// figure that four decimals would show as 0.0000 to two significant
// digits (5e-7 → "0.0000005").
func Fixed4(v float64) string { return numtext.Fixed4(v) }

// Fixed formats v with that many decimals and thousands separators in the
// whole part (numtext.Fixed: 4095.9375 with 4 → "4,095.9375").
func Fixed(v float64, decimals int) string { return numtext.Fixed(v, decimals) }

// Plural counts things for people (numtext.Plural): "1 hop", "2 hops",
// "12,290 hops", or with an irregular plural ("1 vertex", "2 vertices").
func Plural(n int, one string, many ...string) string { return numtext.Plural(n, one, many...) }

// NoFigure marks a figure that an instance has not, in every table and
// report (a dimension without edges, a ratio without a base, link loads
// not counted): one mark on the pages and in the CLI's text.
const NoFigure = "—"

// Thousands formats an integer with thousands separators (12,578,816);
// the packages metric depends on use the same code (numtext.Thousands).
func Thousands(n int) string { return numtext.Thousands(n) }

// Count is a whole number that formats itself as Thousands does, for
// messages (numtext.Count).
type Count = numtext.Count
