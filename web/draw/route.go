package draw

import "topomap/algorithms/topology"

// Route returns the host nodes a message from node a to node b passes
// through, a and b included: Hops(a, b)+1 nodes. On a grid host it is
// dimension-order routing (dimension 0 first, the shorter way round a
// wrapped dimension), O(c + hops); on other hosts each step goes to the
// first neighbour one hop nearer b, O(hops·degree) calls of Hops.
func Route(h topology.Host, a, b int) []int {
	if inner, c := topology.SplitCores(h); c > 1 {
		return slotRoute(inner, c, a, b)
	}
	t, ok := h.(topology.Grid)
	if !ok {
		route := []int{a}
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
	ca := t.Coords(a, nil)
	cb := t.Coords(b, nil)
	route := []int{a}
	stride := 1
	cur := a
	for j, x := range ca {
		k := t.Dim(j)
		d := cb[j] - x
		step := 1
		if d < 0 {
			step, d = -1, -d
		}
		if t.Wraps(j) && k-d < d { // the other way round is shorter
			step, d = -step, k-d
		}
		for range d {
			nx := (x + step + k) % k
			cur += (nx - x) * stride
			x = nx
			route = append(route, cur)
		}
		stride *= k
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
