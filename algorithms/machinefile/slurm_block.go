package machinefile

import (
	"math/bits"
	"strconv"
	"strings"

	"topomap/algorithms/topology"
)

// Slurm's topology/block plugin (block_record.c): blocks of nodes, in
// the order the file gives them, aggregated into blocks of 2, 4, 8…
// consecutive blocks, the levels BlockSizes sets. topomap reads them as
// a tree of switches (blockTree): a switch per block over its nodes, and
// a switch per aggregate over the blocks or aggregates it holds.

// maxBlockLevel is the highest level of aggregation Slurm takes: 2^15
// blocks (MAX_BLOCK_LEVELS).
const maxBlockLevel = 15

// defaultBlockLevels are the levels without BlockSizes: 1, 2, 4, 8 and
// 16 blocks.
const defaultBlockLevels = 1<<5 - 1

// blockSizes reads the value of BlockSizes= (a topology.conf): sizes in
// nodes, separated by commas (empty fields skipped, as Slurm's strtok
// skips them).
func (r *slurmReader) blockSizes(no int, value string) error {
	var sizes []int
	for f := range strings.SplitSeq(value, ",") {
		if strings.TrimSpace(f) == "" {
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return r.err(no, "BlockSizes=%.40q: %.20q is not a number of nodes: want sizes such as BlockSizes=16,32,64", value, f)
		}
		sizes = append(sizes, v)
	}
	if len(sizes) == 0 {
		return r.err(no, "BlockSizes=%.40q: no size: want sizes such as BlockSizes=16,32,64", value)
	}
	return r.setSizes(no, sizes)
}

// setSizes sets the block sizes given on line no, in nodes, checked as
// Slurm checks them: each is the first (the base block's size) times a
// power of two, at most 2^15. None: the default levels.
func (r *slurmReader) setSizes(no int, sizes []int) error {
	if r.sizesAt > 0 {
		return r.err(no, "block sizes given again (first on line %d)", r.sizesAt)
	}
	r.sizesAt = no
	for _, v := range sizes {
		if v <= 0 {
			return r.err(no, "block size %d: want a number of nodes, 1 or more", v)
		}
		if ratio := v / sizes[0]; v%sizes[0] != 0 || ratio&(ratio-1) != 0 || ratio > 1<<maxBlockLevel {
			return r.err(no, "block size %d is not the base block's %d times a power of two up to %s, as Slurm wants", v, sizes[0], strconv.Itoa(1<<maxBlockLevel))
		}
	}
	r.sizes = sizes
	return nil
}

// blockLevels returns the levels of aggregation, as sizes in blocks
// ascending from 1 (the block itself), as Slurm sets them: the block
// sizes given over the base block's (the first size), else 1, 2, 4, 8
// and 16 blocks, up to the first that holds all the blocks; and base,
// the base block's size in nodes (the first size, else the first
// block's nodes).
func (r *slurmReader) blockLevels() (levels []int, base int) {
	set, base := uint(defaultBlockLevels), r.switches[0].nodes
	if len(r.sizes) > 0 {
		set, base = 1, r.sizes[0]
		for _, v := range r.sizes {
			set |= 1 << bits.TrailingZeros(uint(v/base))
		}
	}
	for l := 0; l <= maxBlockLevel; l++ {
		if set&(1<<l) == 0 {
			continue
		}
		if levels = append(levels, 1<<l); 1<<l >= len(r.switches) {
			break
		}
	}
	return levels, base
}

// blockUnit returns the blocks first..last of the aggregate of level j
// that holds block i of k, as Slurm forms them: the level's size of
// consecutive blocks from a multiple of it, fewer at the end, where
// Slurm forms none (ok false) when those left are not more than the
// level below holds.
func blockUnit(levels []int, j, i, k int) (first, last int, ok bool) {
	first = i / levels[j] * levels[j]
	if left := k - first; levels[j] > left && levels[j-1] >= left {
		return 0, 0, false
	}
	return first, min(first+levels[j], k) - 1, true
}

// blockTree builds the tree of a block topology (see the package doc): a
// switch per block over its nodes and, per level of aggregation, a
// switch per aggregate over those of the level below that it holds; a
// block that Slurm leaves out of a level's aggregates has a switch of
// its own there, over only it, so that two nodes are 2(L+1) wires apart,
// L the lowest level whose aggregate holds both; and when no aggregate
// holds all the blocks, a switch above them all. Each switch is walked
// to once: O(blocks × levels).
func (r *slurmReader) blockTree() (topology.Host, error) {
	levels, base := r.blockLevels()
	k, n, slurms := len(r.switches), len(r.nodes), len(levels)
	if levels[slurms-1] < k {
		levels = append(levels, k)
	}
	names, parent := r.names(), make([]int, n+k)
	for u, s := range r.parent {
		parent[u] = n + s
	}
	for b := range k {
		parent[n+b] = -1
	}
	units := map[[3]int]int{}
	for i := range k {
		below, first, last := n+i, i, i
		for j := 1; j < len(levels); j++ {
			if f, l, ok := blockUnit(levels, j, i, k); ok {
				first, last = f, l
			}
			v, seen := units[[3]int{j, first, last}]
			if !seen {
				v = n + len(names)
				units[[3]int{j, first, last}] = v
				size := 0
				if j < slurms {
					size = levels[j] * base
				}
				name := r.unitName(first, last, size)
				if err := r.checkUnitName(first, last, name); err != nil {
					return nil, err
				}
				names, parent = append(names, name), append(parent, -1)
			}
			parent[below] = v
			if seen {
				break
			}
			below = v
		}
	}
	return topology.NewSwitchTree(r.nodes, names, parent)
}

// unitName names the switch of the aggregate of blocks first..last, of
// size nodes in Slurm's terms (0: above Slurm's levels): "b1..b4(64)",
// "b5(64)", "b1..b8".
func (r *slurmReader) unitName(first, last, size int) string {
	name := r.switches[first].name
	if last > first {
		name += ".." + r.switches[last].name
	}
	if size > 0 {
		name += "(" + strconv.Itoa(size) + ")"
	}
	return name
}

// checkUnitName refuses the name of an aggregate that a block has.
func (r *slurmReader) checkUnitName(first, last int, name string) error {
	if b, taken := r.byName[name]; taken {
		return r.err(r.switches[b].line, "block %q has the name topomap gives the aggregate of blocks %q to %q: rename the block", name, r.switches[first].name, r.switches[last].name)
	}
	return nil
}

// kind names what the switches are, for errors: block or switch.
func (r *slurmReader) kind() string {
	if r.blocks > 0 {
		return "block"
	}
	return "switch"
}

// kinds is kind's plural: blocks or switches.
func (r *slurmReader) kinds() string {
	if r.blocks > 0 {
		return "blocks"
	}
	return "switches"
}
