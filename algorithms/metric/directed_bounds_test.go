package metric_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// directedGraph returns a random graph of n vertices with directed
// volumes (an arc's reverse absent or of another volume) and a triangle
// one way round, 0→1→2→0.
func directedGraph(r *rand.Rand, n int) *guest.Graph {
	arcs := []guest.Arc{{From: 0, To: 1, Volume: 7}, {From: 1, To: 2, Volume: 7}, {From: 2, To: 0, Volume: 7}}
	for range 2 * n {
		if u, v := r.IntN(n), r.IntN(n); u != v {
			arcs = append(arcs, guest.Arc{From: u, To: v, Volume: float64(1 + r.IntN(20))})
		}
	}
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		panic(err)
	}
	return g
}

// least is the best of every placement of a guest on a host: the least
// hops per byte, maximum dilation and largest link load (+Inf without
// routes).
type least struct {
	hpb     float64
	dil     int
	maxLoad float64
}

// leastOf tries every placement of g on the slots of h (at most 8), the
// guest on the first g.Order() slots of each bijection. O(N!·arcs·hops).
func leastOf(g *guest.Graph, h topology.Host) least {
	n := h.Size()
	rt, routed := topology.RouterOf(h)
	var load []float64
	if routed {
		load = make([]float64, rt.LinkSlots())
	}
	best := least{hpb: math.Inf(1), dil: math.MaxInt, maxLoad: math.Inf(1)}
	p := identity(n)
	permute(p, func() {
		hb, vol, dil := 0.0, 0.0, 0
		for v := range g.Order() {
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				a, b, w := p[v], p[g.Adj[e]], g.Volume(int(e))
				hb, vol, dil = hb+w*float64(h.Hops(a, b)), vol+w, max(dil, h.Hops(a, b))
				if routed {
					for _, id := range rt.Route(a, b, nil) {
						load[id] += w
					}
				}
			}
		}
		best.hpb, best.dil = min(best.hpb, hb/vol), min(best.dil, dil)
		if routed {
			best.maxLoad = min(best.maxLoad, largest(load))
		}
	})
	return best
}

// largest returns the largest of the loads and sets them to 0.
func largest(load []float64) float64 {
	m := 0.0
	for i, x := range load {
		m, load[i] = max(m, x), 0
	}
	return m
}

// directedBoundHosts are tiny hosts of every kind: lattices, cores,
// routers' nodes, fat trees, dragonflies, trees (routed and not), nodes
// with an inside, a switch tree read from a file and allocations.
func directedBoundHosts(t *testing.T) []topology.Host {
	var hs []topology.Host
	for _, s := range []string{"ring:8", "torus:3x2", "mesh:2x2:cores=2", "torus:2x2:nodes-per-router=2",
		"fattree:2,3", "fattree:3,2", "dragonfly:2,1,2,4", "tree:2x2x2:dist=2,4,6", "tree:2x4:dist=1,5",
		"line:2:node=2x2:dist=1,3", "fattree:2,1:node=2x2:dist=1,2"} {
		hs = append(hs, mustParse(s))
	}
	hs = append(hs, must(topology.NewSwitchTree([]string{"n0", "n1", "n2", "n3", "n4", "n5", "n6"},
		[]string{"s0", "s1", "top", "s2", "s3"}, []int{7, 7, 8, 9, 11, 11, 10, 9, 9, -1, 9, 10})))
	for _, a := range []struct {
		host       string
		nodes      []int
		per, ranks int
	}{
		{"fattree:2,3:cores=2", []int{0, 5, 6}, 2, 6},
		{"dragonfly:2,2,1,3", []int{0, 5, 10, 11, 2, 7}, 0, 6},
		{"line:4:node=2x2:dist=1,3", []int{3, 1}, 0, 8},
	} {
		hs = append(hs, must(topology.Allocate(mustParse(a.host), a.nodes, a.per, a.ranks)).Host)
	}
	return hs
}

// TestBoundsHoldForDirectedVolumes: on tiny hosts of every kind, with
// volumes that differ each way (and the guest on all slots or on some),
// no placement beats a bound: every bound for all mappings is at most
// the least hops per byte, the dilation bound at most the least maximum
// dilation, and the link load bound at most the least largest link load.
func TestBoundsHoldForDirectedVolumes(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 1))
	for _, h := range directedBoundHosts(t) {
		for _, order := range []int{h.Size(), h.Size() - 2} {
			g := directedGraph(r, order)
			best := leastOf(g, h)
			m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: identity(order)})
			for _, b := range m.Bounds {
				if b.Scope == metric.AllMappings && b.Value > best.hpb+eps {
					t.Errorf("%v, %d vertices: %s bound %.4f above the least hops per byte %.4f", h, order, b.Name, b.Value, best.hpb)
				}
			}
			if m.DilationBound > best.dil {
				t.Errorf("%v, %d vertices: dilation bound %d above the least max dilation %d", h, order, m.DilationBound, best.dil)
			}
			if m.LinkLoadBound != nil && *m.LinkLoadBound > best.maxLoad+eps {
				t.Errorf("%v, %d vertices: link load bound %.4f above the least largest load %.4f", h, order, *m.LinkLoadBound, best.maxLoad)
			}
		}
	}
}
