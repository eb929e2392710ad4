package solve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// pairsBenchCases are the configurations of issue 3's goals, at 64K
// objects and at about 4K with the same shapes of problem.
var pairsBenchCases = []struct {
	name, guest, host string
	goal              float64 // hops per byte to reach (0: none), reported as the time to reach it
}{
	{"mesh 64x64 to 32x128", "grid:64x64", "mesh:32x128", 0},
	{"torus 128x32 to 64x64", "grid:128x32", "torus:64x64", 0},
	{"mesh 96x50 to 75x64", "grid:96x50", "mesh:75x64", 0},
	{"mesh 256x256 to 128x512", "grid:256x256", "mesh:128x512", 1.51},
	{"torus 512x128 to 256x256", "grid:512x128", "torus:256x256", 0},
	{"mesh 320x200 to 250x256", "grid:320x200", "mesh:250x256", 1.53},
}

// BenchmarkPairs runs PAIRS from its default starts (the cheap heuristics
// that apply), until converged ("converged") or annealing within a budget,
// and reports the hops per byte reached and the time at which the progress
// reports (every 50 ms) first showed the goal ("s-to-goal", -1 if
// never), with the proposals evaluated by then ("Mswaps-to-goal", millions:
// the measure that does not depend on the machine's load) and in all
// ("Mswaps"). ns/op includes the starts.
func BenchmarkPairs(b *testing.B) {
	for _, c := range pairsBenchCases {
		g, err := spec.ParseGuest(c.guest)
		if err != nil {
			b.Fatal(err)
		}
		h, err := spec.ParseHost(c.host)
		if err != nil {
			b.Fatal(err)
		}
		for _, budget := range []time.Duration{0, time.Second, 3 * time.Second, 5 * time.Second} {
			name := "converged"
			if budget > 0 {
				name = "budget " + budget.String()
			}
			b.Run(fmt.Sprintf("%s/%s", c.name, name), func(b *testing.B) {
				var hpb, reach, work, evaluated float64
				for b.Loop() {
					reach, work = -1, -1
					in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Budget: budget}
					r, err := solve.Map(context.Background(), in, func(p solve.Progress) {
						if reach < 0 && c.goal > 0 && p.HopsPerByte <= c.goal {
							reach, work = p.Elapsed.Seconds(), float64(p.Evaluated)/1e6
						}
						evaluated = float64(p.Evaluated) / 1e6
					})
					if err != nil {
						b.Fatal(err)
					}
					hpb = r.Metrics.HopsPerByte
				}
				b.ReportMetric(hpb, "hops/byte")
				b.ReportMetric(evaluated, "Mswaps")
				if c.goal > 0 {
					b.ReportMetric(reach, "s-to-goal")
					b.ReportMetric(work, "Mswaps-to-goal")
				}
			})
		}
	}
}
