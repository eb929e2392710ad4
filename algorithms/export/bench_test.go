package export_test

import (
	"io"
	"testing"

	"topomap/algorithms/export"
)

func BenchmarkWrite(b *testing.B) {
	n := 1 << 20
	place := make([]int, n)
	for v := range place {
		place[v] = (v * 7919) % n // a bijection: 7919 is odd
	}
	r := result(b, "grid:1024x1024", "torus:1024x1024", "shuffle", place)
	for _, f := range export.Names() {
		if f == "text" {
			continue // prints no placement beyond 4096 nodes
		}
		b.Run(f+" torus 1024x1024", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := export.Write(io.Discard, f, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
