package topotest

import "topomap/algorithms/topology"

// checkRoutes checks the routing capability, where a host has it: the
// numbering's links are Links() distinct (tail, head) pairs of
// neighbours, and every route from a to b is a chain of Hops(a, b) links
// from a to b (a shortest path; from a's node to b's on a host with
// cores, whose links join core 0 of each node).
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
		if seen[[2]int{tail, head}] || h.Hops(tail, head) != 1 {
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
			if !ok || !sameNode(h, tail, at) {
				return c.add("route %d→%d: link %d is no link from %d", a, b, id, at)
			}
			at = head
		}
		if !sameNode(h, at, b) || len(route) != h.Hops(a, b) {
			return c.add("route %d→%d ends at %d after %d links, want %d", a, b, at, len(route), h.Hops(a, b))
		}
		return true
	})
	return c.err()
}
