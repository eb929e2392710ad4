package export_test

import (
	"regexp"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
)

// line returns the line of the text report under that label ("" if none).
func line(report, label string) string {
	for l := range strings.Lines(report) {
		if strings.HasPrefix(l, label+" ") {
			return strings.TrimSpace(strings.TrimPrefix(l, label))
		}
	}
	return ""
}

// TestTextReportBaselineReadsLikeHopBytes: the baseline line writes rank
// order's hop-bytes as the hop-bytes line writes a figure, the SI form
// included from 100,000 on ("identity: 72,666,512 (72.7 M)").
func TestTextReportBaselineReadsLikeHopBytes(t *testing.T) {
	for _, tt := range []struct {
		base float64
		want string
	}{
		{120, "(identity: 120)"},
		{99999, "(identity: 99,999)"},
		{100000, "(identity: 100,000 (100 k))"},
		{72666512, "(identity: 72,666,512 (72.7 M))"},
	} {
		r := twisted(t)
		r.Baseline = metric.NewBaseline("identity", r.Metrics.HopBytes, tt.base, 8)
		got := line(write(t, "text", r), "baseline")
		if !strings.HasSuffix(got, tt.want) || !strings.HasSuffix(got, "(identity: "+metric.SI(tt.base)+")") {
			t.Errorf("rank order of %v hop-bytes: baseline line %q, want it to end %q, as the hop-bytes line writes the figure", tt.base, got, tt.want)
		}
	}
}

// otherMark finds a dash standing alone that is not metric.NoFigure: an
// en dash, or a hyphen between spaces.
var otherMark = regexp.MustCompile(`–|(^|\s)-(\s|$)`)

// TestTextReportMarksNoneOneWay: a figure the text report has not reads
// metric.NoFigure ("—") on every line (hops per byte, lower bound, link
// loads), as on the pages and in compare's table, never "–" or "-";
// the note of distances that are not constant explains the marks they
// hold and no other ("~ marks means" only when some D_i is a mean).
func TestTextReportMarksNoneOneWay(t *testing.T) {
	noLinks := func(r *solve.Result) {
		r.Metrics.MaxLinkLoad, r.Metrics.NoLinkLoads = nil, "not counted on more than 33,554,432 links"
	}
	noArcs := func(r *solve.Result) { r.Metrics.Arcs, r.Metrics.HopsPerByte = 0, 0 }
	for _, tt := range []struct {
		name        string
		r           *solve.Result
		change      func(*solve.Result)
		label, want string
	}{
		{"no link loads", twisted(t), noLinks, "link loads", "— (not counted on more than 33,554,432 links)"},
		{"no messages", twisted(t), noArcs, "hops per byte", "— (no messages)"},
		{"no bound", result(t, "grid:1x8", "ring:8", "identity", []int{0, 1, 2, 3, 4, 5, 6, 7}), func(r *solve.Result) { r.Metrics.Bounds, r.Metrics.LowerBound = nil, 0 },
			"lower bound", "— (none above 0 for this instance)"},
		{"a dimension without edges", result(t, "grid:1x8", "ring:8", "identity", []int{0, 1, 2, 3, 4, 5, 6, 7}), nil,
			"distances D_i", "— 1 (not constant; — marks a dimension without edges)"},
		{"means", result(t, "grid:2x2x2", "mesh:2x2x2", "swap", []int{1, 0, 2, 3, 4, 5, 6, 7}), nil,
			"distances D_i", "1 ~1.50 ~1.50 (not constant; ~ marks means)"},
		{"means and a dimension without edges", result(t, "grid:1x2x2", "line:4", "hand", []int{0, 1, 3, 2}), nil,
			"distances D_i", "— 1 ~2.00 (not constant; ~ marks means; — marks a dimension without edges)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.change != nil {
				tt.change(tt.r)
			}
			out := write(t, "text", tt.r)
			if got := line(out, tt.label); got != tt.want {
				t.Errorf("%s line %q, want %q:\n%s", tt.label, got, tt.want, out)
			}
			if otherMark.MatchString(out) {
				t.Errorf("the report marks none with \"–\" or \"-\" as well as %q:\n%s", metric.NoFigure, out)
			}
			if strings.Contains(out, "~ marks means") != strings.Contains(line(out, "distances D_i"), "~") {
				t.Errorf("the legend \"~ marks means\" and the means it explains disagree:\n%s", out)
			}
		})
	}
	if got := export.LinkLoads(twisted(t).Metrics); otherMark.MatchString(got) {
		t.Errorf("LinkLoads = %q", got)
	}
}

// TestHostnameRefusalSaysASCII: a host name of other characters than
// ASCII letters, digits, '.', '-' and '_' is refused with a message that
// says ASCII (an "ñ" is a letter, but not one a launcher takes).
func TestHostnameRefusalSaysASCII(t *testing.T) {
	for _, tt := range []struct{ name, char string }{
		{"ñ1", `'ñ'`},
		{"nodé", `'é'`},
		{"n 1", `' '`},
		{"node#1", `'#'`},
		{strings.Repeat("ñ", 300), `'ñ'`}, // its characters first, not a byte count
	} {
		err := export.CheckHostnames([]string{tt.name}, 1)
		if err == nil || !strings.Contains(err.Error(), "has "+tt.char+"; a host name has only ASCII letters (a-z, A-Z), digits, '.', '-' and '_'") {
			t.Errorf("CheckHostnames(%.20q) = %v, want it refused for %s, naming ASCII letters", tt.name, err, tt.char)
		}
	}
	if err := export.CheckHostnames([]string{"nid00001.cluster-a_1"}, 1); err != nil {
		t.Errorf("an ASCII name: %v", err)
	}
}
