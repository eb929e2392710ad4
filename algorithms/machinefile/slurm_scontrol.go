package machinefile

import (
	"errors"
	"slices"
	"strconv"

	"topomap/algorithms/hostlist"
	"topomap/algorithms/internal/numtext"
)

// Slurm's `scontrol show topology` prints the topology it read, a line a
// switch, block or ring, in the shape of a topology.conf with keys of
// its own; topomap reads that output as it reads a topology.conf (a
// user whose cluster keeps its configuration on the controller alone has
// nothing else):
//
//   - "SwitchName=NAME Level=L LinkSpeed=S Nodes=HOSTLIST Switches=HOSTLIST":
//     beside a switch's switches, scontrol lists every node under them.
//     Level= marks the line as scontrol's (a topology.conf has no
//     Level=), and such a list is checked against the tree, not hung from
//     the switch (scontrolListed);
//   - "BlockName=NAME BlockIndex=I Nodes=HOSTLIST BlockSize=S" and
//     "AggregatedBlock=NAME BlockIndex=I Nodes=HOSTLIST BlockSize=S": the
//     sizes, in nodes, of the base block and of each level's aggregates
//     are the BlockSizes of the file scontrol read; the aggregates are
//     Slurm's, which topomap forms from the blocks and those sizes;
//   - "RingName=NAME Nodes=HOSTLIST RingSize=N": a ring, RingSize=
//     ignored;
//   - "TorusName=NAME Dims=XxYxZ Nodes=HOSTLIST": refused, since it lists
//     the nodes in Slurm's order of its nodes, not by their places; the
//     topology.yaml places them.

// maxListed caps the names that scontrol's lists beside switches give in
// all: each node is listed once a level above it.
const maxListed = 16 * MaxNodes

// scontrolListed is the nodes scontrol lists beside the switches of a
// switch: its index, its line and the hostlist.
type scontrolListed struct {
	sw, line int
	nodes    string
}

// scontrolSwitch returns the nodes to hang from a switch of a line of
// keys: none when the line is scontrol's (Level=) and lists nodes beside
// the switch's switches, which it keeps to check (checkListed).
func (r *slurmReader) scontrolSwitch(no int, keys map[string]string) string {
	_, shown := keys["level"]
	if !shown || keys["switches"] == "" || keys["nodes"] == "" {
		return keys["nodes"]
	}
	r.listed = append(r.listed, scontrolListed{sw: len(r.switches), line: no, nodes: keys["nodes"]})
	return ""
}

// checkListed checks the nodes scontrol lists beside a switch's switches
// against the tree: each once, and all the nodes under the switch.
// parent holds the parents of the tree's vertices, the n nodes first.
func (r *slurmReader) checkListed(parent []int, n int) error {
	if len(r.listed) == 0 {
		return nil
	}
	under := make([]int, len(r.switches))
	for u := range n {
		for v := parent[u]; v >= 0; v = parent[v] {
			under[v-n]++
		}
	}
	used := 0
	for _, l := range r.listed {
		names, err := hostlist.Expand(l.nodes, maxListed-used)
		switch {
		case errors.Is(err, hostlist.ErrTooManyNames):
			return r.err(l.line, "Nodes=%.40q: more than %s names listed beside switches in all, the cap", l.nodes, numtext.Count(maxListed))
		case err != nil:
			return r.err(l.line, "Nodes=: %v", err)
		}
		used += len(names)
		if err := r.checkUnder(l, names, parent, n, under[l.sw]); err != nil {
			return err
		}
	}
	return nil
}

// checkUnder checks that names are the nodes under switch l.sw, want of
// them.
func (r *slurmReader) checkUnder(l scontrolListed, names []string, parent []int, n, want int) error {
	sw := r.switches[l.sw].name
	seen := make(map[int]bool, len(names))
	for _, name := range names {
		u, ok := r.nodeOf[name]
		if !ok || seen[u] || !r.below(parent, u, n+l.sw) {
			return r.err(l.line, "switch %q lists node %q beside its switches, and it is not once under them: as `scontrol show topology` prints it, a switch's Nodes= beside Switches= are the nodes under those switches", sw, name)
		}
		seen[u] = true
	}
	if len(names) != want {
		return r.err(l.line, "switch %q lists %s beside its switches, which hold %s: as `scontrol show topology` prints it, a switch's Nodes= beside Switches= are all the nodes under those switches", sw, numtext.Plural(len(names), "node"), numtext.Plural(want, "node"))
	}
	return nil
}

// below reports whether vertex v of the tree is an ancestor of node u.
func (r *slurmReader) below(parent []int, u, v int) bool {
	for w := parent[u]; w >= 0; w = parent[w] {
		if w == v {
			return true
		}
	}
	return false
}

// scontrolBlock notes the BlockSize= of a line of scontrol's output for
// blocks (what: a BlockName= with BlockIndex=, or an AggregatedBlock=).
func (r *slurmReader) scontrolBlock(no int, what string, keys map[string]string) error {
	v, ok := keys["blocksize"]
	if !ok {
		return r.err(no, "%s without BlockSize=: as `scontrol show topology` prints it, a block or aggregate gives its size in nodes", what)
	}
	size, err := strconv.Atoi(v)
	if err != nil || size <= 0 {
		return r.err(no, "BlockSize=%.20q: want a number of nodes", v)
	}
	if r.shownAt == 0 {
		r.shownAt = no
	}
	if !slices.Contains(r.shown, size) {
		r.shown = append(r.shown, size)
	}
	return nil
}

// shownSizes sets the block sizes from those scontrol's lines gave, when
// no BlockSizes= did.
func (r *slurmReader) shownSizes() error {
	if r.shownAt == 0 || r.sizesAt > 0 {
		return nil
	}
	if r.blocks == 0 {
		return r.err(r.shownAt, "block sizes (BlockSize=) in a topology without blocks: they are of topology/block")
	}
	slices.Sort(r.shown)
	return r.setSizes(r.shownAt, r.shown)
}
