package metric

import (
	"math/bits"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// hopper computes the hop counts of guest arcs under a placement without a
// division per arc: Lattice.Hops divides twice per dimension, which
// dominates on 20M-arc cubes. On hosts whose every dimension has size 2
// (hypercubes) the distance is the popcount of the XOR of node indices;
// on 1-D hosts it is the index difference; on other grid hosts it is read
// from the host coordinates of each guest vertex, computed once (n·c
// int32). Hosts without the Grid capability use Host.Hops, the definition
// the fast paths are tested against.
type hopper struct {
	host  topology.Host
	place []int
	mode  hopMode
	c     int     // rank
	span  []int32 // per dimension: k with wrap-around, else 2k (see fold)
	coord []int32 // coord[v*c+j]: coordinate j of the node of guest vertex v
}

type hopMode int

const (
	hopCube hopMode = iota
	hopLine
	hopGrid
	hopAny
)

// newHopper prepares the hop counts of m. O(n·c) time and memory.
func newHopper(m *mapping.Mapping) *hopper {
	h := &hopper{host: m.Host, place: m.Place, mode: hopAny}
	host, ok := m.Host.(topology.Grid)
	if !ok {
		return h
	}
	h.c, h.mode = host.Rank(), hopCube
	dims := topology.DimsOf(host)
	for j, k := range dims {
		s := 2 * k
		if host.Wraps(j) {
			s = k
		}
		h.span = append(h.span, int32(s))
		if k != 2 {
			h.mode = hopGrid
		}
	}
	switch {
	case h.mode == hopCube:
	case h.c == 1:
		h.mode = hopLine
	default:
		h.coord = make([]int32, len(m.Place)*h.c)
		for v, p := range m.Place {
			for j, k := range dims {
				h.coord[v*h.c+j] = int32(p % k)
				p /= k
			}
		}
	}
	return h
}

// arcs writes into out (len ≥ len(adj)) the hop counts from vertex v to
// each of adj and returns that prefix of out.
func (h *hopper) arcs(v int, adj []int32, out []int32) []int32 {
	out = out[:len(adj)]
	switch h.mode {
	case hopCube:
		pv := h.place[v]
		for i, u := range adj {
			out[i] = int32(bits.OnesCount(uint(pv ^ h.place[u])))
		}
	case hopLine:
		pv, s := int32(h.place[v]), h.span[0]
		for i, u := range adj {
			out[i] = axis.Hops(pv-int32(h.place[u]), s)
		}
	case hopAny:
		pv := h.place[v]
		for i, u := range adj {
			out[i] = int32(h.host.Hops(pv, h.place[u]))
		}
	default:
		c := h.c
		cv := h.coord[v*c : v*c+c]
		for i, u := range adj {
			cu := h.coord[int(u)*c : int(u)*c+c]
			s := int32(0)
			for j, x := range cv {
				s += axis.Hops(x-cu[j], h.span[j])
			}
			out[i] = s
		}
	}
	return out
}
