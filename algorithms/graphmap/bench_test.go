package graphmap_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// scotchInstances are quotient graphs of Debian's METIS example meshes
// (built by the repository's script) at 1024 and 4096 parts, each mesh on
// a torus, a fat tree and a fat tree of multicore nodes of its size, and
// mdual's 16384 parts on a torus.
var scotchInstances = func() []scotchInstance {
	var out []scotchInstance
	for _, mesh := range []string{"4elt", "copter2", "mdual"} {
		for _, host := range []string{"torus:8x8x16", "fattree:4,5"} {
			out = append(out, scotchInstance{mesh, 1024, host})
		}
		for _, host := range []string{"torus:16x16x16", "fattree:16,3", "fattree:8,3:cores=8"} {
			out = append(out, scotchInstance{mesh, 4096, host})
		}
	}
	return append(out, scotchInstance{"mdual", 16384, "torus:16x32x32"})
}()

type scotchInstance struct {
	mesh  string
	parts int
	host  string
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
	return metric.HopBytes(m) / g.TotalVolume()
}

// polish is what `topomap map --algo pairs` does on a graph guest:
// solve's PAIRS from its default starts (rb, greedy, the launchers'
// orders, multisection on a host of nested groups), seed 0, until its
// stopping rule, so that the benchmark measures what users get (at most
// 5.6M moves here, mdual/16384 on a torus).
func polish(ctx context.Context, g *guest.Graph, h topology.Host) ([]int, error) {
	in := spec.Instance{Guest: guest.SpecOf(guest.Canonical(g)), Host: h, Algo: "pairs"}
	res, err := solve.Map(ctx, in, nil)
	if err != nil {
		return nil, err
	}
	return res.Mapping.Place, nil
}

// rankOrder is the launcher's default placement: rank r on slot r.
func rankOrder(n int) []int {
	place := make([]int, n)
	for v := range place {
		place[v] = v
	}
	return place
}

// scotchHPB caches Scotch's hops per byte by instance (scotchMedian), so
// that every ratio of one benchmark run is against the same figure.
var scotchHPB sync.Map

// scotchMedian maps q onto h with Scotch three times and returns the
// median hops per byte and the CPU time of that run: scotch_gmap is not
// deterministic run to run (4elt/1024 on torus:8x8x16: 2.02 to 2.08,
// copter2/1024: 2.28 to 2.41), and the figures we compare with are
// medians of three runs.
func scotchMedian(b *testing.B, q *meshtest.Quotient, h topology.Host) (float64, time.Duration) {
	type run struct {
		hpb  float64
		took time.Duration
	}
	runs := make([]run, 3)
	for i := range runs {
		p, took := meshtest.Scotch(b, q, h)
		runs[i] = run{hopsPerByte(b, q.Graph, h, p), took}
	}
	sort.Slice(runs, func(i, j int) bool { return runs[i].hpb < runs[j].hpb })
	return runs[1].hpb, runs[1].took
}

// BenchmarkScotch maps each instance with Scotch 7 (scotch_gmap -b0 -cbq
// onto its mesh, torus or tleaf target: the median of three runs, and the
// run time of that command),
// rank order, greedy, rb, multisection (hosts of nested groups) and
// PAIRS from them ("pairs", the time of all of them), side by side: it reports each one's hops per byte and, for
// ours, the ratio to Scotch's and the CPU seconds per run (on a loaded
// machine the wall time is not the algorithm's; PAIRS uses two threads
// from 4096 vertices on).
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
			v, _ := scotchMedian(b, q, h)
			stored, _ := scotchHPB.LoadOrStore(name, v)
			return stored.(float64)
		}
		b.Run(name+"/scotch", func(b *testing.B) {
			q := meshtest.QuotientGraph(b, in.mesh, in.parts)
			var v float64
			var took time.Duration
			for b.Loop() {
				v, took = scotchMedian(b, q, h)
			}
			scotchHPB.LoadOrStore(name, v)
			b.ReportMetric(v, "hops/byte")
			b.ReportMetric(took.Seconds(), "cpu-s/op")
		})
		type mapper = struct {
			name string
			f    func(context.Context, *guest.Graph, topology.Host) ([]int, error)
		}
		identity := func(_ context.Context, g *guest.Graph, _ topology.Host) ([]int, error) {
			return rankOrder(g.Order()), nil
		}
		all := append([]mapper{{"identity", identity}}, mappers...)
		if graphmap.HasGroups(h) {
			all = append(all, mapper{"multisection", graphmap.Multisection})
		}
		all = append(all, mapper{"pairs", polish})
		for _, m := range all {
			b.Run(name+"/"+m.name, func(b *testing.B) {
				q := meshtest.QuotientGraph(b, in.mesh, in.parts)
				ref := scotch(b, q)
				var place []int
				cpu := cpuclock.Used()
				for b.Loop() {
					if place, err = m.f(context.Background(), q.Graph, h); err != nil {
						b.Fatal(err)
					}
				}
				cpu = cpuclock.Since(cpu)
				ours := hopsPerByte(b, q.Graph, h, place)
				b.ReportMetric(ours, "hops/byte")
				b.ReportMetric(ours/ref, "x-scotch")
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
