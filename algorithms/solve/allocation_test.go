package solve_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestEveryAlgorithmHoldsRanksPerNode: for every algorithm of the
// registry, on allocations of several machines with R ranks per node,
// every rank lies on an allocated node and every used node holds exactly
// R ranks; the distances stay the whole machine's (the mapping's host is
// the whole machine). An algorithm that does not apply must say so
// through Check; at least one applies on each machine.
func TestEveryAlgorithmHoldsRanksPerNode(t *testing.T) {
	for _, c := range []struct {
		guest, host, nodes string
		r                  int
	}{
		{"grid:8x8", "torus:4x4x4:cores=8", "0-7,32-47", 4},
		{"grid:8x4", "fattree:4,2", "", 2},
		{"grid:6x4", "dragonfly:2,2,1,3:cores=4", "[11,0-5]", 4},
		{"grid:8x8", "preset:xe6-slice", "nid[00001-00004,00007-00018]", 4},
		{"hypercube:4", "mesh:4x4x2", "8-15,0-3", 4},
		{"grid:4x4", "mesh:4x4", "", 1},
		{"grid:8x8", "mesh:4x4:cores=8", "", 4},                     // the whole machine: the grid heuristics apply
		{"grid:8x4", "torus:4x4:node=2x4:dist=1,2", "0-3,12-15", 4}, // nodes with an inside: R of their cores
	} {
		g, h := solvetest.Pair(t, c.guest, c.host)
		ran := 0
		for _, a := range solve.All() {
			in := spec.Instance{Guest: g, Host: h, Algo: a.Name, Seed: 1, Moves: 5000, Nodes: c.nodes, RanksPerNode: c.r}
			if _, err := solve.Check(in); err != nil {
				if spec.FieldOf(err) != "algo" && spec.FieldOf(err) != "host" {
					t.Errorf("%s on %s by %s: %v, want a refusal of the algorithm", c.guest, c.host, a.Name, err)
				}
				continue
			}
			r, err := solve.Map(t.Context(), in, nil)
			if err != nil {
				t.Errorf("%s on %s by %s: %v", c.guest, c.host, a.Name, err)
				continue
			}
			ran++
			checkRanksPerNode(t, r, c.r)
		}
		t.Logf("%s on %s nodes %q, %d per node: %d algorithms ran", c.guest, c.host, c.nodes, c.r, ran)
		if ran == 0 {
			t.Errorf("%s on %s nodes %q: no algorithm ran", c.guest, c.host, c.nodes)
		}
	}
}

// checkRanksPerNode checks that r's used nodes are its allocation's and
// hold exactly per ranks each.
func checkRanksPerNode(t *testing.T, r *solve.Result, per int) {
	t.Helper()
	if r.Mapping.Host.String() != topology.Host(r.Allocation.Whole).String() {
		t.Fatalf("%s: mapping on %s, want the whole machine", r.Instance.Algo, r.Mapping.Host)
	}
	_, c := topology.NodesOf(r.Mapping.Host)
	held := map[int]int{}
	for _, s := range r.Mapping.Place {
		held[s/c]++
	}
	for u, k := range held {
		if k != per || !slices.Contains(r.Allocation.Nodes(), u) {
			t.Errorf("%s on %s by %s: node %d holds %d ranks (allocated: %v), want %d on allocated nodes",
				r.Instance.Guest, r.Instance.Host, r.Instance.Algo, u, k, slices.Contains(r.Allocation.Nodes(), u), per)
		}
	}
	if rep := r.Report().Allocation; rep == nil || rep.RanksPerNode != per || rep.Used != len(held) {
		t.Errorf("%s: report %+v, want %d used nodes of %d ranks", r.Instance.Algo, rep, len(held), per)
	}
}

// TestAllocationKeepsWholeDistances: ranks on nodes 0 and 63 of ring:64
// (an allocation of two nodes) are 1 hop apart, as on the whole ring, and
// the placement names those nodes.
func TestAllocationKeepsWholeDistances(t *testing.T) {
	g, h := solvetest.Pair(t, "grid:2x1", "ring:64")
	r, err := solve.Map(t.Context(), spec.Instance{Guest: g, Host: h, Algo: "rowmajor", Nodes: "63,0"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Mapping.Place, []int{63, 0}) || r.Metrics.HopBytes != 2 {
		t.Errorf("placement %v, hop-bytes %v; want [63 0] and 2 (one hop each way)", r.Mapping.Place, r.Metrics.HopBytes)
	}
}

// TestAllocationErrors: what does not fit says so under its field.
func TestAllocationErrors(t *testing.T) {
	for _, c := range []struct {
		guest, host, nodes string
		r                  int
		field, want        string
	}{
		{"grid:8x8", "torus:8x8x8", "0-15", 0, "nodes", "64 ranks do not fit the 16 slots of the 16 allocated nodes"},
		{"grid:8x8", "torus:8x8x8", "0-15", 2, "ranksPerNode", "64 ranks at 2 per node need 32 nodes; the allocation has 16"},
		{"grid:8x8", "torus:8x8x8:cores=4", "", 8, "ranksPerNode", "8 ranks per node, more than the 4 cores"},
		{"grid:5x5", "torus:8x8x8", "", 2, "ranksPerNode", "25 ranks do not fill nodes of 2 ranks each"},
		{"grid:2x2", "preset:xe6-slice", "nid[00254-00256]", 0, "nodes", `"nid00256" is no node of the machine`},
		{"grid:2x2", "preset:xe6-slice", "nid00001,nid00001", 0, "nodes", "allocated twice"},
		{"grid:2x2", "torus:8x8x8", "nid[1-4]", 0, "nodes", "have no names but node0 … node511: give index ranges"},
		{"grid:2x2", "torus:8x8x8", "0-512", 0, "nodes", "node 512 is out of range: the host has nodes 0 to 511"},
	} {
		g, h := solvetest.Pair(t, c.guest, c.host)
		_, err := solve.Map(t.Context(), spec.Instance{Guest: g, Host: h, Algo: "greedy", Nodes: c.nodes, RanksPerNode: c.r}, nil)
		if err == nil || spec.FieldOf(err) != c.field || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s on %s nodes %q R %d: %v (field %q), want %q under %s", c.guest, c.host, c.nodes, c.r, err, spec.FieldOf(err), c.want, c.field)
		}
	}
}

// TestAllocationBoundsHold: the comparison's lower bounds on an
// allocation are bounds over mappings onto its slots: no algorithm beats
// them (PAIRS reaches 0.5 hops per byte on 24 nodes of torus:8x8x8 with 4
// ranks each, where the whole machine's one-rank-a-node bound, 1, would
// not hold).
func TestAllocationBoundsHold(t *testing.T) {
	g, h := solvetest.Pair(t, "grid:8x8", "torus:8x8x8")
	c, err := solve.CompareInstance(t.Context(), spec.Instance{Guest: g, Host: h, Nodes: "0-7,64-71,128-135", RanksPerNode: 4, Moves: 20000, Seed: 1}, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range c.Bounds {
		if b.Scope != metric.AllMappings {
			continue
		}
		for _, e := range c.Entries {
			if e.Metrics != nil && e.Metrics.HopsPerByte < b.Value-1e-9 {
				t.Errorf("%s: %v hops per byte, below the %s bound %v", e.Algo, e.Metrics.HopsPerByte, b.Name, b.Value)
			}
		}
	}
}
