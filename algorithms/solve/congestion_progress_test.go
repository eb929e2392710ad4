package solve_test

import (
	"context"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCongestionProgressReportsItsObjective: under the congestion
// objective the progress reports carry the sum of the squared link loads
// the search lowers (a job's page showed only hops per byte, which the
// search does not lower and which stood still), the last no less than
// the result's; under hop-bytes they carry none.
func TestCongestionProgressReportsItsObjective(t *testing.T) {
	g := ring32(t)
	h, err := spec.ParseHost("torus:4x4x2")
	if err != nil {
		t.Fatal(err)
	}
	for _, objective := range []string{spec.ObjectiveCongestion, spec.ObjectiveHopBytes} {
		var squares []float64
		in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Moves: 200_000, Objective: objective}
		res, err := solve.Map(context.Background(), in, func(p solve.Progress) {
			if p.SquaredLinkLoads > 0 {
				squares = append(squares, p.SquaredLinkLoads)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if objective == spec.ObjectiveHopBytes {
			if len(squares) > 0 {
				t.Errorf("hop-bytes: progress reports Σ L² %v", squares)
			}
			continue
		}
		if len(squares) == 0 {
			t.Fatal("congestion: no progress report carries Σ L²")
		}
		t.Logf("congestion: %d reports of Σ L², from %v to %v; the result's %v", len(squares), squares[0], squares[len(squares)-1], *res.Metrics.SquaredLinkLoads)
		if last, final := squares[len(squares)-1], *res.Metrics.SquaredLinkLoads; last < final-1e-9 {
			t.Errorf("congestion: last report %v below the result's Σ L² %v", last, final)
		}
	}
}
