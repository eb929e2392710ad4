package solve_test

import (
	"context"
	"net/url"
	"slices"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestGraphMappers: rb and greedy map any guest onto hosts at least as
// large (the others' nodes stay empty), and rb is the first algorithm that
// applies where no heuristic made for the guest's shape does: the default
// the pages suggest.
func TestGraphMappers(t *testing.T) {
	for _, tt := range []struct{ guest, host, first string }{
		{"hypercube:4", "mesh:4x5", "rb"},
		{"grid:9x8", "torus:10x10", "step"},
		{"grid:4x4x4:wrap", "hypercube:7", "rb"},
		{"hypercube:3", "ring:8", "standard"},
	} {
		g, h := parse(t, tt.guest, tt.host)
		var names []string
		for _, a := range solve.Applicable(g, h) {
			names = append(names, a.Name)
		}
		if !slices.Contains(names, "rb") || !slices.Contains(names, "greedy") {
			t.Errorf("%s on %s: applicable %v, want rb and greedy among them", tt.guest, tt.host, names)
		}
		if names[0] != tt.first {
			t.Errorf("%s on %s: first applicable %s, want %s", tt.guest, tt.host, names[0], tt.first)
		}
		for _, algo := range []string{"rb", "greedy"} {
			r := solvetest.Map(t, url.Values{"guest": {tt.guest}, "host": {tt.host}, "algo": {algo}}.Encode())
			if err := r.Mapping.Validate(); err != nil || r.Metrics.HopsPerByte < r.Metrics.LowerBound {
				t.Errorf("%s on %s by %s: %v, %v hops per byte below the bound %v", tt.guest, tt.host, algo, err, r.Metrics.HopsPerByte, r.Metrics.LowerBound)
			}
		}
	}
}

// TestPairsStartsOnShapes: on a grid PAIRS starts from the grid
// heuristics, rank order and rb, not from greedy.
func TestPairsStartsOnShapes(t *testing.T) {
	r := solvetest.Map(t, url.Values{"guest": {"grid:6x5"}, "host": {"mesh:10x3"}, "algo": {"pairs"}, "moves": {"2000"}}.Encode())
	if !slices.Contains(r.Pairs.Starts, "rb") || !slices.Contains(r.Pairs.Starts, "identity") ||
		slices.Contains(r.Pairs.Starts, "greedy") || !slices.Contains(r.Pairs.Starts, "rowmajor") {
		t.Errorf("starts %v, want rowmajor, rb and identity among them, not greedy", r.Pairs.Starts)
	}
}

// TestPairsStartsFromMultisection: on hosts of nested groups PAIRS
// starts from multisection too, and so never ends above it; multisection
// applies there (not on a mesh) and its placement is valid, not below
// the bound.
func TestPairsStartsFromMultisection(t *testing.T) {
	for _, tt := range []struct{ guest, host string }{
		{"grid:8x8", "fattree:4,3"},
		{"grid:8x8", "fattree:2,4:cores=4"},
		{"hypercube:6", "dragonfly:4,2,1,4:cores=2"},
	} {
		q := url.Values{"guest": {tt.guest}, "host": {tt.host}}
		q.Set("algo", "multisection")
		ms := solvetest.Map(t, q.Encode())
		if err := ms.Mapping.Validate(); err != nil || ms.Metrics.HopsPerByte < ms.Metrics.LowerBound {
			t.Errorf("%s on %s by multisection: %v, %v hops per byte, bound %v", tt.guest, tt.host, err, ms.Metrics.HopsPerByte, ms.Metrics.LowerBound)
		}
		q.Set("algo", "pairs")
		q.Set("moves", "20000")
		p := solvetest.Map(t, q.Encode())
		if !slices.Contains(p.Pairs.Starts, "multisection") || p.Metrics.HopsPerByte > ms.Metrics.HopsPerByte {
			t.Errorf("%s on %s: pairs from %v gives %v hops per byte, multisection %v", tt.guest, tt.host, p.Pairs.Starts, p.Metrics.HopsPerByte, ms.Metrics.HopsPerByte)
		}
		t.Logf("%s on %s: multisection %.4f, pairs %.4f", tt.guest, tt.host, ms.Metrics.HopsPerByte, p.Metrics.HopsPerByte)
	}
	g, h := parse(t, "grid:8x8", "mesh:8x8")
	for _, a := range solve.Applicable(g, h) {
		if a.Name == "multisection" {
			t.Errorf("multisection applies to %s", h)
		}
	}
}

// TestGraphMappersReportTheirShareDone: rb, multisection and greedy,
// which count no moves, report the share of their work done and the time,
// so that a job of a million vertices shows how far it is.
func TestGraphMappersReportTheirShareDone(t *testing.T) {
	for _, tt := range []struct{ guest, host, algo string }{
		{"grid:32x32", "torus:16x8x8", "rb"},
		{"grid:32x32", "fattree:8,3:cores=2", "multisection"},
		{"grid:64x64", "torus:16x16x16", "greedy"},
	} {
		in, err := spec.ParseQuery(url.Values{"guest": {tt.guest}, "host": {tt.host}, "algo": {tt.algo}})
		if err != nil {
			t.Fatal(err)
		}
		var got []solve.Progress
		if _, err := solve.Map(context.Background(), in, func(p solve.Progress) { got = append(got, p) }); err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 || got[len(got)-1].Fraction != 1 {
			t.Fatalf("%s on %s by %s: %d reports, want them to end at 1", tt.guest, tt.host, tt.algo, len(got))
		}
		for i, p := range got {
			if p.Fraction <= 0 || i > 0 && (p.Fraction < got[i-1].Fraction || p.Elapsed < got[i-1].Elapsed) {
				t.Fatalf("%s on %s by %s: report %d %+v after %+v", tt.guest, tt.host, tt.algo, i, p, got[max(0, i-1)])
			}
		}
	}
}

// TestPairsReportsTheStartItComputes: before its search, PAIRS reports
// each start it computes, with the share done of those that count it
// (rb), and the budget's fraction still 0; at a million vertices its
// starts take some 50 s, during which a job showed only its time.
func TestPairsReportsTheStartItComputes(t *testing.T) {
	in, err := spec.ParseQuery(url.Values{"guest": {"grid:32x32"}, "host": {"torus:16x8x8"}, "algo": {"pairs"}, "moves": {"20000"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []solve.Progress
	if _, err := solve.Map(context.Background(), in, func(p solve.Progress) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	starts, rbShare, searching := map[string]bool{}, 0.0, false
	for i, p := range got {
		searching = searching || p.Evaluated > 0
		switch {
		case p.Start != "" && (searching || p.Fraction != 0):
			t.Fatalf("report %d %+v: a start after the search began, or with the budget's fraction", i, p)
		case p.Start == "rb":
			rbShare = max(rbShare, p.StartDone)
		}
		starts[p.Start] = true
	}
	if !starts["rb"] || !starts["fold"] || rbShare != 1 || !searching {
		t.Errorf("starts reported %v, rb's share up to %v, search reported %v; want rb and fold, rb's to 1, and the search", starts, rbShare, searching)
	}
}
