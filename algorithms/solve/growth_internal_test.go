package solve

import (
	"math"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// asGraph returns g as a weighted graph (kind Custom) with unit volumes.
func asGraph(t *testing.T, g *guest.Graph) *guest.Graph {
	t.Helper()
	var arcs []guest.Arc
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			arcs = append(arcs, guest.Arc{From: v, To: int(u), Volume: 1})
		}
	}
	c, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func grid(t *testing.T, dims ...int) *guest.Graph {
	t.Helper()
	g, err := guest.NewGrid(dims, false)
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
		{"a line grows by log2(9/5) inside, less at its ends", grid(t, 256), 0.8, math.Log2(9.0 / 5)},
		{"a wrapped 2-D grid grows by log2(41/13)", mustGrid(t, []int{32, 32}, true), math.Log2(41.0/13) - 1e-9, math.Log2(41.0/13) + 1e-9},
		{"a wrapped 3-D grid grows by log2(129/25)", mustGrid(t, []int{16, 16, 16}, true), math.Log2(129.0/25) - 1e-9, math.Log2(129.0/25) + 1e-9},
		{"a 2-D grid is flat", grid(t, 40, 40), 1.4, 1.8},
		{"a 3-D grid is solid", grid(t, 12, 12, 12), solidGrowth, 2.37},
		{"a graph without edges has no growth", asGraphOrder(t, 100), 0, 0},
	}
	for _, c := range cases {
		if got := growth(c.g); got < c.lo || got > c.hi {
			t.Errorf("%s: growth %.4f, want [%.4f, %.4f]", c.name, got, c.lo, c.hi)
		}
	}
}

func mustGrid(t *testing.T, dims []int, wrap bool) *guest.Graph {
	t.Helper()
	g, err := guest.NewGrid(dims, wrap)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func asGraphOrder(t *testing.T, n int) *guest.Graph {
	t.Helper()
	g, _, err := guest.FromArcs(n, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSolidGraphsAnnealHotterOnMeshesAndToriOnly(t *testing.T) {
	solid, flat := asGraph(t, mustGrid(t, []int{8, 8, 8}, true)), asGraph(t, grid(t, 32, 16))
	unit := PairsTemperature * meanVolume(solid)
	cases := []struct {
		name string
		g    *guest.Graph
		host topology.Host
		want float64
	}{
		{"a 3-D graph on a torus", solid, topotest.MustParse(t, "torus:8x8x8"), SolidTemperature},
		{"a 3-D graph on a mesh", solid, topotest.MustParse(t, "mesh:16x32"), SolidTemperature},
		{"a 3-D graph on a fat tree", solid, topotest.MustParse(t, "fattree:8,3"), GraphTemperature},
		{"a 2-D graph on a torus", flat, topotest.MustParse(t, "torus:8x8x8"), GraphTemperature},
		{"a 3-D grid guest", grid(t, 8, 8, 8), topotest.MustParse(t, "torus:8x8x8"), 1},
	}
	for _, c := range cases {
		if got := PairsTemperatureOf(c.g, c.host); math.Abs(got-c.want*unit) > 1e-9 {
			t.Errorf("%s: temperature %g, want %g", c.name, got, c.want*unit)
		}
	}
}
