package embedding_test

import (
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// BenchmarkEmbedEvaluate times an embedding plus metric.Evaluate on the
// issue's large instances (goal: ≤ 1 s each on a 2-core machine).
func BenchmarkEmbedEvaluate(b *testing.B) {
	g := must(guest.NewHypercube(20))
	cases := []struct {
		name string
		f    embedFunc
		host *topology.Lattice
	}{
		{"xor ring 1048576", embedding.Xor, ring(1 << 20)},
		{"xor torus 1024x1024", embedding.Xor, torus(1024, 1024)},
		{"standard ring 1048576", embedding.Standard, ring(1 << 20)},
		{"byweight line 1048576", embedding.ByWeight, line(1 << 20)},
		{"gray torus 1024x1024", embedding.Gray, torus(1024, 1024)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				place, err := c.f(20, c.host)
				if err != nil {
					b.Fatal(err)
				}
				metric.Evaluate(&mapping.Mapping{Guest: g, Host: c.host, Place: place})
			}
		})
	}
}

// BenchmarkEmbed times the embeddings alone.
func BenchmarkEmbed(b *testing.B) {
	for _, c := range []struct {
		name string
		f    embedFunc
		host *topology.Lattice
	}{
		{"xor ring 1048576", embedding.Xor, ring(1 << 20)},
		{"xor torus 1024x1024", embedding.Xor, torus(1024, 1024)},
		{"byweight ring 1048576", embedding.ByWeight, ring(1 << 20)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.f(20, c.host); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
