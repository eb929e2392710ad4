package metric_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
)

// TestParityBoundHolds checks the parity bound against the least hops
// per byte of every placement of random small weighted guests, dense in
// triangles, on tiny hosts whose nodes take two colours (with as many
// vertices as nodes, and with fewer); and that it says more than the
// neighbourhood bound on some instance, and is attained on one.
func TestParityBoundHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	var above, tight bool
	for _, spec := range []string{"line:7", "ring:8", "mesh:2x4", "mesh:3x3", "torus:4x2", "hypercube:3", "torus:2x2x2"} {
		h := mustParse(spec)
		n := h.Size()
		for _, order := range []int{n, n - 2} {
			for _, g := range []*guest.Graph{clusteredGraph(r, order, 3), clusteredGraph(r, order, 4), randomGraph(r, order), randomGraph(r, order)} {
				bs := metric.Bounds(g, h)
				b, ok := boundOf(bs, "parity")
				if !ok || b.Scope != metric.AllMappings {
					t.Fatalf("%s: no parity bound for all mappings in %v", spec, bs)
				}
				best := bestPlacement(g, h)
				if b.Value > best+eps {
					t.Errorf("%s, %d vertices: parity bound %.4f above the best placement's %.4f", spec, order, b.Value, best)
				}
				nb, _ := boundOf(bs, "neighbourhood")
				above = above || b.Value > nb.Value+eps
				tight = tight || math.Abs(b.Value-best) < eps
			}
		}
	}
	if !above || !tight {
		t.Errorf("the parity bound is above the neighbourhood bound on some instance: %v; equal to the optimum on one: %v", above, tight)
	}
}

// TestParityBoundByHand: a triangle of volume 1 each way on line:3. Two
// of its processes share a colour, 2 hops apart: 4 hops for 3 pairs, as
// the placement 0, 1, 2 does, so the bound is 8/6 = 1.3333….
func TestParityBoundByHand(t *testing.T) {
	g := must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 1, V: 2, Volume: 1}, {U: 0, V: 2, Volume: 1}}))
	b, ok := boundOf(metric.Bounds(g, mustParse("line:3")), "parity")
	if !ok || math.Abs(b.Value-4.0/3) > eps {
		t.Errorf("triangle on line:3: parity bound %v (%v), want 1.3333", b.Value, ok)
	}
	// a heavier pair: 10 and 10 on two sides, 1 on the third; the light
	// pair takes the extra hop: (10 + 10 + 2·1)/21
	g = must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 10}, {U: 1, V: 2, Volume: 10}, {U: 0, V: 2, Volume: 1}}))
	b, _ = boundOf(metric.Bounds(g, mustParse("mesh:2x2")), "parity")
	if want := 22.0 / 21; math.Abs(b.Value-want) > eps {
		t.Errorf("uneven triangle on mesh:2x2: parity bound %.6f, want %.6f", b.Value, want)
	}
}

// TestParityBoundOnlyWhereColoursHold: no parity bound on hosts whose
// nodes do not take two colours (an odd ring, a torus with an odd wrapped
// axis: three nodes can be pairwise 1 hop apart), on hosts with cores
// (two processes on one node are 0 hops apart) or indirect networks, nor
// for guests without triangles.
func TestParityBoundOnlyWhereColoursHold(t *testing.T) {
	triangles := clusteredGraph(rand.New(rand.NewPCG(3, 3)), 9, 3)
	for _, spec := range []string{"ring:9", "torus:3x3", "mesh:3x3:cores=2", "line:3:cores=3", "fattree:3,2", "tree:3x3:dist=1,2"} {
		if b, ok := boundOf(metric.Bounds(triangles, mustParse(spec)), "parity"); ok {
			t.Errorf("%s: parity bound %v, want none", spec, b)
		}
	}
	for _, g := range []*guest.Graph{must(guest.NewGrid([]int{3, 3}, false)), must(guest.NewHypercube(3))} {
		if b, ok := boundOf(metric.Bounds(g, mustParse("mesh:3x3")), "parity"); ok {
			t.Errorf("%v on mesh:3x3: parity bound %v, want none (no triangles)", g, b)
		}
	}
}
