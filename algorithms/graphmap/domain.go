package graphmap

import (
	"cmp"
	"slices"
)

// A domain is a part of the host that recursive bipartitioning assigns a
// part of the guest to: a box of a grid host, or a set of nodes of any
// other host.
type domain struct {
	lo, sz []int32 // grid host: the box's first coordinate and size per axis
	nodes  []int32 // other hosts: the nodes, sorted as split
	cap    int
	// centre2 (grid hosts) is twice the box's centre per axis, so that
	// distances between boxes are integers halved; rep (other hosts) is
	// the node that stands for the domain in distances.
	centre2 []int32
	rep     int32
}

// whole returns the domain of the whole host.
func (s *space) whole() domain {
	if s.grid != nil {
		lo, sz := make([]int32, s.c), make([]int32, s.c)
		copy(sz, s.dims)
		return s.box(lo, sz)
	}
	nodes := make([]int32, s.size)
	for i := range nodes {
		nodes[i] = int32(i)
	}
	return s.set(nodes)
}

func (s *space) box(lo, sz []int32) domain {
	d := domain{lo: lo, sz: sz, cap: 1, centre2: make([]int32, len(lo))}
	for j := range lo {
		d.cap *= int(sz[j])
		d.centre2[j] = 2*lo[j] + sz[j] - 1
	}
	return d
}

func (s *space) set(nodes []int32) domain {
	return domain{nodes: nodes, cap: len(nodes), rep: nodes[len(nodes)/2]}
}

// node returns the node of a domain of one node.
func (s *space) node(d domain) int32 {
	if s.grid == nil {
		return d.nodes[0]
	}
	idx, stride := int32(0), int32(1)
	for j, k := range s.dims {
		idx += d.lo[j] * stride
		stride *= k
	}
	return idx
}

// dist returns the distance between two domains: between the centres of
// boxes (per axis, the shorter way round a wrapped axis), or the hops
// between the nodes that stand for sets. O(c).
func (s *space) dist(a, b *domain) float64 {
	if s.grid == nil {
		return float64(s.hops(a.rep, b.rep))
	}
	d := int32(0)
	for j, x := range a.centre2 {
		d += fold(x-b.centre2[j], 2*s.span[j])
	}
	return float64(d) / 2
}

// split cuts a domain of two nodes or more in two: a box across its
// longest axis (the first of the longest), the lower half first, ⌊k/2⌋
// and ⌈k/2⌉ wide; a set by the coordinate axis of largest extent (at the
// median of the nodes sorted by that coordinate, then by index), the
// first ⌊n/2⌋ nodes first. O(c) for boxes, O(n·c + n log n) for sets.
func (s *space) split(d domain) (domain, domain) {
	if s.grid != nil {
		a := 0
		for j, k := range d.sz {
			if k > d.sz[a] {
				a = j
			}
		}
		h := d.sz[a] / 2
		lo0, sz0 := slices.Clone(d.lo), slices.Clone(d.sz)
		lo1, sz1 := slices.Clone(d.lo), slices.Clone(d.sz)
		sz0[a] = h
		lo1[a], sz1[a] = d.lo[a]+h, d.sz[a]-h
		return s.box(lo0, sz0), s.box(lo1, sz1)
	}
	coords := make([][]int, len(d.nodes))
	for i, x := range d.nodes {
		coords[i] = s.host.Coords(int(x), nil)
	}
	axis, extent := 0, -1
	for j := range coords[0] {
		lo, hi := coords[0][j], coords[0][j]
		for _, c := range coords {
			lo, hi = min(lo, c[j]), max(hi, c[j])
		}
		if hi-lo > extent {
			axis, extent = j, hi-lo
		}
	}
	order := make([]int, len(d.nodes))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(coords[a][axis], coords[b][axis]), cmp.Compare(d.nodes[a], d.nodes[b]))
	})
	nodes := make([]int32, len(order))
	for i, o := range order {
		nodes[i] = d.nodes[o]
	}
	h := len(nodes) / 2
	return s.set(nodes[:h:h]), s.set(nodes[h:])
}
