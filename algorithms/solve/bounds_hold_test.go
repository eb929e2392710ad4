package solve_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestNoMethodBelowTheBounds runs every algorithm that applies (Compare)
// on tiny hosts made of groups — fat trees, cores over a fat tree and a
// ring, routers' nodes, trees with a cost per level, a dragonfly — with
// stencils, a d-cube and random weighted graphs, and checks that no
// result has fewer hops per byte than a bound for all mappings, among
// them the levels bound, which each instance must have.
func TestNoMethodBelowTheBounds(t *testing.T) {
	hosts := []string{
		"fattree:2,3", "fattree:2,2:cores=2", "tree:2x2x2:dist=1,3,7", "tree:2x4:dist=1,5",
		"dragonfly:2,2,1,2", "ring:4:cores=2", "torus:2x2:nodes-per-router=2", "fattree:3,2",
	}
	r := rand.New(rand.NewPCG(19, 7))
	for _, host := range hosts {
		h := mustHost(t, host)
		guests := []spec.Guest{guest.SpecOf(weightedGraph(t, r, h.Size())), guest.SpecOf(weightedGraph(t, r, h.Size()-1))}
		for _, s := range []string{"grid:2x4", "hypercube:3", "grid:3x3", "grid:3x2:wrap"} {
			if g, _ := parse(t, s, host); g.Order() <= h.Size() {
				guests = append(guests, g)
			}
		}
		for _, g := range guests {
			c, err := solve.CompareInstance(context.Background(), spec.Instance{Guest: g, Host: h, Seed: 1}, solve.CompareOptions{})
			if err != nil {
				t.Fatalf("%v on %s: %v", g, host, err)
			}
			levels := false
			for _, b := range c.Bounds {
				levels = levels || b.Name == "levels"
				if b.Scope != metric.AllMappings {
					continue
				}
				for _, e := range c.Entries {
					if e.Metrics != nil && e.Metrics.HopsPerByte < b.Value-1e-9 {
						t.Errorf("%v on %s: %s gives %.4f, below the %s bound %.4f", g, host, e.Algo, e.Metrics.HopsPerByte, b.Name, b.Value)
					}
				}
			}
			if !levels || len(c.Entries) < 3 {
				t.Errorf("%v on %s: bounds %v, %d algorithms; want the levels bound and several algorithms", g, host, c.Bounds, len(c.Entries))
			}
		}
	}
}

// weightedGraph returns a random graph of n vertices and 2n edges of
// volumes 1 to 9.
func weightedGraph(t *testing.T, r *rand.Rand, n int) *guest.Graph {
	t.Helper()
	var edges []guest.Edge
	for range 2 * n {
		if u, v := r.IntN(n), r.IntN(n); u != v {
			edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(1 + r.IntN(9))})
		}
	}
	g, err := guest.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}
