package pairs_test

import (
	"context"
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestCongestionWalksAxesOfAnyAxisRouter: the congestion search walks
// routes on its coordinate table on any host kind with the
// topology.AxisRouter capability, not only on *topology.Lattice: on a
// disguised lattice it routes no message by Route, plans the lattice's
// cost per move and finds the lattice's placement; on a grid with the
// same routes but without the capability it routes every move's
// messages by Route, and still finds that placement.
func TestCongestionWalksAxesOfAnyAxisRouter(t *testing.T) {
	g, lat := must(guest.NewHypercube(6)), torus(8, 8)
	var axisRoutes, gridRoutes int
	opt := pairs.Options{Seed: 3, Objective: pairs.Congestion, Temperature: 3, Moves: 20_000, Patience: pairs.Unlimited}
	var want *pairs.Result
	for _, h := range []topology.Host{lat, topotest.Disguised{Lattice: lat, Routes: &axisRoutes}, topotest.NewRoutedGrid(lat, &gridRoutes)} {
		res, err := pairs.Improve(context.Background(), g, h, [][]int{rowMajor(64)}, opt)
		if err != nil {
			t.Fatalf("%T: %v", h, err)
		}
		if want == nil {
			want = res
		} else if !slices.Equal(res.Place, want.Place) || res.Objective != want.Objective {
			t.Errorf("%T: objective %v, want the lattice's %v (placements equal: %v)", h, res.Objective, want.Objective, slices.Equal(res.Place, want.Place))
		}
	}
	if axisRoutes != 0 || gridRoutes < int(opt.Moves) {
		t.Errorf("routes by Route: %d on the disguised lattice, want 0; %d on the grid without AxisRouter, want at least one a move (%d)", axisRoutes, gridRoutes, opt.Moves)
	}
	for _, hops := range []float64{1, 4} {
		want := pairs.MoveCost(64, 384, lat, pairs.Congestion, hops)
		if got := pairs.MoveCost(64, 384, topotest.Disguised{Lattice: lat}, pairs.Congestion, hops); got != want {
			t.Errorf("hops %v: a congestion move on the disguised lattice costs %v, on the lattice %v", hops, got, want)
		}
	}
}
