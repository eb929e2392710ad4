package pairs

import (
	"context"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestDefaultMoveCap: a run that its stopping rule would never end (no
// patience limit) stops at its move cap, a number of moves that depends
// on the size and the planned work only, never on the time taken: the
// default cap without a plan, with one the plan less the closing search's
// reserve.
func TestDefaultMoveCap(t *testing.T) {
	g, h := must(guest.NewGrid([]int{4, 4}, false)), must(topology.NewMesh(4, 4))
	place := []int{5, 0, 9, 3, 14, 1, 12, 7, 2, 15, 6, 10, 4, 13, 8, 11}
	for _, plan := range []int64{0, 300_000} {
		s := newState(g, h, place)
		opt := Options{Seed: 3, Temperature: 3, Patience: Unlimited, Plan: plan}
		r := newRun(context.Background(), s, opt, time.Now(), s.hopBytes())
		want := capFactor*horizonOf(s) + capPerObject*int64(s.n)
		if plan > 0 {
			want = plan - plan/commShare
		}
		if r.maxMoves != want {
			t.Fatalf("plan %d: cap %d, want %d", plan, r.maxMoves, want)
		}
		if plan == 0 && raceEnabled {
			continue // 4M moves to run
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

// TestPlanBoundsMoves: a planned run (its swap search and its closing
// search together) fills its plan and never exceeds it, below and above
// the default work, alone and as a share of a multilevel search, whatever
// the patience (the stopping rule may not end it before the plan: a
// budget is spent).
func TestPlanBoundsMoves(t *testing.T) {
	tests := []struct {
		name  string
		g     *guest.Graph
		h     topology.Host
		plan  int64
		share float64
	}{
		{"grid 4x8 onto torus 4x4x2, 2K moves (a descent)", must(guest.NewGrid([]int{4, 8}, false)), must(topology.NewTorus(4, 4, 2)), 2_000, 0},
		{"grid 4x8 onto torus 4x4x2, 100K moves", must(guest.NewGrid([]int{4, 8}, false)), must(topology.NewTorus(4, 4, 2)), 100_000, 0},
		{"grid 9x8 onto mesh 6x12, 3M moves", must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12)), 3_000_000, 0},
		{"grid 9x8 onto mesh 6x12, a third of 600K moves", must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12)), 600_000, 1.0 / 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if raceEnabled && tt.plan > 1_000_000 {
				t.Skip("3M moves: too slow under the race detector")
			}
			starts := [][]int{rowMajor(tt.g.Order())}
			res, err := Improve(context.Background(), tt.g, tt.h, starts, Options{Seed: 5, Temperature: 3, Plan: tt.plan, Share: tt.share})
			if err != nil {
				t.Fatal(err)
			}
			want := tt.plan
			if tt.share > 0 {
				want = int64(float64(tt.plan) * tt.share)
			}
			if moves := res.Moves + res.CommMoves; moves > want+checkEvery || moves < want/2 {
				t.Errorf("%d moves and %d tries of the closing search, want the plan's %d together (at most %d more, at least half)", res.Moves, res.CommMoves, want, checkEvery)
			}
		})
	}
}
