package solve_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestMapPartial: cancelling an anytime run returns the best placement so
// far, marked partial, with the context's error; it is a valid placement
// no worse than the start it improved.
func TestMapPartial(t *testing.T) {
	g, h := parse(t, "grid:64x64", "mesh:128x32")
	in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Start: "rowmajor", Budget: time.Minute, Seed: 1}
	ctx, cancel := context.WithCancel(context.Background())
	moves := 0
	res, err := solve.Map(ctx, in, func(p solve.Progress) {
		if moves++; moves == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if res == nil || !res.Partial {
		t.Fatalf("result %+v, want a partial one", res)
	}
	if err := res.Mapping.Validate(); err != nil {
		t.Fatal(err)
	}
	start := mustMap(t, "rowmajor", "grid:64x64", "mesh:128x32")
	if res.Metrics.HopsPerByte > start.Metrics.HopsPerByte {
		t.Errorf("partial %.4f hops/byte, worse than its start's %.4f", res.Metrics.HopsPerByte, start.Metrics.HopsPerByte)
	}
	// A heuristic that is cancelled before it starts has nothing to keep.
	done, stop := context.WithCancel(context.Background())
	stop()
	if res, err := solve.Map(done, spec.Instance{Guest: g, Host: h, Algo: "rowmajor"}, nil); err == nil || res != nil {
		t.Errorf("cancelled rowmajor: %v, %v", res, err)
	}
}
