package draw

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestCompareBoundLabelsApart: bounds of close values (the neighbourhood
// and levels bounds of 4elt's quotient on fattree:4,5, 2.9861 and 3.1403,
// 7 px apart on the chart) get labels at least a label apart beside the
// plot (two lines each).
func TestCompareBoundLabelsApart(t *testing.T) {
	var buf bytes.Buffer
	if err := Compare(&buf, closeBoundsBars, closeBounds, Options{Width: 900}); err != nil {
		t.Fatal(err)
	}
	label := regexp.MustCompile(`<text x="\d+" y="(\d+)"[^>]*>(neighbourhood|levels) `)
	ms := label.FindAllStringSubmatch(buf.String(), -1)
	if len(ms) != 2 {
		t.Fatalf("%d bound labels, want 2", len(ms))
	}
	a, _ := strconv.Atoi(ms[0][1])
	b, _ := strconv.Atoi(ms[1][1])
	if d := max(a-b, b-a); d < 28 {
		t.Errorf("the bound labels are %d px apart, want at least 28", d)
	}
}

// closeBounds are bounds 7 px apart on a chart, and closeBoundsBars two
// bars near them (4elt's quotient on fattree:4,5).
var (
	closeBounds = []metric.Bound{
		{Name: "neighbourhood", Value: 2.9861, Scope: metric.AllMappings},
		{Name: "levels", Value: 3.1403, Scope: metric.AllMappings},
	}
	closeBoundsBars = []Bar{{Algo: "rb", HopsPerByte: 3.984, Seconds: 0.1}, {Algo: "pairs", HopsPerByte: 3.950, Seconds: 0.5}}
)

// TestNarrowCompareNamesBoundsOverThePlot: at 390 px, where there is no
// room beside the plot, each bound is named with its value, scope and
// line style on a line of its own over the plot (inside it, the names
// ran over the bars and their values), and nothing else names them.
func TestNarrowCompareNamesBoundsOverThePlot(t *testing.T) {
	var buf bytes.Buffer
	if err := Compare(&buf, closeBoundsBars, closeBounds, Options{Width: 390}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	barTop := -1
	for _, m := range regexp.MustCompile(`<rect x="\d+" y="(\d+)"[^>]*class="bar"`).FindAllStringSubmatch(out, -1) {
		if y, _ := strconv.Atoi(m[1]); barTop < 0 || y < barTop {
			barTop = y
		}
	}
	if barTop < 0 {
		t.Fatal("no bar")
	}
	for i, want := range []string{"red dashed: neighbourhood 2.9861 (all mappings)", "red dashed: levels 3.1403 (all mappings)"} {
		m := regexp.MustCompile(`<text x="\d+" y="(\d+)"[^>]*data-bound-label="` + strconv.Itoa(i) + `"[^>]*>([^<]*)<`).FindStringSubmatch(out)
		if m == nil || m[2] != want {
			t.Fatalf("bound %d is named %q, want %q", i, m, want)
		}
		if y, _ := strconv.Atoi(m[1]); y >= barTop {
			t.Errorf("bound %d is named at y %d, in the plot (its highest bar's top is %d)", i, y, barTop)
		}
	}
	if n := strings.Count(out, ">levels "); n != 0 {
		t.Errorf("levels is named %d times more, in the plot", n)
	}
}

// TestSpreadLabels: labels stay at their lines unless too close, and are
// then pushed down one below the other.
func TestSpreadLabels(t *testing.T) {
	for _, tt := range []struct{ ys, want []int }{
		{[]int{100, 93}, []int{121, 93}},
		{[]int{50, 200}, []int{50, 200}},
		{[]int{60, 60, 60}, []int{60, 88, 116}},
		{nil, []int{}},
	} {
		if got := spreadLabels(tt.ys, 28); !slices.Equal(got, tt.want) {
			t.Errorf("spreadLabels(%v, 28) = %v, want %v", tt.ys, got, tt.want)
		}
	}
}

// TestCompareValuesOnlyWhereTheyFit: 16 algorithms at 1,120 px leave
// each bar room for its value, twice (hops per byte and run time), level;
// at 390 px each bar's 18 px are too narrow for "1.0000" or "25.9" level,
// so they stand upright (they were dropped, and the chart at 800 px lost
// every number); 48 algorithms at 390 px leave no room at all: the chart
// writes no value (they ran into each other) and says the table gives
// them.
func TestCompareValuesOnlyWhereTheyFit(t *testing.T) {
	for _, tt := range []struct {
		bars, width, level, upright int
		caption                     bool
	}{{16, 1120, 32, 0, false}, {16, 390, 0, 32, false}, {48, 390, 0, 0, true}} {
		var bars []Bar
		for i := range tt.bars {
			bars = append(bars, Bar{Algo: "algo" + strconv.Itoa(i), HopsPerByte: 1, Seconds: 0.0259})
		}
		var buf bytes.Buffer
		if err := Compare(&buf, bars, nil, Options{Width: tt.width}); err != nil {
			t.Fatal(err)
		}
		doc := buf.String()
		level := regexp.MustCompile(`text-anchor="middle"[^>]*>(1\.0000|25\.9)</text>`).FindAllString(doc, -1)
		upright := regexp.MustCompile(`rotate\(-90 [^>]*>(1\.0000|25\.9)</text>`).FindAllString(doc, -1)
		if caption := strings.Contains(doc, `id="values-caption"`); len(level) != tt.level || len(upright) != tt.upright || caption != tt.caption {
			t.Errorf("%d bars at %d px: %d values level, %d upright, caption %v; want %d, %d, %v",
				tt.bars, tt.width, len(level), len(upright), caption, tt.level, tt.upright, tt.caption)
		}
	}
}

// TestCompareBoundLabelsFitTheChart: beside the plot, the longest scopes'
// names ("(constant-distance embeddings)", "(estimate, not a bound)") end
// inside the chart (a fixed 150 px of room cut them off at its edge).
func TestCompareBoundLabelsFitTheChart(t *testing.T) {
	bounds := []metric.Bound{
		{Name: "neighbourhood", Value: 1.5, Scope: metric.AllMappings},
		{Name: "xor-ring", Value: 2.75, Scope: metric.ConstantDistance},
		{Name: "thesis", Value: 3.5, Scope: metric.Estimate},
	}
	for _, width := range []int{700, 900, 1300} {
		var buf bytes.Buffer
		if err := Compare(&buf, closeBoundsBars, bounds, Options{Width: width}); err != nil {
			t.Fatal(err)
		}
		label := regexp.MustCompile(`<text x="(\d+)" y="\d+" class="s"[^>]*>(\([^<]*\))<`)
		ms := label.FindAllStringSubmatch(buf.String(), -1)
		if len(ms) != len(bounds) {
			t.Fatalf("at %d px: %d scopes beside the plot, want %d", width, len(ms), len(bounds))
		}
		for _, m := range ms {
			x, _ := strconv.Atoi(m[1])
			if end := x + textW(m[2], 12); end > width {
				t.Errorf("at %d px: %q ends at %d px, past the chart's edge", width, m[2], end)
			}
		}
	}
}
