package solve_test

import (
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestBricksFatTree checks nested bricks on fattree:16,3 by hand: 64×64
// objects, 4×4 bricks under each leaf switch, 16×16 under each level-2
// switch. Of the 8,064 edges, 1,920 cross a 4×4 brick (15 lines of 64
// each way), 384 of them a 16×16 brick (3 lines of 64 each way): hops
// (8064−1920)·2 + (1920−384)·4 + 384·6 = 20,736 per direction, so
// hop-bytes 41,472 over 16,128 messages = 2.5714; row-major gives 3.2857.
func TestBricksFatTree(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:64x64&host=fattree:16,3&algo=bricks")
	if r.Metrics.HopBytes != 41472 || r.Metrics.MaxDilation != 6 {
		t.Errorf("hop-bytes %v, max dilation %d; want 41472, 6", r.Metrics.HopBytes, r.Metrics.MaxDilation)
	}
	// every leaf switch serves a 4×4 brick
	corner := map[int][2]int{}
	for v, node := range r.Mapping.Place {
		c := [2]int{v % 64 / 4, v / 64 / 4}
		if got, ok := corner[node/16]; ok && got != c {
			t.Fatalf("leaf %d serves bricks %v and %v", node/16, got, c)
		}
		corner[node/16] = c
	}
	if rm := solvetest.Map(t, "guest=grid:64x64&host=fattree:16,3&algo=rowmajor"); rm.Metrics.HopsPerByte <= r.Metrics.HopsPerByte {
		t.Errorf("row-major %v is no worse than bricks %v", rm.Metrics.HopsPerByte, r.Metrics.HopsPerByte)
	}
}

// TestBricksOptimalSmall: on fattree:2,3 the bricks of grid:4x2 are
// 2×1 under each leaf and 2×2 under each level-2 switch: 3.6 hops per
// byte, the least of all 8! placements (metric's TestMachineBound). Bricks
// chosen level by level without looking at the bricks below them gave
// 4×1 strips and 4.0.
func TestBricksOptimalSmall(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:4x2&host=fattree:2,3&algo=bricks")
	if r.Metrics.HopsPerByte != 3.6 {
		t.Errorf("hops per byte %v, want 3.6", r.Metrics.HopsPerByte)
	}
}

// TestBricksTree: tree:2x2x2:dist=2,4,6 has the distances of
// fattree:2,3 (2ℓ hops under a level-ℓ switch), so nested bricks cut its
// groups alike and reach the same 3.6 hops per byte on grid:4x2; with 2
// cores a node, grid:4x4 gets 2×1 bricks per node and strictly less than
// row-major order.
func TestBricksTree(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:4x2&host=tree:2x2x2:dist=2,4,6&algo=bricks")
	if r.Metrics.HopsPerByte != 3.6 {
		t.Errorf("hops per byte %v, want 3.6", r.Metrics.HopsPerByte)
	}
	r = solvetest.Map(t, "guest=grid:4x4&host=tree:2x2x2:dist=2,4,6:cores=2&algo=bricks")
	rm := solvetest.Map(t, "guest=grid:4x4&host=tree:2x2x2:dist=2,4,6:cores=2&algo=rowmajor")
	if r.Metrics.HopsPerByte >= rm.Metrics.HopsPerByte {
		t.Errorf("bricks %v hops per byte, row-major %v", r.Metrics.HopsPerByte, rm.Metrics.HopsPerByte)
	}
}

// TestBricksDragonflyCores: on dragonfly:2,2,1,3:cores=2 (24 slots) a
// 6×4 grid is cut into 2×1 bricks per node (2 cores), 2×2 per router (2
// nodes), 2×4 objects per group (2 routers): every object on its own slot, the
// two cores of a node holding neighbours.
func TestBricksDragonflyCores(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:6x4&host=dragonfly:2,2,1,3:cores=2&algo=bricks")
	for v, s := range r.Mapping.Place {
		if s%2 == 0 && r.Mapping.Place[v+1] != s+1 {
			t.Errorf("object %d on core 0 of node %d, its right neighbour not on core 1", v, s/2)
		}
	}
	if r.Metrics.IntraNodeVolume != 24 { // 12 horizontal pairs inside nodes, both ways
		t.Errorf("intra-node volume %v, want 24", r.Metrics.IntraNodeVolume)
	}
}

// TestBricksNotApplicable: the reasons are given.
func TestBricksNotApplicable(t *testing.T) {
	for _, tt := range []struct{ guest, host, says string }{
		{"grid:8x8", "mesh:8x8", "needs a host of nested groups"},
		{"grid:8x8", "mesh:4x4:cores=4", "needs a host of nested groups"},
		{"hypercube:6", "fattree:2,6", "needs an object grid"},
		{"grid:5x3", "fattree:15,1", ""},
	} {
		in, err := spec.ParseQuery(map[string][]string{"guest": {tt.guest}, "host": {tt.host}, "algo": {"bricks"}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = solve.Check(in)
		if tt.says == "" && err != nil || tt.says != "" && (err == nil || !strings.Contains(err.Error(), tt.says)) {
			t.Errorf("%s on %s: %v, want %q", tt.guest, tt.host, err, tt.says)
		}
	}
}

// TestEveryAlgorithmOnMachines runs every algorithm that applies on
// hosts with cores, fat trees and dragonflies (graph mappers, bricks,
// row-major, PAIRS where it applies) and checks each placement: no
// panic (greedy's host search indexed an empty candidate list where
// Neighbors reaches no node, as on a fat tree), a valid mapping.
func TestEveryAlgorithmOnMachines(t *testing.T) {
	for _, c := range []struct{ guest, host string }{
		{"grid:8x8", "fattree:4,3"},
		{"grid:8x8", "fattree:2,3:cores=8"},
		{"grid:6x4", "dragonfly:2,2,1,3:cores=2"},
		{"grid:6x10", "dragonfly:3,2,2,5:cores=2"},
		{"grid:8x8", "mesh:4x4:cores=4"},
		{"grid:6x5", "fattree:4,2:cores=2"}, // a larger host
	} {
		g, h := solvetest.Pair(t, c.guest, c.host)
		algos := solve.Applicable(g, h)
		if len(algos) == 0 {
			t.Errorf("%s on %s: no algorithm applies", c.guest, c.host)
		}
		for _, a := range algos {
			in := spec.Instance{Guest: g, Host: h, Algo: a.Name, Seed: 1, Moves: 20000}
			if _, err := solve.Map(t.Context(), in, nil); err != nil {
				t.Errorf("%s on %s by %s: %v", c.guest, c.host, a.Name, err)
			}
		}
	}
}

// TestCubeEmbeddingsOnCores: the d-cube embeddings place one process per
// node; on a host with cores they say so and name what maps onto slots.
func TestCubeEmbeddingsOnCores(t *testing.T) {
	in, err := spec.ParseQuery(map[string][]string{"guest": {"hypercube:5"}, "host": {"hypercube:3:cores=4"}, "algo": {"xor"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := solve.Check(in); err == nil || !strings.Contains(err.Error(), "has 4 cores per node (rb and greedy map onto its slots)") {
		t.Errorf("xor on cores: %v", err)
	}
}
