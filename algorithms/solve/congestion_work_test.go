package solve_test

import (
	"context"
	"net/url"
	"runtime"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCongestionSearchWorkPerMove: PAIRS under the congestion objective,
// as the browser runs it (solve.Map with a progress callback, sequential
// on a routed lattice), allocates nothing per move and reports progress
// at most once per 1024 attempts (its starts report their own share
// before it, as many times whatever the moves). Ten times the moves add neither
// allocations nor calls beyond those bounds: the browser's time is the
// moves' own work (routing two objects' arcs before and after), which the
// native CLI does in the same code.
func TestCongestionSearchWorkPerMove(t *testing.T) {
	run := func(moves string) (mallocs uint64, reports, made int64) {
		q, err := url.ParseQuery("algo=pairs&guest=hypercube:6&host=torus:8x8&objective=congestion&seed=1&moves=" + moves)
		if err != nil {
			t.Fatal(err)
		}
		in, err := spec.ParseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, err := solve.Map(context.Background(), in, func(p solve.Progress) {
			if p.Start == "" { // the search's, not its starts' (rb's: one per thousandth)
				reports++
			}
		})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return after.Mallocs - before.Mallocs, reports, r.Pairs.Moves
	}
	smallMallocs, smallReports, small := run("20000")
	bigMallocs, bigReports, big := run("200000")
	if big < 9*small {
		t.Fatalf("the runs made %d and %d moves: no tenfold difference to judge by", small, big)
	}
	extra := int64(bigMallocs) - int64(smallMallocs)
	t.Logf("%d moves: %d allocations, %d reports; %d moves: %d allocations, %d reports", small, smallMallocs, smallReports, big, bigMallocs, bigReports)
	if perMove := float64(extra) / float64(big-small); perMove > 0.001 {
		t.Errorf("%d more moves took %d more allocations (%.4f a move), want none per move", big-small, extra, perMove)
	}
	if bigReports > 2+2*big/1024 {
		t.Errorf("%d progress reports for %d moves, want at most one per 1024 attempts", bigReports, big)
	}
}
