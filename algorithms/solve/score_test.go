package solve_test

import (
	"context"
	"errors"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestScoreBaselines: a given placement is evaluated beside the
// launchers' defaults that differ, and compared with rank order. A
// 4-object line on three nodes of two cores (all one hop apart): rank
// order puts ranks 0,1 | 2,3 on nodes 0 and 1 (one edge crosses, both
// ways: hop-bytes 2), block 0,1 | 2 | 3 (two cross: 4), cyclic 0,3 | 1 |
// 2 (three: 6); the placement given is cyclic's, 200 % more than rank
// order. Without cores block and cyclic are rank order, listed once.
func TestScoreBaselines(t *testing.T) {
	in := instance(t, "grid:4x1", "ring:3:cores=2")
	r, err := solve.Score(context.Background(), in, []int{0, 2, 4, 1}, solve.Notes{Title: "hand"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Metrics.HopBytes != 6 || r.Algorithm.Name != solve.ScoreAlgo || r.Instance.Algo != solve.ScoreAlgo {
		t.Errorf("hop-bytes %v, algo %q/%q; want 6, %q", r.Metrics.HopBytes, r.Algorithm.Name, r.Instance.Algo, solve.ScoreAlgo)
	}
	if b := r.Baseline; b == nil || b.Algo != "identity" || b.HopBytes != 2 || b.Change == nil || *b.Change != 2 {
		t.Errorf("baseline %+v, want identity's 2 hop-bytes, change 2", b)
	}
	want := map[string]float64{"identity": 2, "block": 4, "cyclic": 6}
	if len(r.Baselines) != len(want) {
		t.Fatalf("baselines %+v, want %v", r.Baselines, want)
	}
	for _, b := range r.Baselines {
		if b.Metrics.HopBytes != want[b.Algo] {
			t.Errorf("%s: hop-bytes %v, want %v", b.Algo, b.Metrics.HopBytes, want[b.Algo])
		}
	}
	r, err = solve.Score(context.Background(), instance(t, "grid:4x1", "ring:4"), []int{0, 1, 2, 3}, solve.Notes{})
	if err != nil || len(r.Baselines) != 1 || r.Baselines[0].Algo != "identity" {
		t.Errorf("ring:4: %v, %+v; want identity alone", err, r.Baselines)
	}
}

// TestScoreRefusesInvalid: a placement with a slot twice is a field error
// on "placement".
func TestScoreRefusesInvalid(t *testing.T) {
	_, err := solve.Score(context.Background(), instance(t, "grid:4x1", "ring:4"), []int{0, 1, 1, 3}, solve.Notes{})
	var fe *spec.FieldError
	if !errors.As(err, &fe) || fe.Field != "placement" {
		t.Fatalf("error %v, want a placement field error", err)
	}
}

// TestScoreBoundsOnAnAllocation: a placement on the allocated nodes 0
// and 32 of ring:64 gets the bounds of those nodes, as /map's results do
// (no placement there has fewer than 32 hops per byte), and says that
// all but the 62 empty nodes outside the allocation are used; one with a
// rank off the allocation keeps the whole ring's bound of 1 hop.
func TestScoreBoundsOnAnAllocation(t *testing.T) {
	in := instance(t, "hypercube:1", "ring:64")
	in.Nodes = "0,32"
	for _, c := range []struct {
		place         []int
		bound         float64
		outside, free int
	}{
		{[]int{32, 0}, 32, 62, 62},
		{[]int{0, 1}, 1, 0, 62},
	} {
		r, err := solve.Score(context.Background(), in, c.place, solve.Notes{})
		if err != nil {
			t.Fatal(err)
		}
		m := r.Metrics
		if m.LowerBound != c.bound || m.OutsideAllocation != c.outside || m.EmptyNodes != c.free {
			t.Errorf("placement %v: lower bound %v, empty %d of which outside %d; want %v, %d, %d",
				c.place, m.LowerBound, m.EmptyNodes, m.OutsideAllocation, c.bound, c.free, c.outside)
		}
	}
}

func instance(t *testing.T, g, h string) spec.Instance {
	t.Helper()
	var in spec.Instance
	var err error
	if in.Guest, err = spec.ParseGuest(g); err != nil {
		t.Fatal(err)
	}
	if in.Host, err = spec.ParseHost(h); err != nil {
		t.Fatal(err)
	}
	return in
}
