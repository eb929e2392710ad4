package guest_test

import (
	"slices"
	"testing"

	"topomap/algorithms/guest"
)

// TestStencil: halo-exchange graphs are recognised with their shape (in
// index order, the first coordinate fastest) and whether they wrap; other
// graphs are not. The oracles are the graphs' own definitions.
func TestStencil(t *testing.T) {
	checkShapes(t, "Stencil", guest.Stencil, []shapeCase{
		{"3-D halo, periodic", custom(t, "grid:8x8x8:wrap"), []int{8, 8, 8}, true, true},
		{"3-D halo", custom(t, "grid:4x6x5"), []int{4, 6, 5}, false, true},
		{"2-D halo", custom(t, "grid:16x8"), []int{16, 8}, false, true},
		{"2-D periodic", custom(t, "grid:32x16:wrap"), []int{32, 16}, true, true},
		{"sides of 2 are a mesh", custom(t, "grid:2x2x2:wrap"), []int{2, 2, 2}, false, true},
		{"a 4-cube is 4-D", custom(t, "hypercube:4"), nil, false, false},
		{"a ring is 1-D", ring(12), nil, false, false},
		{"an edge missing", without(t, custom(t, "grid:4x4"), 5, 6), nil, false, false},
		{"one way only", oneWay(t, custom(t, "grid:4x4")), nil, false, false},
	})
}

// shapeCase is a graph and the grid shape a finder should read in it.
type shapeCase struct {
	name string
	g    *guest.Graph
	dims []int
	wrap bool
	ok   bool
}

// checkShapes runs a finder of grid shapes (Stencil, GridOrder) on cases.
func checkShapes(t *testing.T, what string, find func(*guest.Graph) ([]int, bool, bool), cases []shapeCase) {
	t.Helper()
	for _, tc := range cases {
		dims, wrap, ok := find(tc.g)
		if ok != tc.ok || !slices.Equal(dims, tc.dims) || wrap != tc.wrap {
			t.Errorf("%s: %s = %v, %v, %v; want %v, %v, %v", tc.name, what, dims, wrap, ok, tc.dims, tc.wrap, tc.ok)
		}
	}
}

// custom is the graph of a guest spec as an uploaded (Custom) graph.
func custom(t *testing.T, s string) *guest.Graph {
	t.Helper()
	return rebuild(t, built(t, s), func(u, v int) bool { return true })
}

// built is the graph of a guest spec.
func built(t *testing.T, s string) *guest.Graph {
	t.Helper()
	sp, err := guest.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sp.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// rebuild is g's arcs that keep admits, as a Custom graph.
func rebuild(t *testing.T, g *guest.Graph, keep func(u, v int) bool) *guest.Graph {
	t.Helper()
	var arcs []guest.Arc
	for u := range g.Order() {
		for _, v := range g.Neighbors(u) {
			if keep(u, int(v)) {
				arcs = append(arcs, guest.Arc{From: u, To: int(v), Volume: 1})
			}
		}
	}
	out, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func without(t *testing.T, g *guest.Graph, a, b int) *guest.Graph {
	return rebuild(t, g, func(u, v int) bool { return !(u == a && v == b || u == b && v == a) })
}

func oneWay(t *testing.T, g *guest.Graph) *guest.Graph {
	return rebuild(t, g, func(u, v int) bool { return u < v })
}

func ring(n int) *guest.Graph {
	var arcs []guest.Arc
	for v := range n {
		arcs = append(arcs, guest.Arc{From: v, To: (v + 1) % n, Volume: 1}, guest.Arc{From: (v + 1) % n, To: v, Volume: 1})
	}
	g, _, _ := guest.FromArcs(n, arcs)
	return g
}
