package solve_test

import (
	"context"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestGroupMappersOnNodesWithAnInside: on hosts whose nodes have an
// inside (:node=…:dist=…), a hierarchy of nested groups, the inside's
// levels then the network's, bricks and multisection apply (they were
// not offered), and they and rb give valid placements no worse than rank
// order. On fattree:2,2:node=2x2x4:dist=1,2,3, grid:8x8, all three reach
// 2.1429 hops per byte against rank order's 2.2143.
func TestGroupMappersOnNodesWithAnInside(t *testing.T) {
	for _, tt := range []struct{ guest, host string }{
		{"grid:8x8", "fattree:2,2:node=2x2x4:dist=1,2,3"},
		{"grid:4x4", "fattree:2,2:node=2x2:dist=1,2"},
		{"grid:16x16", "fattree:4,3:node=2x2:dist=1,2"},
		{"grid:8x8x8", "fattree:8,2:node=2x4:dist=1,2"},
		{"grid:8x6", "dragonfly:2,2,1,3:node=2x2:dist=1,2"},
		{"grid:8x8x8", "fattree:8,2:node=2x4:dist=1,5"}, // cores further apart than nodes
	} {
		g, h := parse(t, tt.guest, tt.host)
		offered := map[string]bool{}
		for _, a := range solve.Applicable(g, h) {
			offered[a.Name] = true
		}
		rank := mapWith(t, g, h, "identity")
		for _, algo := range []string{"bricks", "multisection", "rb"} {
			if !offered[algo] {
				t.Errorf("%s on %s: %s not offered", tt.guest, tt.host, algo)
				continue
			}
			r := mapWith(t, g, h, algo)
			checkPlacement(t, r, h.Size())
			if r.Metrics.HopBytes > rank.Metrics.HopBytes {
				t.Errorf("%s on %s: %s %v hop-bytes, rank order %v", tt.guest, tt.host, algo, r.Metrics.HopBytes, rank.Metrics.HopBytes)
			}
		}
	}
}

// TestBricksRankOrderFloor: on fattree:8,2:node=2x4:dist=1,5, whose
// cores are 5 apart across a node's L2 groups and nodes 2 or 4, nested
// bricks of grid:8x8x8 pay 8,704 hop-bytes, rank order 7,808: bricks
// answers rank order and says so.
func TestBricksRankOrderFloor(t *testing.T) {
	g, h := parse(t, "grid:8x8x8", "fattree:8,2:node=2x4:dist=1,5")
	r := mapWith(t, g, h, "bricks")
	if r.Metrics.HopBytes != 7808 || r.Note == "" {
		t.Errorf("%v hop-bytes, note %q; want rank order's 7808 and a note", r.Metrics.HopBytes, r.Note)
	}
}

// mapWith maps g onto h by algo.
func mapWith(t *testing.T, g spec.Guest, h topology.Host, algo string) *solve.Result {
	t.Helper()
	r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: algo, Seed: 1}, nil)
	if err != nil {
		t.Fatalf("%s on %s by %s: %v", g, h, algo, err)
	}
	return r
}

// checkPlacement checks that every object has a slot of its own.
func checkPlacement(t *testing.T, r *solve.Result, slots int) {
	t.Helper()
	used := make([]bool, slots)
	for v, x := range r.Mapping.Place {
		if x < 0 || x >= slots || used[x] {
			t.Fatalf("%s: object %d on slot %d, out of range or taken", r.Mapping.Host, v, x)
		}
		used[x] = true
	}
}
