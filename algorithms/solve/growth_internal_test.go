package solve

import (
	"math"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// grid returns the grid of dims, wrapped if wrap.
func grid(t *testing.T, dims []int, wrap bool) *guest.Graph {
	t.Helper()
	g, err := guest.NewGrid(dims, wrap)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGrowthTellsSolidGuestsFromFlatOnes(t *testing.T) {
	cases := []struct {
		name   string
		g      *guest.Graph
		lo, hi float64
	}{
		{"a line grows by log2(9/5) inside, less at its ends", grid(t, []int{256}, false), 0.8, math.Log2(9.0 / 5)},
		{"a wrapped 2-D grid grows by log2(41/13)", grid(t, []int{32, 32}, true), math.Log2(41.0/13) - 1e-9, math.Log2(41.0/13) + 1e-9},
		{"a wrapped 3-D grid grows by log2(129/25)", grid(t, []int{16, 16, 16}, true), math.Log2(129.0/25) - 1e-9, math.Log2(129.0/25) + 1e-9},
		{"a 2-D grid is flat", grid(t, []int{40, 40}, false), 1.4, 1.8},
		{"a 3-D grid is solid", grid(t, []int{12, 12, 12}, false), solidGrowth, 2.37},
		{"a graph without edges has no growth", edgeless(t, 100), 0, 0},
	}
	for _, c := range cases {
		if got := growth(c.g); got < c.lo || got > c.hi {
			t.Errorf("%s: growth %.4f, want [%.4f, %.4f]", c.name, got, c.lo, c.hi)
		}
	}
}

// edgeless returns a weighted graph of n vertices and no arcs.
func edgeless(t *testing.T, n int) *guest.Graph {
	t.Helper()
	g, _, err := guest.FromArcs(n, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSolidGraphsAnnealHotterAndLongerOnMeshesAndToriOnly: and flat
// graphs anneal focused there.
func TestSolidGraphsAnnealHotterAndLongerOnMeshesAndToriOnly(t *testing.T) {
	solid, flat := guest.Canonical(grid(t, []int{8, 8, 8}, true)), guest.Canonical(grid(t, []int{32, 16}, false))
	unit := PairsTemperature * meanVolume(solid)
	cases := []struct {
		name  string
		g     *guest.Graph
		host  topology.Host
		want  float64
		work  float64
		focus bool
	}{
		{"a 3-D graph on a torus", solid, topotest.MustParse(t, "torus:8x8x8"), SolidTemperature, SolidWork, false},
		{"a 3-D graph on a mesh", solid, topotest.MustParse(t, "mesh:16x32"), SolidTemperature, SolidWork, false},
		{"a 3-D graph on a fat tree", solid, topotest.MustParse(t, "fattree:8,3"), GraphTemperature, 0, false},
		{"a 2-D graph on a torus", flat, topotest.MustParse(t, "torus:8x8x8"), GraphTemperature, 0, true},
		{"a 2-D graph on a fat tree", flat, topotest.MustParse(t, "fattree:8,3"), GraphTemperature, 0, false},
		{"a 3-D grid guest", grid(t, []int{8, 8, 8}, false), topotest.MustParse(t, "torus:8x8x8"), 1, 0, false},
	}
	for _, c := range cases {
		got, work, focus := PairsAnnealingOf(c.g, c.host)
		if math.Abs(got-c.want*unit) > 1e-9 || work != c.work || focus != c.focus {
			t.Errorf("%s: temperature %g, share %g, focused %v; want %g, %g, %v", c.name, got, work, focus, c.want*unit, c.work, c.focus)
		}
	}
}
