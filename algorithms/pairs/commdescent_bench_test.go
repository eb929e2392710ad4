package pairs_test

import (
	"context"
	"fmt"
	"testing"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// commInstances are quotient graphs of Debian's METIS meshes on the tori
// and fat trees of their size (package graphmap's BenchmarkScotch has the
// same rows).
var commInstances = []struct {
	mesh  string
	parts int
	host  string
}{
	{"4elt", 1024, "torus:8x8x16"}, {"copter2", 1024, "torus:8x8x16"}, {"mdual", 1024, "torus:8x8x16"},
	{"4elt", 4096, "torus:16x16x16"}, {"copter2", 4096, "torus:16x16x16"}, {"mdual", 4096, "torus:16x16x16"},
	{"4elt", 1024, "fattree:4,5"}, {"copter2", 1024, "fattree:4,5"}, {"mdual", 1024, "fattree:4,5"},
	{"4elt", 4096, "fattree:16,3"}, {"copter2", 4096, "fattree:16,3"}, {"mdual", 4096, "fattree:16,3"},
	{"4elt", 4096, "fattree:8,3:cores=8"}, {"copter2", 4096, "fattree:8,3:cores=8"}, {"mdual", 4096, "fattree:8,3:cores=8"},
}

// BenchmarkCommSearch runs PAIRS from rank order, greedy and rb (solve's
// default starts on a graph), 2M moves at solve's temperature, with the
// closing search off and at depths 2 and 3, on each instance: the hops per
// byte, the ratio to Scotch 7's bijective mapping (scotch_gmap -b0), the
// CPU seconds per run (starts included) and the closing search's tries.
func BenchmarkCommSearch(b *testing.B) {
	for _, in := range commInstances {
		h, err := topology.Parse(in.host)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%s-%d-on-%s", in.mesh, in.parts, in.host)
		var scotch float64
		for _, depth := range []int{pairs.NoCommSearch, 2, 3} {
			b.Run(fmt.Sprintf("%s/depth %d", name, depth), func(b *testing.B) {
				q := meshtest.QuotientGraph(b, in.mesh, in.parts)
				if scotch == 0 {
					p, _ := meshtest.Scotch(b, q, h)
					scotch = meshHPB(b, q.Graph, h, p)
				}
				var res *pairs.Result
				cpu := cpuclock.Used()
				for b.Loop() {
					res = meshPairs(b, q.Graph, h, depth)
				}
				cpu = cpuclock.Since(cpu)
				v := meshHPB(b, q.Graph, h, res.Place)
				b.ReportMetric(v, "hops/byte")
				b.ReportMetric(v/scotch, "x-scotch")
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(res.CommMoves), "comm-moves")
			})
		}
	}
}

// meshPairs is PAIRS from rank order, greedy and rb, capped at 2M moves.
func meshPairs(tb testing.TB, g *guest.Graph, h topology.Host, depth int) *pairs.Result {
	ctx := context.Background()
	starts := [][]int{rowMajor(g.Order())}
	for _, f := range []func(context.Context, *guest.Graph, topology.Host) ([]int, error){graphmap.Greedy, graphmap.Bipartition} {
		p, err := f(ctx, g, h)
		if err != nil {
			tb.Fatal(err)
		}
		starts = append(starts, p)
	}
	temperature, _, _ := solve.PairsAnnealingOf(g, h)
	res, err := pairs.Improve(ctx, g, h, starts, pairs.Options{Moves: 2_000_000, CommDepth: depth,
		Temperature: temperature})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

func meshHPB(tb testing.TB, g *guest.Graph, h topology.Host, place []int) float64 {
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
