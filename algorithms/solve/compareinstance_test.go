package solve_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCompareInstanceMoves: the compare use case passes the instance's
// moves on to the local searches, as Map does (the compare page relied on
// it before it called the use case), and a comparison cancelled before
// its end still carries the instance's bounds (the page shows them).
func TestCompareInstanceMoves(t *testing.T) {
	g, h := parse(t, "grid:9x8", "mesh:6x12")
	in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Moves: 3}
	want, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	full, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if full.Metrics.HopBytes == want.Metrics.HopBytes {
		t.Fatal("3 moves give the hop-bytes of a full run: the test cannot tell them apart")
	}
	c, err := solve.CompareInstance(context.Background(), in, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Entries {
		if e.Algo == "pairs" && e.Metrics.HopBytes != want.Metrics.HopBytes {
			t.Errorf("pairs in the comparison: hop-bytes %v, want %v (3 moves)", e.Metrics.HopBytes, want.Metrics.HopBytes)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, err = solve.CompareInstance(ctx, in, solve.CompareOptions{})
	bounds, _ := solve.Bounds(g, h)
	if !errors.Is(err, context.Canceled) || c == nil || !reflect.DeepEqual(c.Bounds, bounds) {
		t.Errorf("cancelled: %v, %+v; want context.Canceled with the bounds %v", err, c, bounds)
	}
}
