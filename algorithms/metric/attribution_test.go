package metric_test

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestLinkMessages: one link's attribution, computed on demand, agrees
// with LinkLoads (its load and message count) on random placements of
// random weighted graphs; its heaviest messages are sorted, cross the
// link, and none left out is heavier; a hop limit marks it incomplete.
func TestLinkMessages(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	for _, h := range linkHosts {
		rt, _ := topology.RouterOf(h)
		g := randomGraph(r, 32)
		m := &mapping.Mapping{Guest: g, Host: h, Place: r.Perm(h.Size())[:32]}
		load, msgs, _ := metric.LinkLoads(m)
		for id := range rt.LinkSlots() {
			if _, _, ok := rt.Link(id); !ok {
				continue
			}
			all, ok := metric.LinkMessages(m, id, g.Arcs(), 0)
			top, _ := metric.LinkMessages(m, id, 3, 0)
			if !ok || !all.Complete || all.Load != load[id] || all.Count != int(msgs[id]) || len(all.Heaviest) != all.Count {
				t.Fatalf("%v link %d: %+v, want load %v over %d messages", h, id, all, load[id], msgs[id])
			}
			if len(top.Heaviest) != min(3, all.Count) || top.Load != all.Load {
				t.Fatalf("%v link %d: top 3 %+v of %+v", h, id, top.Heaviest, all.Heaviest)
			}
			for i, msg := range top.Heaviest {
				if msg != all.Heaviest[i] {
					t.Fatalf("%v link %d: top 3 %+v, but all sorted %+v", h, id, top.Heaviest, all.Heaviest)
				}
				crosses := false
				for _, l := range rt.Route(m.Place[msg.From], m.Place[msg.To], nil) {
					crosses = crosses || l == id
				}
				if !crosses {
					t.Fatalf("%v link %d: message %+v does not cross it", h, id, msg)
				}
			}
			for i := 1; i < len(all.Heaviest); i++ {
				if all.Heaviest[i].Volume > all.Heaviest[i-1].Volume {
					t.Fatalf("%v link %d: not heaviest first: %+v", h, id, all.Heaviest)
				}
			}
		}
		if part, _ := metric.LinkMessages(m, 0, 3, 5); part.Complete {
			t.Errorf("%v: a scan cut at 5 hops says it is complete", h)
		}
	}
}

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
		{"torus 64x32x32 stencil identity", &mapping.Mapping{Guest: stencil, Host: torus, Place: identity(1 << 16)}},
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
