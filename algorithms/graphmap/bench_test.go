package graphmap_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// The instances of issue 9: quotient graphs of Debian's METIS example
// meshes (built by the repository's script) onto toruses of their size.
var scotchInstances = []struct {
	mesh  string
	parts int
	host  string
}{
	{"4elt", 1024, "torus:8x8x16"},
	{"copter2", 4096, "torus:16x16x16"},
	{"mdual", 16384, "torus:16x32x32"},
}

// mappers are the package's mappers by name.
var mappers = []struct {
	name string
	f    func(context.Context, *guest.Graph, topology.Host) ([]int, error)
}{
	{"greedy", graphmap.Greedy},
	{"rb", graphmap.Bipartition},
}

func hopsPerByte(tb testing.TB, g *guest.Graph, h topology.Host, place []int) float64 {
	tb.Helper()
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		tb.Fatal(err)
	}
	vol := 0.0
	for e := range g.Arcs() {
		vol += g.Volume(e)
	}
	return metric.HopBytes(m) / vol
}

// BenchmarkScotch maps each instance with greedy and rb, and with Scotch 7
// (scotch_gmap -b0 -cbq) side by side: it reports both hops per byte, their
// ratio (goal: at most 0.90) and Scotch's time.
func BenchmarkScotch(b *testing.B) {
	for _, in := range scotchInstances {
		h, err := topology.Parse(in.host)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range mappers {
			b.Run(fmt.Sprintf("%s-%d-on-%s/%s", in.mesh, in.parts, in.host, m.name), func(b *testing.B) {
				q := meshtest.QuotientGraph(b, in.mesh, in.parts)
				sp, st := meshtest.Scotch(b, q, h.(topology.Grid))
				scotch := hopsPerByte(b, q.Graph, h, sp)
				var place []int
				for b.Loop() {
					if place, err = m.f(context.Background(), q.Graph, h); err != nil {
						b.Fatal(err)
					}
				}
				ours := hopsPerByte(b, q.Graph, h, place)
				b.ReportMetric(ours, "hops/byte")
				b.ReportMetric(scotch, "scotch-hops/byte")
				b.ReportMetric(ours/scotch, "ratio")
				b.ReportMetric(st.Seconds(), "scotch-s")
			})
		}
	}
}

var _ = time.Second
