package solve_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestPairsFindsTheOptimumOfTinyInstances: on instances of at most 2^20
// placements PAIRS weighs them all (it annealed for 4.2M moves, 6.6 s
// in a browser, on a 4-vertex graph on a ring of 16); its answer has the
// least hop-bytes of every placement, enumerated here one by one and
// scored by the metric package, and its report says so.
func TestPairsFindsTheOptimumOfTinyInstances(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 11))
	for _, tc := range []struct {
		host    string
		objects int
		count   int64
	}{
		{"ring:16", 4, 43_680}, {"mesh:3x3", 5, 15_120}, {"fattree:2,3", 6, 20_160},
		{"ring:4:cores=2", 5, 6_720}, {"dragonfly:2,2,1,2", 6, 20_160}, {"torus:3x3", 9, 362_880},
	} {
		h := mustHost(t, tc.host)
		g := weightedGraph(t, r, tc.objects)
		res, err := solve.Map(context.Background(), spec.Instance{Guest: guest.SpecOf(g), Host: h, Algo: "pairs"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, best := metric.HopBytes(res.Mapping), bruteForceOptimum(g, h)
		if got != best || res.Pairs == nil || !res.Pairs.Optimal || res.Pairs.Exhaustive != tc.count {
			t.Errorf("%d objects on %s: %v hop-bytes, report %+v; want the optimum %v after %d placements", tc.objects, tc.host, got, res.Pairs, best, tc.count)
		}
	}
}

// bruteForceOptimum returns the least hop-bytes of any placement of g on
// h, trying every one.
func bruteForceOptimum(g *guest.Graph, h topology.Host) float64 {
	place, used := make([]int, g.Order()), make([]bool, h.Size())
	best := -1.0
	var try func(v int)
	try = func(v int) {
		if v == len(place) {
			if hb := metric.HopBytes(&mapping.Mapping{Guest: g, Host: h, Place: place}); best < 0 || hb < best {
				best = hb
			}
			return
		}
		for s := range used {
			if !used[s] {
				place[v], used[s] = s, true
				try(v + 1)
				used[s] = false
			}
		}
	}
	try(0)
	return best
}
