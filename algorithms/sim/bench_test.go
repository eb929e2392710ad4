package sim_test

import (
	"io"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/sim"
	"topomap/algorithms/topology"
)

// BenchmarkSchedule times the embedding plus the CC model for the issue's
// d = 20 instances (goal: ≤ 1 s each on a 2-core machine).
func BenchmarkSchedule(b *testing.B) {
	for _, c := range []struct {
		name string
		f    embedFunc
		host *topology.Lattice
	}{
		{"xor ring 1048576", embedding.Xor, ring(1 << 20)},
		{"xor torus 1024x1024", embedding.Xor, must(topology.NewTorus(1024, 1024))},
		{"byweight line 1048576", embedding.ByWeight, line(1 << 20)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sim.Run(embed(c.f, 20, c.host), 1, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPhases derives every phase of a 20-cube schedule (60 million)
// without materialising them.
func BenchmarkPhases(b *testing.B) {
	s := must(sim.Run(embed(embedding.ByWeight, 20, line(1<<20)), 1, 1))
	b.Run("byweight line 1048576", func(b *testing.B) {
		b.ReportAllocs()
		var buf []sim.Phase
		for b.Loop() {
			for n := range s.Processes() {
				buf = s.Phases(n, buf[:0])
			}
		}
	})
}

// BenchmarkWriteJSON streams the JSON document of a 12-cube schedule.
func BenchmarkWriteJSON(b *testing.B) {
	s := must(sim.Run(embed(embedding.ByWeight, 12, line(1<<12)), 1, 1))
	b.Run("byweight line 4096", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := s.WriteJSON(io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
}
