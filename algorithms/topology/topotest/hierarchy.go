package topotest

import (
	"slices"

	"topomap/algorithms/topology"
)

// checkHierarchy checks the Hierarchy capability (topology.HierarchyOf):
// the radices multiply to the size, a node's coordinates are its digits in
// them (a host with cores: its node's, then the core, which is the
// innermost digit), and hops never decrease with the most significant
// digit in which two nodes differ. Hosts without it pass.
func checkHierarchy(h Host) error {
	radices, ok := topology.HierarchyOf(h)
	if !ok {
		return nil
	}
	var c collector
	size := 1
	for _, r := range radices {
		size *= r
	}
	if size != h.Size() {
		c.add("radices %v multiply to %d, not the %d nodes", radices, size, h.Size())
		return c.err()
	}
	digits := func(x int) []int {
		d := make([]int, len(radices))
		for i, r := range radices {
			d[i], x = x%r, x/r
		}
		return d
	}
	var buf []int
	_, cores := topology.SplitCores(h)
	nodes(h, func(u int) bool {
		buf = h.Coords(u, buf[:0])
		if cores > 1 { // the core is last among the coordinates, first among the digits
			buf = append(buf[len(buf)-1:], buf[:len(buf)-1]...)
		}
		if d := digits(u); !slices.Equal(buf, d) {
			return c.add("node %d: coordinates %v (core first), want its digits %v", u, buf, d)
		}
		return true
	})
	// the least and the largest hops of the pairs that differ first (from
	// the top) in each digit
	lo, hi := make([]int, len(radices)), make([]int, len(radices))
	for i := range lo {
		lo[i], hi[i] = -1, -1
	}
	pairs(h, func(a, b int) bool {
		if a == b {
			return true
		}
		da, db := digits(a), digits(b)
		l := len(da) - 1
		for da[l] == db[l] {
			l--
		}
		d := h.Hops(a, b)
		if lo[l] < 0 || d < lo[l] {
			lo[l] = d
		}
		hi[l] = max(hi[l], d)
		return true
	})
	for i := range hi {
		for j := i + 1; j < len(lo); j++ {
			if hi[i] >= 0 && lo[j] >= 0 && hi[i] > lo[j] {
				c.add("nodes that differ first in digit %d are up to %d hops apart, more than the %d of some that differ first in digit %d", i, hi[i], lo[j], j)
			}
		}
	}
	return c.err()
}
