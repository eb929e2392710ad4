package solve_test

import (
	"context"
	"math"
	"net/url"
	"slices"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestLaunchersPlaceAsSlurm: the launchers' defaults are algorithms that
// place ranks as srun does. Four ranks on three nodes of two cores:
// --distribution=block gives the nodes 2, 1 and 1 consecutive ranks
// (slots 0,1 | 2 | 4), cyclic deals them out node by node (0,3 | 1 | 2:
// slots 0, 2, 4, 1). A full machine or a host without cores gets rank
// order from block, and without cores from cyclic too.
func TestLaunchersPlaceAsSlurm(t *testing.T) {
	for _, tt := range []struct {
		guest, host, algo string
		want              []int
	}{
		{"grid:4x1", "ring:3:cores=2", "identity", []int{0, 1, 2, 3}},
		{"grid:4x1", "ring:3:cores=2", "block", []int{0, 1, 2, 4}},
		{"grid:4x1", "ring:3:cores=2", "cyclic", []int{0, 2, 4, 1}},
		{"grid:3x2", "ring:3:cores=2", "block", []int{0, 1, 2, 3, 4, 5}},
		{"grid:3x2", "ring:3:cores=2", "cyclic", []int{0, 2, 4, 1, 3, 5}},
		{"grid:5x1", "ring:2:cores=4", "block", []int{0, 1, 2, 4, 5}},
		{"grid:3x1", "ring:5", "block", []int{0, 1, 2}},
		{"grid:3x1", "ring:5", "cyclic", []int{0, 1, 2}},
	} {
		r := solvetest.Map(t, url.Values{"guest": {tt.guest}, "host": {tt.host}, "algo": {tt.algo}}.Encode())
		if !slices.Equal(r.Mapping.Place, tt.want) {
			t.Errorf("%s on %s by %s: slots %v, want %v", tt.guest, tt.host, tt.algo, r.Mapping.Place, tt.want)
		}
	}
}

// TestBaselineChange: a result's baseline is rank order's hop-bytes on
// the same host and the signed change from them. grid:4x4 on ring:16:
// rank order has 120 hop-bytes (each row's 3 edges 1 hop, each column's
// 3 edges 4 hops, both ways: 2·(12·1 + 12·4)), rb 88, 26.7 % fewer.
func TestBaselineChange(t *testing.T) {
	for _, tt := range []struct {
		algo string
		hb   float64
		text string
	}{
		{"rb", 88, "−26.7 % hop-bytes vs rank order (identity: 120)"},
		{"identity", 120, "0.0 % hop-bytes vs rank order (identity: 120)"},
		{"greedy", 114, "−5.0 % hop-bytes vs rank order (identity: 120)"},
	} {
		r := solvetest.Map(t, url.Values{"guest": {"grid:4x4"}, "host": {"ring:16"}, "algo": {tt.algo}}.Encode())
		b := r.Baseline
		if b == nil || b.HopBytes != 120 || b.HopsPerByte == nil || *b.HopsPerByte != 2.5 || r.Metrics.HopBytes != tt.hb ||
			math.Abs(*b.Change-(tt.hb-120)/120) > 1e-12 || b.Text() != tt.text {
			t.Errorf("%s: %v hop-bytes, baseline %+v %q; want %v against 120 (2.5 per byte), %q", tt.algo, r.Metrics.HopBytes, b, b.Text(), tt.hb, tt.text)
		}
	}
}

// TestEveryAnswerHasItsBaseline: a mapping (its JSON report too), each
// entry of a comparison and a scored placement all carry rank order's
// figures, on an allocation rank order on its slots.
func TestEveryAnswerHasItsBaseline(t *testing.T) {
	q := url.Values{"guest": {"grid:4x2"}, "host": {"torus:4x4:cores=2"}, "algo": {"rb"}, "nodes": {"4-7"}}
	r := solvetest.Map(t, q.Encode())
	rank := solvetest.Map(t, url.Values{"guest": {"grid:4x2"}, "host": {"torus:4x4:cores=2"}, "algo": {"identity"}, "nodes": {"4-7"}}.Encode())
	if b := r.Report().Baseline; b == nil || b.HopBytes != rank.Metrics.HopBytes {
		t.Errorf("map on nodes 4-7: baseline %+v, want rank order's %v hop-bytes on them", b, rank.Metrics.HopBytes)
	}
	in, err := spec.ParseQuery(url.Values{"guest": {"grid:4x4"}, "host": {"ring:16"}, "algo": {"rb"}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := solve.CompareInstance(context.Background(), in, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Entries {
		if e.Baseline == nil || e.Baseline.HopBytes != 120 {
			t.Errorf("compare entry %s: baseline %+v, want rank order's 120 hop-bytes", e.Algo, e.Baseline)
		}
	}
	place := []int{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	s, err := solve.Score(context.Background(), in, place, solve.Notes{})
	if err != nil || s.Baseline == nil || s.Baseline.HopBytes != 120 || *s.Baseline.Change != 0 {
		t.Errorf("score of rank order reversed: %v, baseline %+v; want 120 hop-bytes and no change", err, s.Baseline)
	}
}
