package metric_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestFields: every field names a JSON key of Metrics once, and each
// level's table contains the one below.
func TestFields(t *testing.T) {
	keys := map[string]bool{}
	typ := reflect.TypeFor[metric.Metrics]()
	for i := range typ.NumField() {
		keys[strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]] = true
	}
	seen := map[string]bool{}
	for _, f := range metric.Fields {
		if !keys[f.Key] || seen[f.Key] {
			t.Errorf("field %q: not a JSON key of Metrics, or listed twice", f.Key)
		}
		seen[f.Key] = true
	}
	m := metric.Metrics{Cores: 2, LowerBound: 1} // every field says something
	if r, d := len(m.Rows(metric.Ranking)), len(m.Rows(metric.Detail)); !(0 < r && r < d && d == len(metric.Fields)) {
		t.Errorf("rows per level %d, %d of %d fields", r, d, len(metric.Fields))
	}
}

func ExampleMetrics_Rows() {
	two, avg := 2, 1.5
	m := metric.Metrics{HopBytes: 12, HopsPerByte: 1.5, Arcs: 8, MaxDilation: 2, AvgDilation: 1.5, HopHistogram: []float64{0, 4, 4},
		DimDistances: []*int{nil, &two}, DimMeans: []*float64{&avg, nil}, LowerBound: 1,
		IntraNodeVolume: 2, InterNodeVolume: 6}
	for _, r := range m.Rows(metric.Detail) {
		fmt.Printf("%-20s %s %v\n", r.Label, r.Value, r.OK)
	}
	// Output:
	// hop-bytes            12 true
	// hops per byte        1.5000 true
	// max dilation         2 true
	// average dilation     1.5000 true
	// volume by hops       1: 50.0 %, 2: 50.0 % true
	// dilation lower bound 0 true
	// D_i                  ~1.50 2 true
	// D_a                  distances not constant false
	// intra-node volume    2 true
	// inter-node volume    6 true
	// lower bound          1.0000 true
	// max link load        not computed false
	// average link load    not computed false
	// Σ squared link loads not computed false
	// links used           not computed false
	// link load lower bound not computed false
	// routing              not computed false
	// empty slots          0 true
}
