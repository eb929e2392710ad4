package metric_test

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// BenchmarkLinkMessages: the attribution of one hovered link (the
// explorer's readout) on the 64K-node periodic stencil on
// torus:64x32x32, placed as is and at random (the scan routes all 393K
// arcs; at random it stops at 4M routed hops, four times the explorer's
// cap).
func BenchmarkLinkMessages(b *testing.B) {
	stencil := must(guest.NewGrid([]int{64, 32, 32}, true))
	torus := must(topology.NewTorus(64, 32, 32))
	for _, bm := range []struct {
		name string
		m    *mapping.Mapping
	}{
		{"torus 64x32x32 stencil identity", &mapping.Mapping{Guest: stencil, Host: torus, Place: identityPlace(1 << 16)}},
		{"torus 64x32x32 stencil random", &mapping.Mapping{Guest: stencil, Host: torus, Place: rand.New(rand.NewPCG(1, 2)).Perm(1 << 16)}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				t, _ := metric.LinkMessages(bm.m, 12345, 5, 1<<22)
				sinkMetrics.HopBytes = t.Load
			}
		})
	}
}
