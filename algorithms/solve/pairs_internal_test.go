package solve

import (
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology/topotest"
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

// denseFlat returns a 32x32 grid whose vertices also join those two steps
// away along an axis and one step away diagonally (degree 12 inside, as
// 4elt's quotients), volumes 1 to 3: a weighted graph that grows as in 2-D.
func denseFlat(t *testing.T) *guest.Graph {
	t.Helper()
	var arcs []guest.Arc
	for v := range 32 * 32 {
		x, y := v%32, v/32
		for _, d := range [][2]int{{1, 0}, {2, 0}, {0, 1}, {0, 2}, {1, 1}, {1, -1}} {
			if u, w := x+d[0], y+d[1]; u < 32 && w >= 0 && w < 32 {
				vol := float64(1 + (v+u)%3)
				arcs = append(arcs, guest.Arc{From: v, To: u + 32*w, Volume: vol}, guest.Arc{From: u + 32*w, To: v, Volume: vol})
			}
		}
	}
	g, _, err := guest.FromArcs(32*32, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}

// TestFocusedRunsArePlannedAtTheirCost: a budget of PAIRS on a run that
// anneals focused plans its moves at pairs.FocusedMoveCost, whatever the
// guest's degree, so that it takes about the budget (it took a third of
// it on a guest of degree 12: 20 s, 7 CPU-s); where the plan is below
// pairs.FocusedLeast moves per object PAIRS anneals in cycles, planned at
// their cost, as pairs-uniform is.
func TestFocusedRunsArePlannedAtTheirCost(t *testing.T) {
	g := denseFlat(t)
	h := topotest.MustParse(t, "torus:8x8x16")
	problem := func(algo string, budget time.Duration) *Problem {
		return &Problem{Instance: spec.Instance{Guest: guest.SpecOf(g), Host: h, Algo: algo, Budget: budget}, Guest: g, Host: h}
	}
	cycle := moveCost(problem("pairs", 0).Instance, g.Order(), g.Arcs(), 0)
	if _, _, focused := PairsAnnealingOf(g, h); !focused || cycle < 2.5 {
		t.Fatalf("the test graph: focused %v, a cycle's move %.2f units; want focused and dense", focused, cycle)
	}
	least := pairs.FocusedLeast * int64(g.Order())
	for _, tt := range []struct {
		algo   string
		budget time.Duration
		want   int64
	}{
		{"pairs", time.Second, movesFor(time.Second, pairs.FocusedMoveCost(g.Order()))},
		{"pairs", 20 * time.Second, movesFor(20*time.Second, pairs.FocusedMoveCost(g.Order()))},
		{"pairs", 100 * time.Millisecond, movesFor(100*time.Millisecond, cycle)}, // below least: cycles
		{"pairs-uniform", time.Second, movesFor(time.Second, cycle)},
	} {
		p := problem(tt.algo, tt.budget)
		if got := plannedMoves(p, nil); got != tt.want {
			t.Errorf("%s with %v: plans %d moves, want %d", tt.algo, tt.budget, got, tt.want)
		}
		if back := BudgetFor(tt.want, p.Instance, g.Arcs(), 0); tt.want >= least && back > tt.budget {
			t.Errorf("%s: BudgetFor(%d moves) = %v, want at most %v", tt.algo, tt.want, back, tt.budget)
		}
	}
}
