package topotest

import "topomap/algorithms/topology"

// checkRoutes checks the routing capability, where a host has it: the
// numbering's links are Links() distinct (tail, head) pairs of
// neighbours (of vertices joined by a wire, on an indirect network), and
// every route from a to b is a chain of Hops(a, b) links from a to b (a
// shortest path; from a's node to b's on a host with cores, whose links
// join core 0 of each node).
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
	return c.err()
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
