package solve

import (
	"testing"
	"time"

	"topomap/algorithms/spec"
)

// TestBudgetFor: the budget offered to search longer is the shortest whole
// number of seconds that plans the moves asked for, on sparse guests
// (mean degree 4 or less: a million moves a second) and dense ones.
func TestBudgetFor(t *testing.T) {
	tests := []struct {
		moves   int64
		n, arcs int
		want    time.Duration
	}{
		{2 * 1_004_544, 72, 254, 3 * time.Second}, // grid:9x8, twice its default run
		{2_000_000, 72, 254, 2 * time.Second},
		{1, 16, 48, time.Second},
		{0, 1, 0, time.Second},
		{1_000_000, 1024, 10240, 3 * time.Second}, // hypercube:10, degree 10: 2.5 s
	}
	if got := BudgetFor(1<<40, 72, 254); got != spec.MaxBudget {
		t.Errorf("BudgetFor(2^40 moves) = %v, want the largest budget, %v", got, spec.MaxBudget)
	}
	for _, tt := range tests {
		got := BudgetFor(tt.moves, tt.n, tt.arcs)
		if got != tt.want {
			t.Errorf("BudgetFor(%d, %d, %d) = %v, want %v", tt.moves, tt.n, tt.arcs, got, tt.want)
		}
		if plan := plannedMoves(tt.n, tt.arcs, got); plan < tt.moves || plannedMoves(tt.n, tt.arcs, got-time.Second) >= max(tt.moves, 1) {
			t.Errorf("BudgetFor(%d, %d, %d) = %v plans %d moves: not the shortest that plans enough", tt.moves, tt.n, tt.arcs, got, plan)
		}
	}
}
