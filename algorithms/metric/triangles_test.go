package metric_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
)

// TestTrianglesBoundHolds checks the triangles bound against the least
// hops per byte of every placement of random small weighted guests,
// dense in triangles, on tiny hosts without three nodes pairwise 1 hop
// apart, odd rings included (with as many vertices as nodes, and with
// fewer); and that it says more than the neighbourhood bound on some
// instance, and is attained on one.
func TestTrianglesBoundHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	var above, tight bool
	for _, spec := range []string{"line:7", "ring:8", "ring:7", "mesh:2x4", "mesh:3x3", "torus:4x2", "hypercube:3", "torus:2x2x2", "torus:5x1"} {
		h := mustParse(spec)
		n := h.Size()
		for _, order := range []int{n, n - 2} {
			for i, g := range []*guest.Graph{clusteredGraph(r, order, 3), clusteredGraph(r, order, 4), randomGraph(r, order), randomGraph(r, order)} {
				bs := metric.Bounds(g, h)
				b, ok := boundOf(bs, "triangles")
				if !ok && i >= 2 {
					continue // a random graph of few vertices may have no triangle
				}
				if !ok || b.Scope != metric.AllMappings {
					t.Fatalf("%s: no triangles bound for all mappings in %v", spec, bs)
				}
				best := bestPlacement(g, h)
				if b.Value > best+eps {
					t.Errorf("%s, %d vertices: triangles bound %.4f above the best placement's %.4f", spec, order, b.Value, best)
				}
				nb, _ := boundOf(bs, "neighbourhood")
				above = above || b.Value > nb.Value+eps
				tight = tight || math.Abs(b.Value-best) < eps
			}
		}
	}
	if !above || !tight {
		t.Errorf("the triangles bound is above the neighbourhood bound on some instance: %v; equal to the optimum on one: %v", above, tight)
	}
}

// TestTrianglesBoundByHand: a triangle of volume 1 each way on line:3.
// Its three processes cannot be pairwise 1 hop apart: 4 hops for 3 pairs,
// as the placement 0, 1, 2 does, so the bound is 8/6 = 1.3333…. With 10
// each way on two pairs and 1 on the third, the light pair takes the
// extra hop: (20 + 20 + 2·2)/42 = 22/21.
func TestTrianglesBoundByHand(t *testing.T) {
	g := must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 1, V: 2, Volume: 1}, {U: 0, V: 2, Volume: 1}}))
	b, ok := boundOf(metric.Bounds(g, mustParse("line:3")), "triangles")
	if !ok || math.Abs(b.Value-4.0/3) > eps {
		t.Errorf("triangle on line:3: triangles bound %v (%v), want 1.3333", b.Value, ok)
	}
	g = must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 10}, {U: 1, V: 2, Volume: 10}, {U: 0, V: 2, Volume: 1}}))
	b, _ = boundOf(metric.Bounds(g, mustParse("mesh:2x2")), "triangles")
	if want := 22.0 / 21; math.Abs(b.Value-want) > eps {
		t.Errorf("uneven triangle on mesh:2x2: triangles bound %.6f, want %.6f", b.Value, want)
	}
}

// TestTrianglesBoundOnlyWhereItHolds: no triangles bound on hosts with
// three nodes pairwise 1 hop apart (a ring of 3 on some axis), on hosts
// with cores (two processes on one node are 0 hops apart) or indirect
// networks, nor for guests without triangles.
func TestTrianglesBoundOnlyWhereItHolds(t *testing.T) {
	clustered := clusteredGraph(rand.New(rand.NewPCG(3, 3)), 9, 3)
	for _, spec := range []string{"ring:3:cores=3", "torus:3x3", "torus:4x3", "mesh:3x3:cores=2", "line:3:cores=3", "fattree:3,2", "tree:3x3:dist=1,2"} {
		if b, ok := boundOf(metric.Bounds(clustered, mustParse(spec)), "triangles"); ok {
			t.Errorf("%s: triangles bound %v, want none", spec, b)
		}
	}
	for _, g := range []*guest.Graph{must(guest.NewGrid([]int{3, 3}, false)), must(guest.NewHypercube(3))} {
		if b, ok := boundOf(metric.Bounds(g, mustParse("mesh:3x3")), "triangles"); ok {
			t.Errorf("%v on mesh:3x3: triangles bound %v, want none (no triangles)", g, b)
		}
	}
}
