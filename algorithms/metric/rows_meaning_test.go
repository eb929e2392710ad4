package metric_test

import (
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestRowsOnlyWhereTheyMeanSomething: a result's table has node volumes
// only on a host with cores, and no lower bound row when the bound is 0;
// SplitBounds keeps bounds of 0 out and the estimates apart.
func TestRowsOnlyWhereTheyMeanSomething(t *testing.T) {
	for _, c := range []struct {
		guest, host string
		want, not   []string
	}{
		{"hypercube:4", "ring:16", []string{"lowerBound"}, []string{"intraNodeVolume", "interNodeVolume"}},
		// the 3-cube fits on one node of 8 cores: every bound is 0
		{"hypercube:3", "ring:2:cores=8", []string{"intraNodeVolume", "interNodeVolume"}, []string{"lowerBound"}},
		{"grid:4x4", "mesh:4x4", []string{"lowerBound"}, []string{"intraNodeVolume"}},
	} {
		sp, err := guest.Parse(c.guest)
		if err != nil {
			t.Fatal(err)
		}
		g, err := sp.Build()
		if err != nil {
			t.Fatal(err)
		}
		h, err := topology.Parse(c.host)
		if err != nil {
			t.Fatal(err)
		}
		place := make([]int, g.Order())
		for i := range place {
			place[i] = i
		}
		m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
		var keys []string
		for _, r := range m.Rows(metric.Detail) {
			keys = append(keys, r.Key)
		}
		for _, k := range c.want {
			if !slices.Contains(keys, k) {
				t.Errorf("%s on %s: no %s row in %v", c.guest, c.host, k, keys)
			}
		}
		for _, k := range c.not {
			if slices.Contains(keys, k) {
				t.Errorf("%s on %s: a %s row, which says nothing here", c.guest, c.host, k)
			}
		}
		bounds, estimates := metric.SplitBounds(m.Bounds)
		for _, b := range bounds {
			if b.Value <= 0 || b.Scope == metric.Estimate {
				t.Errorf("%s on %s: bound %s %v (%s) shown as a lower bound", c.guest, c.host, b.Name, b.Value, b.Scope)
			}
		}
		for _, b := range estimates {
			if b.Scope != metric.Estimate {
				t.Errorf("%s on %s: bound %s among the estimates", c.guest, c.host, b.Name)
			}
		}
		if c.guest == "grid:4x4" && len(estimates) != 1 {
			t.Errorf("grid on mesh: estimates %v, want the affine one", estimates)
		}
	}
}

// TestEmptyNodesRowSaysWhereTheyAre: the empty nodes row tells those
// outside an allocation from those allocated and left unused.
func TestEmptyNodesRowSaysWhereTheyAre(t *testing.T) {
	for _, c := range []struct {
		m    metric.Metrics
		want string
	}{
		{metric.Metrics{}, "0"},
		{metric.Metrics{EmptyNodes: 8}, "8 (the host is larger than the guest)"},
		{metric.Metrics{EmptyNodes: 62, OutsideAllocation: 62}, "62 (outside the allocation)"},
		{metric.Metrics{EmptyNodes: 1060, OutsideAllocation: 1059}, "1,060 (1,059 outside the allocation, 1 allocated and unused)"},
	} {
		i := slices.IndexFunc(c.m.Rows(metric.Detail), func(r metric.Row) bool { return r.Key == "emptyNodes" })
		if i < 0 || c.m.Rows(metric.Detail)[i].Value != c.want {
			t.Errorf("%+v: empty nodes row %v, want %q", c.m, c.m.Rows(metric.Detail), c.want)
		}
	}
}
