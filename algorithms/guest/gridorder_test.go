package guest_test

import (
	"context"
	"testing"

	"topomap/algorithms/guest"
)

// box returns the graph in which each vertex of the grid of dims (index
// order, the first coordinate fastest; wrapped if wrap) talks to every
// vertex at most reach apart along every axis: reach 1 is the 9-point
// stencil in 2-D and the 27-point one in 3-D.
func box(t testing.TB, dims []int, wrap bool, reach int) *guest.Graph {
	t.Helper()
	n := 1
	for _, d := range dims {
		n *= d
	}
	var arcs []guest.Arc
	for v := range n {
		seen := map[int]bool{v: true}
		for _, u := range within(v, dims, wrap, reach) {
			if !seen[u] {
				seen[u] = true
				arcs = append(arcs, guest.Arc{From: v, To: u, Volume: 1})
			}
		}
	}
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// within returns the cells at most reach from cell v along every axis of
// dims (v among them; a cell twice where a wrapped axis is short).
func within(v int, dims []int, wrap bool, reach int) []int {
	out, stride := []int{0}, 1
	for _, d := range dims {
		x := v / stride % d
		var next []int
		for _, base := range out {
			for o := -reach; o <= reach; o++ {
				y := x + o
				if wrap {
					y = (y%d + d) % d
				} else if y < 0 || y >= d {
					continue
				}
				next = append(next, base+y*stride)
			}
		}
		out, stride = next, stride*d
	}
	return out
}

func near(v, u int, dims []int, wrap bool, reach int) bool {
	for _, d := range dims {
		a := max(v%d-u%d, u%d-v%d)
		if wrap {
			a = min(a, d-a)
		}
		if a > reach {
			return false
		}
		v, u = v/d, u/d
	}
	return true
}

// TestGridOrder: graphs whose ranks talk within a small box of a grid in
// index order are read as that grid (the shape of least grid distance),
// wrapped when they talk the way round; graphs that are not are not. The
// oracles are the graphs' own definitions.
func TestGridOrder(t *testing.T) {
	find := func(g *guest.Graph) ([]int, bool, bool) { return guest.GridOrder(context.Background(), g) }
	checkShapes(t, "GridOrder", find, []shapeCase{
		{"9-point stencil", box(t, []int{12, 10}, false, 1), []int{12, 10}, false, true},
		{"5x5 stencil (prime sides)", box(t, []int{7, 11}, false, 2), []int{7, 11}, false, true},
		// of even sides it reads as a finer grid, of less grid distance:
		// x and x+2 share a node of 2x6x10
		{"5x5 stencil of 12x10", box(t, []int{12, 10}, false, 2), []int{2, 6, 10}, false, true},
		{"27-point stencil, periodic", box(t, []int{6, 5, 7}, true, 1), []int{6, 5, 7}, true, true},
		{"3-D halo", custom(t, "grid:4x6x5"), []int{4, 6, 5}, false, true},
		{"a 4-cube is a 2x2x4 grid", custom(t, "hypercube:4"), []int{2, 2, 4}, false, true},
		{"a 6-cube is a 4x4x4 grid", custom(t, "hypercube:6"), []int{4, 4, 4}, false, true},
		{"ranks 3 apart in a 7x7 box", box(t, []int{7, 7}, false, 3), nil, false, false},
		{"a prime order", ring(13), nil, false, false},
	})
}
