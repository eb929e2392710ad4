package draw

import (
	"fmt"

	"topomap/algorithms/topology"
)

// someNodes is the capability of a host made of some nodes of a whole
// host, in its own order (topology.Listed, the nodes of a coordinates
// file): node i is node Node(i) of Whole().
type someNodes interface {
	Whole() topology.Host
	Node(i int) int
}

func init() {
	registerLayout("listed", func(h topology.Host, width, height, minCell int) (*layout, bool) {
		s, ok := h.(someNodes)
		if !ok {
			return nil, false
		}
		return listedLayout(h, s, width, height, minCell), true
	})
}

// listedLayout draws the whole host with its links as grey wires and the
// listed nodes at their places on it (the whole host's other nodes are
// not drawn).
func listedLayout(h topology.Host, s someNodes, width, height, minCell int) *layout {
	wl := hostLayout(s.Whole(), width, height, minCell)
	l := *wl
	n := h.Size()
	l.x, l.y, l.planes = make([]int, n), make([]int, n), make([]int, n)
	for i := range n {
		u := s.Node(i)
		l.x[i], l.y[i], l.planes[i] = wl.x[u], wl.y[u], wl.planeOf(u)
	}
	l.links, l.ends, l.arcs = nil, nil, false
	for _, k := range wl.links {
		l.wires = append(l.wires, [4]int{wl.x[k[0]], wl.y[k[0]], wl.x[k[1]], wl.y[k[1]]})
	}
	l.note = fmt.Sprintf("the %d listed nodes at their places on %s", n, s.Whole())
	if wl.note != "" {
		l.note = wl.note + "; " + l.note
	}
	return &l
}
