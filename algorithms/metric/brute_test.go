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

// permute calls f on every permutation of p (Heap's algorithm); p is
// restored afterwards. O(n!·cost of f).
func permute(p []int, f func()) {
	n := len(p)
	c := make([]int, n)
	f()
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				p[0], p[i] = p[i], p[0]
			} else {
				p[c[i]], p[i] = p[i], p[c[i]]
			}
			f()
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// optimum is the brute-force minimum of hops per byte over all bijections
// and over the constant-distance ones (+Inf if there are none).
type optimum struct {
	all, constant float64
	count         int // bijections tried
	// maxLoad is the least maxLinkLoad, linkBound the link load bound
	maxLoad, linkBound float64
}

func bruteForce(g *guest.Graph, h *topology.Lattice) optimum {
	o := optimum{all: math.Inf(1), constant: math.Inf(1), maxLoad: math.Inf(1)}
	m := &mapping.Mapping{Guest: g, Host: h, Place: identity(h.Size())}
	permute(m.Place, func() {
		r := metric.Evaluate(m)
		o.count++
		o.all = min(o.all, r.HopsPerByte)
		o.maxLoad, o.linkBound = min(o.maxLoad, *r.MaxLinkLoad), *r.LinkLoadBound
		if r.ConstantDistance {
			o.constant = min(o.constant, r.HopsPerByte)
		}
	})
	return o
}

// TestBoundsBruteForce checks every bound against the true optimum of
// small instances: a bound for all mappings must not exceed the minimum
// over all bijections, a constant-distance bound the minimum over
// constant-distance ones, the link load bound the least max link load.
func TestBoundsBruteForce(t *testing.T) {
	tests := []struct {
		g *guest.Graph
		h *topology.Lattice
	}{
		{must(guest.NewHypercube(3)), must(topology.NewRing(8))},
		{must(guest.NewHypercube(3)), must(topology.NewLine(8))},
		{must(guest.NewHypercube(3)), must(topology.NewMesh(4, 2))},
		{must(guest.NewHypercube(3)), must(topology.NewMesh(2, 4))},
		{must(guest.NewHypercube(3)), must(topology.NewTorus(4, 2))},
		{must(guest.NewHypercube(3)), must(topology.NewHypercube(3))},
		{must(guest.NewHypercube(2)), must(topology.NewRing(4))},
		{must(guest.NewHypercube(2)), must(topology.NewLine(4))},
		{must(guest.NewGrid([]int{2, 4}, false)), must(topology.NewMesh(4, 2))},
		{must(guest.NewGrid([]int{2, 4}, false)), must(topology.NewLine(8))},
		{must(guest.NewGrid([]int{2, 4}, true)), must(topology.NewRing(8))},
		{must(guest.NewGrid([]int{4, 2}, false)), must(topology.NewTorus(2, 4))},
		{must(guest.NewGrid([]int{2, 2, 2}, false)), must(topology.NewMesh(4, 2))},
		{must(guest.NewGrid([]int{3, 2}, false)), must(topology.NewMesh(2, 3))},
		{must(guest.NewGrid([]int{7, 1}, true)), must(topology.NewLine(7))},
		// weighted custom graphs: a star and a random graph
		{must(guest.FromEdges(4, []guest.Edge{{U: 0, V: 1, Volume: 3}, {U: 0, V: 2, Volume: 2}, {U: 3, V: 0, Volume: 1}})), must(topology.NewLine(4))},
		{randomGraph(rand.New(rand.NewPCG(5, 5)), 8), must(topology.NewTorus(4, 2))},
		{randomGraph(rand.New(rand.NewPCG(6, 6)), 7), must(topology.NewRing(7))},
	}
	for _, tt := range tests {
		t.Run(tt.g.String()+" on "+tt.h.String(), func(t *testing.T) {
			o := bruteForce(tt.g, tt.h)
			for _, b := range metric.Bounds(tt.g, tt.h) {
				switch b.Scope {
				case metric.AllMappings:
					if b.Value > o.all+eps {
						t.Errorf("%s bound %.4f exceeds the minimum %.4f over all %d bijections", b.Name, b.Value, o.all, o.count)
					}
				case metric.ConstantDistance:
					if b.Value > o.constant+eps {
						t.Errorf("%s bound %.4f exceeds the constant-distance minimum %.4f", b.Name, b.Value, o.constant)
					}
				}
				t.Logf("%s %s %.4f; minimum %.4f, constant-distance minimum %.4f", b.Name, b.Scope, b.Value, o.all, o.constant)
			}
			// the link load bound holds for every mapping
			if o.linkBound > o.maxLoad+eps {
				t.Errorf("link load bound %.4f exceeds the least max link load %.4f over all bijections", o.linkBound, o.maxLoad)
			}
		})
	}
}

// TestHarperBruteForce checks Harper's minimum linear arrangement of the
// d-cube, total edge length 2^(d-1)(2^d-1), by trying every placement on a
// line, and the ring minima Σ D_i = 3·2^(d-2)-1 of constant-distance
// embeddings (2, 5 for d = 2, 3: package optimal's doc).
func TestHarperBruteForce(t *testing.T) {
	for d := 1; d <= 3; d++ {
		g := must(guest.NewHypercube(d))
		line := bruteForce(g, must(topology.NewLine(1<<d)))
		// hops per byte × arcs = directed total = 2 × undirected total
		total := math.Round(line.all * float64(g.Arcs()) / 2)
		if want := float64(int(1)<<(d-1)) * float64(int(1)<<d-1); total != want {
			t.Errorf("d=%d: minimum linear arrangement %v, want %v", d, total, want)
		}
		if d < 2 {
			continue
		}
		ring := bruteForce(g, must(topology.NewRing(1<<d)))
		if sum, want := math.Round(ring.constant*float64(d)), float64(3*(int(1)<<(d-2))-1); sum != want {
			t.Errorf("d=%d: minimum Σ D_i on the ring %v, want %v", d, sum, want)
		}
	}
}
