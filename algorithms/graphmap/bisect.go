package graphmap

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// A level is one graph of the multilevel bisection: the job's own graph,
// or a coarsening of the level below. Vertex weights count guest vertices.
type level struct {
	xadj, adj []int32
	ew        []float64
	vw        []int32
	// ext[v] is what putting v on side 1 rather than side 0 adds to the
	// hop-bytes of the edges from v to vertices outside the job.
	ext []float64
	// cmap maps each vertex to its vertex in the next coarser level.
	cmap []int32
	maxw int32 // the largest vertex weight
}

func (l *level) order() int { return len(l.vw) }

// The parameters of the multilevel scheme.
const (
	coarseTo     = 64  // stop coarsening at this many vertices
	coarseFactor = 0.9 // or when a level keeps more than this share
	initialTries = 8   // greedy growings from different seeds (fewer below 4096 vertices)
	fmPasses     = 8   // refinement passes per level, at most
	fmPatience   = 64  // moves without improvement before a pass ends (plus order/16)
	// coarseArcs stops coarsening when the coarser levels hold this many
	// times the arcs of the job's graph: levels of a mesh shrink (the
	// 1024x1024 grid's hold 1.65 times its arcs), those of an expander
	// do not (a random graph's keep most arcs for 9 levels) and would
	// cost that much memory and refinement
	coarseArcs = 2
	// triesArcs caps the initial bisections of a coarsest level with
	// many arcs (coarsening stopped early) at triesArcs/its arcs
	triesArcs = 1 << 20
)

// bisector holds the scratch space of the bisections of one run, reused
// from one bisection to the next: the levels, the sides and the arrays
// of coarsening and refinement.
type bisector struct {
	ctx    context.Context
	rng    *rand.Rand
	levels []*level
	adj    []int32   // room for the arcs of the coarser levels, one after the other
	ew     []float64 // and their weights
	sides  [2][]int8 // the sides projected from level to level, alternately
	tries  [2][]int8 // the sides of initial's try and of its best
	order  []int32   // coarsen's random order, initial's starts
	match  []int32
	rep    []int32
	mark   []int32 // per coarse vertex: where its row's edge to it is, or -1
	h      [2]*maxHeap
	gain   []float64
	lock   []bool
	log    []int32
	work   int // steps since the context was last looked at
}

// level returns scratch level i emptied for n vertices: no arcs, every
// weight and external cost 0.
func (b *bisector) level(i, n int) *level {
	for len(b.levels) <= i {
		b.levels = append(b.levels, &level{})
	}
	l := b.levels[i]
	l.xadj, l.vw, l.ext = zeroed(l.xadj, n+1), zeroed(l.vw, n), zeroed(l.ext, n)
	l.adj, l.ew, l.maxw = l.adj[:0], l.ew[:0], 0
	return l
}

// zeroed returns s resized to n zeros, reusing its array if large enough.
func zeroed[T int8 | int32 | float64](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// perm returns the numbers 0..n-1 in a random order (the order of
// rand.Rand.Perm), in scratch space.
func (b *bisector) perm(n int) []int32 {
	p := zeroed(b.order, n)
	for i := range p {
		p[i] = int32(i)
	}
	b.rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	b.order = p
	return p
}

// stopped reports whether the context is done, looking at it once every
// 16384 calls: the loops over vertices and moves call it every step.
func (b *bisector) stopped() bool {
	if b.work++; b.work < 1<<14 {
		return false
	}
	b.work = 0
	return b.ctx.Err() != nil
}

// bisect splits the job graph l into sides 0 and 1, side 0 weighing
// target, minimising d01·(cut weight) + Σ_{v on side 1} ext[v]: d01
// prices an edge between the two host halves, and ext the edges that
// leave the job. Returns the side of each vertex.
func (b *bisector) bisect(l *level, target int32, d01 float64) ([]int8, error) {
	levels := []*level{l}
	b.heap(0, l.order()) // the largest they need, once
	b.heap(1, l.order())
	room := coarseArcs * len(l.adj)
	if cap(b.adj) < room {
		b.adj, b.ew = make([]int32, 0, room), make([]float64, 0, room)
	}
	// a coarser level has at most the arcs of the one below
	for c := l; c.order() > coarseTo && len(c.adj) <= room; {
		if err := b.ctx.Err(); err != nil {
			return nil, err
		}
		next := b.coarsen(c, total(l), len(levels))
		if float64(next.order()) > coarseFactor*float64(c.order()) {
			break
		}
		levels = append(levels, next)
		room -= len(next.adj)
		c = next
	}
	if err := b.ctx.Err(); err != nil {
		return nil, err
	}
	side := b.initial(levels[len(levels)-1], target, d01)
	for i := len(levels) - 1; i >= 0; i-- {
		if err := b.ctx.Err(); err != nil {
			return nil, err
		}
		if i < len(levels)-1 {
			fine, coarse := levels[i], side
			side = zeroed(b.sides[i%2], fine.order())
			b.sides[i%2] = side
			for v := range side {
				side[v] = coarse[fine.cmap[v]]
			}
		}
		b.refine(levels[i], side, target, tolerance(levels[i], i == 0), d01)
	}
	if err := b.ctx.Err(); err != nil {
		return nil, err // refine stopped early
	}
	return side, nil
}

// total returns the weight of all vertices of l.
func total(l *level) int32 {
	t := int32(0)
	for _, w := range l.vw {
		t += w
	}
	return t
}

// tolerance is the imbalance a level may end with: none on the job's
// graph, half the heaviest vertex above it.
func tolerance(l *level, finest bool) int32 {
	if finest {
		return 0
	}
	return l.maxw / 2
}

// coarsen matches each vertex, in a seeded random order, with the
// unmatched neighbour of heaviest edge (heavy-edge matching), the merged
// weight at most a twentieth of the job's, and builds the graph of the
// pairs as scratch level depth, its arcs in b.adj and b.ew after those of
// the levels below. O(n + edges).
func (b *bisector) coarsen(f *level, whole int32, depth int) *level {
	rep := b.matchHeavy(f, max(2, (whole+19)/20))
	c := b.level(depth, len(rep))
	at := 0
	for _, l := range b.levels[1:depth] {
		at += len(l.adj)
	}
	c.adj, c.ew = b.adj[at:at:at+len(f.adj)], b.ew[at:at:at+len(f.adj)]
	b.contract(f, c, rep)
	return c
}

// matchHeavy matches each vertex of f, in a seeded random order, with
// its unmatched neighbour of heaviest edge whose merged weight is at most
// limit (itself if none), sets b.match and f.cmap, and returns each
// pair's first vertex, in the order of the coarse vertices.
func (b *bisector) matchHeavy(f *level, limit int32) []int32 {
	n := f.order()
	match := zeroed(b.match, n)
	for i := range match {
		match[i] = -1
	}
	b.match = match
	f.cmap = zeroed(f.cmap, n)
	rep := b.rep[:0] // per coarse vertex: its first fine vertex
	for _, v := range b.perm(n) {
		if match[v] >= 0 || b.stopped() {
			continue // a stopped run's levels are thrown away
		}
		best, bw := v, 0.0
		for e := f.xadj[v]; e < f.xadj[v+1]; e++ {
			u := f.adj[e]
			if match[u] < 0 && u != v && f.vw[v]+f.vw[u] <= limit && f.ew[e] > bw {
				best, bw = u, f.ew[e]
			}
		}
		match[v], match[best] = best, v
		f.cmap[v], f.cmap[best] = int32(len(rep)), int32(len(rep))
		rep = append(rep, v)
	}
	b.rep = rep
	return rep
}

// contract builds c, the graph of f's matched pairs (rep, b.match):
// their weights, pulls out of the job and merged edges.
func (b *bisector) contract(f, c *level, rep []int32) {
	nc := len(rep)
	if cap(b.mark) < nc {
		b.mark = make([]int32, nc)
	}
	mark := b.mark[:nc]
	for i := range mark {
		mark[i] = -1
	}
	for cv, v := range rep {
		if b.stopped() {
			break // a stopped run's levels are thrown away
		}
		row := int32(len(c.adj))
		pair := [2]int32{v, b.match[v]}
		for k, x := range pair {
			if k == 1 && x == v {
				break
			}
			c.vw[cv] += f.vw[x]
			c.ext[cv] += f.ext[x]
			for e := f.xadj[x]; e < f.xadj[x+1]; e++ {
				cu := f.cmap[f.adj[e]]
				if cu == int32(cv) {
					continue
				}
				if k := mark[cu]; k >= row {
					c.ew[k] += f.ew[e]
					continue
				}
				mark[cu] = int32(len(c.adj))
				c.adj = append(c.adj, cu)
				c.ew = append(c.ew, f.ew[e])
			}
		}
		c.xadj[cv+1] = int32(len(c.adj))
		c.maxw = max(c.maxw, c.vw[cv])
	}
}

// initial bisects the coarsest level by greedy graph growing from
// several seeded start vertices, each refined, and keeps the best.
func (b *bisector) initial(l *level, target int32, d01 float64) []int8 {
	n := l.order()
	tol := tolerance(l, false)
	best := -1 // the buffer of b.tries that holds the best sides
	bestCost, bestImb := 0.0, int32(0)
	starts := b.perm(n)
	for t := range min(tries(total(l)), n, max(1, triesArcs/max(1, len(l.adj)))) {
		k := 0
		if best == 0 {
			k = 1
		}
		b.tries[k] = zeroed(b.tries[k], n)
		side := b.tries[k]
		b.grow(l, side, int32(starts[t]), target, tol, d01)
		cost, imb := b.refine(l, side, target, tol, d01)
		if best < 0 || better(cost, imb, bestCost, bestImb, tol) {
			best, bestCost, bestImb = k, cost, imb
		}
	}
	return b.tries[best]
}

// grow bisects l into side by greedy graph growing: side 0 grows from
// vertex start, taking next the side-1 vertex of highest gain that fits
// within target+tol, until it weighs target or nothing fits.
func (b *bisector) grow(l *level, side []int8, start, target, tol int32, d01 float64) {
	n := l.order()
	for v := range side {
		side[v] = 1
	}
	w0 := int32(0)
	// by gain of moving it to side 0, the side-1 vertices that fit
	grow := b.heap(1, n)
	for v := range int32(n) {
		g := l.ext[v]
		for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
			g -= d01 * l.ew[e]
		}
		grow.add(v, g)
	}
	grow.fix()
	for v := start; ; {
		grow.remove(v)
		side[v] = 0
		w0 += l.vw[v]
		for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
			if u := l.adj[e]; grow.has(u) {
				grow.set(u, grow.key(u)+2*d01*l.ew[e])
			}
		}
		for grow.len() > 0 && w0+l.vw[grow.top()] > target+tol {
			grow.pop() // too heavy now, and later
		}
		if w0 >= target || grow.len() == 0 {
			break
		}
		v = grow.top()
	}
	grow.clear()
	if target == 0 {
		for u := range side {
			side[u] = 1
		}
	}
}

// heap returns scratch heap i, empty, for items below n.
func (b *bisector) heap(i, n int) *maxHeap {
	if b.h[i] == nil || len(b.h[i].pos) < n {
		b.h[i] = newMaxHeap(max(n, 1024))
	}
	return b.h[i]
}

// tries is the number of initial bisections of a job of that weight:
// initialTries from 4096 vertices on, one less per halving below, at
// least one: the small jobs at the bottom of the recursion are the many.
func tries(w int32) int {
	return max(1, initialTries-max(0, 12-bits.Len32(uint32(w))))
}

// better reports whether a state of that cost and imbalance beats the
// best one: less imbalance beyond the tolerance first, then less cost.
func better(cost float64, imb int32, bestCost float64, bestImb int32, tol int32) bool {
	if e, be := max(0, imb-tol), max(0, bestImb-tol); e != be {
		return e < be
	}
	return cost < bestCost-1e-9*(1+abs(bestCost))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// refine improves a bisection by Fiduccia–Mattheyses passes: each moves
// every vertex at most once (the candidates are the vertices on the cut
// or with edges leaving the job, and their neighbours as they move), always the move of highest gain whose side
// keeps the imbalance within max(tolerance, heaviest vertex, current
// imbalance), and keeps the best prefix of its moves. Returns the cost
// and imbalance of the result. O(passes·n·log n + passes·edges).
func (b *bisector) refine(l *level, side []int8, target, tol int32, d01 float64) (float64, int32) {
	n := l.order()
	if cap(b.gain) < n {
		b.gain, b.lock = make([]float64, n), make([]bool, n)
	}
	b.heap(0, n)
	b.heap(1, n)
	f := fm{b: b, l: l, side: side, gain: b.gain[:n], lock: b.lock[:n],
		target: target, tol: tol, slack: max(tol, l.maxw), d01: d01}
	f.cutCost()
	patience := fmPatience + n/16
	for range fmPasses {
		startCost, startImb := f.cost, f.imbalance()
		f.pass(patience)
		if !better(f.cost, f.imbalance(), startCost, startImb, tol) || b.ctx.Err() != nil {
			break
		}
	}
	return f.cost, f.imbalance()
}

// fm is a Fiduccia–Mattheyses refinement of a bisection of a level (see
// refine): the sides, the vertices' gains and locks, and the running
// weight of side 0 and cost of the cut.
type fm struct {
	b                  *bisector
	l                  *level
	side               []int8
	gain               []float64
	lock               []bool
	target, tol, slack int32
	d01                float64
	w0                 int32
	cost               float64
}

// imbalance returns how far side 0's weight is from its target.
func (f *fm) imbalance() int32 { return abs32(f.w0 - f.target) }

// cutCost sets the weight of side 0 and the cost of the bisection: the
// edges across, d01 apart, and the pull of side 1's vertices out of the
// job.
func (f *fm) cutCost() {
	l := f.l
	for v := range l.order() {
		if f.side[v] == 0 {
			f.w0 += l.vw[v]
		} else {
			f.cost += l.ext[v]
		}
		for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
			if f.side[l.adj[e]] != f.side[v] {
				f.cost += f.d01 * l.ew[e] / 2
			}
		}
	}
}

// pass moves every vertex at most once, the best move first, and keeps
// the best prefix of its moves.
func (f *fm) pass(patience int) {
	b := f.b
	f.gains()
	b.log = b.log[:0]
	bestCost, bestImb, bestLen := f.cost, f.imbalance(), 0
	for len(b.log)-bestLen < patience && !b.stopped() {
		v := f.pick()
		if v < 0 {
			break
		}
		f.move(v)
		b.log = append(b.log, v)
		if better(f.cost, f.imbalance(), bestCost, bestImb, f.tol) {
			bestCost, bestImb, bestLen = f.cost, f.imbalance(), len(b.log)
		}
	}
	b.h[0].clear()
	b.h[1].clear()
	for i := len(b.log) - 1; i >= bestLen; i-- {
		v := b.log[i]
		f.side[v] = 1 - f.side[v]
		if f.side[v] == 0 {
			f.w0 += f.l.vw[v]
		} else {
			f.w0 -= f.l.vw[v]
		}
	}
	f.cost = bestCost
}

// gains computes every vertex's gain, unlocks it, and queues the
// candidates: the vertices on the cut or with edges leaving the job.
func (f *fm) gains() {
	l := f.l
	for v := range int32(l.order()) {
		g := l.ext[v]
		if f.side[v] == 0 {
			g = -g
		}
		boundary := g != 0
		for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
			if f.side[l.adj[e]] != f.side[v] {
				g += f.d01 * l.ew[e]
				boundary = true
			} else {
				g -= f.d01 * l.ew[e]
			}
		}
		f.gain[v], f.lock[v] = g, false
		if boundary {
			f.b.h[f.side[v]].add(v, g)
		}
	}
	f.b.h[0].fix()
	f.b.h[1].fix()
}

// pick returns the queued vertex of highest gain whose move keeps the
// imbalance within max(slack, current imbalance), or -1.
func (f *fm) pick() int32 {
	imb := f.imbalance()
	v := int32(-1)
	for s := range int8(2) {
		h := f.b.h[s]
		if h.len() == 0 {
			continue
		}
		u := h.top()
		nw := f.w0 - f.l.vw[u]
		if s == 1 {
			nw = f.w0 + f.l.vw[u]
		}
		if abs32(nw-f.target) > max(f.slack, imb) {
			continue
		}
		if v < 0 || f.gain[u] > f.gain[v] {
			v = u
		}
	}
	return v
}

// move moves v to the other side, locks it, and updates its neighbours'
// gains.
func (f *fm) move(v int32) {
	l, s := f.l, f.side[v]
	f.b.h[s].remove(v)
	f.lock[v] = true
	f.cost -= f.gain[v]
	if s == 0 {
		f.w0 -= l.vw[v]
	} else {
		f.w0 += l.vw[v]
	}
	f.side[v] = 1 - s
	for e := l.xadj[v]; e < l.xadj[v+1]; e++ {
		u := l.adj[e]
		if f.lock[u] {
			continue
		}
		d := 2 * f.d01 * l.ew[e]
		if f.side[u] == f.side[v] {
			d = -d
		}
		f.gain[u] += d
		f.b.h[f.side[u]].set(u, f.gain[u])
	}
}
