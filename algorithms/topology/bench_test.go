package topology_test

import (
	"testing"

	"topomap/algorithms/topology"
)

// sink keeps benchmark results alive.
var sink int

func BenchmarkDistance(b *testing.B) {
	for _, h := range []*topology.Lattice{
		must(topology.NewRing(1 << 20)),
		must(topology.NewTorus(1024, 1024)),
		must(topology.NewMesh(64, 64, 64)),
		must(topology.NewHypercube(20)),
	} {
		n := h.Size()
		b.Run(h.String(), func(b *testing.B) {
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				for a := 0; a < 1024; a++ {
					s += h.Hops(a*7919%n, a*104729%n)
				}
			}
			sink = s
		})
		tab := h.Table()
		b.Run(h.String()+" table", func(b *testing.B) {
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				for a := 0; a < 1024; a++ {
					s += tab.Hops(a*7919%n, a*104729%n)
				}
			}
			sink = s
		})
	}
}

// BenchmarkRoute: one route between pseudo-random nodes (the unit of the
// link loads and of the congestion objective's deltas) on a fat tree and
// a dragonfly of 4K nodes.
func BenchmarkRoute(b *testing.B) {
	for _, s := range []string{"fattree:16,3", "dragonfly:16,4,4,64"} {
		h, err := topology.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		r, _ := topology.RouterOf(h)
		n := h.Size()
		var from, to [1024]int
		for a := range from {
			from[a], to[a] = a*7919%n, a*104729%n
		}
		b.Run(s, func(b *testing.B) {
			var route []int
			s := 0
			for b.Loop() {
				for a := range from {
					route = r.Route(from[a], to[a], route[:0])
					s += len(route)
				}
			}
			sink = s
		})
	}
}
