package pairs_test

import (
	"context"
	"fmt"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/topology"
)

// perturbed returns row-major with one object in 16 exchanged at random:
// far from a local optimum, so every round has work to do.
func perturbed(n int, seed uint64) []int {
	p := rowMajor(n)
	r := randomPlace(n, n, seed)
	for i := 0; i+1 < n/16; i += 2 {
		p[r[i]], p[r[i+1]] = p[r[i+1]], p[r[i]]
	}
	return p
}

// BenchmarkRounds measures the search engine: a fixed number of rounds
// from a perturbed row-major start, reporting the cost per proposed swap
// and the hops per byte reached.
func BenchmarkRounds(b *testing.B) {
	cases := []struct {
		name string
		g    *guest.Graph
		h    *topology.Lattice
	}{
		{"mesh 64x64 to 32x128", grid(64, 64), mesh(32, 128)},
		{"torus 128x32 to 64x64", grid(128, 32), torus(64, 64)},
		{"mesh 256x256 to 128x512", grid(256, 256), mesh(128, 512)},
		{"torus 512x128 to 256x256", grid(512, 128), torus(256, 256)},
		{"mesh 320x200 to 250x256", grid(320, 200), mesh(250, 256)},
		{"hypercube 16 to torus 256x256", must(guest.NewHypercube(16)), torus(256, 256)},
	}
	for _, c := range cases {
		starts := [][]int{perturbed(c.g.Order(), 1)}
		for _, mode := range []pairs.Mode{pairs.Biased, pairs.Uniform} {
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%v/workers %d", c.name, mode, workers), func(b *testing.B) {
					b.ReportAllocs()
					var res *pairs.Result
					for b.Loop() {
						var err error
						res, err = pairs.Improve(context.Background(), c.g, c.h, starts, pairs.Options{Seed: 1, Mode: mode, Workers: workers, MaxRounds: 10})
						if err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(res.Evaluated), "ns/swap")
					b.ReportMetric(res.HopsPerByte, "hops/byte")
				})
			}
		}
	}
}
