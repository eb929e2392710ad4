package pairs

import (
	"context"
	"fmt"
	"iter"

	"topomap/algorithms/topology"
)

// Objective is what a run minimises.
type Objective int

const (
	// HopBytes, the default, is Σ volume × hops over the arcs.
	HopBytes Objective = iota
	// Congestion is Σ L(e)² over the directed links e of a routed host,
	// L(e) the volume the host's routing sends across e (package
	// topology's doc, Routing and link loads):
	// a smooth stand-in for the largest load, which also counts the
	// hop-bytes (Σ L(e) = hop-bytes). It needs a host with the
	// topology.Router capability.
	Congestion
)

func (o Objective) String() string {
	switch o {
	case HopBytes:
		return "hopbytes"
	case Congestion:
		return "congestion"
	}
	return fmt.Sprintf("objective(%d)", int(o))
}

// congestion keeps the link loads of the placement in a state, and the
// change a swap would make to them. The delta of a swap routes only the
// arcs of the two objects, before and after, each way: O((deg a + deg b)
// × hops). The arc between the two objects, if any, needs none: its two
// directions exchange their routes, and both carry the same volume.
type congestion struct {
	r     topology.Router
	s     *state
	route []int
	other []int // moveBy's second route
	// lat is set on a grid whose routes and links follow its axes
	// (topology.AxisRouter: a lattice): routes are walked on the state's
	// coordinate table (no division per axis) along axes.
	lat  bool
	axes []topology.AxisLine
	diam int // the host's diameter on a lattice: the most links of a route
	// per number of the link numbering, its load and the pending change
	// of the last delta (on the links listed in touched, perhaps more
	// than once; 0 elsewhere); d is the change of Σ L² it would make
	link    []linkLoad
	touched []int32
	d       float64
	legs    [4]leg // reroute's
	// ctx ends loads, O(arcs × hops), early (the run then ends at its
	// next check point, with ctx's error).
	ctx context.Context
}

// leg is one route per arc of an object: out of node at towards the
// arc's other end (out), or from that end into at, carrying sign × the
// arc's volume.
type leg struct {
	at   int32
	out  bool
	sign float64
}

// linkLoad is a link's load and its pending change.
type linkLoad struct{ load, pend float64 }

// newCongestion returns the link loads of s's host r (all 0).
func newCongestion(ctx context.Context, s *state, r topology.Router) *congestion {
	n := r.LinkSlots()
	c := &congestion{r: r, s: s, link: make([]linkLoad, n), ctx: ctx}
	if ar, ok := r.(topology.AxisRouter); ok && s.gen == nil {
		c.lat = true
		c.axes = topology.AxisLines(ar)
		for _, ax := range c.axes {
			c.diam += ax.K - 1
			if ax.Wrap {
				c.diam -= ax.K - 1 - ax.K/2
			}
		}
	}
	return c
}

// bump adds w to the pending change of link l, and what it changes
// of Σ L² to d: (L + p + w)² − (L + p)² with p its pending change so far.
func (c *congestion) bump(l int32, w float64) {
	k := &c.link[l]
	c.d += w * (2*(k.load+k.pend) + w)
	k.pend += w
	c.touched = append(c.touched, l)
}

// arcs routes into the pending change, for every arc of object a but
// those to skip, each of legs. On a lattice it walks dimension-order
// routes (package topology's doc) on the coordinate table (walk);
// elsewhere it asks the router.
func (c *congestion) arcs(a, skip int32, legs []leg) {
	if !c.lat {
		c.arcsBy(a, skip, legs)
		return
	}
	s := c.s
	d := c.d
	nt, touched := len(c.touched), c.touched[:cap(c.touched)]
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := s.adj[e]
		if u == skip {
			continue
		}
		if need := nt + len(legs)*c.diam; need > len(touched) {
			touched = append(touched, make([]int32, need-len(touched))...)
		}
		w := s.volume(e)
		pu := s.pos[u]
		for _, g := range legs {
			p, q := g.at, pu
			if !g.out {
				p, q = pu, g.at
			}
			d, nt = c.walk(p, q, g.sign*w, d, touched, nt)
		}
	}
	c.touched, c.d = touched[:nt], d
}

// walk adds vw to the pending change of every link of the lattice route
// from node p to node q, listing them in touched from nt on (it has room
// for the diameter), and returns d, the change of Σ L², and nt updated.
// bump is written out, on locals: calls and reloads through pointers
// dominate the browser's time. An axis's route has at most two runs of
// links, before and after the wrap.
func (c *congestion) walk(p, q int32, vw, d float64, touched []int32, nt int) (float64, int) {
	axes, tab, link := c.axes, c.s.tab, c.link
	nc := len(axes)
	cur, cp, cq := int(p), tab[int(p)*nc:int(p)*nc+nc], tab[int(q)*nc:int(q)*nc+nc]
	for j := range axes {
		ax := &axes[j]
		x, steps := int(cp[j]), int(cq[j]-cp[j])
		if steps == 0 {
			continue
		}
		next := cur + steps*ax.Stride
		l, dst, run, steps := firstRun(ax, cur, x, steps)
		for run > 0 {
			for end := l + run*dst; l != end; l += dst {
				ll := &link[l]
				d += vw * (2*(ll.load+ll.pend) + vw)
				ll.pend += vw
				touched[nt] = int32(l)
				nt++
			}
			steps -= run
			run, l = steps, l-ax.K*dst
		}
		cur = next
	}
	return d, nt
}

// firstRun returns the first link of the route along axis ax out of node
// cur, at coordinate x, to the node steps (≠ 0) further along the axis;
// the step dst from one link to the next (± the axis's stride); the
// number of links before the wrap; and the number of links in all. On a
// torus axis the route goes the shorter way round, + on a tie; an axis of
// size 2 has one link per node.
func firstRun(ax *topology.AxisLine, cur, x, steps int) (l, dst, run, n int) {
	k, st := ax.K, ax.Stride
	if ax.Wrap && steps < 0 {
		steps += k
	}
	if steps < 0 || ax.Wrap && 2*steps > k {
		if steps = -steps; steps < 0 {
			steps += k // the shorter way round a torus
		}
		return ax.Minus + cur, -st, min(steps, x+1), steps
	}
	return ax.Plus + cur, st, min(steps, k-x), steps
}

// arcsBy is arcs on a host without coordinate tables: routes by the
// router.
func (c *congestion) arcsBy(a, skip int32, legs []leg) {
	for pu, w := range c.s.others(a, skip) {
		for _, g := range legs {
			p, q := g.at, pu
			if !g.out {
				p, q = pu, g.at
			}
			c.route = c.r.Route(int(p), int(q), c.route[:0])
			for _, l := range c.route {
				c.bump(int32(l), g.sign*w)
			}
		}
	}
}

// others yields, for every arc of object a but those to object skip, the
// node of its other end and its volume.
func (s *state) others(a, skip int32) iter.Seq2[int32, float64] {
	return func(yield func(int32, float64) bool) {
		for e := s.off[a]; e < s.off[a+1]; e++ {
			if u := s.adj[e]; u != skip && !yield(s.pos[u], s.volume(e)) {
				return
			}
		}
	}
}

// begin starts a new pending change, dropping the last one.
func (c *congestion) begin() {
	for _, l := range c.touched {
		c.link[l].pend = 0
	}
	c.touched, c.d = c.touched[:0], 0
}

// change returns the change of Σ L² the pending change would make.
func (c *congestion) change() float64 { return c.d }

// apply makes the pending change.
func (c *congestion) apply() {
	for _, l := range c.touched {
		k := &c.link[l]
		k.load, k.pend = k.load+k.pend, 0
	}
	c.touched, c.d = c.touched[:0], 0
}

// reroute adds to the pending change what moving object a from node
// from to node to does to its arcs (skip excepted), both ways.
func (s *state) reroute(a, skip, from, to int32) {
	c := s.cong
	if !c.lat {
		c.moveBy(a, skip, from, to)
		return
	}
	c.legs = [4]leg{{from, true, -1}, {from, false, -1}, {to, true, 1}, {to, false, 1}}
	c.arcs(a, skip, c.legs[:])
}

// moveBy is reroute on a host without coordinate tables: per arc, the
// router's routes out of from and out of to towards the arc's other end,
// then back, all but the links two of them share where they meet that
// end (see apart): on a fat tree two nodes under one leaf switch route to
// a third by one path but their own links, so most of a near move's
// links are not touched at all (grid:64x64 onto fattree:16,3 under
// congestion, the hop-bytes search before it included: 2.36–2.56 CPU-s
// over 4 of 5 runs, 2.18–2.23 so, to the same placement).
func (c *congestion) moveBy(a, skip, from, to int32) {
	for u, w := range c.s.others(a, skip) {
		pu := int(u)
		c.route = c.r.Route(int(from), pu, c.route[:0])
		c.other = c.r.Route(int(to), pu, c.other[:0])
		c.apart(c.route, c.other, w, true)
		c.route = c.r.Route(pu, int(from), c.route[:0])
		c.other = c.r.Route(pu, int(to), c.other[:0])
		c.apart(c.route, c.other, w, false)
	}
}

// apart adds −w to the pending change of the links of route old and +w
// to those of route now, but not to the run of links they share at
// their ends (shared true) or at their starts: a link of both changes
// by −w + w = 0.
func (c *congestion) apart(old, now []int, w float64, shared bool) {
	if shared {
		for len(old) > 0 && len(now) > 0 && old[len(old)-1] == now[len(now)-1] {
			old, now = old[:len(old)-1], now[:len(now)-1]
		}
	} else {
		i := 0
		for i < len(old) && i < len(now) && old[i] == now[i] {
			i++
		}
		old, now = old[i:], now[i:]
	}
	for _, l := range old {
		c.bump(int32(l), -w)
	}
	for _, l := range now {
		c.bump(int32(l), w)
	}
}

// deltaCongestion is delta under the Congestion objective: the change of
// Σ L², and that of the squared hops (the tie-break). It leaves the
// change pending for swap.
func (s *state) deltaCongestion(a, b, pa, pb int32) (float64, int64) {
	_, q := s.deltaHops(a, b, pa, pb)
	c := s.cong
	c.begin()
	s.reroute(a, b, pa, pb)
	if b >= 0 {
		s.reroute(b, a, pb, pa)
	}
	return c.change(), q
}

// loads recomputes the link loads of the placement from scratch, object
// by object, so that the pending list holds one object's routes (degree
// × diameter links), not every arc's: hypercube:14 on ring:16384 routes
// 2.7·10⁸ links. O(arcs × hops) time; it stops early, the loads
// unfinished, once c.ctx is done.
func (s *state) loads() {
	c := s.cong
	clear(c.link)
	c.begin()
	for v := range int32(s.n) {
		if v%256 == 0 && c.ctx.Err() != nil {
			return
		}
		c.legs[0] = leg{s.pos[v], true, 1}
		c.arcs(v, -1, c.legs[:1])
		c.apply()
	}
}

// squaredLoads returns Σ L² over the links.
func (c *congestion) squaredLoads() float64 {
	var sum float64
	for _, k := range c.link {
		sum += k.load * k.load
	}
	return sum
}
