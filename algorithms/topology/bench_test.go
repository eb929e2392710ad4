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
