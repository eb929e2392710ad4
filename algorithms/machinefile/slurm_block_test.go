package machinefile_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// readSlurmText reads a machine file that must read, as format.
func readSlurmText(t *testing.T, text, format string) topology.Host {
	t.Helper()
	h, got, err := machinefile.Read(strings.NewReader(text))
	if err != nil || got != format {
		t.Fatalf("%q read as %s (%v), want %s", text, got, err, format)
	}
	return h
}

// sameDistances wants h and want to have the same nodes, by name, the
// same distances between every two.
func sameDistances(t *testing.T, h, want topology.Host) {
	t.Helper()
	if h.Size() != want.Size() {
		t.Fatalf("%d nodes, want %d", h.Size(), want.Size())
	}
	for a := range h.Size() {
		if got, w := h.(topology.Named).NodeName(a), want.(topology.Named).NodeName(a); got != w {
			t.Fatalf("node %d is %s, want %s", a, got, w)
		}
		for b := range h.Size() {
			if h.Hops(a, b) != want.Hops(a, b) {
				t.Fatalf("Hops(%d, %d) = %d, want %d", a, b, h.Hops(a, b), want.Hops(a, b))
			}
		}
	}
}

// TestSlurmReadsBlockTopologies: a topology/block topology.conf is a tree
// of switches: a switch per block over its nodes, a switch per aggregate
// of blocks of each block size over those it holds, as Slurm aggregates
// consecutive blocks (block_record.c), so that two nodes are 2(L+1) wires
// apart, L the lowest level whose aggregate holds both (0: one block); a
// block Slurm leaves out of a level's aggregates (the last, when too few
// are left) is alone there; without an aggregate of all the blocks, a
// switch above all. Each equals its tree written by hand as SwitchName=
// lines, and writes back as such a topology.conf that reads as the same
// machine.
func TestSlurmReadsBlockTopologies(t *testing.T) {
	for _, tt := range []struct {
		name, blocks, tree string
	}{
		{"the example of topology.conf(5): 4 blocks of 32 nodes, BlockSizes=30,120",
			"BlockName=block1 Nodes=node[1-32]\nBlockName=block2 Nodes=node[33-64]\nBlockName=block3 Nodes=node[65-96]\nBlockName=block4 Nodes=node[97-128]\nBlockSizes=30,120\n",
			"SwitchName=block1 Nodes=node[1-32]\nSwitchName=block2 Nodes=node[33-64]\nSwitchName=block3 Nodes=node[65-96]\nSwitchName=block4 Nodes=node[97-128]\nSwitchName=agg Switches=block[1-4]\n"},
		{"5 blocks without BlockSizes: aggregates of 2, 4 and 8 blocks, the fifth alone in those of 2 and 4",
			"# comment\nBlockName=b0 Nodes=n[0-1]\nBlockName=b1 Nodes=n[2-3]\nblockname=b2 nodes=n[4-5]\nBlockName=b3 Nodes=n[6-7]\nBlockName=b4 Nodes=n[8-9]\n",
			"SwitchName=b0 Nodes=n[0-1]\nSwitchName=b1 Nodes=n[2-3]\nSwitchName=b2 Nodes=n[4-5]\nSwitchName=b3 Nodes=n[6-7]\nSwitchName=b4 Nodes=n[8-9]\n" +
				"SwitchName=p01 Switches=b[0-1]\nSwitchName=p23 Switches=b[2-3]\nSwitchName=q Switches=p01,p23\nSwitchName=p4 Switches=b4\nSwitchName=q4 Switches=p4\nSwitchName=top Switches=q,q4\n"},
		{"6 blocks, BlockSizes=2,,8, (empty sizes skipped): aggregates of 4 blocks, 2 in the last, and a switch above all",
			"BlockSizes=2,,8,\nBlockName=b0 Nodes=n[0-1]\nBlockName=b1 Nodes=n[2-3]\nBlockName=b2 Nodes=n[4-5]\nBlockName=b3 Nodes=n[6-7]\nBlockName=b4 Nodes=n[8-9]\nBlockName=b5 Nodes=n[10-11]\n",
			"SwitchName=b0 Nodes=n[0-1]\nSwitchName=b1 Nodes=n[2-3]\nSwitchName=b2 Nodes=n[4-5]\nSwitchName=b3 Nodes=n[6-7]\nSwitchName=b4 Nodes=n[8-9]\nSwitchName=b5 Nodes=n[10-11]\n" +
				"SwitchName=q0 Switches=b[0-3]\nSwitchName=q1 Switches=b[4-5]\nSwitchName=top Switches=q[0-1]\n"},
		{"one block", "BlockName=b Nodes=n[1-4] LinkSpeed=9", "SwitchName=s Nodes=n[1-4]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := readSlurmText(t, tt.blocks, "slurm")
			sameDistances(t, h, readSlurmText(t, tt.tree, "slurm"))
			topotest.Test(t, h)
			var buf bytes.Buffer
			if _, err := machinefile.WriteMachine(&buf, h.(topology.Machine)); err != nil {
				t.Fatal(err)
			}
			if back := readSlurmText(t, buf.String(), "slurm"); back.String() != h.String() {
				t.Errorf("written back as\n%s\nread as %s, want %s", buf.String(), back, h)
			}
		})
	}
}

// TestSlurmNamesBlockAggregates: the switch of an aggregate is named by
// its first and last blocks and its size in nodes, as Slurm sizes it.
func TestSlurmNamesBlockAggregates(t *testing.T) {
	h := readSlurmText(t, "BlockName=b0 Nodes=n[0-1]\nBlockName=b1 Nodes=n[2-3]\nBlockName=b2 Nodes=n[4-5]\n", "slurm")
	var buf bytes.Buffer
	if err := machinefile.WriteSlurm(&buf, h.(*topology.SwitchTree)); err != nil {
		t.Fatal(err)
	}
	want := "SwitchName=b0 Nodes=n[0-1]\nSwitchName=b1 Nodes=n[2-3]\nSwitchName=b2 Nodes=n[4-5]\n" +
		"SwitchName=b0..b1(4) Switches=b[0-1]\nSwitchName=b0..b2(8) Switches=b0..b1(4),b2(4)\nSwitchName=b2(4) Switches=b2\n"
	if buf.String() != want {
		t.Errorf("written as\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestSlurmBlockErrors: every refusal of a block topology names its line.
func TestSlurmBlockErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"blocks and switches", "BlockName=b1 Nodes=n[1-2]\nSwitchName=s Nodes=n3", 2, `switch "s" in a topology of blocks (line 1)`},
		{"switches and blocks", "SwitchName=s Nodes=n3\nBlockName=b1 Nodes=n[1-2]", 2, `block "b1" in a tree of switches (line 1)`},
		{"both on a line", "BlockName=b1 SwitchName=s Nodes=n[1-2]", 1, "both SwitchName= and BlockName="},
		{"block sizes in a tree", "SwitchName=s0 Nodes=n1\nBlockSizes=4", 2, "block sizes in a tree of switches (line 1)"},
		{"an empty block", "BlockName=b1 Nodes=n1\nBlockName=b2", 2, `block "b2" has no nodes`},
		{"a size not a power of two", "BlockName=b1 Nodes=n[1-2]\nBlockSizes=2,6", 2, "block size 6 is not the base block's 2 times a power of two"},
		{"a size of 0", "BlockSizes=0\nBlockName=b1 Nodes=n1", 1, "block size 0: want a number of nodes"},
		{"a size too large", "BlockSizes=1,65536\nBlockName=b1 Nodes=n1", 1, "up to 32768"},
		{"a size not a number", "BlockSizes=4,x\nBlockName=b1 Nodes=n1", 1, `"x" is not a number of nodes`},
		{"no size", "BlockSizes=,\nBlockName=b1 Nodes=n1", 1, `BlockSizes=",": no size`},
		{"sizes twice", "BlockSizes=4\nBlockSizes=8\nBlockName=b1 Nodes=n1", 2, "given again (first on line 1)"},
		{"a block twice", "BlockName=b1 Nodes=n[1-2]\nBlockName=b1 Nodes=n3", 2, `"b1" is declared again (first on line 1)`},
		{"a node in two blocks", "BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n2", 2, `node "n2" is under block "b1" (line 1) and block "b2"`},
		{"a block named as an aggregate", "BlockName=b1 Nodes=n1\nBlockName=b2 Nodes=n2\nBlockName=b1..b2(2) Nodes=n3", 3, `block "b1..b2(2)" has the name topomap gives the aggregate of blocks "b1" to "b2"`},
		{"a name a hostlist reads otherwise", "BlockName=b[1] Nodes=n1", 1, `block "b[1]" has '['`},
		{"no nodes", "BlockSizes=4", 0, "no SwitchName=, BlockName= or RingName= line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := machinefile.Read(strings.NewReader(tt.text))
			checkFileError(t, err, tt.line, tt.want)
		})
	}
}

// TestSlurmBlockSwitchesBounded: 65,536 blocks of one node (the most
// blocks a topology.conf of that many nodes has) make fewer than twice
// as many switches, the aggregates of each level and one above all, with
// or without BlockSizes, whose levels can go up to 2^15 blocks.
func TestSlurmBlockSwitchesBounded(t *testing.T) {
	const k = 1 << 16
	var b strings.Builder
	for i := range k {
		fmt.Fprintf(&b, "BlockName=b%d Nodes=n%d\n", i, i)
	}
	for _, tt := range []struct {
		sizes             string
		switches, far     int // far: the hops from the first node to the last
		neighbour, within int // hops from node 0 to node 1 and to node 15
	}{
		{"", k + k/2 + k/4 + k/8 + k/16 + 1, 12, 4, 10},
		{"BlockSizes=1,32768\n", k + 2 + 1, 6, 4, 4},
	} {
		h := readSlurmText(t, tt.sizes+b.String(), "slurm")
		if got := h.(*topology.SwitchTree).Switches(); got != tt.switches {
			t.Errorf("%q: %d switches, want %d", tt.sizes, got, tt.switches)
		}
		if h.Hops(0, k-1) != tt.far || h.Hops(0, 1) != tt.neighbour || h.Hops(0, 15) != tt.within {
			t.Errorf("%q: hops %d, %d, %d, want %d, %d, %d", tt.sizes, h.Hops(0, k-1), h.Hops(0, 1), h.Hops(0, 15), tt.far, tt.neighbour, tt.within)
		}
	}
}
