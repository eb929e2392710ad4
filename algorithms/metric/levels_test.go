package metric_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// levelHosts are tiny hosts with groups: fat trees, cores over a fat
// tree and over a ring, routers' nodes, trees with a cost per level (and
// one whose costs are its path lengths, which Parse wires), a dragonfly,
// and nodes with an inside over a fat tree (one whose cores are further
// apart than its nodes) and over a line.
var levelHosts = []string{
	"fattree:2,3", "fattree:2,2:cores=2", "tree:2x2x2:dist=1,3,7",
	"tree:2x4:dist=1,5", "tree:4x2:dist=0,5", "dragonfly:2,2,1,2",
	"ring:4:cores=2", "torus:2x2:nodes-per-router=2", "tree:2x2x2:dist=2,4,6", // a routed tree
	"fattree:2,1:node=2x2:dist=1,2", "fattree:2,2:node=2:dist=3", "line:2:node=2x2:dist=1,3",
}

// clusteredGraph returns n vertices in groups of s, heavy inside a group
// and light between groups, plus light random edges: guests that a
// hierarchy of groups of s fits, where the levels bound is nearly met.
func clusteredGraph(r *rand.Rand, n, s int) *guest.Graph {
	var edges []guest.Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			if u/s == v/s {
				edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(20 + r.IntN(20))})
			} else if r.IntN(4) == 0 {
				edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(1 + r.IntN(3))})
			}
		}
	}
	return must(guest.FromEdges(n, edges))
}

// bestPlacement returns the least hops per byte of g over every placement
// onto h (every bijection of h's slots, the guest on the first
// g.Order()), by brute force. O(N!·arcs).
func bestPlacement(g *guest.Graph, h topology.Host) float64 {
	n := h.Size()
	dist := make([][]float64, n)
	for a := range dist {
		dist[a] = make([]float64, n)
		for b := range dist[a] {
			dist[a][b] = float64(h.Hops(a, b))
		}
	}
	vol := 0.0
	for e := range g.Arcs() {
		vol += g.Volume(e)
	}
	best := math.Inf(1)
	p := identity(n)
	permute(p, func() {
		hb := 0.0
		for v := range g.Order() {
			row := dist[p[v]]
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				hb += g.Volume(int(e)) * row[p[g.Adj[e]]]
			}
		}
		best = min(best, hb/vol)
	})
	return best
}

// TestLevelsBoundHolds checks the levels bound against the least hops per
// byte of every placement of random small weighted guests on tiny hosts
// with groups (and allocations of them), with as many vertices as slots
// and with fewer; and that it
// is near enough to say something: on some instance 1.2 times the bound
// exceeds the optimum.
func TestLevelsBoundHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 6))
	tightest := 0.0
	hosts := make([]topology.Host, 0, len(levelHosts)+1)
	for _, spec := range levelHosts {
		hosts = append(hosts, mustParse(spec))
	}
	// an allocation: 6 nodes of a fat tree, its groups part full
	hosts = append(hosts, must(topology.NewSubset(mustParse("fattree:2,3"), []int{0, 2, 3, 4, 5, 7})))
	// one with 2 ranks on each of 3 nodes, two of them under one router
	// (0 hops apart: the bound took any two nodes for 1 hop apart)
	hosts = append(hosts, must(topology.Allocate(mustParse("torus:2x2:nodes-per-router=2:cores=2"), []int{0, 1, 4}, 2, 6)).Host)
	// a machine read from a topology.conf: 3 leaf switches of 2 nodes
	hosts = append(hosts, must(topology.NewSwitchTree([]string{"n0", "n1", "n2", "n3", "n4", "n5"},
		[]string{"s0", "s1", "s2", "top"}, []int{6, 6, 7, 7, 8, 8, 9, 9, 9, -1})))
	for _, h := range hosts {
		spec, n := h.String(), h.Size()
		var guests []*guest.Graph
		for _, order := range []int{n, n - 2} {
			for _, s := range []int{2, 4} {
				guests = append(guests, clusteredGraph(r, order, s))
			}
			for range 4 {
				guests = append(guests, randomGraph(r, order))
			}
		}
		for _, g := range guests {
			b, ok := boundOf(metric.Bounds(g, h), "levels")
			if !ok || b.Scope != metric.AllMappings {
				t.Fatalf("%s: no levels bound for all mappings in %v", spec, metric.Bounds(g, h))
			}
			best := bestPlacement(g, h)
			if b.Value > best+eps {
				t.Errorf("%s, %d vertices: levels bound %.4f above the best placement's %.4f", spec, g.Order(), b.Value, best)
			}
			if best > 0 {
				tightest = max(tightest, b.Value/best)
			}
		}
	}
	t.Logf("the bound reaches %.3f of the optimum at best", tightest)
	if 1.2*tightest <= 1 {
		t.Errorf("1.2 times the levels bound stays below every optimum (at most %.3f of it): too weak to say anything", tightest)
	}
}

// TestLevelsBoundByHand: a ring a–b–c–d–a whose edges a–b and c–d carry
// 10 each way and b–c, d–a 1 each way, on fattree:2,2 (two leaf switches
// of two nodes; 2 hops under one switch, 4 across). Every message pays 2
// hops (44 bytes, 88 hop-bytes); each vertex has two partners and a
// group of 2 room for one, so its lighter partner's 2 bytes leave the
// group: at least ½·4·2 = 4 bytes cross the leaves, 2 hops more each.
// The bound is (88 + 8)/44 = 2.1818…, which placing {a, b} and {c, d}
// under one switch each attains; the neighbourhood bound says the same.
func TestLevelsBoundByHand(t *testing.T) {
	g := must(guest.FromEdges(4, []guest.Edge{
		{U: 0, V: 1, Volume: 10}, {U: 1, V: 2, Volume: 1}, {U: 2, V: 3, Volume: 10}, {U: 3, V: 0, Volume: 1},
	}))
	h := mustParse("fattree:2,2")
	want := 96.0 / 44
	b, ok := boundOf(metric.Bounds(g, h), "levels")
	if !ok || math.Abs(b.Value-want) > eps {
		t.Errorf("levels bound %+v, want %.6f", b, want)
	}
	if best := bestPlacement(g, h); math.Abs(best-want) > eps {
		t.Errorf("best placement %.6f, want %.6f", best, want)
	}
}
