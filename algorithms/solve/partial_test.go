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
// far, marked partial, with the context's error and all its metrics; it
// is a valid placement no worse than the start it improved.
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
	// kept, it has every figure: its link loads counted after the cancel
	// (its drawing counts them; a bound of 0 painted every link hot)
	if m := res.Metrics; m.NoLinkLoads != "" || m.MaxLinkLoad == nil || m.LinkLoadBound == nil || *m.LinkLoadBound <= 0 {
		t.Errorf("partial result without link figures: %q, max %v, bound %v", m.NoLinkLoads, m.MaxLinkLoad, m.LinkLoadBound)
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

// TestComparePartial: a comparison cancelled during a local search ends
// with that search's entry, marked partial, with its best metrics, and
// the context's error; the moves of CompareOptions reach the searches
// (their entries repeat a run of solve.Map with those moves).
func TestComparePartial(t *testing.T) {
	g, h := parse(t, "grid:64x64", "mesh:128x32")
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	entries, err := solve.Compare(ctx, spec.Instance{Guest: g, Host: h, Seed: 1, Budget: time.Minute}, solve.CompareOptions{Progress: func(algo string, p solve.Progress) {
		if calls++; algo == "pairs" && p.Start == "" && calls > 2 { // in the search, not its starts
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	last := entries[len(entries)-1]
	if last.Algo != "pairs" || !last.Partial || last.Metrics == nil || last.Error != "" {
		t.Fatalf("last entry %+v, want pairs, partial, with metrics", last)
	}
	for _, e := range entries[:len(entries)-1] {
		if e.Partial {
			t.Errorf("entry %s marked partial", e.Algo)
		}
	}

	g, h = parse(t, "grid:27x44", "mesh:36x33")
	entries, err = solve.Compare(context.Background(), spec.Instance{Guest: g, Host: h, Seed: 3, Moves: 2000}, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pairs := func(moves int64) float64 {
		r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 3, Moves: moves}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r.Metrics.HopBytes
	}
	capped, free := pairs(2000), pairs(0)
	if capped == free {
		t.Fatalf("2000 moves and no cap give the same %v hop-bytes: the instance does not tell them apart", capped)
	}
	for _, e := range entries {
		if e.Algo == "pairs" && e.Metrics.HopBytes != capped {
			t.Errorf("compare's pairs %v hop-bytes, Map with 2000 moves %v", e.Metrics.HopBytes, capped)
		}
	}
}
