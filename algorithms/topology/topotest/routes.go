package topotest

import (
	"fmt"

	"topomap/algorithms/topology"
)

// checkRoutes checks the routing capability, where a host has it: the
// numbering's links are Links() distinct (tail, head) pairs of
// neighbours (of vertices joined by a wire, on an indirect network), and
// every route from a to b is a chain of Hops(a, b) links from a to b (a
// shortest path; from a's node to b's on a host with cores, whose links
// join core 0 of each node); and on a router whose routes follow its axes
// (AxisRouter) that they do (checkAxisRoutes).
func checkRoutes(h Host) error {
	r, ok := topology.RouterOf(h)
	if !ok {
		return nil
	}
	var c collector
	links, seen := 0, map[[2]int]bool{}
	for id := range r.LinkSlots() {
		tail, head, ok := r.Link(id)
		if !ok {
			continue
		}
		links++
		if seen[[2]int{tail, head}] || !joined(h, tail, head) {
			if !c.add("link %d: %d→%d repeated or not between neighbours", id, tail, head) {
				return c.err()
			}
		}
		seen[[2]int{tail, head}] = true
		if h.Size() > SmallHost && links > samples {
			break // the numbering's start, on large hosts
		}
	}
	if h.Size() <= SmallHost && links != r.Links() {
		c.add("%d numbers are links, Links() = %d", links, r.Links())
	}
	var route []int
	pairs(h, func(a, b int) bool {
		route = r.Route(a, b, route[:0])
		at := a
		for _, id := range route {
			tail, head, ok := r.Link(id)
			if !ok || wiringVertex(h, tail) != wiringVertex(h, at) {
				return c.add("route %d→%d: link %d is no link from %d", a, b, id, at)
			}
			at = head
		}
		if wiringVertex(h, at) != wiringVertex(h, b) || len(route) != h.Hops(a, b) {
			return c.add("route %d→%d ends at %d after %d links, want %d", a, b, at, len(route), h.Hops(a, b))
		}
		return true
	})
	if err := checkAxisRoutes(h); err != nil {
		c.add("%v", err)
	}
	return c.err()
}

// checkAxisRoutes checks the AxisRouter capability, where a router has
// it: the loads that Loads sums along the axis lines of its link
// numbering (AxisSlot) are those of its routes (Route), over every pair
// of a small router or a sample of a large one's, each message of a
// whole volume of its own (so that the sums are exact).
func checkAxisRoutes(h Host) error {
	r, ok := topology.RouterOf(h)
	ar, axes := r.(topology.AxisRouter)
	if !ok || !axes {
		return nil
	}
	lines, want := topology.NewLoads(ar), make([]float64, ar.LinkSlots())
	var route []int
	pairs(ar, func(a, b int) bool {
		w := float64(1 + (3*a+b)%7)
		lines.Add(a, b, w)
		for _, id := range ar.Route(a, b, route[:0]) {
			want[id] += w
		}
		return true
	})
	got, _ := lines.Sum()
	for id := range want {
		if got[id] != want[id] {
			return fmt.Errorf("link %d: the axis lines load it with %v, the routes with %v", id, got[id], want[id])
		}
	}
	return nil
}

// wiringVertex returns the vertex of the host of nodes (the inner host, on
// a host with cores) that link end v stands for: the node of a slot, or a
// switch of an indirect network, numbered after the nodes.
func wiringVertex(h Host, v int) int {
	inner, c := topology.SplitRouters(h)
	if v >= h.Size() {
		return inner.Size() + v - h.Size()
	}
	return v / c
}

// joined reports whether link ends tail and head are joined by a wire of
// the host's network, or else are nodes one hop apart.
func joined(h Host, tail, head int) bool {
	inner, _ := topology.SplitRouters(h)
	net, ok := inner.(topology.Network)
	if !ok {
		return tail < h.Size() && head < h.Size() && h.Hops(tail, head) == 1
	}
	t, to := wiringVertex(h, tail), wiringVertex(h, head)
	if t < 0 || t >= net.Size()+net.Switches() {
		return false
	}
	for _, w := range net.Wires(t, nil) {
		if w.To == to {
			return true
		}
	}
	return false
}
