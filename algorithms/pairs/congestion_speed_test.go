package pairs_test

import (
	"context"
	"hash/fnv"
	"testing"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
)

// congestionRun is PAIRS under the congestion objective, seed 1, on
// hypercube:8 → torus:16x16 from row-major, annealing until it has made
// moves.
func congestionRun(tb testing.TB, moves int64) *pairs.Result {
	tb.Helper()
	res, err := pairs.Improve(context.Background(), must(guest.NewHypercube(8)), torus(16, 16), [][]int{rowMajor(256)},
		pairs.Options{Seed: 1, Objective: pairs.Congestion, Temperature: 3, Moves: moves, Patience: pairs.Unlimited})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// placementHash is the FNV-1a hash of a placement, one byte per node
// (the hosts here have at most 256 nodes).
func placementHash(place []int) uint64 {
	h := fnv.New64a()
	for _, p := range place {
		h.Write([]byte{byte(p)})
	}
	return h.Sum64()
}

// TestCongestionSearchRepeatsPlacement: the congestion search gives the
// same placement for the same seed, and the same as before its delta was
// rewritten to walk routes without calls (the hash below is that of the
// placement of the earlier code, which kept the pending change of a delta
// under stamps and routed through one call per route: the rewrite keeps
// every sum exact on unit volumes, so the search takes the same path).
func TestCongestionSearchRepeatsPlacement(t *testing.T) {
	const moves, want = 200_000, 0x086738d4f72230a5 // main at c89a1d4, before the rewrite
	a, b := congestionRun(t, moves), congestionRun(t, moves)
	if ha, hb := placementHash(a.Place), placementHash(b.Place); ha != hb || a.Objective != b.Objective {
		t.Fatalf("same seed: placements %#x and %#x, Σ L² %v and %v", ha, hb, a.Objective, b.Objective)
	}
	if h := placementHash(a.Place); h != want {
		t.Errorf("placement %#x (Σ L² %v, %v moves), want %#x as before the rewrite", h, a.Objective, a.Moves, uint64(want))
	}
}

// BenchmarkCongestionHypercube8Torus16x16 measures the congestion search
// on hypercube:8 → torus:16x16 (seed 1, from row-major, 970,752 moves:
// those of topomap map --objective congestion --seed 1 on it) in CPU
// time per move; built for js/wasm and run under node it gives the
// browser's cost of the same moves (there the wall clock stands in):
//
//	go test -run '^$' -bench BenchmarkCongestionHypercube8Torus16x16 -benchtime 1x ./algorithms/pairs
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench BenchmarkCongestionHypercube8Torus16x16 -benchtime 1x ./algorithms/pairs
func BenchmarkCongestionHypercube8Torus16x16(b *testing.B) {
	var res *pairs.Result
	cpu := cpuclock.Used()
	for b.Loop() {
		res = congestionRun(b, 970_752)
	}
	b.ReportMetric(float64(cpuclock.Since(cpu).Nanoseconds())/float64(b.N)/float64(res.Moves), "cpu-ns/move")
	b.ReportMetric(float64(res.Moves), "moves")
	b.ReportMetric(res.HopsPerByte, "hops/byte")
}
