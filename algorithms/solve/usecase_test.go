package solve_test

import (
	"context"
	"reflect"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestSchedule: the schedule use case gives the figures of `topomap
// schedule` (byweight on line:8: T = 3·T_a + 9·t_c), and a guest that is
// not a d-cube is an error about the guest.
func TestSchedule(t *testing.T) {
	g, h := parse(t, "hypercube:3", "line:8")
	r, s, err := solve.Schedule(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "byweight", Ta: 1, Tc: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sum := s.Summary(); sum.Total != 12 || sum.Communication != 9 || s.Algo != "byweight" || r.Algorithm.Name != "byweight" {
		t.Errorf("total %v, communication %v, algo %q", sum.Total, sum.Communication, s.Algo)
	}
	g, h = parse(t, "grid:4x2", "line:8")
	if _, _, err := solve.Schedule(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "rowmajor"}); spec.FieldOf(err) != "guest" {
		t.Errorf("grid guest: %v (field %q), want an error about the guest", err, spec.FieldOf(err))
	}
}

// TestCompareInstance: the compare use case is Compare with the
// instance's parameters plus Bounds.
func TestCompareInstance(t *testing.T) {
	g, h := parse(t, "grid:6x5", "mesh:10x3")
	in := spec.Instance{Guest: g, Host: h, Seed: 3}
	var done int
	c, err := solve.CompareInstance(context.Background(), in, solve.CompareOptions{Done: func(solve.Entry, int, int) { done++ }})
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := solve.Compare(context.Background(), in, solve.CompareOptions{})
	if done != len(entries) {
		t.Errorf("Done called %d times for %d entries", done, len(entries))
	}
	bounds, _ := solve.Bounds(g, h)
	if len(c.Entries) != len(entries) || !reflect.DeepEqual(c.Bounds, bounds) {
		t.Fatalf("%d entries, bounds %v; want %d, %v", len(c.Entries), c.Bounds, len(entries), bounds)
	}
	for i, e := range c.Entries {
		if e.Algo != entries[i].Algo || !reflect.DeepEqual(e.Metrics, entries[i].Metrics) {
			t.Errorf("entry %d: %+v, want %+v", i, e, entries[i])
		}
	}
}
