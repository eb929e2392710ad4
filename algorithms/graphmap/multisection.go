package graphmap

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/order"
	"topomap/algorithms/topology"
)

// msSeed seeds the random orders of the multisections: fixed, so that a
// graph and a host always give the same placement.
const msSeed = 0x3a11e5

// msRounds is how many times the pairs of parts of a group are refined
// against each other, at most (a round that improves nothing ends it).
const msRounds = 2

// msPairWork caps the pairwise refinement of a group's parts: a round
// refines pairs while their graphs hold at most this many times the
// group's vertices and arcs.
const msPairWork = 2

// Multisection maps g onto h, a host of nested groups (the Hierarchy
// capability or a regular tree of switches, metric.Groups, or a tree of
// switches, topology.Rooted, the nodes of either with cores or an inside
// or not: HasGroups), by hierarchical
// multisection in the style of the process mapping of Schulz & Träff
// ("Better Process Mapping and Sparse Quadratic Assignment", JEA 2020):
// the guest is
// partitioned top-down along the host's tree of groups, at every level
// into parts of exactly the capacities of the subgroups, so that the
// bytes between two parts of a group, which all cross that level, are as
// few as can be found.
//
// The subgroups of a group are filled in turn: a part of n vertices goes
// to the first subgroups, all full but the last, so that on a host with
// cores a rank's neighbours share its node before another node is used. A group's parts are found by recursive
// bisection, each bisection multilevel (heavy-edge matching, greedy graph
// growing, Fiduccia–Mattheyses refinement at every level, the last one to
// the exact sizes: rb's bisector, every cut edge priced the same, as the
// subgroups of a group are all as far apart). Then every pair of parts
// with edges between them is refined by FM passes that keep both sizes
// (the pairwise refinement of KaHIP's quotient graph), at most msRounds
// rounds. The slots of a group of the innermost level are all as near
// each other: its vertices take them in order.
//
// A guest of n < 32768 vertices and m arcs is mapped min(8, 32768/n,
// 2^19/m) times (see restarts), each run's random orders seeded
// differently, and the placement of lowest hop-bytes is kept. Time:
// O((n + m)·log n) per run for the bisections
// (m the arcs of the undirected view) plus, per group of k parts, the
// FM passes of its pairs of adjacent parts, each O(parts' vertices ·
// log + their arcs). Memory O(n + m). It honours its context between
// groups and in every long loop, and is deterministic.
func Multisection(ctx context.Context, g *guest.Graph, h topology.Host) ([]int, error) {
	tree, ok := groupsOf(h)
	if !ok {
		return nil, fmt.Errorf("%w: %s has no nested groups to split along", ErrInvalid, h)
	}
	s, sp, err := prepare(g, h)
	if err != nil {
		return nil, err
	}
	runs := restarts(s, groupArcs)
	var best []int
	bestHB := 0.0
	// a level of groups partitions n vertices in all
	perRun := float64(s.Order()) * float64(cutLevels(tree))
	pr := newProgress(ctx, float64(runs)*perRun)
	for i := range runs {
		m := newMultisector(ctx, s, tree, msSeed+uint64(i))
		if err := m.run(pr); err != nil {
			return nil, err
		}
		pr.reach(float64(i+1) * perRun)
		if hb := hopBytes(s, sp, m.place); best == nil || hb < bestHB {
			best, bestHB = m.place, hb
		}
	}
	return best, nil
}

// A group is a part of the guest, the range [lo, hi) of multisector.perm,
// and the host group it goes to (see groupTree).
type group struct {
	lo, hi int32
	id     int64
}

// multisector is the state of one run of Multisection.
type multisector struct {
	s     *guest.Graph // the undirected view of the guest
	tree  groupTree
	perm  []int32 // the guest vertices, each group's and each part's a range
	place []int
	pos   []int32 // per guest vertex: its index in the graph being built, or -1
	part  []int32 // per guest vertex: its part in the group in hand, or -1
	verts []int32 // scratch: the vertices of two parts
	band  []int32 // scratch: the band of two parts (markBand)
	// anchored is bandArcs' scratch: the arcs to the anchors
	anchored []anchorArc
	bis      bisector
}

func newMultisector(ctx context.Context, s *guest.Graph, tree groupTree, seed uint64) *multisector {
	n := s.Order()
	m := &multisector{s: s, tree: tree, perm: make([]int32, n), place: make([]int, n),
		pos: make([]int32, n), part: make([]int32, n),
		bis: bisector{ctx: ctx, rng: rand.New(rand.NewPCG(seed, 0))}}
	for v := range n {
		m.perm[v], m.pos[v], m.part[v] = int32(v), -1, -1
	}
	return m
}

// run places every vertex, group by group from the top (depth first).
func (m *multisector) run(pr *progress) error {
	stack := []group{{0, int32(len(m.perm)), m.tree.top()}}
	var subs []subgroup
	for len(stack) > 0 {
		if err := m.bis.ctx.Err(); err != nil {
			return err
		}
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		subs = slices.DeleteFunc(m.tree.subgroups(j.id, subs[:0]), func(sg subgroup) bool { return sg.size == 0 })
		if len(subs) == 0 { // a slot
			m.place[m.perm[j.lo]] = m.tree.slot(j.id)
			continue
		}
		// ends[p+1]: where part p ends, the subgroups filled in turn
		ends := []int32{0}
		for _, sg := range subs {
			if e := ends[len(ends)-1]; e < j.hi-j.lo {
				ends = append(ends, min(e+sg.size, j.hi-j.lo))
			}
		}
		k := int32(len(ends) - 1)
		if k > 1 && !slots(subs) {
			if err := m.partition(j.lo, ends); err != nil {
				return err
			}
			pr.add(float64(j.hi - j.lo))
		}
		for p := k - 1; p >= 0; p-- {
			stack = append(stack, group{j.lo + ends[p], j.lo + ends[p+1], subs[p].id})
		}
	}
	return nil
}

// cutLevels returns the levels of the tree's first groups, from the top
// down, whose subgroups are not all single slots: those whose groups run
// partitions (at least 1). Exact for groups of fixed radices, an estimate
// for a tree of switches read from a file.
func cutLevels(tree groupTree) int {
	n := 0
	var subs []subgroup
	for g := tree.top(); ; g = subs[0].id {
		if subs = tree.subgroups(g, subs[:0]); len(subs) == 0 || slots(subs) {
			return max(1, n)
		}
		n++
	}
}

// slots reports whether the subgroups are all single slots: the slots of
// a group of the innermost level are all as near each other, and its
// vertices take them in order.
func slots(subs []subgroup) bool {
	for _, sg := range subs {
		if sg.size > 1 {
			return false
		}
	}
	return true
}

// partition splits perm[lo:lo+ends[k]] into k parts, part p of
// ends[p+1]-ends[p] vertices, twice: by recursive bisection, and in rank
// order (the vertices by number, as a launcher would place them: a guest
// numbered with locality, as partitioners number their parts, keeps it),
// each refined pair by pair; the partition of fewer bytes between parts
// stays (the bisections' on a tie).
func (m *multisector) partition(lo int32, ends []int32) error {
	verts := m.perm[lo : lo+ends[len(ends)-1]]
	ranked := slices.Clone(verts)
	order.Ascending(ranked)
	if err := m.section(lo, ends, 0, int32(len(ends)-1)); err != nil {
		return err
	}
	if err := m.refinePairs(lo, ends); err != nil {
		return err
	}
	cut := m.cut(lo, ends)
	bisected := slices.Clone(verts)
	copy(verts, ranked)
	if err := m.refinePairs(lo, ends); err != nil {
		return err
	}
	if m.cut(lo, ends) >= cut {
		copy(verts, bisected)
	}
	return nil
}

// cut returns the bytes between the parts of a group.
func (m *multisector) cut(lo int32, ends []int32) float64 {
	sum := 0.0
	for _, pc := range m.pairCuts(lo, ends) {
		sum += pc.bytes
	}
	return sum
}

// section splits the vertices of parts p0..p1-1 of a group (see
// partition) into those parts, in place and in part order, by recursive
// bisection.
func (m *multisector) section(lo int32, ends []int32, p0, p1 int32) error {
	if p1-p0 < 2 {
		return nil
	}
	mid := (p0 + p1) / 2
	target := ends[mid] - ends[p0]
	verts := m.perm[lo+ends[p0] : lo+ends[p1]]
	side, err := m.bis.bisect(m.graph(verts), target, 1)
	if err != nil {
		return err
	}
	m.order(verts, side, target)
	if err := m.section(lo, ends, p0, mid); err != nil {
		return err
	}
	return m.section(lo, ends, mid, p1)
}

// order puts n0 vertices first, those of side 0 in the order they had,
// then the others: the bisector may end a vertex or so off the sizes it
// was asked for, and then, as rb does, the first of side 0 stay first and
// the last of side 1 fill what side 0 lacks.
func (m *multisector) order(verts []int32, side []int8, n0 int32) {
	m.verts = m.verts[:0]
	n, k := int32(len(verts)), int32(0)
	for i, v := range verts {
		if side[i] == 0 && k < n0 || n-int32(i) == n0-k {
			verts[k] = v
			k++
		} else {
			m.verts = append(m.verts, v)
		}
	}
	copy(verts[k:], m.verts)
}

// graph builds the graph of verts (the bisector's scratch level 0): the
// edges between them, unit vertex weights, nothing outside (the other
// parts of the group are as far from either side). O(n + their arcs).
func (m *multisector) graph(verts []int32) *level {
	s := m.s
	for i, v := range verts {
		m.pos[v] = int32(i)
	}
	l := m.bis.level(0, len(verts))
	l.maxw = 1
	for i, v := range verts {
		l.vw[i] = 1
		for e := s.Offsets[v]; e < s.Offsets[v+1]; e++ {
			if k := m.pos[s.Adj[e]]; k >= 0 {
				l.adj = append(l.adj, k)
				l.ew = append(l.ew, s.Volume(int(e)))
			}
		}
		l.xadj[i+1] = int32(len(l.adj))
	}
	for _, v := range verts {
		m.pos[v] = -1
	}
	return l
}

// A pairCut is the bytes between parts a and b of a group.
type pairCut struct {
	a, b  int32
	bytes float64
}

// heaviestFirst orders cuts by bytes, heaviest first, ties by a then b.
type heaviestFirst []pairCut

func (c heaviestFirst) Len() int      { return len(c) }
func (c heaviestFirst) Swap(i, j int) { c[i], c[j] = c[j], c[i] }
func (c heaviestFirst) Less(i, j int) bool {
	x, y := c[i], c[j]
	if x.bytes != y.bytes {
		return x.bytes > y.bytes
	}
	return x.a < y.a || x.a == y.a && x.b < y.b
}

// refinePairs refines the parts of perm[lo:hi] (c vertices each, the
// last possibly fewer) pair by pair: the pairs with edges between them,
// heaviest first, each by FM passes on the two parts' graph that keep
// both sizes, while a round's graphs hold at most msPairWork times the
// group's vertices and arcs (a mesh's parts touch a few others, an
// expander's every other); a round that improves nothing ends it.
func (m *multisector) refinePairs(lo int32, ends []int32) error {
	whole := 0
	for _, v := range m.perm[lo : lo+ends[len(ends)-1]] {
		whole += 1 + int(m.s.Offsets[v+1]-m.s.Offsets[v])
	}
	for range msRounds {
		improved, work := false, 0
		for _, pc := range m.pairCuts(lo, ends) {
			if err := m.bis.ctx.Err(); err != nil {
				return err
			}
			if work > msPairWork*whole {
				break
			}
			a := m.perm[lo+ends[pc.a] : lo+ends[pc.a+1]]
			b := m.perm[lo+ends[pc.b] : lo+ends[pc.b+1]]
			better, w := m.refinePair(a, b)
			improved, work = improved || better, work+w
		}
		if !improved {
			break
		}
	}
	return m.bis.ctx.Err()
}

// pairCuts returns the pairs of parts of a group with edges between
// them, by bytes (most first), then by parts. O(vertices + arcs).
func (m *multisector) pairCuts(lo int32, ends []int32) []pairCut {
	verts := m.perm[lo : lo+ends[len(ends)-1]]
	for p := range len(ends) - 1 {
		for _, v := range verts[ends[p]:ends[p+1]] {
			m.part[v] = int32(p)
		}
	}
	cut := map[[2]int32]float64{}
	s := m.s
	for _, v := range verts {
		pv := m.part[v]
		for e := s.Offsets[v]; e < s.Offsets[v+1]; e++ {
			if pu := m.part[s.Adj[e]]; pu > pv {
				cut[[2]int32{pv, pu}] += s.Volume(int(e))
			}
		}
	}
	for _, v := range verts {
		m.part[v] = -1
	}
	out := make([]pairCut, 0, len(cut))
	for ab, w := range cut {
		out = append(out, pairCut{ab[0], ab[1], w})
	}
	sort.Sort(heaviestFirst(out))
	return out
}

// refinePair improves the cut between parts a and b, ranges of perm, by
// FM passes that keep their sizes, and rewrites them; it reports whether
// the cut got lighter, and the vertices and arcs of the graph refined.
// That graph is the band of vertices within msBand edges of the cut
// (KaHIP's band refinement), the rest of each part an anchor that stays
// on its side: its weight is more than the imbalance FM allows.
func (m *multisector) refinePair(a, b []int32) (bool, int) {
	verts := append(append(slices.Grow(m.verts[:0], len(a)+len(b)), a...), b...)
	m.verts = verts
	for i, v := range verts {
		m.part[v] = int32(min(1, i/len(a)))
	}
	l, side := m.bandGraph(verts, len(a))
	before := 0.0
	for v := range side {
		for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
			if side[l.adj[e]] != side[v] {
				before += l.ew[e] / 2
			}
		}
	}
	after, _ := m.bis.refine(l, side, int32(len(a)), 0, 1)
	work, nb := len(side)+len(l.adj), int32(len(side)-2)
	better := after < before-1e-9*(1+before)
	ia, ib := 0, 0
	for _, v := range slices.Clone(verts) {
		sd := side[nb+m.part[v]]
		if k := m.pos[v]; k >= 0 {
			sd = side[k]
		}
		m.pos[v], m.part[v] = -1, -1
		switch {
		case !better:
		case sd == 0:
			a[ia] = v
			ia++
		default:
			b[ib] = v
			ib++
		}
	}
	if better && ia != len(a) {
		panic("graphmap: a multisection part lost its size")
	}
	return better, work
}

// msBand is how many edges from the cut between two parts the vertices
// that pairwise refinement may move lie, at most.
const msBand = 2

// bandGraph builds the band graph of two parts (the bisector's scratch
// level 0) and its sides: verts holds the first part's na vertices, then
// the second's, each marked with its part in m.part; the vertices within
// msBand edges of the cut get their index in m.pos, and the others of
// each part are one anchor vertex, the last two. O(band's arcs + verts).
func (m *multisector) bandGraph(verts []int32, na int) (*level, []int8) {
	band := m.markBand(verts)
	nb := int32(len(band))
	l := m.bis.level(0, len(band)+2)
	side := zeroed(m.bis.sides[0], len(band)+2)
	m.bis.sides[0] = side
	l.vw[nb], l.vw[nb+1], side[nb+1] = int32(na), int32(len(verts)-na), 1
	m.bandArcs(l, side, band)
	m.anchorArcs(l, nb)
	l.maxw = 1 // the anchors stay
	return l, side
}

// markBand returns the band of verts, the vertices within msBand edges of
// the cut between their two parts (those on the cut first, then layer by
// layer), and gives each its index in the band in m.pos. It keeps the
// band in m.band.
func (m *multisector) markBand(verts []int32) []int32 {
	s := m.s
	band := m.band[:0]
	for _, v := range verts {
		for _, u := range s.Adj[s.Offsets[v]:s.Offsets[v+1]] {
			if m.part[u] >= 0 && m.part[u] != m.part[v] {
				m.pos[v] = int32(len(band))
				band = append(band, v)
				break
			}
		}
	}
	for lo, d := 0, 0; d < msBand; d++ {
		hi := len(band)
		for _, v := range band[lo:hi] {
			for _, u := range s.Adj[s.Offsets[v]:s.Offsets[v+1]] {
				if m.part[u] >= 0 && m.pos[u] < 0 {
					m.pos[u] = int32(len(band))
					band = append(band, u)
				}
			}
		}
		lo = hi
	}
	m.band = band
	return band
}

// bandArcs fills the vertices of band into level l and side: each weighs
// 1, taken off its part's anchor, and its arcs to the band or to the
// anchors are l's; those to the anchors are also kept in m.anchored for
// anchorArcs.
func (m *multisector) bandArcs(l *level, side []int8, band []int32) {
	s := m.s
	nb := int32(len(band))
	m.anchored = m.anchored[:0]
	for i, v := range band {
		l.vw[i], side[i] = 1, int8(m.part[v])
		l.vw[nb+m.part[v]]--
		for e := s.Offsets[v]; e < s.Offsets[v+1]; e++ {
			u := s.Adj[e]
			if m.part[u] < 0 {
				continue
			}
			k := m.pos[u]
			if k < 0 {
				k = nb + m.part[u]
				m.anchored = append(m.anchored, anchorArc{k, int32(i), s.Volume(int(e))})
			}
			l.adj = append(l.adj, k)
			l.ew = append(l.ew, s.Volume(int(e)))
		}
		l.xadj[i+1] = int32(len(l.adj))
	}
}

// anchorArcs fills the arcs of the two anchors, vertices nb and nb+1 of
// level l: the reverses of the arcs in m.anchored, in band order.
func (m *multisector) anchorArcs(l *level, nb int32) {
	for k := nb; k < nb+2; k++ {
		for _, x := range m.anchored {
			if x.anchor == k {
				l.adj = append(l.adj, x.v)
				l.ew = append(l.ew, x.w)
			}
		}
		l.xadj[k+1] = int32(len(l.adj))
	}
}

// An anchorArc is an arc from a band vertex v to an anchor.
type anchorArc struct {
	anchor, v int32
	w         float64
}
