package metric

import (
	"cmp"
	"slices"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// maxLevelsWork caps the arcs the levels bound's searches visit; past
// it they stop early, which weakens the flow part of the bound but never
// makes it wrong (any targets will do).
const maxLevelsWork = 1 << 23

// maxFlowRadius is the deepest search of the flow part: targets further
// than this many edges away cost more load than they add.
const maxFlowRadius = 8

// level is one level of a host's groups for the levels bound: any two
// slots in different groups of at most capacity slots are at least add
// hops further apart than the level below requires.
type level struct {
	capacity int
	add      int
}

// hostLevels returns the levels of h (the package doc's levels bound),
// innermost first (the first of capacity 1 when distinct slots are
// apart); false on a
// host without groups. Some nodes of a host (an allocation) take the
// whole host's levels: its groups hold at most as many of them. O(levels)
// plus the host's balls.
func hostLevels(h topology.Host) ([]level, bool) {
	if s, ok := h.(interface{ Whole() topology.Host }); ok {
		return hostLevels(s.Whole())
	}
	base, per := topology.SplitRouters(h)
	hi, ok := base.(topology.Hierarchy)
	if !ok {
		if per == 1 {
			return nil, false
		}
		// slots of one node (or router) are 0 hops apart, others at least 1
		return []level{{per, 1}}, true
	}
	costs, ok := levelCosts(hi)
	if !ok {
		return nil, false
	}
	var out []level
	size, below := per, 0
	for i, r := range hi.Radices() {
		if add := costs[i] - below; add > 0 {
			out = append(out, level{size, add})
			below = costs[i]
		}
		size *= r
	}
	return out, true
}

// levelCosts returns, for each level i of hi (innermost first), a least
// hop count of two of its nodes whose lowest common group is of level
// i+1, non-decreasing: the costs of a host with the LevelCosts
// capability, or on a host that counts its balls the least radius r with
// Ball(r) above the nodes of a group of level i (two nodes a, b whose
// lowest common group is of level i+1 are at least as far apart as a and
// any node of its group of level i, by the Hierarchy contract, so the
// ball of radius Hops(a, b) around a holds that group and b). False on
// other hosts.
func levelCosts(hi topology.Hierarchy) ([]int, bool) {
	radices := hi.Radices()
	costs := make([]int, len(radices))
	if lc, ok := hi.(topology.LevelCosts); ok {
		for i := range costs {
			costs[i] = lc.LevelCost(i + 1)
		}
		// a cost that fell would be a cheaper pair further up
		for i := len(costs) - 2; i >= 0; i-- {
			costs[i] = min(costs[i], costs[i+1])
		}
		return costs, true
	}
	b, ok := hi.(topology.Balls)
	if !ok {
		return nil, false
	}
	group, r := 1, 1
	for i, s := range radices {
		for r <= topology.MaxLevelCost && b.Ball(r) <= group {
			r++
		}
		if r > topology.MaxLevelCost {
			return nil, false // a ball that never grows: no bound rather than a wrong one
		}
		costs[i] = r
		group *= s
	}
	return costs, true
}

// levels is the levels bound of the package doc: Σ over the host's levels
// of the level's extra hops times a lower bound on the volume that must
// cross its groups. ok is false on a host without groups. O(arcs·log Δ +
// n·levels) plus at most maxLevelsWork arc visits and the sorting of the
// edges they load.
func levels(g *guest.Graph, h topology.Host) (b Bound, ok bool) {
	b, _, ok = levelsWork(g, h)
	return b, ok
}

// levelsWork is levels, also returning the arcs its searches visited.
func levelsWork(g *guest.Graph, h topology.Host) (b Bound, work int, ok bool) {
	lv, ok := hostLevels(h)
	if !ok {
		return Bound{}, 0, false
	}
	b = Bound{Name: "levels", Scope: AllMappings,
		Source: "ours: each level of the host's groups holds at most so many processes, which forces some volume out of every group (per process and by unit flows to its near neighbours)"}
	u, err := g.Undirected()
	if err != nil {
		return b, 0, true
	}
	total := u.TotalVolume() / 2
	if total <= 0 {
		return b, 0, true
	}
	caps := make([]int, len(lv))
	for j, l := range lv {
		caps[j] = l.capacity
	}
	cut := partnerCuts(u, caps)
	flow, work := flowCuts(u, caps)
	hb := 0.0
	for j, l := range lv {
		hb += float64(l.add) * max(cut[j], flow[j])
	}
	b.Value = hb / total
	return b, work, true
}

// partnerCuts returns, for each capacity c, the partner-count bound on
// the volume that crosses groups of at most c processes: a process shares
// its group with at most c−1 others, so at least its partners' volumes
// beyond its c−1 heaviest leave it; each edge is counted at both ends,
// hence the half. u is undirected (guest.Graph.Undirected). O(arcs·log Δ
// + n·len(caps)).
func partnerCuts(u *guest.Graph, caps []int) []float64 {
	out := make([]float64, len(caps))
	var w []float64
	for v := range u.Order() {
		w = append(w[:0], u.Weight[u.Offsets[v]:u.Offsets[v+1]]...)
		slices.Sort(w) // lightest first
		// suffix: the heaviest are at the end; tail(k) = sum of all but the k heaviest
		for i := 1; i < len(w); i++ {
			w[i] += w[i-1]
		}
		for j, c := range caps {
			if k := len(w) - (c - 1); k > 0 {
				out[j] += w[k-1] / 2
			}
		}
	}
	return out
}

// flowCuts returns, for each capacity c, the flow bound on the volume
// that crosses groups of at most c processes, and the arcs it visited.
// Each process v sends one unit to each of the K_v processes of a
// breadth-first search around it (radius r, cut short by the work cap)
// along the search tree, whose parent edges are the heaviest on offer;
// at least K_v − (c−1) of v's units end outside v's group, and each
// crosses one edge between groups at least. So the loads ℓ(e) of the
// crossing edges add up to at least D = Σ_v max(0, K_v − c + 1), and the
// crossing volume is at least the cheapest edges, by W(e)/ℓ(e), whose
// loads reach D (a fractional knapsack). Every radius up to
// maxFlowRadius is tried; none on a guest of more than maxLevelsWork/2
// arcs. O(maxLevelsWork·maxFlowRadius + edges·log edges per radius).
func flowCuts(u *guest.Graph, caps []int) ([]float64, int) {
	out := make([]float64, len(caps))
	n := u.Order()
	if n == 0 || n > maxLevelsWork || u.Arcs() > maxLevelsWork/2 {
		return out, 0 // too large to search around every vertex
	}
	f := newFlows(u, caps, maxLevelsWork/n)
	for v := range n {
		f.search(v)
	}
	for r, load := range f.loads {
		for j, c := range knapsack(u, f.id, load, f.demand[r]) {
			out[j] = max(out[j], c)
		}
	}
	return out, f.work
}

// flows holds the searches of flowCuts.
type flows struct {
	u      *guest.Graph
	caps   []int
	id     []int32 // id[e]: the edge of arc e, its arc from the smaller end
	budget int     // arc visits per search
	work   int     // arc visits so far
	// per vertex, valid while stamp[x] is the current source: its depth,
	// the arc from its parent and the parent's place in order
	stamp, depth, parent, from []int32
	order                      []int32
	count                      []int32 // count[i·R+r-1]: order[i]'s subtree targets within radius r
	// loads[r-1][edge id]: units over the edge at radius r; demand[r-1][j]:
	// D for caps[j] at radius r
	loads  [][]int32
	demand [][]float64
}

func newFlows(u *guest.Graph, caps []int, budget int) *flows {
	n := u.Order()
	f := &flows{u: u, caps: caps, id: edgeIDs(u), budget: budget,
		stamp: make([]int32, n), depth: make([]int32, n), parent: make([]int32, n), from: make([]int32, n)}
	for i := range f.stamp {
		f.stamp[i] = -1
	}
	return f
}

// search runs the breadth-first search around v and adds its units.
func (f *flows) search(v int) {
	u, R := f.u, maxFlowRadius
	f.stamp[v], f.depth[v] = int32(v), 0
	f.order = append(f.order[:0], int32(v))
	visits := 0
	for i := 0; i < len(f.order); i++ {
		y := f.order[i]
		lo, hi := u.Offsets[y], u.Offsets[y+1]
		if int(f.depth[y]) == R || visits+int(hi-lo) > f.budget {
			break
		}
		visits += int(hi - lo)
		for e := lo; e < hi; e++ {
			x := u.Adj[e]
			switch {
			case f.stamp[x] != int32(v):
				f.stamp[x], f.depth[x], f.parent[x], f.from[x] = int32(v), f.depth[y]+1, e, int32(i)
				f.order = append(f.order, x)
			case f.depth[x] == f.depth[y]+1 && u.Weight[e] > u.Weight[f.parent[x]]:
				f.parent[x], f.from[x] = e, int32(i)
			}
		}
	}
	f.work += visits
	f.spread()
}

// spread adds the loads of v's units over its search tree (children
// before parents: the reverse of the search order) and its demands.
func (f *flows) spread() {
	R, deepest := maxFlowRadius, int(f.depth[f.order[len(f.order)-1]])
	for len(f.loads) < deepest {
		f.loads = append(f.loads, make([]int32, f.u.Arcs()))
		f.demand = append(f.demand, make([]float64, len(f.caps)))
	}
	f.count = slices.Grow(f.count[:0], len(f.order)*R)[:len(f.order)*R]
	clear(f.count)
	for i := len(f.order) - 1; i > 0; i-- {
		x := f.order[i]
		c, p := f.count[i*R:(i+1)*R], int(f.from[x])*R
		e := f.id[f.parent[x]]
		for r := int(f.depth[x]); r <= deepest; r++ {
			c[r-1]++
			f.loads[r-1][e] += c[r-1]
			f.count[p+r-1] += c[r-1]
		}
	}
	for r := 1; r <= deepest; r++ {
		k := int(f.count[r-1]) // the targets within radius r
		for j, c := range f.caps {
			f.demand[r-1][j] += float64(max(0, k-(c-1)))
		}
	}
}

// edgeIDs returns, for every arc of the undirected graph u, its edge: the
// index of the edge's arc from its smaller end. O(n + arcs).
func edgeIDs(u *guest.Graph) []int32 {
	n := u.Order()
	id := make([]int32, u.Arcs())
	// the arcs v→x with v < x, grouped by x
	start := make([]int32, n+1)
	for v := range n {
		for _, x := range u.Neighbors(v) {
			if int(x) > v {
				start[x+1]++
			}
		}
	}
	for x := range n {
		start[x+1] += start[x]
	}
	src, arc := make([]int32, start[n]), make([]int32, start[n])
	fill := slices.Clone(start[:n])
	for v := range n {
		for e := u.Offsets[v]; e < u.Offsets[v+1]; e++ {
			id[e] = e
			if x := u.Adj[e]; int(x) > v {
				src[fill[x]], arc[fill[x]] = int32(v), e
				fill[x]++
			}
		}
	}
	at := make([]int32, n) // at[v]: the arc v→x, for the current x
	for x := range n {
		for i := start[x]; i < start[x+1]; i++ {
			at[src[i]] = arc[i]
		}
		for e := u.Offsets[x]; e < u.Offsets[x+1]; e++ {
			if v := u.Adj[e]; int(v) < x {
				id[e] = at[v]
			}
		}
	}
	return id
}

// knapsack returns, for each demand D, the least volume of edges whose
// loads add up to D, taking the edges of least volume per unit of load
// first and a fraction of the last (0 for D ≤ 0). load is indexed by
// edge id (edgeIDs). O(edges·log edges + len(demand)·log edges).
func knapsack(u *guest.Graph, id []int32, load []int32, demand []float64) []float64 {
	var edges []int32
	for e, i := range id {
		if int32(e) == i && load[e] > 0 {
			edges = append(edges, i)
		}
	}
	ratio := func(e int32) float64 { return u.Weight[e] / float64(load[e]) }
	slices.SortFunc(edges, func(a, b int32) int { return cmp.Compare(ratio(a), ratio(b)) })
	// cumLoad[k], cumVol[k]: the loads and volumes of the k cheapest edges
	cumLoad, cumVol := make([]float64, len(edges)+1), make([]float64, len(edges)+1)
	for k, e := range edges {
		cumLoad[k+1] = cumLoad[k] + float64(load[e])
		cumVol[k+1] = cumVol[k] + u.Weight[e]
	}
	out := make([]float64, len(demand))
	for j, d := range demand {
		if d <= 0 {
			continue
		}
		k, _ := slices.BinarySearch(cumLoad, d) // first k with cumLoad[k] ≥ d
		k = min(k, len(edges))
		out[j] = cumVol[k-1] + (d-cumLoad[k-1])*ratio(edges[k-1])
	}
	return out
}
