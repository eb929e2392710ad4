package solve_test

import (
	"context"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology/topotest"
)

// uploaded returns the grid of dims as an uploaded graph would be: a
// weighted graph (kind Custom) with the grid's arcs, less the arc u→v and
// its reverse if u ≥ 0.
func uploaded(t *testing.T, dims []int, u, v int) *guest.Graph {
	t.Helper()
	g, err := guest.NewGrid(dims, false)
	if err != nil {
		t.Fatal(err)
	}
	var arcs []guest.Arc
	for a := range g.Order() {
		for _, b := range g.Neighbors(a) {
			if (a != u || int(b) != v) && (a != v || int(b) != u) {
				arcs = append(arcs, guest.Arc{From: a, To: int(b), Volume: 1})
			}
		}
	}
	c, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(c)
}

// A weighted graph that is a grid stencil in index order starts PAIRS from
// its grid's heuristics too: a 32x32 stencil onto torus:8x8x16 is folded
// as grid:32x32 is (1.0645 hops per byte; from the graph mappers' starts
// PAIRS reached 1.4451), while a graph that is one arc short of the
// stencil gets no grid starts.
func TestAStencilGraphStartsFromItsGridsHeuristics(t *testing.T) {
	host := topotest.MustParse(t, "torus:8x8x16")
	grid, err := solve.Map(context.Background(), spec.Instance{Guest: spec.Guest{Kind: guest.Grid, Dims: []int{32, 32}},
		Host: host, Algo: "fold"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		g         *guest.Graph
		gridStart bool
	}{
		{"the stencil", uploaded(t, []int{32, 32}, -1, -1), true},
		{"one arc short", uploaded(t, []int{32, 32}, 0, 1), false},
	}
	for _, c := range cases {
		res, err := solve.Map(context.Background(), spec.Instance{Guest: guest.SpecOf(c.g), Host: host, Algo: "pairs",
			Moves: 100_000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		starts := strings.Join(res.Pairs.Starts, ", ")
		if got := strings.Contains(starts, "fold on grid:32x32"); got != c.gridStart {
			t.Errorf("%s: starts %s: the fold of grid:32x32 among them %v, want %v", c.name, starts, got, c.gridStart)
		}
		if c.gridStart && res.Metrics.HopsPerByte > grid.Metrics.HopsPerByte {
			t.Errorf("%s: %.4f hops per byte, above the grid's fold (%.4f)", c.name, res.Metrics.HopsPerByte,
				grid.Metrics.HopsPerByte)
		}
	}
}
