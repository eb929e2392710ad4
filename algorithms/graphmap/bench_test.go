package graphmap_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/internal/costtest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
	"topomap/algorithms/solve"
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
	return metric.HopBytes(m) / volume(g)
}

func volume(g *guest.Graph) float64 {
	vol := 0.0
	for e := range g.Arcs() {
		vol += g.Volume(e)
	}
	return vol
}

// polishMoves caps PAIRS in the benchmarks: on 4elt its stopping rule
// ends it before (1.84M moves), on the larger instances its default run
// is far longer than the goal's 5 s, and rb alone meets the goal there.
const polishMoves = 2_000_000

// polish is what `topomap map --algo pairs --moves 2000000` does on a
// graph guest: PAIRS from the placements of rb and greedy (solve's default
// starts on a graph), seed 0, at solve's temperature.
func polish(ctx context.Context, g *guest.Graph, h topology.Host) ([]int, error) {
	var starts [][]int
	for _, m := range mappers {
		p, err := m.f(ctx, g, h)
		if err != nil {
			return nil, err
		}
		starts = append(starts, p)
	}
	res, err := pairs.Improve(ctx, g, h, starts, pairs.Options{Moves: polishMoves,
		Temperature: solve.PairsTemperature * volume(g) / float64(g.Arcs())})
	if err != nil {
		return nil, err
	}
	return res.Place, nil
}

// scotchHPB caches Scotch's hops per byte by instance: scotch_gmap is not
// deterministic run to run (4elt: 2.02 to 2.06), so every ratio of one
// benchmark run is against the same run of Scotch.
var scotchHPB sync.Map

// BenchmarkScotch maps each instance with Scotch 7 (scotch_gmap -b0 -cbq,
// the run time of the command), greedy, rb, and PAIRS from them ("pairs",
// the time of all three), side by side: it reports each one's hops per
// byte and, for ours, the ratio to Scotch's (the goal: at most 0.90) and
// the CPU seconds per run (on a loaded machine the wall time is not the
// algorithm's; PAIRS uses two threads from 4096 vertices on).
func BenchmarkScotch(b *testing.B) {
	for _, in := range scotchInstances {
		h, err := topology.Parse(in.host)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%s-%d-on-%s", in.mesh, in.parts, in.host)
		scotch := func(b *testing.B, q *meshtest.Quotient) float64 {
			if v, ok := scotchHPB.Load(name); ok {
				return v.(float64)
			}
			p, _ := meshtest.Scotch(b, q, h.(topology.Grid))
			v, _ := scotchHPB.LoadOrStore(name, hopsPerByte(b, q.Graph, h, p))
			return v.(float64)
		}
		b.Run(name+"/scotch", func(b *testing.B) {
			q := meshtest.QuotientGraph(b, in.mesh, in.parts)
			var p []int
			var took time.Duration
			for b.Loop() {
				p, took = meshtest.Scotch(b, q, h.(topology.Grid))
			}
			v := hopsPerByte(b, q.Graph, h, p)
			scotchHPB.LoadOrStore(name, v)
			b.ReportMetric(v, "hops/byte")
			b.ReportMetric(took.Seconds(), "cpu-s/op")
		})
		all := append(mappers[:len(mappers):len(mappers)], struct {
			name string
			f    func(context.Context, *guest.Graph, topology.Host) ([]int, error)
		}{"pairs", polish})
		for _, m := range all {
			b.Run(name+"/"+m.name, func(b *testing.B) {
				q := meshtest.QuotientGraph(b, in.mesh, in.parts)
				ref := scotch(b, q)
				var place []int
				cpu := costtest.CPU()
				for b.Loop() {
					if place, err = m.f(context.Background(), q.Graph, h); err != nil {
						b.Fatal(err)
					}
				}
				cpu = costtest.CPU() - cpu
				ours := hopsPerByte(b, q.Graph, h, place)
				b.ReportMetric(ours, "hops/byte")
				b.ReportMetric(ours/ref, "x-scotch")
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
