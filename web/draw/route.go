package draw

import "topomap/algorithms/topology"

// Route returns the host nodes a message from node a to node b passes
// through, a and b included: Hops(a, b)+1 nodes. On a host with routing
// it is the host's rule (topology.Router: dimension-order with the tie
// rule, e-cube), the route whose links the link heat map counts,
// O(c + hops); on other hosts each step goes to the first neighbour one
// hop nearer b, O(hops·degree) calls of Hops.
func Route(h topology.Host, a, b int) []int {
	route := []int{a}
	if r, ok := topology.RouterOf(h); ok {
		for _, l := range r.Route(a, b, nil) {
			_, head, _ := r.Link(l)
			route = append(route, head)
		}
		return route
	}
	var nb []int
	for cur := a; cur != b; route = append(route, cur) {
		for _, v := range h.Neighbors(cur, nb[:0]) {
			if h.Hops(v, b) < h.Hops(cur, b) {
				cur = v
				break
			}
		}
	}
	return route
}
