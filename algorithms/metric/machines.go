package metric

import "topomap/algorithms/topology"

// machineProfile returns the at most upto smallest distances from a
// best-placed slot to the others (the package doc's neighbourhood bound),
// ascending, on hosts without the Grid capability whose distances have
// closed forms: a host with C cores per node (C−1 slots 0 hops away, then
// every node of its nodes' host's profile C times: the largest ball of
// slots is C times the largest ball of nodes), nodes with an inside (the
// same, the cores of a slot's node at the inside's distances in place of
// the C−1 zeros) and a host that counts its
// balls (topology.Balls: fat trees, dragonflies; δ_k is the least radius
// whose largest ball holds more than k other nodes); some nodes of a host
// (an allocation, whose Whole it is) take their own distances
// (its Balls) when at most MaxPairwise, else the whole host's
// profile. ok is false on other hosts. O(upto) plus the inner profile or
// the balls.
func machineProfile(h topology.Host, upto int) (dist []int, ok bool) {
	upto = min(upto, h.Size()-1)
	if s, ok := h.(interface{ Whole() topology.Host }); ok {
		// some nodes of a host (an allocation): few, their own distances;
		// else the whole host's profile, which is at most as far, so its
		// bound holds; none if it has no profile
		if b, ok := h.(topology.Balls); ok && h.Size() <= MaxPairwise {
			return ballsProfile(b, upto), true
		}
		if grid, isGrid := s.Whole().(topology.Grid); isGrid {
			return distanceProfile(grid, upto), true
		}
		if dist, ok := machineProfile(s.Whole(), upto); ok {
			return dist, true
		}
		return []int{}, true
	}
	if in, ok := h.(interface{ InsideProfile() []int }); ok {
		// nodes with an inside: the network's nodes, C slots each, and
		// the cores of one node at the inside's distances
		inner, c := topology.SplitCores(topology.NetworkOf(h))
		return mergeProfiles(in.InsideProfile(), hostProfile(inner, upto/c+1), c, upto), true
	}
	if inner, c := topology.SplitCores(h); c > 1 {
		var nodes []int
		if grid, isGrid := inner.(topology.Grid); isGrid {
			nodes = distanceProfile(grid, upto/c+1)
		} else if nodes, ok = machineProfile(inner, upto/c+1); !ok {
			return nil, false
		}
		return mergeProfiles(make([]int, c-1), nodes, c, upto), true // cores 0 apart
	}
	if b, ok := h.(topology.Balls); ok {
		return ballsProfile(b, upto), true
	}
	return nil, false
}

// ballsProfile returns δ_1 ≤ … ≤ δ_upto of a host that counts its balls:
// δ_k is the least radius whose largest ball holds more than k other
// nodes. O(upto + diameter) Ball calls.
func ballsProfile(b topology.Balls, upto int) []int {
	dist := make([]int, 0, upto)
	for r := 0; len(dist) < upto; r++ { // from 0 hops: an allocation's slots may share a node
		for len(dist) < upto && len(dist)+1 < b.Ball(r) {
			dist = append(dist, r)
		}
	}
	return dist
}

// mergeProfiles returns the upto smallest of inside (a slot's distances
// to the other slots of its node) and nodes (a node's to the other
// nodes), each of these c times, ascending: a lower profile of a slot's
// distances when nodes is one of the nodes'. O(upto).
func mergeProfiles(inside, nodes []int, c, upto int) []int {
	out := make([]int, 0, upto)
	i, j := 0, 0
	for len(out) < upto && (i < len(inside) || j < c*len(nodes)) {
		if j >= c*len(nodes) || i < len(inside) && inside[i] <= nodes[j/c] {
			out, i = append(out, inside[i]), i+1
		} else {
			out, j = append(out, nodes[j/c]), j+1
		}
	}
	return out
}

// MaxPairwise bounds the nodes of an allocation whose neighbourhood
// profile comes from all their distances (its Balls, N² Hops calls,
// counted once per allocation); a larger one takes the whole machine's.
const MaxPairwise = 2048
