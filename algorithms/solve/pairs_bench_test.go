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

// pairsBenchCases are the benchmark instances of issues 3 and 14: 2-D and
// 3-D grids at about 4K, 64K and 1M objects, meshes and toruses, shapes
// that fold and shapes that do not.
var pairsBenchCases = []struct{ name, guest, host string }{
	{"4K mesh 64x64 to 32x128", "grid:64x64", "mesh:32x128"},
	{"4K torus 128x32 to 64x64", "grid:128x32", "torus:64x64"},
	{"4K mesh 96x50 to 75x64", "grid:96x50", "mesh:75x64"},
	{"4K 3-D mesh 16x16x16 to 32x16x8", "grid:16x16x16", "mesh:32x16x8"},
	{"32K 3-D mesh 32x32x32 to 64x32x16", "grid:32x32x32", "mesh:64x32x16"},
	{"64K mesh 256x256 to 128x512", "grid:256x256", "mesh:128x512"},
	{"64K torus 512x128 to 256x256", "grid:512x128", "torus:256x256"},
	{"64K mesh 320x200 to 250x256", "grid:320x200", "mesh:250x256"},
	{"64K 3-D torus 40x40x40 to 50x40x32", "grid:40x40x40", "torus:50x40x32"},
	{"1M torus 1024x1024 to 512x2048", "grid:1024x1024", "torus:512x2048"},
	{"1M 3-D mesh 128x128x64 to 256x64x64", "grid:128x128x64", "mesh:256x64x64"},
}

// BenchmarkPairs runs PAIRS from its default starts without a budget (its
// stopping rule: annealing cycles until two in a row gain less than 0.2 %,
// within its horizon of 11 M moves at most, fewer for denser guests; the
// multilevel search where it applies), with a budget of 1 s (planned as
// 8 M moves for a guest of mean degree 4, which also cap the run: about
// what the stopping rule makes) and of 5 s (40 M moves: about 5 s of
// annealing on one core of the development machine before the search
// used two, and 2-3 s now; budgets are planned at the measured rate of
// one core), and reports the hops per byte, the maximum dilation, the
// moves made (millions) and the seconds (starts included).
// ns/op is the run time.
//
//	go test -run '^$' -bench BenchmarkPairs -benchtime 1x ./algorithms/solve
func BenchmarkPairs(b *testing.B) {
	for _, c := range pairsBenchCases {
		g, h := solvetest.Pair(b, c.guest, c.host)
		for _, v := range []struct {
			name   string
			budget time.Duration
		}{{"default", 0}, {"budget 1s", time.Second}, {"budget 5s", 5 * time.Second}} {
			b.Run(fmt.Sprintf("%s/%s", c.name, v.name), func(b *testing.B) {
				var r *solve.Result
				for b.Loop() {
					in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Budget: v.budget}
					var err error
					if r, err = solve.Map(context.Background(), in, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(r.Metrics.HopsPerByte, "hops/byte")
				b.ReportMetric(float64(r.Metrics.MaxDilation), "max-dilation")
				b.ReportMetric(float64(r.Pairs.Moves)/1e6, "Mmoves")
				b.ReportMetric(r.Seconds, "s")
			})
		}
	}
}
