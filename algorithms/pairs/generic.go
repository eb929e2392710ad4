package pairs

import (
	"math/bits"

	"topomap/algorithms/topology"
)

// generic is the search's view of a host without the Grid capability (a
// fat tree, a dragonfly, slots of multi-core nodes, ...): distances come
// from Host.Hops, or from a table on small hosts, and a biased proposal
// moves an object next to one of its graph neighbours, since there is no
// mean position to aim at. [P]: our reading.
type generic struct {
	host topology.Host
	n    int32
	// table[u·nodes+v] = the hops between nodes u and v of the host
	// under its cores and routers (topology.SplitRouters), per slots a
	// node, when it has at most maxTable nodes (O(nodes²) to build, 2 MB
	// at most), nil otherwise: slots p and q are table[row[p]+col[q]]
	// apart, row[p] = p/per·nodes and col[q] = q/per (a fat tree of 512
	// nodes of 8 cores reads a table, not Hops, and no division: two
	// divisions a distance took a fifth of the search on copter2's
	// 4096-part quotient there).
	table    []uint16
	row, col []int32
	// code holds each slot's code on a host of more than maxTable nodes
	// whose distance is a cost per level of its groups (levelCodes), and
	// byLen the cost by the length of two codes' XOR; nil on other hosts,
	// which read the table or Hops.
	code  []uint32
	byLen [33]int32
	// near[nearOff[p]:nearOff[p+1]] lists the nodes "next to" p: among
	// its Neighbors and the nodes of index within nearWindow of p, those
	// at the least distance from p (at most maxNear, the closest in
	// index first). Host numberings keep close nodes at close indices
	// (the cores of a node, the terminals of a router, the leaves of a
	// switch), so the window finds them when Neighbors has none.
	nearOff []int32
	near    []int32
	// diam bounds the hop distance (for the tie-break's weight).
	diam int32
	// arc[e] is the length of arc e at the current placement, so that a
	// delta asks the host for the new lengths only; newA and newB hold
	// the new lengths of the arcs of the last delta's two objects, which
	// swap then keeps without asking again.
	arc, newA, newB []int32
	// rev[e] is the arc u→v of arc e = v→u, -1 if u sends v nothing: a
	// move updates the lengths of its object's arcs both ways in
	// O(degree), not O(Σ degree of its neighbours) (copter2's 4096-part
	// quotient, of mean degree 43, on fattree:16,3: 28 % of the run).
	rev []int32
}

const (
	// maxTable is the largest host whose distances are tabulated.
	maxTable = 1024
	// nearWindow is the half-width of the index window searched for the
	// nodes next to a node; farWindow that of the wider proposals.
	nearWindow = 16
	farWindow  = 64
	maxNear    = 32
)

func newGeneric(h topology.Host) *generic {
	n := h.Size()
	g := &generic{host: h, n: int32(n), nearOff: make([]int32, 1, n+1), diam: int32(topology.MaxHops(h))}
	if g.tabulate(); g.table == nil {
		g.levelCodes()
	}
	var nb, cand []int
	for p := range n {
		nb = h.Neighbors(p, nb[:0])
		cand = append(cand[:0], nb...)
		for d := 1; d <= nearWindow; d++ {
			if p-d >= 0 {
				cand = append(cand, p-d)
			}
			if p+d < n {
				cand = append(cand, p+d)
			}
		}
		// the least distance among the candidates, then the candidates
		// at that distance, in the order above (neighbours, then by
		// index distance), without repeats
		least := int32(-1)
		for _, q := range cand {
			if d := g.hops(int32(p), int32(q)); q != p && (least < 0 || d < least) {
				least = d
			}
		}
		start := len(g.near)
		for _, q := range cand {
			if len(g.near)-start == maxNear {
				break
			}
			if q != p && g.hops(int32(p), int32(q)) == least && !contains(g.near[start:], int32(q)) {
				g.near = append(g.near, int32(q))
			}
		}
		g.nearOff = append(g.nearOff, int32(len(g.near)))
	}
	return g
}

// tabulate fills the table of the host's nodes if there are at most
// maxTable, and sets diam to the largest entry.
func (g *generic) tabulate() {
	base, per := topology.SplitRouters(g.host)
	nodes := base.Size()
	if nodes > maxTable {
		return
	}
	g.table, g.diam = make([]uint16, nodes*nodes), 0
	g.row, g.col = make([]int32, g.n), make([]int32, g.n)
	for p := range g.n {
		g.col[p] = p / int32(per)
		g.row[p] = g.col[p] * int32(nodes)
	}
	for u := range nodes {
		for v := range nodes {
			d := int32(base.Hops(u, v))
			g.table[u*nodes+v] = uint16(d)
			g.diam = max(g.diam, d)
		}
	}
}

func contains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// levelCodes sets code and byLen on a host whose distance is a cost per
// level of its groups (topology.LevelCosts: fat trees, tree:…:dist=…),
// with cores 0 apart or not, our reading [P]: a slot's digits in the
// groups' radices, innermost first, each in bits.Len(radix − 1) bits, so
// that the highest bit in which two slots' codes differ lies in the
// digit of their lowest common group's level, and byLen[bits.Len(x^y)]
// is that level's cost: an XOR, a count and a load, where a host of more
// than maxTable nodes called Hops (a smaller one reads its table, a few
// per cent faster still). copter2's 4096-part quotient on fattree:16,3,
// whose starts take most of the run: 6.7–6.9 → 6.3–6.4 CPU-s, the same
// placement. False on other hosts, and if the digits take more than 32
// bits.
func (g *generic) levelCodes() bool {
	inner, c := topology.SplitCores(g.host)
	lc, ok := inner.(topology.LevelCosts)
	if !ok {
		return false
	}
	radices, costs := lc.Radices(), []int32{}
	for i := range radices {
		costs = append(costs, int32(lc.LevelCost(i+1)))
	}
	if c > 1 {
		radices, costs = append([]int{c}, radices...), append([]int32{0}, costs...)
	}
	width := 0
	for i, r := range radices {
		w := bits.Len(uint(r - 1))
		for b := width + 1; b <= width+w && b <= 32; b++ {
			g.byLen[b] = costs[i]
		}
		if width += w; width > 32 {
			return false
		}
	}
	g.code = make([]uint32, g.n)
	for p := range g.n {
		rest, shift := int(p), 0
		for _, r := range radices {
			g.code[p] |= uint32(rest%r) << shift
			rest /= r
			shift += bits.Len(uint(r - 1))
		}
	}
	return true
}

// hops returns the distance between nodes p and q.
func (g *generic) hops(p, q int32) int32 {
	if g.code != nil {
		return g.byLen[bits.Len32(g.code[p]^g.code[q])]
	}
	if g.table != nil {
		return int32(g.table[g.row[p]+g.col[q]])
	}
	return int32(g.host.Hops(int(p), int(q)))
}

// measure sets the length of every arc from the placement. O(arcs).
func (s *state) measure() {
	g := s.gen
	if g.arc == nil {
		deg := int32(0)
		for v := range s.n {
			deg = max(deg, s.off[v+1]-s.off[v])
		}
		g.arc, g.newA, g.newB = make([]int32, len(s.adj)), make([]int32, deg), make([]int32, deg)
		g.rev = s.reverseArcs()
	}
	for v := range int32(s.n) {
		for e := s.off[v]; e < s.off[v+1]; e++ {
			g.arc[e] = g.hops(s.pos[v], s.pos[s.adj[e]])
		}
	}
}

// moved sets the lengths of the arcs of object a, which has moved, to
// those its delta found (in lengths), both ways (a host's distance is
// symmetric). O(degree of a).
func (s *state) moved(a int32, lengths []int32) {
	g := s.gen
	for e := s.off[a]; e < s.off[a+1]; e++ {
		h := lengths[e-s.off[a]]
		g.arc[e] = h
		if f := g.rev[e]; f >= 0 {
			g.arc[f] = h
		}
	}
}

// reverseArcs returns, for every arc v→u, the index of the arc u→v, or
// -1 if there is none: with the arcs listed by target, each vertex u
// marks its own arcs by target, then reads the arcs into u. O(arcs).
func (s *state) reverseArcs() []int32 {
	in := make([]int32, s.n+1) // in[u]..in[u+1]: the arcs into u, in byTarget
	for _, u := range s.adj {
		in[u+1]++
	}
	for u := range s.n {
		in[u+1] += in[u]
	}
	byTarget, from := make([]int32, len(s.adj)), make([]int32, len(s.adj))
	next := append([]int32(nil), in[:s.n]...)
	for v := range int32(s.n) {
		for e := s.off[v]; e < s.off[v+1]; e++ {
			u := s.adj[e]
			byTarget[next[u]], from[next[u]] = e, v
			next[u]++
		}
	}
	rev, out := make([]int32, len(s.adj)), next // next is spent: out[v] = u's arc to v, +1
	clear(out)
	for u := range int32(s.n) {
		for f := s.off[u]; f < s.off[u+1]; f++ {
			out[s.adj[f]] = f + 1
		}
		for i := in[u]; i < in[u+1]; i++ {
			rev[byTarget[i]] = out[from[i]] - 1
		}
		for f := s.off[u]; f < s.off[u+1]; f++ {
			out[s.adj[f]] = 0
		}
	}
	return rev
}

// deltaGeneric is delta on a host without coordinates. It keeps the new
// lengths of the two objects' arcs for swap.
func (s *state) deltaGeneric(a, b, pa, pb int32) (float64, int64) {
	d, q := s.gainGeneric(a, b, pb, s.gen.newA)
	if b >= 0 {
		db, qb := s.gainGeneric(b, a, pa, s.gen.newB)
		d, q = d+db, q+qb
	}
	return 2 * d, 2 * q
}

// gainGeneric is gain on a host without coordinates: moving a to node to;
// it writes the new lengths of a's arcs into lengths (the arc to skip,
// which moves with it, keeps its length).
func (s *state) gainGeneric(a, skip, to int32, lengths []int32) (float64, int64) {
	g := s.gen
	var d float64
	var q int64
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := s.adj[e]
		ho := g.arc[e]
		if u == skip {
			lengths[e-s.off[a]] = ho
			continue
		}
		hn := g.hops(to, s.pos[u])
		lengths[e-s.off[a]] = hn
		q += int64(hn)*int64(hn) - int64(ho)*int64(ho)
		if s.w == nil {
			d += float64(hn - ho)
		} else {
			d += s.w[e] * float64(hn-ho)
		}
	}
	return d, q
}

// nearNeighbour proposes a node for object a on a host without
// coordinates, from the random word r: the node of one of a's graph
// neighbours (of two drawn, the one of larger volume), or rather, three
// times in four (bits 5-6), a node next to it, else a node of index within
// farWindow of it. It returns a's own node if a has no neighbours.
func (w *walker) nearNeighbour(a int32, r uint32) int32 {
	s, g := w.s, w.s.gen
	lo, hi := s.off[a], s.off[a+1]
	if lo == hi {
		return s.pos[a]
	}
	e := lo + int32(w.rng.IntN(int(hi-lo)))
	if s.w != nil {
		if f := lo + int32(w.rng.IntN(int(hi-lo))); s.w[f] > s.w[e] {
			e = f
		}
	}
	t := s.pos[s.adj[e]]
	if r&0x60 != 0 {
		if k := g.nearOff[t+1] - g.nearOff[t]; k > 0 {
			return g.near[g.nearOff[t]+int32(w.rng.IntN(int(k)))]
		}
		return t
	}
	return min(max(t+int32(w.rng.IntN(2*farWindow+1))-farWindow, 0), g.n-1)
}
