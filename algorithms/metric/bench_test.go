package metric_test

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

var sinkMetrics metric.Metrics

// benchMappings are d = 20 cubes on a ring and a 2-D torus (20M arcs) and a
// 2-D grid on a mesh, each under a random bijection (the worst case for
// memory access).
func benchMappings() []struct {
	name string
	m    *mapping.Mapping
} {
	cube := must(guest.NewHypercube(20))
	grid := must(guest.NewGrid([]int{256, 256}, false))
	perm := func(n int) []int {
		return rand.New(rand.NewPCG(1, 2)).Perm(n)
	}
	return []struct {
		name string
		m    *mapping.Mapping
	}{
		{"ring 1048576", &mapping.Mapping{Guest: cube, Host: must(topology.NewRing(1 << 20)), Place: perm(1 << 20)}},
		{"torus 1024x1024", &mapping.Mapping{Guest: cube, Host: must(topology.NewTorus(1024, 1024)), Place: perm(1 << 20)}},
		{"mesh 256x256 grid", &mapping.Mapping{Guest: grid, Host: must(topology.NewMesh(256, 256)), Place: perm(1 << 16)}},
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, bm := range benchMappings() {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkMetrics = metric.Evaluate(bm.m)
			}
		})
	}
}

func BenchmarkHopBytes(b *testing.B) {
	for _, bm := range benchMappings() {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkMetrics.HopBytes = metric.HopBytes(bm.m)
			}
		})
	}
}

func BenchmarkBounds(b *testing.B) {
	for _, bm := range benchMappings() {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkMetrics.Bounds = metric.Bounds(bm.m.Guest, bm.m.Host)
			}
		})
	}
}

// BenchmarkLinkLoads: the link loads of a 64K-slot placement (goal ≤ 50
// ms) on torus:64x32x32, on the fat trees fattree:16,4 and
// fattree:16,3:cores=16 (D-mod-k) and on the dragonfly
// dragonfly:32,16,8,128 (minimal routes), the 3-D periodic stencil (393K
// arcs) placed as is and at random; and of the benchmark mappings above.
func BenchmarkLinkLoads(b *testing.B) {
	stencil := must(guest.NewGrid([]int{64, 32, 32}, true))
	cases := benchMappings()
	for _, s := range []string{"torus:64x32x32", "fattree:16,4", "fattree:16,3:cores=16", "dragonfly:32,16,8,128"} {
		h := mustParse(s)
		cases = append(cases, []struct {
			name string
			m    *mapping.Mapping
		}{
			{s + " stencil identity", &mapping.Mapping{Guest: stencil, Host: h, Place: identity(1 << 16)}},
			{s + " stencil random", &mapping.Mapping{Guest: stencil, Host: h, Place: rand.New(rand.NewPCG(1, 2)).Perm(1 << 16)}},
		}...)
	}
	for _, bm := range cases {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuclock.Used()
			for b.Loop() {
				load, _, _ := metric.LinkLoads(bm.m)
				sinkMetrics.HopBytes = load[0]
			}
			b.ReportMetric(float64(cpuclock.Since(cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}
