package solve_test

import (
	"context"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// ring32 returns the guest of testdata/ring32.csv: 32 objects, a ring
// and 32 random chords (mean degree 4), a graph no shaped heuristic maps
// (PAIRS starts from the graph mappers) on which PAIRS without a budget
// runs to its move cap (4.2M moves).
func ring32(t testing.TB) spec.Guest {
	t.Helper()
	f, err := os.Open("testdata/ring32.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := graphfile.Read(f, graphfile.Options{Name: f.Name()})
	if err != nil {
		t.Fatal(err)
	}
	return guest.SpecOf(r.Graph)
}

// mapCPU maps in and returns the result with the CPU time it took.
func mapCPU(t *testing.T, in spec.Instance) (*solve.Result, time.Duration) {
	t.Helper()
	before := cpuclock.Used()
	res, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, cpuclock.Since(before)
}

// TestBudgetBoundsWork: a budget of B makes a PAIRS run spend about B of
// CPU time, under either objective. A 32-object graph onto torus:4x4x2
// given 20 ms made 4.2M moves (its stopping rule's, which the budget only
// raised), 2.4 CPU seconds under congestion (whose moves route their
// arcs: five times a hop-bytes move); then, planned at a million moves a
// second, 200 ms took 0.02-0.03 s, so that a short budget searched less
// than none. The moves made stay within those the budget plans at the
// cost of a move (pairs.MoveCost, routes no shorter than the lower
// bound's hops per byte), and the CPU time beyond the starts' (a run of
// one move) between a third of the budget and twice it: a loaded machine
// only makes a move cost more CPU time, never less. And the same budget
// costs about as much on every host whose search anneals in cycles:
// within 1.5 times torus:2x2x256's (the plan once ignored the axes beyond
// the third: hypercube:10 took 1.9 times as long as torus:4x4x2,
// torus:4x4x2x2x2 1.4 times). This flat guest anneals focused on
// torus:4x4x2 (pairs.Options.Focused), whose cheaper moves are planned at
// their own cost (pairs.FocusedMoveCost), so that host is not compared
// (an axis of 256 leaves torus:2x2x256 to the cycles). Under congestion
// on a fat tree, routes planned at 300 ns a call and 60 a hop made 200 ms
// spend about a quarter of it.
func TestBudgetBoundsWork(t *testing.T) {
	g := ring32(t)
	var torus time.Duration // 200 ms of hop-bytes moves on torus:2x2x256
	for _, tt := range []struct {
		objective string
		budget    time.Duration
		host      string
	}{
		{spec.ObjectiveCongestion, 20 * time.Millisecond, "torus:4x4x2"},
		{spec.ObjectiveHopBytes, 20 * time.Millisecond, "torus:4x4x2"},
		{spec.ObjectiveCongestion, 200 * time.Millisecond, "torus:4x4x2"},
		{spec.ObjectiveHopBytes, 200 * time.Millisecond, "torus:4x4x2"},
		{spec.ObjectiveHopBytes, 200 * time.Millisecond, "torus:2x2x256"},
		{spec.ObjectiveHopBytes, 200 * time.Millisecond, "hypercube:10"},
		{spec.ObjectiveHopBytes, 200 * time.Millisecond, "torus:4x4x2x2x2"},
		{spec.ObjectiveCongestion, 200 * time.Millisecond, "fattree:4,3"},
	} {
		h, err := spec.ParseHost(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Budget: tt.budget, Objective: tt.objective}
		_, setup := mapCPU(t, spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Moves: 1, Objective: tt.objective})
		res, took := mapCPU(t, in)
		n, arcs := g.Order(), res.Metrics.Arcs
		cost := pairs.MoveCost(n, arcs, h, pairs.HopBytes, 0)
		if _, _, focused := solve.PairsAnnealingOf(g.Graph, h); focused && tt.objective == spec.ObjectiveHopBytes && pairs.Focusable(h, pairs.HopBytes) {
			cost = pairs.FocusedMoveCost(n)
		}
		if tt.objective == spec.ObjectiveCongestion {
			cost += pairs.MoveCost(n, arcs, h, pairs.Congestion, res.Metrics.LowerBound)
		}
		plan := int64(tt.budget.Seconds() * solve.MovesPerSecond / cost)
		t.Logf("%s on %s, budget %v: %d moves (at most %d planned), %v of CPU time (starts: %v)", tt.objective, tt.host, tt.budget, res.Pairs.Moves, plan, took, setup)
		if res.Pairs.Moves > plan+checkEvery {
			t.Errorf("%s, budget %v: %d moves, more than the %d the budget plans at %.2f units a move", tt.objective, tt.budget, res.Pairs.Moves, plan, cost)
		}
		if limit := 2*tt.budget + 2*setup + 10*time.Millisecond; took > limit && !raceEnabled {
			t.Errorf("%s on %s, budget %v: %v of CPU time (%d moves), over %v (starts: %v)", tt.objective, tt.host, tt.budget, took, res.Pairs.Moves, limit, setup)
		}
		if least := tt.budget / 3; tt.budget >= 200*time.Millisecond && took-setup < least {
			t.Errorf("%s, budget %v: %v of CPU time beyond the starts' %v (%d moves), under a third of the budget: the plan undercounts what a second buys", tt.objective, tt.budget, took-setup, setup, res.Pairs.Moves)
		}
		if tt.objective != spec.ObjectiveHopBytes || tt.budget < 200*time.Millisecond || tt.host == "torus:4x4x2" {
			continue
		}
		if torus == 0 {
			torus = took - setup
		} else if took-setup > torus*3/2 && !raceEnabled {
			t.Errorf("%s on %s: %v of CPU time beyond the starts', over 1.5 times the %v the same budget took on torus:2x2x256", tt.objective, tt.host, took-setup, torus)
		}
	}
}

// checkEvery bounds the moves a search makes past its cap: it checks the
// cap every 1,024 attempts.
const checkEvery = 1024

// TestBudgetReproducible: the same seed and budget give the same
// placement and moves, under either objective and on one core or two.
func TestBudgetReproducible(t *testing.T) {
	g := ring32(t)
	h, err := spec.ParseHost("torus:4x4x2")
	if err != nil {
		t.Fatal(err)
	}
	for _, objective := range []string{spec.ObjectiveCongestion, spec.ObjectiveHopBytes} {
		in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 3, Budget: 50 * time.Millisecond, Objective: objective}
		first, _ := mapCPU(t, in)
		procs := runtime.GOMAXPROCS(1)
		again, _ := mapCPU(t, in)
		runtime.GOMAXPROCS(procs)
		if !slices.Equal(again.Mapping.Place, first.Mapping.Place) || !reflect.DeepEqual(again.Pairs, first.Pairs) {
			t.Errorf("%s: two runs differ: %+v, %+v", objective, first.Pairs, again.Pairs)
		}
	}
}
