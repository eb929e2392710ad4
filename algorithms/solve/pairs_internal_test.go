package solve

import (
	"testing"
	"time"

	"topomap/algorithms/spec"
)

// TestBudgetFor: the budget offered to search longer is the shortest whole
// number of tenths of a second that plans the moves asked for, on sparse
// guests (mean degree 4 or less: 800K hop-bytes moves a tenth), dense
// ones and under the congestion objective (whose moves cost more, the
// more so the longer their routes). In whole seconds, twice the moves of
// a run of a second or less offered eight times them or more.
func TestBudgetFor(t *testing.T) {
	tests := []struct {
		guest, host, objective string
		moves                  int64
		hops                   float64
		want                   time.Duration
	}{
		{"grid:9x8", "mesh:6x12", "", 2 * 1_004_544, 1, 300 * time.Millisecond}, // twice its default run: 0.25 s
		{"grid:9x8", "mesh:6x12", "", 2_400_000, 1, 300 * time.Millisecond},
		{"grid:9x8", "mesh:6x12", "", 2_400_001, 1, 400 * time.Millisecond},
		{"grid:64x64", "mesh:32x128", "", 2 * 7_819_264, 1, 2 * time.Second}, // twice its default run: 1.95 s
		{"grid:4x4", "mesh:4x4", "", 1, 1, 100 * time.Millisecond},
		{"grid:4x4", "mesh:4x4", "", 0, 1, 100 * time.Millisecond},
		{"hypercube:10", "torus:32x32", "", 1_000_000, 5, 400 * time.Millisecond}, // degree 10: 0.31 s
		// a hop-bytes move (1) and a congestion move on a lattice, 1 + 3.53 × (90 + 25 + 2 × 15) / 120: 0.78 s
		{"grid:9x8", "torus:6x12", spec.ObjectiveCongestion, 1_000_000, 1, 800 * time.Millisecond},
		// routes of 3 hops: 1 + 1 + 3.53 × (90 + 75 + 30) / 120 = 0.97 s
		{"grid:9x8", "torus:6x12", spec.ObjectiveCongestion, 1_000_000, 3, time.Second},
		// on a network the routes are calls: 1 + 1 + 3.5 × (60 + 90 + 35) / 120 = 0.92 s
		{"grid:8x8", "fattree:4,3", spec.ObjectiveCongestion, 1_000_000, 3, time.Second},
		// cores over a lattice, a call through the node: 1 + 1 + 3.75 × (60 + 30 + 35 + 185 + 2 × 15) / 120 = 1.58 s
		{"grid:16x16", "torus:8x8:cores=4", spec.ObjectiveCongestion, 1_000_000, 1, 1600 * time.Millisecond},
	}
	for _, tt := range tests {
		p := problemOf(t, tt.guest, tt.host, func(in *spec.Instance) { in.Objective = tt.objective })
		in, arcs := p.Instance, p.Guest.Arcs()
		if got := BudgetFor(1<<40, in, arcs, tt.hops); got != spec.MaxBudget {
			t.Errorf("%s onto %s: BudgetFor(2^40 moves) = %v, want the largest budget, %v", tt.guest, tt.host, got, spec.MaxBudget)
		}
		got := BudgetFor(tt.moves, in, arcs, tt.hops)
		if got != tt.want {
			t.Errorf("%s onto %s %s: BudgetFor(%d moves, %v hops) = %v, want %v", tt.guest, tt.host, tt.objective, tt.moves, tt.hops, got, tt.want)
		}
		cost := moveCost(in, p.Guest.Order(), arcs, tt.hops)
		if plan := movesFor(got, cost); plan < tt.moves || got > budgetStep && movesFor(got-budgetStep, cost) >= tt.moves {
			t.Errorf("%s onto %s %s: BudgetFor(%d moves) = %v plans %d moves: not the shortest that plans enough", tt.guest, tt.host, tt.objective, tt.moves, got, plan)
		}
	}
}
