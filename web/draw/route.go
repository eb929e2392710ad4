package draw

import "topomap/algorithms/topology"

// Route returns the host nodes a message from node a to node b passes
// through, a and b included: Hops(a, b)+1 nodes on a lattice. On a host
// with routing it is the host's rule (topology.Router: dimension-order
// with the tie rule, e-cube, D-mod-k, minimal), the route whose links the
// link heat map counts, O(c + hops), without the switches it passes (a
// route through the switches of a fat tree or a dragonfly is its two
// ends; RouteLinks gives its links); on other hosts each step goes to the
// first neighbour one hop nearer b, O(hops·degree) calls of Hops. Between slots of a host with
// cores it is the route of their nodes through core 0 of the nodes on the
// way ([a, b] inside one node).
func Route(h topology.Host, a, b int) []int {
	if inner, c := topology.SplitCores(h); c > 1 {
		return slotRoute(inner, c, a, b)
	}
	route := []int{a}
	if r, ok := topology.RouterOf(h); ok {
		for _, l := range r.Route(a, b, nil) {
			if _, head, _ := r.Link(l); head < h.Size() { // a node, not a switch
				route = append(route, head)
			}
		}
		return route
	}
	var nb []int
	for cur := a; cur != b; route = append(route, cur) {
		next := cur
		for _, v := range h.Neighbors(cur, nb[:0]) {
			if h.Hops(v, b) < h.Hops(cur, b) {
				next = v
				break
			}
		}
		if next == cur { // through switches (a fat tree, a dragonfly): not drawn
			next = b
		}
		cur = next
	}
	return route
}

// slotRoute is Route between slots a and b of a host with c cores per
// node: the route between their nodes, through core 0 of the nodes on the
// way; [a, b] inside one node (0 hops).
func slotRoute(inner topology.Host, c, a, b int) []int {
	if a/c == b/c {
		return []int{a, b}
	}
	route := Route(inner, a/c, b/c)
	for i := range route {
		route[i] *= c
	}
	route[0], route[len(route)-1] = a, b
	return route
}
