package draw_test

import (
	"io"
	"testing"

	"topomap/algorithms/sim"
	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

func BenchmarkMapping(b *testing.B) {
	for _, bc := range []struct{ name, query string }{
		{"xor 4096 torus 64x64 heat map", "guest=hypercube:12&host=torus:64x64&algo=xor"},
		{"xor 1024 torus 32x32 edges", "guest=hypercube:10&host=torus:32x32&algo=xor"},
		{"gray 2048 torus 8x16x16 12288 link elements", "guest=hypercube:11&host=torus:8x16x16&algo=gray"},
		{"rowmajor 4096 torus 64x64 links painted", "guest=grid:64x64&host=torus:64x64&algo=rowmajor"},
		{"xor 65536 ring heat map", "guest=hypercube:16&host=ring:65536&algo=xor"},
		{"rowmajor 65536 mesh 256x256 heat map", "guest=grid:256x256&host=mesh:256x256&algo=rowmajor"},
		{"rowmajor 65536 mesh 1024x64 heat map", "guest=grid:1024x64&host=mesh:1024x64&algo=rowmajor"},
	} {
		r := solvetest.Map(b, bc.query)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := draw.Mapping(io.Discard, r, draw.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkGantt(b *testing.B) {
	r := solvetest.Map(b, "guest=hypercube:10&host=ring:1024&algo=xor")
	s, err := sim.Run(r.Mapping, 1, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("xor 10-cube ring", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := draw.Gantt(io.Discard, []*sim.Schedule{s, s}, draw.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
