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
// 7 px apart on the chart) get labels at least a label apart, beside the
// plot (two lines each) and inside a narrow one (one line each).
func TestCompareBoundLabelsApart(t *testing.T) {
	bars := []Bar{{Algo: "rb", HopsPerByte: 3.984, Seconds: 0.1}, {Algo: "pairs", HopsPerByte: 3.950, Seconds: 0.5}}
	bounds := []metric.Bound{
		{Name: "neighbourhood", Value: 2.9861, Scope: metric.AllMappings},
		{Name: "levels", Value: 3.1403, Scope: metric.AllMappings},
	}
	label := regexp.MustCompile(`<text x="\d+" y="(\d+)"[^>]*>(neighbourhood|levels) `)
	for _, tt := range []struct{ width, gap int }{{900, 28}, {390, 14}} {
		var buf bytes.Buffer
		if err := Compare(&buf, bars, bounds, Options{Width: tt.width}); err != nil {
			t.Fatal(err)
		}
		ms := label.FindAllStringSubmatch(buf.String(), -1)
		if len(ms) != 2 {
			t.Fatalf("width %d: %d bound labels, want 2", tt.width, len(ms))
		}
		a, _ := strconv.Atoi(ms[0][1])
		b, _ := strconv.Atoi(ms[1][1])
		if d := max(a-b, b-a); d < tt.gap {
			t.Errorf("width %d: the bound labels are %d px apart, want at least %d", tt.width, d, tt.gap)
		}
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

// TestCompareValuesOnlyWhereTheyFit: 16 algorithms at 390 px leave each
// bar 18 px, too narrow for "1.0000" or "25.9": the chart writes no
// value over its bars (they ran into each other and into the bounds'
// labels) and says the table gives them; at 1,120 px each bar has its
// value, twice (hops per byte and run time).
func TestCompareValuesOnlyWhereTheyFit(t *testing.T) {
	var bars []Bar
	for i := range 16 {
		bars = append(bars, Bar{Algo: "algo" + strconv.Itoa(i), HopsPerByte: 1, Seconds: 0.0259})
	}
	for _, tt := range []struct {
		width, values int
		caption       bool
	}{{390, 0, true}, {1120, 32, false}} {
		var buf bytes.Buffer
		if err := Compare(&buf, bars, nil, Options{Width: tt.width}); err != nil {
			t.Fatal(err)
		}
		doc := buf.String()
		values := regexp.MustCompile(`>(1\.0000|25\.9)</text>`).FindAllString(doc, -1)
		if caption := strings.Contains(doc, `id="values-caption"`); len(values) != tt.values || caption != tt.caption {
			t.Errorf("width %d: %d values written, caption %v; want %d, %v", tt.width, len(values), caption, tt.values, tt.caption)
		}
	}
}
