package solve_test

import (
	"context"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// BenchmarkPairsMachines runs PAIRS on 4,096 ranks of a 64×64 stencil
// onto real machines: the fat tree fattree:16,3 (4,096 nodes)
// and dragonflies of 4,096 slots, with and without cores. The converged
// value is a run with a budget of 3.75 s (30 M moves); the benchmarked run
// is the default one (its own stopping rule). It reports both hops per
// byte, the gap in percent (goal: within 1 %) and the default run's
// seconds (goal: ≤ 1 s). Skipped where PAIRS does not apply.
//
//	go test -run '^$' -bench BenchmarkPairsMachines -benchtime 1x ./algorithms/solve
func BenchmarkPairsMachines(b *testing.B) {
	for _, host := range []string{"fattree:16,3", "dragonfly:16,8,8,32", "dragonfly:8,4,4,32:cores=4"} {
		b.Run(host, func(b *testing.B) {
			g, err := spec.ParseGuest("grid:64x64")
			if err != nil {
				b.Fatal(err)
			}
			h, err := spec.ParseHost(host)
			if err != nil {
				b.Fatal(err)
			}
			in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1}
			if _, err := solve.Check(in); err != nil {
				b.Skip(err)
			}
			long := in
			long.Budget = 3750 * time.Millisecond
			conv, err := solve.Map(context.Background(), long, nil)
			if err != nil {
				b.Fatal(err)
			}
			var r *solve.Result
			for b.Loop() {
				if r, err = solve.Map(context.Background(), in, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(r.Metrics.HopsPerByte, "hops/byte")
			b.ReportMetric(conv.Metrics.HopsPerByte, "converged-hops/byte")
			b.ReportMetric(100*(r.Metrics.HopsPerByte/conv.Metrics.HopsPerByte-1), "%-above")
			b.ReportMetric(r.Seconds, "s")
		})
	}
}
