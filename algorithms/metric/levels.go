package metric

import (
	"slices"
	"sort"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/order"
	"topomap/algorithms/topology"
)

// maxLevelsWork caps the arcs the levels bound's searches visit; past
// it they stop early, which weakens the flow part of the bound but never
// makes it wrong (any targets will do).
const maxLevelsWork = 1 << 21

// maxFlowRadius is the deepest search of the flow part: targets further
// than this many edges away cost more load than they add.
const maxFlowRadius = 8

// maxLoads caps the loads the flow part keeps (32 MiB): a large guest
// searches less deep.
const maxLoads = 1 << 22

// level is one level of a host's groups for the levels bound: any two
// slots in different groups of at most capacity slots are at least add
// hops further apart than the level below requires.
type level struct {
	capacity int
	add      int
}

// hostLevels returns the levels of h (the package doc's levels bound),
// innermost first; false on a host without groups. The levels inside a
// node (NodeLevels) come first, then those of the host of the nodes when
// it has groups with costs (nodesHierarchy), else one level of all the
// nodes, at least 1 hop apart. A level's cost is the least of its own
// and those above (an inside may cost more than the network between
// nodes). Some nodes of a host (an allocation) take the whole host's
// levels: its groups hold at most as many of them. O(levels) plus the
// host's balls.
func hostLevels(h topology.Host) ([]level, bool) {
	if s, ok := h.(interface{ Whole() topology.Host }); ok {
		return hostLevels(s.Whole())
	}
	base, per := topology.SplitRouters(h)
	if s, ok := base.(interface{ Whole() topology.Host }); ok && per > 1 {
		return coresLevels(s.Whole(), per), true
	}
	radices, costs, nodes := NodeLevels(h)
	if hi, ok := nodesHierarchy(nodes); ok {
		if c, ok := levelCosts(hi); ok {
			return addLevels(append(radices, hi.Radices()...), append(costs, c...)), true
		}
	}
	if len(radices) == 0 {
		return nil, false
	}
	return addLevels(append(radices, nodes.Size()), append(costs, 1)), true
}

// addLevels returns the levels of groups of those radices (innermost
// first) whose slots are at least costs apart when their lowest common
// group is of that level: each cost lowered to the least of those above,
// a level for each rise. O(levels).
func addLevels(radices, costs []int) []level {
	for i := len(costs) - 2; i >= 0; i-- {
		costs[i] = min(costs[i], costs[i+1]) // a cost that fell would be a cheaper pair further up
	}
	var out []level
	size, below := 1, 0
	for i, r := range radices {
		if add := costs[i] - below; add > 0 {
			out = append(out, level{size, add})
			below = costs[i]
		}
		size *= r
	}
	return out
}

// NodeLevels returns the levels of the slots of one node of h, innermost
// first (radices multiplying to its slots, and the hops of two slots of
// the node whose lowest common group is of each level), and the host of
// the nodes: a level of cost 0 for C slots 0 hops apart (":cores=C",
// and nodes under a router, ":nodes-per-router=P", one more), and for
// nodes with an inside (":node=…:dist=…", topology.NodeInside) a level
// per cost of its groups, read from the distances from a core to the
// others of its node (InsideProfile); none, and h, on other hosts. The
// slots of a node are consecutive, slot s of node s / C of the nodes (C
// the product of the radices). O(C·levels).
func NodeLevels(h topology.Host) (radices, costs []int, nodes topology.Host) {
	for {
		in, ok := h.(interface{ InsideProfile() []int })
		if inner, c := topology.NodesOf(h); ok && c > 1 {
			r, d := insideLevels(h, in.InsideProfile(), c)
			radices, costs, h = append(radices, r...), append(costs, d...), inner
			continue
		}
		inner, c := topology.SplitCores(h)
		if c == 1 {
			return radices, costs, h
		}
		radices, costs, h = append(radices, c), append(costs, 0), inner
	}
}

// insideLevels returns the groups of a node of h of c slots whose
// distances from a slot to the others are profile (ascending): a level
// per distance, the slots of a group being those at most that far, when
// they nest (each group a whole number of the one below) and Hops from
// slot 0 agrees; otherwise one level of c slots at cost 0, a lower bound.
// O(c·levels).
func insideLevels(h topology.Host, profile []int, c int) (radices, costs []int) {
	group := 1
	for i := 0; i < len(profile); {
		j := i + 1
		for j < len(profile) && profile[j] == profile[i] {
			j++
		}
		if (j+1)%group != 0 {
			return []int{c}, []int{0}
		}
		radices, costs, group, i = append(radices, (j+1)/group), append(costs, profile[i]), j+1, j
	}
	if group != c || !levelsAgree(h, radices, costs) {
		return []int{c}, []int{0}
	}
	return radices, costs
}

// levelsAgree reports whether slot 0 of h is costs[i] from every slot
// whose lowest common group with it is of level i+1, the groups of
// level i+1 being the consecutive slots of the product of radices[:i+1].
func levelsAgree(h topology.Host, radices, costs []int) bool {
	t, group := 1, 1
	for i, r := range radices {
		for group *= r; t < group; t++ {
			if h.Hops(0, t) != costs[i] {
				return false
			}
		}
	}
	return true
}

// Groups returns the radices of h's nested groups, innermost first, the
// groups of each level consecutive slots, as recursive mappers split a
// host (topology.Hierarchy): the levels inside a node (NodeLevels), then
// those of the host of the nodes, a host with the Hierarchy capability or
// a regular tree of switches (SwitchTree.Regular). The costs of an inside
// need not stay below the network's (fattree:2,2:node=2x2x4:dist=1,2,3
// has cores 3 apart in a node and nodes 2 apart under a switch), which
// the splits do not need. False on other hosts.
func Groups(h topology.Host) ([]int, bool) {
	radices, _, nodes := NodeLevels(h)
	hi, ok := nodesHierarchy(nodes)
	if !ok {
		return nil, false
	}
	return append(radices, hi.Radices()...), true
}

// nodesHierarchy returns the groups of a host of nodes: its Hierarchy
// capability, or the levels of a regular tree of switches (Regular, a
// method of trees that may or may not be regular).
func nodesHierarchy(h topology.Host) (topology.Hierarchy, bool) {
	if r, ok := h.(interface {
		Regular() (topology.LevelCosts, bool)
	}); ok {
		return r.Regular()
	}
	hi, ok := h.(topology.Hierarchy)
	return hi, ok
}

// coresLevels returns the levels of per cores on each of some nodes of
// whole (an allocation with ranks per node): whole's levels, each node's
// slots per times, since its nodes may share a router, 0 hops apart;
// where whole has none, distinct nodes are at least 1 hop apart.
func coresLevels(whole topology.Host, per int) []level {
	lv, ok := hostLevels(whole)
	if !ok {
		return []level{{per, 1}}
	}
	for i := range lv {
		lv[i].capacity *= per
	}
	return lv
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
		return costs, true // addLevels lowers a cost that falls
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
		Source: "ours: each level of the host's groups holds at most so many processes, which forces some volume out of every group (per process, and by flows to its near neighbours)"}
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
		sortVolumes(w) // lightest first, then prefix sums: w[i] = all but the len(w)−1−i heaviest
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
// Each process v sends a flow to each process of a breadth-first search
// around it (radius r, cut short by the work cap) along the search tree,
// whose parent edges are the heaviest on offer: one unit, or in a second
// family the lightest volume on the way. At most c−1 of v's targets share
// v's group, so at least its flows beyond the c−1 largest end outside,
// and each crosses one edge between groups at least. So the loads ℓ(e)
// of the crossing edges add up to at least D, the sum of those over all
// v, and the crossing volume is at least that of the cheapest edges, by
// W(e)/ℓ(e), whose loads reach D (a fractional knapsack). Every radius up
// to maxFlowRadius is tried (fewer on a guest of more than maxLoads/16
// edges, none on one of more than maxLoads arcs). O(maxLevelsWork·
// (maxFlowRadius + log) + edges·log edges per radius).
func flowCuts(u *guest.Graph, caps []int) ([]float64, int) {
	out := make([]float64, len(caps))
	n := u.Order()
	if n == 0 || n > maxLevelsWork || u.Arcs() > maxLoads {
		return out, 0 // too large to search around every vertex
	}
	f := newFlows(u, caps, maxLevelsWork/n)
	for v := range n {
		f.search(v)
	}
	for _, fam := range f.families {
		for r, load := range fam.loads {
			for j, c := range knapsack(f.volume, load, fam.demand[r]) {
				out[j] = max(out[j], c)
			}
		}
	}
	return out, f.work
}

// flows holds the searches of flowCuts.
type flows struct {
	u      *guest.Graph
	caps   []int
	id     []int32   // id[e]: the edge of arc e (edgeIDs)
	volume []float64 // per edge
	radius int       // the deepest search
	budget int       // arc visits per search
	work   int       // arc visits so far
	// per vertex, valid while stamp[x] is the current source: its depth,
	// the arc from its parent and the parent's place in order
	stamp, depth, parent, from []int32
	order                      []int32
	flow                       []float64 // flow[i]: what v sends order[i]
	count                      []float64 // count[i·R+r-1]: the flows to order[i]'s subtree within radius r
	rank                       []int32   // positions in order, the largest flow first
	families                   [2]family // unit flows, and flows of the lightest volume on the way
}

// family is one way of choosing the flows of flowCuts: one unit to every
// target, or the lightest volume on the target's tree path.
type family struct {
	unit bool
	// loads[r-1][edge id]: the flow over the edge at radius r;
	// demand[r-1][j]: D for caps[j] at radius r
	loads, demand [][]float64
}

func newFlows(u *guest.Graph, caps []int, budget int) *flows {
	n := u.Order()
	f := &flows{u: u, caps: caps, budget: budget, families: [2]family{{unit: true}, {}},
		stamp: make([]int32, n), depth: make([]int32, n), parent: make([]int32, n), from: make([]int32, n)}
	f.id, f.volume = edgeIDs(u)
	// the loads of both families fit in maxLoads
	f.radius = min(maxFlowRadius, maxLoads/2/max(1, len(f.volume)))
	for i := range f.stamp {
		f.stamp[i] = -1
	}
	return f
}

// search runs the breadth-first search around v and adds its units.
func (f *flows) search(v int) {
	u, R := f.u, f.radius
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
	for i := range f.families {
		f.spread(&f.families[i])
	}
}

// spread adds the loads of v's flows over its search tree and its
// demands. A target's flow is the lightest volume on its tree path (its
// parent's flow and the volume to its parent); the flows within radius r
// are summed up the tree (children before parents: the reverse of the
// search order).
func (f *flows) spread(fam *family) {
	R, deepest, k := maxFlowRadius, int(f.depth[f.order[len(f.order)-1]]), len(f.order)
	for len(fam.loads) < deepest {
		fam.loads = append(fam.loads, make([]float64, len(f.volume)))
		fam.demand = append(fam.demand, make([]float64, len(f.caps)))
	}
	f.flow = slices.Grow(f.flow[:0], k)[:k]
	for i, x := range f.order[1:] {
		w := f.u.Weight[f.parent[x]]
		if fam.unit {
			w = 1
		}
		if p := f.from[x]; p > 0 {
			w = min(w, f.flow[p])
		}
		f.flow[i+1] = w
	}
	f.count = slices.Grow(f.count[:0], k*R)[:k*R]
	clear(f.count)
	for i := k - 1; i > 0; i-- {
		x := f.order[i]
		c, p := f.count[i*R:(i+1)*R], int(f.from[x])*R
		e := f.id[f.parent[x]]
		for r := int(f.depth[x]); r <= deepest; r++ {
			c[r-1] += f.flow[i]
			fam.loads[r-1][e] += c[r-1]
			f.count[p+r-1] += c[r-1]
		}
	}
	f.demands(fam.demand, deepest)
}

// demands adds, for each radius r and capacity c, the flows of v's
// targets within radius r beyond the c−1 largest: at least that much
// ends outside v's group.
func (f *flows) demands(demand [][]float64, deepest int) {
	k := len(f.order)
	f.rank = slices.Grow(f.rank[:0], k-1)[:0]
	for i := 1; i < k; i++ {
		f.rank = append(f.rank, int32(i))
	}
	order.Int32s(f.rank, func(a, b int32) bool { return f.flow[a] > f.flow[b] || f.flow[a] == f.flow[b] && a < b })
	var seen, kept [maxFlowRadius]float64 // per radius: targets so far, their flows
	var next [maxFlowRadius]int           // per radius: the first capacity not yet filled
	for _, i := range f.rank {
		for r := int(f.depth[f.order[i]]); r <= deepest; r++ {
			for next[r-1] < len(f.caps) && int(seen[r-1]) >= f.caps[next[r-1]]-1 {
				demand[r-1][next[r-1]] -= kept[r-1]
				next[r-1]++
			}
			seen[r-1]++
			kept[r-1] += f.flow[i]
		}
	}
	for r := 1; r <= deepest; r++ {
		total := f.count[r-1] // the flows within radius r
		for j := range f.caps {
			if j < next[r-1] {
				demand[r-1][j] += total
			} else if int(seen[r-1]) >= f.caps[j]-1 {
				demand[r-1][j] += total - kept[r-1]
			}
		}
	}
}

// edgeIDs numbers the edges of the undirected graph u: id[e] is the
// edge of arc e, and volume[id] its volume. O(n + arcs).
func edgeIDs(u *guest.Graph) (id []int32, volume []float64) {
	n := u.Order()
	id = make([]int32, u.Arcs())
	volume = make([]float64, 0, u.Arcs()/2)
	// the edges {v, x} with v < x, grouped by x
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
	src, edge := make([]int32, start[n]), make([]int32, start[n])
	fill := slices.Clone(start[:n])
	for v := range n {
		for e := u.Offsets[v]; e < u.Offsets[v+1]; e++ {
			if x := u.Adj[e]; int(x) > v {
				id[e] = int32(len(volume))
				src[fill[x]], edge[fill[x]] = int32(v), id[e]
				fill[x]++
				volume = append(volume, u.Weight[e])
			}
		}
	}
	at := make([]int32, n) // at[v]: the edge {v, x}, for the current x
	for x := range n {
		for i := start[x]; i < start[x+1]; i++ {
			at[src[i]] = edge[i]
		}
		for e := u.Offsets[x]; e < u.Offsets[x+1]; e++ {
			if v := u.Adj[e]; int(v) < x {
				id[e] = at[v]
			}
		}
	}
	return id, volume
}

// knapsack returns, for each demand D, the least volume of edges whose
// loads add up to D, taking the edges of least volume per unit of load
// first and a fraction of the last (0 for D ≤ 0); load and volume are
// indexed by edge. O(edges·log edges + len(demand)·log edges).
func knapsack(volume, load, demand []float64) []float64 {
	var edges []int32
	for e, l := range load {
		if l > 0 {
			edges = append(edges, int32(e))
		}
	}
	ratio := func(e int32) float64 { return volume[e] / load[e] }
	order.Int32s(edges, func(a, b int32) bool { ra, rb := ratio(a), ratio(b); return ra < rb || ra == rb && a < b })
	// cumLoad[k], cumVol[k]: the loads and volumes of the k cheapest edges
	cumLoad, cumVol := make([]float64, len(edges)+1), make([]float64, len(edges)+1)
	for k, e := range edges {
		cumLoad[k+1] = cumLoad[k] + load[e]
		cumVol[k+1] = cumVol[k] + volume[e]
	}
	out := make([]float64, len(demand))
	for j, d := range demand {
		if d <= 0 {
			continue
		}
		k := sort.SearchFloat64s(cumLoad, d) // first k with cumLoad[k] ≥ d
		k = min(k, len(edges))
		out[j] = cumVol[k-1] + (d-cumLoad[k-1])*ratio(edges[k-1])
	}
	return out
}
