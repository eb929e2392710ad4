package web

import (
	"slices"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
)

// TestCompareTableSorts: a click on a column head sorts the rows by it,
// a second click the other way; rows without the figure stay last.
func TestCompareTableSorts(t *testing.T) {
	change := func(x float64) *metric.Baseline { return &metric.Baseline{Algo: "identity", Change: &x} }
	row := func(name string, hpb float64, dil int, sec float64, b *metric.Baseline) compareRow {
		return compareRow{Algo: solve.Algorithm{Name: name}, Metrics: metric.Metrics{Arcs: 1, HopsPerByte: hpb, MaxDilation: dil}, Seconds: sec, Baseline: b}
	}
	rows := []compareRow{
		row("rowmajor", 1.5, 4, 0.002, change(0)),
		row("pairs", 1.0, 2, 0.5, change(-0.333)),
		{Algo: solve.Algorithm{Name: "gray"}, Err: "does not apply"},
		row("rb", 1.25, 3, 0.01, nil),
	}
	names := func(rs []compareRow) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Algo.Name)
		}
		return out
	}
	var o compareOrder
	for _, tt := range []struct {
		click string
		want  []string
	}{
		{"hopsPerByte", []string{"pairs", "rb", "rowmajor", "gray"}},
		{"hopsPerByte", []string{"rowmajor", "rb", "pairs", "gray"}},
		{"maxDilation", []string{"pairs", "rb", "rowmajor", "gray"}},
		{sortTime, []string{"rowmajor", "rb", "pairs", "gray"}},
		{sortBaseline, []string{"pairs", "rowmajor", "gray", "rb"}},
		{sortBaseline, []string{"rowmajor", "pairs", "gray", "rb"}},
		{sortAlgo, []string{"gray", "pairs", "rb", "rowmajor"}},
	} {
		o = o.toggled(tt.click)
		if got := names(o.sorted(rows)); !slices.Equal(got, tt.want) {
			t.Errorf("sorted by %s (descending %v): %v, want %v", o.key, o.desc, got, tt.want)
		}
	}
	if got := names(rows); !slices.Equal(got, []string{"rowmajor", "pairs", "gray", "rb"}) {
		t.Errorf("sorting changed the rows it was given: %v", got)
	}
}

// TestRankingFiguresSort: every figure the comparison shows as a column
// has a number to sort by.
func TestRankingFiguresSort(t *testing.T) {
	for _, f := range compareColumns {
		if f.Sort == nil {
			t.Errorf("column %s has no Sort", f.Key)
		}
	}
}

// TestTimeNote: sub-millisecond run times are flagged as clock noise, and
// only then.
func TestTimeNote(t *testing.T) {
	fast := []compareRow{{Algo: solve.Algorithm{Name: "rowmajor"}, Seconds: 0.00002}, {Algo: solve.Algorithm{Name: "pairs"}, Seconds: 0.2}}
	if timeNote(fast) == nil {
		t.Error("a 0.02 ms run without the note")
	}
	if timeNote(fast[1:]) != nil {
		t.Error("the note on runs of 200 ms")
	}
	if timeNote([]compareRow{{Algo: solve.Algorithm{Name: "gray"}, Err: "does not apply"}}) != nil {
		t.Error("the note on a refused algorithm (it has no time)")
	}
}
