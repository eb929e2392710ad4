package solve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// BenchmarkPairsObjective runs PAIRS under each objective: on
// grid:256x256 → torus:256x256 without a budget and with one of 5 s (40M
// moves: the "converged" value), and on the instances where the congestion objective
// trades hop-bytes for a lower largest link load. It reports the hops per
// byte, the max link load, the moves made (millions, both runs under
// congestion) and the seconds.
//
//	go test -run '^$' -bench BenchmarkPairsObjective -benchtime 1x ./algorithms/solve
func BenchmarkPairsObjective(b *testing.B) {
	cases := []struct {
		name, guest, host string
		budgets           []time.Duration
	}{
		{"64K torus 256x256 to 256x256", "grid:256x256", "torus:256x256", []time.Duration{0, 5 * time.Second}},
		{"256 torus 16x16 to 64x4", "grid:16x16", "torus:64x4", []time.Duration{0}},
		{"256 torus 32x8 to 16x16", "grid:32x8", "torus:16x16", []time.Duration{0}},
		{"1K torus 64x16 to 32x32", "grid:64x16", "torus:32x32", []time.Duration{0}},
		{"1K torus 32x32 to 16x16x4", "grid:32x32", "torus:16x16x4", []time.Duration{0}},
	}
	for _, c := range cases {
		g, h := solvetest.Pair(b, c.guest, c.host)
		for _, obj := range []string{spec.ObjectiveHopBytes, spec.ObjectiveCongestion} {
			for _, budget := range c.budgets {
				b.Run(fmt.Sprintf("%s/%s/budget %v", c.name, obj, budget), func(b *testing.B) {
					in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Budget: budget}
					var err error
					if in.Objective, err = spec.ParseObjective(obj); err != nil {
						b.Fatal(err)
					}
					var r *solve.Result
					for b.Loop() {
						if r, err = solve.Map(context.Background(), in, nil); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(r.Metrics.HopsPerByte, "hops/byte")
					b.ReportMetric(*r.Metrics.MaxLinkLoad, "max-link-load")
					b.ReportMetric(float64(r.Pairs.Moves)/1e6, "Mmoves")
					b.ReportMetric(r.Seconds, "s")
				})
			}
		}
	}
}
