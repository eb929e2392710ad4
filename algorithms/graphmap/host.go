package graphmap

import (
	"math/bits"

	"topomap/algorithms/topology"
)

// space answers the distance questions of the mappers about a host: hop
// counts (from a coordinate table on grid hosts, Host.Hops on others) and
// each node's neighbours (a table built once).
type space struct {
	host topology.Host
	size int
	grid topology.Grid // nil unless the host has the Grid capability
	cube bool          // every axis of size 2: hops is a popcount
	dims []int32
	span []int32 // per axis: k with wrap-around, else 2k (see fold)
	// off and mask place the field of each axis in the words of a box
	// (see domain): bitlen(k-1) bits
	off  []uint8
	mask []uint64
	c    int
	tab  []int32 // grid: tab[i*c+j] is coordinate j of node i
	xnbr []int32 // neighbours of node i: nbr[xnbr[i]:xnbr[i+1]]
	nbr  []int32
	// nodes (hosts without the Grid capability) holds the sets of nodes
	// of rb's domains, each a range; keys and buf are split's scratch.
	nodes []int32
	keys  []uint64
	buf   []int
}

// newSpace prepares h: O(N·c) on grid hosts.
func newSpace(h topology.Host) *space {
	s := &space{host: h, size: h.Size()}
	g, ok := h.(topology.Grid)
	if !ok {
		return s
	}
	s.grid, s.c, s.cube = g, g.Rank(), true
	at := 0 // the next free bit of the words of a box
	for j := range s.c {
		k := g.Dim(j)
		s.dims = append(s.dims, int32(k))
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
	if !s.cube {
		s.tab = make([]int32, s.size*s.c)
		for i := range s.size {
			x := i
			for j, k := range s.dims {
				s.tab[i*s.c+j] = int32(x % int(k))
				x /= int(k)
			}
		}
	}
	return s
}

// fold returns the hops along an axis of span sp for a coordinate
// difference d: min(|d|, sp-|d|), which is |d| when sp = 2k (no wrap).
func fold(d, sp int32) int32 {
	if d < 0 {
		d = -d
	}
	return min(d, sp-d)
}

// hops returns the hop distance between nodes a and b.
func (s *space) hops(a, b int32) int32 {
	switch {
	case s.grid == nil:
		return int32(s.host.Hops(int(a), int(b)))
	case s.cube:
		return int32(bits.OnesCount32(uint32(a ^ b)))
	}
	c := s.c
	ca, cb := s.tab[int(a)*c:int(a)*c+c], s.tab[int(b)*c:int(b)*c+c]
	d := int32(0)
	for j, x := range ca {
		d += fold(x-cb[j], s.span[j])
	}
	return d
}

// neighbours returns the neighbour table, built on first use. O(N·degree).
func (s *space) neighbours() (xnbr, nbr []int32) {
	if s.xnbr == nil {
		s.xnbr = make([]int32, s.size+1)
		var buf []int
		for i := range s.size {
			buf = s.host.Neighbors(i, buf[:0])
			for _, u := range buf {
				s.nbr = append(s.nbr, int32(u))
			}
			s.xnbr[i+1] = int32(len(s.nbr))
		}
	}
	return s.xnbr, s.nbr
}

// centre returns a central node: on a grid host the node of coordinates
// ⌊(k-1)/2⌋; on another host the node whose coordinates are nearest (sum
// of absolute differences) to the mean of all nodes' coordinates, the
// lowest index among equals. O(N·c).
func (s *space) centre() int32 {
	if s.grid != nil {
		idx, stride := 0, 1
		for _, k := range s.dims {
			idx += int(k-1) / 2 * stride
			stride *= int(k)
		}
		return int32(idx)
	}
	var mean []float64
	var buf []int
	for i := range s.size {
		buf = s.host.Coords(i, buf[:0])
		if mean == nil {
			mean = make([]float64, len(buf))
		}
		for j, x := range buf {
			mean[j] += float64(x) / float64(s.size)
		}
	}
	best, bestD := int32(0), -1.0
	for i := range s.size {
		buf = s.host.Coords(i, buf[:0])
		d := 0.0
		for j, x := range buf {
			if e := float64(x) - mean[j]; e < 0 {
				d -= e
			} else {
				d += e
			}
		}
		if bestD < 0 || d < bestD {
			best, bestD = int32(i), d
		}
	}
	return best
}
