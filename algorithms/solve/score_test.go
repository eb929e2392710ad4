package solve_test

import (
	"context"
	"errors"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestScoreBaselines: a given placement is evaluated beside the
// launchers' defaults. On a 4-object line over two nodes of two cores,
// block keeps 0,1 and 2,3 together (one edge crosses: hop-bytes 2),
// cyclic alternates nodes (three cross: 6), and the placement of ranks 0,3 | 1,2
// crosses with two edges (4).
func TestScoreBaselines(t *testing.T) {
	in := instance(t, "grid:4x1", "ring:2:cores=2")
	r, err := solve.Score(context.Background(), in, []int{0, 2, 3, 1}, solve.Notes{Title: "hand"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Metrics.HopBytes != 4 || r.Algorithm.Name != solve.ScoreAlgo || r.Instance.Algo != solve.ScoreAlgo {
		t.Errorf("hop-bytes %v, algo %q/%q; want 4, %q", r.Metrics.HopBytes, r.Algorithm.Name, r.Instance.Algo, solve.ScoreAlgo)
	}
	want := map[string]float64{"block": 2, "cyclic": 6}
	if len(r.Baselines) != len(want) {
		t.Fatalf("baselines %+v, want %v", r.Baselines, want)
	}
	for _, b := range r.Baselines {
		if b.Metrics.HopBytes != want[b.Algo] {
			t.Errorf("%s: hop-bytes %v, want %v", b.Algo, b.Metrics.HopBytes, want[b.Algo])
		}
	}
	// without cores there is no cyclic default
	r, err = solve.Score(context.Background(), instance(t, "grid:4x1", "ring:4"), []int{0, 1, 2, 3}, solve.Notes{})
	if err != nil || len(r.Baselines) != 1 || r.Baselines[0].Algo != "block" {
		t.Errorf("ring:4: %v, %+v; want block alone", err, r.Baselines)
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
