package solve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// BenchmarkPairsHosts runs PAIRS on 4,096 ranks (grid:64x64) onto the
// hosts of issue 10 without a budget and with one of 40 s (40M moves, its
// converged value), from its default starts and from row-major alone (the
// search's own work: the brick starts are optimal there), and reports the
// hops per byte, the moves (millions) and the seconds. A host kind not
// registered yet is skipped.
//
//	go test -run '^$' -bench BenchmarkPairsHosts -benchtime 1x ./algorithms/solve
func BenchmarkPairsHosts(b *testing.B) {
	for _, host := range []string{"fattree:16,3", "dragonfly:16,8,8,32", "torus:16x16:cores=16"} {
		h, err := spec.ParseHost(host)
		for _, v := range []struct {
			start  string
			budget time.Duration
		}{{"", 0}, {"", 40 * time.Second}, {"rowmajor", 0}, {"rowmajor", 40 * time.Second}} {
			b.Run(fmt.Sprintf("%s/start %s/budget %v", host, v.start, v.budget), func(b *testing.B) {
				if err != nil {
					b.Skipf("%s: %v", host, err)
				}
				g, err := spec.ParseGuest("grid:64x64")
				if err != nil {
					b.Fatal(err)
				}
				var r *solve.Result
				for b.Loop() {
					if r, err = solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Start: v.start, Budget: v.budget}, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(r.Metrics.HopsPerByte, "hops/byte")
				b.ReportMetric(float64(r.Pairs.Moves)/1e6, "Mmoves")
				b.ReportMetric(r.Seconds, "s")
			})
		}
	}
}
