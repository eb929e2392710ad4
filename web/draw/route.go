package draw

import "topomap/algorithms/topology"

// Route returns the host nodes a message from node a to node b passes
// through under dimension-order routing (dimension 0 first, the shorter
// way round a wrapped dimension), a and b included: Distance(a, b)+1
// nodes. O(c + hops).
func Route(t *topology.Topology, a, b int) []int {
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
