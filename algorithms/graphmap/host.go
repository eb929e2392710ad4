package graphmap

import (
	"math/bits"
	"slices"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// space answers the distance questions of the mappers about a host: hop
// counts (from coordinates on grid hosts, Host.Hops on others) and each
// node's neighbours. On a dense space, a host of at most denseHost times
// the guest's vertices, per-node tables pay and are built (coordinates,
// neighbours, marks); on a larger host the mappers touch only the nodes
// near the ones they use, so that their cost grows with the guest.
type space struct {
	host  topology.Host
	size  int
	dense bool
	grid  topology.Grid // nil unless the host has the Grid capability
	cube  bool          // every axis of size 2: hops is a popcount
	dims  []int32
	span  []int32 // per axis: k with wrap-around, else 2k (see fold)
	// off and mask place the field of each axis in the words of a box
	// (see domain): bitlen(k-1) bits
	off     []uint8
	mask    []uint64
	strides []int32
	c       int
	tab     []int32 // dense grid: tab[i*c+j] is coordinate j of node i
	xnbr    []int32 // dense: the neighbours of node i are nbr[xnbr[i]:xnbr[i+1]]
	nbr     []int32
	// nodes (hosts without the Grid capability) holds the sets of nodes
	// of rb's domains, each a range; keys and buf are split's scratch.
	nodes []int32
	keys  []uint64
	buf   []int
	// groups (a host of nested groups, metric.Groups) holds the size of
	// a group of each level, innermost first: nodes x and y are in one
	// group of level i when x/groups[i] = y/groups[i]. inside holds
	// those of the groups inside a node (metric.NodeLevels: its cores,
	// or the levels of its inside), the last one a node's slots, and
	// nodeHost the host of the nodes (the host itself when a node is one
	// slot, inside empty).
	groups, inside []int32
	nodeHost       topology.Host
	// costly: a node's inside has costs (not cores 0 apart), so that
	// rb's runs alternate between its structure and the slots'
	// coordinates (byCoords, see Bipartition)
	costly, byCoords bool
	// tree (a host of nodes under a tree of switches that is not
	// regular, topology.Rooted, its nodes with cores or an inside or
	// not) is that tree, whose switches split sets of nodes (see switchTree.cut)
	tree *switchTree
}

// denseHost is the most host nodes per guest vertex of a dense space.
const denseHost = 16

// newSpace prepares h for a guest of n vertices: O(N·c) on a dense grid
// host, O(c) on another.
func newSpace(h topology.Host, n int) *space {
	s := &space{host: h, size: h.Size(), dense: h.Size() <= denseHost*max(n, 1)}
	inside, costs, nodes := metric.NodeLevels(h)
	s.inside, s.nodeHost = groupSizes(inside), nodes
	s.costly = slices.Max(append(costs, 0)) > 0
	if radices, ok := metric.Groups(h); ok {
		s.groups = groupSizes(radices)
	} else if t, ok := nodes.(topology.Rooted); ok {
		s.tree = newSwitchTree(t)
	}
	g, ok := h.(topology.Grid)
	if !ok {
		return s
	}
	s.grid, s.c, s.cube = g, g.Rank(), true
	at, stride := 0, int32(1) // the next free bit of the words of a box
	for j := range s.c {
		k := g.Dim(j)
		s.dims = append(s.dims, int32(k))
		s.strides = append(s.strides, stride)
		stride *= int32(k)
		sp := 2 * k
		if g.Wraps(j) {
			sp = k
		}
		s.span = append(s.span, int32(sp))
		s.cube = s.cube && k == 2
		w := bits.Len(uint(k - 1))
		s.mask = append(s.mask, 1<<w-1)
		s.off = append(s.off, uint8(at))
		at += w
	}
	if !s.cube && s.dense {
		tab := make([]int32, s.size*s.c)
		for i := range s.size {
			for j := range s.c {
				tab[i*s.c+j] = s.coord(int32(i), j)
			}
		}
		s.tab = tab
	}
	return s
}

// groupSizes returns the slots of a group of each level of groups of
// those radices, innermost first.
func groupSizes(radices []int) []int32 {
	var out []int32
	size := int32(1)
	for _, r := range radices {
		size *= int32(r)
		out = append(out, size)
	}
	return out
}

// perNode returns the slots of a node.
func (s *space) perNode() int32 {
	if len(s.inside) == 0 {
		return 1
	}
	return s.inside[len(s.inside)-1]
}

// coord returns coordinate j of node x of a grid host.
func (s *space) coord(x int32, j int) int32 {
	if s.tab != nil {
		return s.tab[int(x)*s.c+j]
	}
	return x / s.strides[j] % s.dims[j]
}

// hops returns the hop distance between nodes a and b.
func (s *space) hops(a, b int32) int32 {
	switch {
	case s.grid == nil:
		return int32(s.host.Hops(int(a), int(b)))
	case s.cube:
		return int32(bits.OnesCount32(uint32(a ^ b)))
	}
	c, d := s.c, int32(0)
	if s.tab == nil {
		for j := range c {
			d += axis.Hops(s.coord(a, j)-s.coord(b, j), s.span[j])
		}
		return d
	}
	ca, cb := s.tab[int(a)*c:int(a)*c+c], s.tab[int(b)*c:int(b)*c+c]
	for j, x := range ca {
		d += axis.Hops(x-cb[j], s.span[j])
	}
	return d
}

// adjacent returns the neighbours of node x: on a dense space from a
// table built on first use (O(N·degree)), else from the host, in buf.
func (s *space) adjacent(x int32, buf []int32) []int32 {
	if !s.dense {
		s.buf = s.host.Neighbors(int(x), s.buf[:0])
		buf = buf[:0]
		for _, u := range s.buf {
			buf = append(buf, int32(u))
		}
		return buf
	}
	if s.xnbr == nil {
		s.xnbr = make([]int32, s.size+1)
		for i := range s.size {
			s.buf = s.host.Neighbors(i, s.buf[:0])
			for _, u := range s.buf {
				s.nbr = append(s.nbr, int32(u))
			}
			s.xnbr[i+1] = int32(len(s.nbr))
		}
	}
	return s.nbr[s.xnbr[x]:s.xnbr[x+1]]
}

// marks holds a number per host node, 0 until set: a slice on a dense
// space, else a map of the nodes set.
type marks struct {
	dense  []int32
	sparse map[int32]int32
}

func (s *space) marks() *marks {
	if s.dense {
		return &marks{dense: make([]int32, s.size)}
	}
	return &marks{sparse: make(map[int32]int32)}
}

func (m *marks) get(x int32) int32 {
	if m.dense != nil {
		return m.dense[x]
	}
	return m.sparse[x]
}

func (m *marks) set(x, v int32) {
	if m.dense != nil {
		m.dense[x] = v
	} else {
		m.sparse[x] = v
	}
}

// centre returns a central node: on a grid host the node of coordinates
// ⌊(k-1)/2⌋; on another host the node of coordinates ⌊c/2⌋, c those of
// the last node (the largest on every axis, the first coordinate
// varying fastest), which, coordinates filling a box, is the node nearest
// (sum of absolute differences) to the mean of all nodes' coordinates,
// the lowest index among equals. O(c).
func (s *space) centre() int32 {
	if s.grid != nil {
		idx := int32(0)
		for j, k := range s.dims {
			idx += (k - 1) / 2 * s.strides[j]
		}
		return idx
	}
	s.buf = s.host.Coords(s.size-1, s.buf[:0])
	for j := range s.buf {
		s.buf[j] /= 2
	}
	if x, err := s.host.Index(s.buf); err == nil {
		return int32(x)
	}
	return int32(s.size / 2) // coordinates that do not fill a box
}
