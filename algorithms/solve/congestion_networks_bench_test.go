package solve_test

import (
	"context"
	"testing"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// BenchmarkCongestionObjectiveNetworks runs PAIRS (seed 1, no budget)
// under each objective on 4K ranks on a fat tree (D-mod-k, goal ≤ 2 CPU-s
// under congestion) and a dragonfly (minimal routes), and reports the CPU
// seconds of a run (the process's, the hop-bytes search that the
// congestion search starts from included), hops per byte and the largest
// link load:
//
//	go test -run '^$' -bench BenchmarkCongestionObjectiveNetworks -benchtime 1x ./algorithms/solve
func BenchmarkCongestionObjectiveNetworks(b *testing.B) {
	for _, c := range []struct{ guest, host string }{
		{"grid:64x64", "fattree:16,3"},
		{"grid:64x64", "dragonfly:16,4,4,64"},
	} {
		g, h := solvetest.Pair(b, c.guest, c.host)
		for _, obj := range []string{spec.ObjectiveHopBytes, spec.ObjectiveCongestion} {
			b.Run(c.guest+" to "+c.host+"/"+obj, func(b *testing.B) {
				in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1}
				var err error
				if in.Objective, err = spec.ParseObjective(obj); err != nil {
					b.Fatal(err)
				}
				var r *solve.Result
				cpu := cpuclock.Used()
				for b.Loop() {
					if r, err = solve.Map(context.Background(), in, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(cpuclock.Since(cpu).Seconds()/float64(b.N), "cpu-s")
				b.ReportMetric(r.Metrics.HopsPerByte, "hops/byte")
				b.ReportMetric(*r.Metrics.MaxLinkLoad, "max-link-load")
			})
		}
	}
}
