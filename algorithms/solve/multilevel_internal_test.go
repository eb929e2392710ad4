package solve

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/spec"
)

// problemOf builds the problem of a PAIRS instance.
func problemOf(t *testing.T, g, h string, edit func(*spec.Instance)) *Problem {
	t.Helper()
	gs, err := spec.ParseGuest(g)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := spec.ParseHost(h)
	if err != nil {
		t.Fatal(err)
	}
	in := spec.Instance{Guest: gs, Host: hs, Algo: "pairs", Seed: 1}
	if edit != nil {
		edit(&in)
	}
	gg, err := gs.Build()
	if err != nil {
		t.Fatal(err)
	}
	return &Problem{Instance: in, Guest: gg, Host: hs}
}

// TestCoarseLevel: which instances get a coarse level, and what it is.
func TestCoarseLevel(t *testing.T) {
	congestion := func(in *spec.Instance) { in.Objective = spec.ObjectiveCongestion }
	step := func(in *spec.Instance) { in.Start = "step" }
	tests := []struct {
		guest, host string
		edit        func(*spec.Instance)
		want        string // "guest on host" of the coarse level, "" for none
	}{
		{"grid:320x200", "mesh:250x256", nil, "grid:160x100 on mesh:125x128"},
		{"grid:128x128:wrap", "torus:64x256", nil, "grid:64x64:wrap on torus:32x128"},
		{"grid:40x40x40", "torus:50x40x32", nil, "grid:20x20x20 on torus:25x20x16"},
		{"grid:96x50", "mesh:75x64", nil, ""},      // 1,200 coarse objects: too few
		{"grid:255x256", "mesh:255x256", nil, ""},  // an odd side
		{"grid:320x200", "mesh:250x256", step, ""}, // the caller's start
		{"grid:320x200", "mesh:250x256", congestion, ""},
		{"grid:128x128", "mesh:130x128", nil, ""}, // a larger host
		{"grid:256x128", "mesh:128x64:cores=4", nil, ""},
		{"grid:1024x1024", "torus:512x2048", nil, ""}, // above maxFine
		{"grid:256x256", "hypercube:16", nil, ""},
		{"grid:256x256", "mesh:64x32x32", nil, ""}, // ranks differ
	}
	for _, tt := range tests {
		p := problemOf(t, tt.guest, tt.host, tt.edit)
		q, ok := coarseLevel(p)
		got := ""
		if ok {
			got = q.Instance.Guest.String() + " on " + q.Host.String()
			if q.share != coarseShare || q.Guest.Order()<<len(q.Instance.Guest.Dims) != p.Guest.Order() {
				t.Errorf("%s on %s: share %v, %d coarse objects", tt.guest, tt.host, q.share, q.Guest.Order())
			}
		}
		if got != tt.want {
			t.Errorf("%s on %s: coarse level %q, want %q", tt.guest, tt.host, got, tt.want)
		}
	}
	// one level: a coarse level has none of its own, though it halves
	q, _ := coarseLevel(problemOf(t, "grid:256x256", "mesh:128x512", nil))
	if _, ok := coarseLevel(q); ok {
		t.Error("the coarse level of 256x256 onto 128x512 has a level of its own")
	}
}

// TestCoarseLevelStartsFromShapes: a coarse level starts from the shaped
// heuristics only, the grid it halves from rb and rank order too.
func TestCoarseLevelStartsFromShapes(t *testing.T) {
	p := problemOf(t, "grid:32x32x32", "mesh:64x32x16", nil)
	q, ok := coarseLevel(p)
	if !ok {
		t.Fatal("no coarse level")
	}
	names := func(p *Problem) []string {
		algos, _, err := startAlgos(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		return algoNames(algos)
	}
	fine, coarse := names(p), names(q)
	if !slices.Contains(fine, "rb") || !slices.Contains(fine, "identity") {
		t.Errorf("the grid starts from %v: no rb or identity", fine)
	}
	for _, n := range coarse {
		if slices.Contains(graphMappers, n) {
			t.Errorf("its coarse level starts from %s (starts %v)", n, coarse)
		}
	}
	if !slices.Contains(coarse, "bisect") {
		t.Errorf("its coarse level starts from %v: no bisect", coarse)
	}
}

// TestMultilevelSearch: PAIRS on 160x120 objects (19,200) onto a 150x128
// mesh searches 80x60 onto 75x64 first: its progress reports that level
// (Level 1, the first half of the fraction), then the guest's; the
// refined placement is one of the starts; and the moves reported, the
// coarse level's and the guest's together, repeat the run.
func TestMultilevelSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches of 19,200 objects")
	}
	in := problemOf(t, "grid:160x120", "mesh:150x128", nil).Instance
	var reports []Progress
	res, err := Map(context.Background(), in, func(p Progress) { reports = append(reports, p) })
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.Pairs.Starts, "multilevel") {
		t.Fatalf("starts %v, want the multilevel start among them", res.Pairs.Starts)
	}
	coarse, fine := 0, 0
	for i, p := range reports {
		switch {
		case p.Start != "" && p.Fraction == 0: // a start, before its search
		case p.Level == 1 && p.Fraction <= 0.5:
			coarse++
		case p.Level == 0 && p.Fraction >= 0.5:
			fine++
		default:
			t.Fatalf("report %d: level %d at fraction %v", i, p.Level, p.Fraction)
		}
		if i > 0 && (p.Fraction < reports[i-1].Fraction || p.Evaluated < reports[i-1].Evaluated) {
			t.Fatalf("report %d goes back: %+v after %+v", i, p, reports[i-1])
		}
	}
	if last := reports[len(reports)-1]; coarse == 0 || fine == 0 || last.Fraction != 1 || last.Evaluated != res.Pairs.Moves {
		t.Fatalf("%d coarse and %d fine reports, last %+v, %d moves", coarse, fine, last, res.Pairs.Moves)
	}
	in.Moves = res.Pairs.Moves
	again, err := Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again.Mapping.Place, res.Mapping.Place) || again.Pairs.Moves != res.Pairs.Moves {
		t.Fatalf("repeat with %d moves: %d moves, another placement: %v", in.Moves, again.Pairs.Moves, !slices.Equal(again.Mapping.Place, res.Mapping.Place))
	}
}

// TestLevelText: what a progress report's level reads as.
func TestLevelText(t *testing.T) {
	for level, want := range []string{"", " on the grid halved"} {
		if got := LevelText(level); got != want {
			t.Errorf("LevelText(%d) = %q, want %q", level, got, want)
		}
	}
}

// TestMultilevelCancelled: a search cancelled during its coarse level
// still returns a placement of the guest (the best of its starts, the
// coarse level's best so far refined among them) with the context's
// error, as a cancelled PAIRS job keeps its best placement.
func TestMultilevelCancelled(t *testing.T) {
	in := problemOf(t, "grid:160x120", "mesh:150x128", nil).Instance
	in.Budget = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Map(ctx, in, func(p Progress) {
		if p.Level == 1 && p.Evaluated > 0 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || res == nil || !res.Partial || res.Mapping.Validate() != nil {
		t.Fatalf("cancelled in the coarse level: %v, result %+v", err, res)
	}
	if !slices.Contains(res.Pairs.Starts, "multilevel") {
		t.Errorf("starts %v: the coarse level's best so far is not among them", res.Pairs.Starts)
	}
}
