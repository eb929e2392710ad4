package export_test

import (
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// FuzzParseHostnames: a names file gives exactly one valid, distinct
// name per node, or a one-line error.
func FuzzParseHostnames(f *testing.F) {
	f.Add("n0\nn1\nn2\n", 3)
	f.Add("# rack 1\n  a \n\nb\n", 2)
	f.Add("a\na\n", 2)
	f.Add("a b\n", 1)
	f.Add("", 0)
	f.Add(strings.Repeat("x", 400), 1)
	f.Fuzz(func(t *testing.T, in string, nodes int) {
		if nodes < 0 || nodes > 1<<16 {
			t.Skip()
		}
		names, err := export.ParseHostnames(strings.NewReader(in), nodes)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if len(names) != nodes || export.CheckHostnames(names, nodes) != nil {
			t.Fatalf("%q: %d names for %d nodes: %v", in, len(names), nodes, names)
		}
		for _, n := range names {
			if strings.ContainsAny(n, " \t=,#[]") || strings.HasPrefix(n, "-") {
				t.Fatalf("name %q", n)
			}
		}
	})
}

// fuzzPlacement reads in as format (sniffed when "") for a guest of ranks
// on host: a placement of every rank on distinct slots, or a one-line
// field error.
func fuzzPlacement(t *testing.T, format, host, in string, ranks int) {
	h, err := spec.ParseHost(host)
	if err != nil || ranks < 0 || ranks > h.Size() || h.Size() > 1<<12 {
		t.Skip()
	}
	fuzzTarget(t, format, export.Target{Host: h, Ranks: ranks}, in)
}

// fuzzTarget reads in as format (sniffed when "") against target: a
// placement of every rank on distinct slots of its host, or a one-line
// field error.
func fuzzTarget(t *testing.T, format string, target export.Target, in string) {
	h, ranks := target.Host, target.Ranks
	place, _, err := export.ReadPlacement(strings.NewReader(in), format, target)
	if err != nil {
		if strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("bad error message %q", err)
		}
		return
	}
	used := make(map[int]bool)
	for r, s := range place {
		if s < 0 || s >= h.Size() || used[s] {
			t.Fatalf("%q: rank %d on slot %d (of %d), used %v", in, r, s, h.Size(), used[s])
		}
		used[s] = true
	}
	if len(place) != ranks {
		t.Fatalf("%q: %d ranks placed, want %d", in, len(place), ranks)
	}
}

func FuzzReadPlacement(f *testing.F) {
	f.Add("", "mesh:2x2:cores=2", "rank 0=node3 slot=1\nrank 1=node0 slot=0\n", 2)
	f.Add("", "ring:4", "4\n0\t3\n1\t2\n2\t1\n3\t0\n", 4)
	f.Add("", "ring:4", "{\"placement\":[[0],[3]]}", 2)
	f.Add("", "ring:4", "vertex,node,x1\n0,1,1\n1,0,0\n", 2)
	f.Add("", "mesh:2x1:node=4x2:dist=1,2", "rank 0=node1 slot=1:2\nrank 1=node0 slot=0:3\n", 2)
	f.Add("", "ring:2:node=2x2x2:dist=1,2,3", "rank 0=node0 slot=1:3\nrank 1=node1 slot=1:0-1\n", 2)
	f.Add("", "ring:2:cores=4", "rank 0=+n0 slot=0:1\nrank 1=node1 slot=1:0\n", 2)
	f.Fuzz(func(t *testing.T, format, host, in string, ranks int) { fuzzPlacement(t, format, host, in, ranks) })
}

func FuzzReadPlacementRankFile(f *testing.F) {
	f.Add("rank 0=node3 slot=1\nrank 1=node0 slot=0\n", 2)
	f.Add("rank 0 = node1 slot = 0\n", 1)
	f.Add("rank 0=node1 slot=0:1\nrank 1=node2 slot=1:0\n", 2)
	f.Add("rank 0=node1 slot=0,1\nrank 1=node2 slot=0-1\nrank 2=node0 slot=0:*\n", 3)
	f.Add("rank 0=+n0 slot=1\n", 1)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "rankfile", "mesh:2x2:cores=2", in, ranks) })
}

// FuzzReadPlacementRankFileOnAllocation reads rankfiles on an allocation
// of nodes with packages (2 of 2 cores each): relative hosts "+nK" and
// slots "S:C".
func FuzzReadPlacementRankFileOnAllocation(f *testing.F) {
	f.Add("rank 0=+n0 slot=1:0\nrank 1=+n1 slot=0:1\nrank 2=node1 slot=3\n", 3)
	f.Add("rank 0=+n2 slot=0\nrank 1=+n slot=1:2\nrank 2=+n00 slot=0:0-1\n", 3)
	h, err := spec.ParseHost("mesh:3x1:node=2x2:dist=1,2")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string, ranks int) {
		if ranks < 0 || ranks > 8 {
			t.Skip()
		}
		a, err := topology.Allocate(h, []int{2, 0}, 0, ranks)
		if err != nil {
			t.Skip()
		}
		fuzzTarget(t, "rankfile", export.Target{Host: a.Whole, Ranks: ranks, Allocation: a}, in)
	})
}

func FuzzReadPlacementSlurm(f *testing.F) {
	f.Add("node1\nnode1\nnode0\n", 3)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "slurm", "ring:3:cores=2", in, ranks) })
}

func FuzzReadPlacementMapfile(f *testing.F) {
	f.Add("0 1 1\n1 1 0\n", 2)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "mapfile", "torus:2x2:cores=2", in, ranks) })
}

func FuzzReadPlacementRankOrder(f *testing.F) {
	f.Add("# MPICH_RANK_ORDER\n3,2,\n1,0\n", 4)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "rankorder", "ring:4", in, ranks) })
}

func FuzzReadPlacementScotch(f *testing.F) {
	f.Add("4\n0\t3\n1\t2\n2\t1\n3\t0\n", 4)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "scotch", "ring:4", in, ranks) })
}

func FuzzReadPlacementCSV(f *testing.F) {
	f.Add("vertex,slot,node,x1,core\n0,3,1,1,1\n1,0,0,0,0\n", 2)
	f.Add("vertex,node\n0,1\n1,1\n", 2)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "csv", "ring:2:cores=2", in, ranks) })
}

func FuzzReadPlacementJSON(f *testing.F) {
	f.Add("{\"host\":\"ring:2:cores=2\",\"placement\":[[1,1],[0,0]]}", 2)
	f.Fuzz(func(t *testing.T, in string, ranks int) { fuzzPlacement(t, "json", "ring:2:cores=2", in, ranks) })
}
