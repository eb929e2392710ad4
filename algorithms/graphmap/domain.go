package graphmap

import (
	"slices"
	"sort"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/internal/order"
	"topomap/algorithms/topology"
)

// A domain is a part of the host that recursive bipartitioning assigns a
// part of the guest to, kept flat in the numbers of its level of the
// recursion (domainLen of them). On a grid host it is a box: its first
// coordinate per axis, then its size less one per axis, each a field of
// ⌈log2 k⌉ bits of a 64-bit word (low half first): at most 2·log2 N bits
// whatever the axes, so that a level of half a million boxes of a
// hypercube of 2^20 nodes takes 8 MB, not 80. On another host it is a set of
// nodes: the range [first, end) of space.nodes, then the node that stands
// for the set in distances.
type domain []int32

// domainLen returns the numbers of a domain.
func (s *space) domainLen() int {
	if s.grid != nil {
		return 4
	}
	return 3
}

// box returns the words of a box: first coordinates and sizes less one.
func box(d domain) (lo, sz uint64) {
	return uint64(uint32(d[0])) | uint64(uint32(d[1]))<<32, uint64(uint32(d[2])) | uint64(uint32(d[3]))<<32
}

func appendBox(dst []int32, lo, sz uint64) []int32 {
	return append(dst, int32(uint32(lo)), int32(uint32(lo>>32)), int32(uint32(sz)), int32(uint32(sz>>32)))
}

// field returns the field of axis j of a box word.
func (s *space) field(w uint64, j int) int32 { return int32(w >> s.off[j] & s.mask[j]) }

// setField returns w with the field of axis j set to x.
func (s *space) setField(w uint64, j int, x int32) uint64 {
	return w&^(s.mask[j]<<s.off[j]) | uint64(x)<<s.off[j]
}

// whole appends the domain of the whole host to dst.
func (s *space) whole(dst []int32) []int32 {
	if s.grid != nil {
		sz := uint64(0)
		for j, k := range s.dims {
			sz = s.setField(sz, j, k-1)
		}
		return appendBox(dst, 0, sz)
	}
	if s.nodes == nil {
		s.nodes = make([]int32, s.size)
		for i := range s.nodes {
			s.nodes[i] = int32(i)
		}
	}
	// the nodes of a set are sorted anew by every split, in a total
	// order: the whole host's may stay as an earlier run left them
	return append(dst, 0, int32(s.size), int32(s.size/2))
}

// capacity returns the nodes of d.
func (s *space) capacity(d domain) int {
	if s.grid == nil {
		return int(d[1] - d[0])
	}
	_, sz := box(d)
	n := 1
	for j := range s.c {
		n *= int(s.field(sz, j)) + 1
	}
	return n
}

// node returns the node of a domain of one node.
func (s *space) node(d domain) int32 {
	if s.grid == nil {
		return s.nodes[d[0]]
	}
	lo, _ := box(d)
	idx, stride := int32(0), int32(1)
	for j, k := range s.dims {
		idx += s.field(lo, j) * stride
		stride *= k
	}
	return idx
}

// dist returns the distance between two domains: between the centres of
// boxes (per axis, the shorter way round a wrapped axis), or the hops
// between the nodes that stand for sets. O(c).
func (s *space) dist(a, b domain) float64 {
	if s.grid == nil {
		return float64(s.hops(a[2], b[2]))
	}
	d := int32(0)
	for j := range s.c {
		d += axis.Hops(s.lies(a, j)-s.lies(b, j), 2*s.span[j])
	}
	return float64(d) / 2
}

// lies returns where d lies along an axis: on a grid host twice the
// centre of the box (an integer), on another host the node that stands
// for the set (any axis).
func (s *space) lies(d domain, axis int) int32 {
	if s.grid == nil {
		return d[2]
	}
	lo, sz := box(d)
	return 2*s.field(lo, axis) + s.field(sz, axis)
}

// liesNode is lies for the domain of node x alone.
func (s *space) liesNode(x int32, axis int) int32 {
	switch {
	case s.grid == nil:
		return x
	case s.cube:
		return 2 * (x >> axis & 1)
	}
	return 2 * s.coord(x, axis)
}

// axis returns the axis along which the halves d0 and d1 of a box
// differ (the only one); 0 on a host without the Grid capability.
func (s *space) axis(d0, d1 domain) int {
	if s.grid != nil {
		lo0, _ := box(d0)
		lo1, _ := box(d1)
		for j := range s.c {
			if s.field(lo0, j) != s.field(lo1, j) {
				return j
			}
		}
	}
	return 0
}

// pull returns what lying at x1 rather than x0 adds to the distance to
// xu, where x0 and x1 are where the halves of a domain lie along the
// axis j they differ by, and xu where another domain lies along it: on a
// grid host the other axes add the same to both. O(1) there.
func (s *space) pull(x0, x1, xu int32, j int) float64 {
	if s.grid == nil {
		return float64(s.hops(x1, xu) - s.hops(x0, xu))
	}
	sp := 2 * s.span[j]
	return float64(axis.Hops(x1-xu, sp)-axis.Hops(x0-xu, sp)) / 2
}

// split appends the two halves of d, a domain of two nodes or more, to
// dst: a box is cut across its longest axis (the first of the longest),
// the lower half first, ⌊k/2⌋ and ⌈k/2⌉ wide; a set along the host's own
// structure (cutSet). O(c) for boxes, O(n·c + n log n) for sets.
func (s *space) split(d domain, dst []int32) []int32 {
	if s.grid == nil {
		return s.splitSet(d, dst)
	}
	lo, sz := box(d)
	a := 0
	for j := range s.c {
		if s.field(sz, j) > s.field(sz, a) {
			a = j
		}
	}
	k := s.field(sz, a) + 1
	h := k / 2
	dst = appendBox(dst, lo, s.setField(sz, a, h-1))
	return appendBox(dst, s.setField(lo, a, s.field(lo, a)+h), s.setField(sz, a, k-h-1))
}

// splitSet is split on a set of nodes: the nodes are put in order (in
// place) and cut in two by cutSet; each half stands for itself by its
// middle node.
func (s *space) splitSet(d domain, dst []int32) []int32 {
	nodes := s.nodes[d[0]:d[1]]
	h := s.cutSet(nodes)
	mid := d[0] + h
	return append(dst, d[0], mid, nodes[h/2], mid, d[1], nodes[h+(int32(len(nodes))-h)/2])
}

// cutSet orders a set of two nodes or more and returns the size of its
// first part, along the host's structure as Scotch's architectures split
// their domains:
//   - on a host of nested groups (metric.Groups), by index (groups are
//     ranges of indices), cut between the groups of the highest level in
//     which the nodes differ, at the boundary nearest the middle (cutGroups):
//     a fat tree by its top switches' subtrees first, a dragonfly by
//     groups, then routers, then terminals, and a node's inside last;
//   - on a tree of switches that is not regular (topology.Rooted: a
//     machine read from a file), by the subtrees of the switch that is
//     the nodes' lowest common ancestor (switchTree.cut);
//   - on a host whose nodes have cores or an inside over another host,
//     the nodes first (by the coordinate of largest extent of the nodes,
//     the slots of a node kept together);
//   - on any other host, by the coordinate of largest extent, at the
//     median.
//
// The slots of one node are cut along its inside's groups (cutGroups).
// A run by coordinates (byCoords) cuts every set as any other host's.
// Ties go to the lower cut. O(n·c + n log n).
func (s *space) cutSet(nodes []int32) int32 {
	n := int32(len(nodes))
	if s.byCoords {
		s.sortBy(nodes, s.host, 1)
		return n / 2
	}
	if s.groups != nil {
		return cutGroups(nodes, s.groups)
	}
	c := s.perNode()
	if s.tree != nil {
		s.tree.sortSlots(nodes, c)
	} else {
		s.sortBy(nodes, s.nodeHost, c)
	}
	if nodes[0]/c == nodes[n-1]/c {
		return cutGroups(nodes, s.inside) // the slots of one node
	}
	if s.tree != nil {
		return s.tree.cut(nodes, c)
	}
	if c == 1 {
		return n / 2
	}
	return nearestCut(nodes, func(x, y int32) bool { return x/c == y/c })
}

// cutGroups sorts nodes by index and returns the size of its first part:
// cut between the groups of the highest level (groups: the slots of a
// group of each level, innermost first) in which they differ, at the
// boundary nearest the middle; in half within a group of the innermost
// level, or without levels.
func cutGroups(nodes []int32, groups []int32) int32 {
	n := int32(len(nodes))
	order.Ascending(nodes)
	lv := len(groups) - 1 // the highest level whose groups differ
	for lv > 0 && nodes[0]/groups[lv-1] == nodes[n-1]/groups[lv-1] {
		lv--
	}
	if lv <= 0 {
		return n / 2 // the nodes of one group of the innermost level
	}
	g := groups[lv-1]
	return nearestCut(nodes, func(x, y int32) bool { return x/g == y/g })
}

// sortBy sorts slots by (coordinate, slot) along the axis of largest
// extent of their nodes (h's coordinates of slot / c), by slot alone
// when they all agree there.
func (s *space) sortBy(slots []int32, h topology.Host, c int32) {
	lo, hi := s.extent(slots, h, c)
	axis, wide := 0, 0
	for j := range lo {
		if hi[j]-lo[j] > wide {
			axis, wide = j, hi[j]-lo[j]
		}
	}
	// sort by (coordinate, slot): keys of the coordinate above the slot
	keys := slices.Grow(s.keys[:0], len(slots))
	for _, x := range slots {
		k := uint64(x)
		if wide > 0 {
			s.buf = h.Coords(int(x/c), s.buf[:0])
			k |= uint64(s.buf[axis]) << 32
		}
		keys = append(keys, k)
	}
	sort.Sort(uint64s(keys)) // distinct keys: any sort gives this order
	for i, k := range keys {
		slots[i] = int32(uint32(k))
	}
	s.keys = keys
}

// nearestCut returns the position nearest the middle of nodes (the lower
// of two as near) between two neighbours that are not in one group, at
// least 1 and at most len-1: the nodes of a group are consecutive.
func nearestCut(nodes []int32, same func(x, y int32) bool) int32 {
	n := int32(len(nodes))
	best := int32(-1)
	for i := int32(1); i < n; i++ {
		if !same(nodes[i-1], nodes[i]) && (best < 0 || abs32(2*i-n) < abs32(2*best-n)) {
			best = i
		}
	}
	if best < 0 {
		return n / 2
	}
	return best
}

// extent returns the least and the largest coordinates per axis of the
// nodes of slots on h, c slots a node.
func (s *space) extent(slots []int32, h topology.Host, c int32) (lo, hi []int) {
	for _, x := range slots {
		s.buf = h.Coords(int(x/c), s.buf[:0])
		if lo == nil {
			lo, hi = slices.Clone(s.buf), slices.Clone(s.buf)
		}
		for j, v := range s.buf {
			lo[j], hi[j] = min(lo[j], v), max(hi[j], v)
		}
	}
	return lo, hi
}

// uint64s sorts through sort.Sort: a generic slices sort of uint64 would
// add to the browser client (see package order).
type uint64s []uint64

func (s uint64s) Len() int           { return len(s) }
func (s uint64s) Less(i, j int) bool { return s[i] < s[j] }
func (s uint64s) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
