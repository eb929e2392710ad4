package pairs

import (
	"context"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestDefaultMoveCap: a run that its stopping rule would never end (no
// patience limit) stops at the default move cap, a number of moves that
// depends on the size and the planned work only, never on the time taken.
func TestDefaultMoveCap(t *testing.T) {
	g, h := must(guest.NewGrid([]int{4, 4}, false)), must(topology.NewMesh(4, 4))
	place := []int{5, 0, 9, 3, 14, 1, 12, 7, 2, 15, 6, 10, 4, 13, 8, 11}
	for _, plan := range []int64{0, 2 << 20} {
		s := newState(g, h, place)
		opt := Options{Seed: 3, Temperature: 3, Patience: Unlimited, Horizon: plan, MinWork: plan}
		r := newRun(context.Background(), s, opt, time.Now(), s.hopBytes())
		want := capFactor*max(plan, horizonOf(s)) + capPerObject*int64(s.n)
		if r.maxMoves != want {
			t.Fatalf("plan %d: cap %d, want %d", plan, r.maxMoves, want)
		}
		if plan > 0 || raceEnabled {
			continue // 4M moves to run, 8M with the plan
		}
		r.startChain(s.hopBytes())
		if err := r.search(); err != nil {
			t.Fatal(err)
		}
		if r.moves < want || r.moves >= want+checkEvery || r.converged {
			t.Fatalf("plan %d: %d moves (converged %v), want the cap %d (+ less than %d)", plan, r.moves, r.converged, want, checkEvery)
		}
	}
}
