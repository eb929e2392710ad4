package solve_test

import (
	"context"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCompareObjective: compare runs the local searches under the
// instance's objective and moves (the CLI's --objective and --moves), and
// every entry has both figures, hops per byte and max link load.
func TestCompareObjective(t *testing.T) {
	g, h := parse(t, "grid:16x16", "torus:64x4")
	in := spec.Instance{Guest: g, Host: h, Seed: 1, Moves: 50_000, Objective: spec.ObjectiveCongestion}
	c, err := solve.CompareInstance(context.Background(), in, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Entries {
		if e.Metrics == nil || e.Metrics.MaxLinkLoad == nil {
			t.Fatalf("%s: no metrics or no max link load (%s)", e.Algo, e.Error)
		}
		if e.Algo != "pairs" {
			continue
		}
		want, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Moves: 50_000, Objective: spec.ObjectiveCongestion}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if e.Metrics.HopBytes != want.Metrics.HopBytes || *e.Metrics.MaxLinkLoad != *want.Metrics.MaxLinkLoad {
			t.Errorf("compare's pairs: %v hop-bytes, max link load %v; alone under congestion: %v, %v",
				e.Metrics.HopBytes, *e.Metrics.MaxLinkLoad, want.Metrics.HopBytes, *want.Metrics.MaxLinkLoad)
		}
	}
}
