package pairs

import (
	"fmt"

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
	route []int
	// lat is set on a lattice: routes are walked on the state's
	// coordinate table (no division per axis), with first[j] the first
	// link slot of axis j in topology.Lattice's numbering (link = tail +
	// n·slot; per axis one slot if its size is 2, none if 1, else + then
	// −).
	lat   *state
	first []int32
	load  []float64 // per number of the link numbering
	// the pending change of the last delta: pend[l] on the links listed
	// in touched, marked by stamp[l] == epoch
	pend    []float64
	stamp   []uint32
	epoch   uint32
	touched []int32
}

// newCongestion returns the link loads of s's host r (all 0).
func newCongestion(s *state, r topology.Router) *congestion {
	n := r.LinkSlots()
	c := &congestion{r: r, load: make([]float64, n), pend: make([]float64, n), stamp: make([]uint32, n)}
	if latticeOf(r) != nil && s.gen == nil {
		c.lat = s
		slot := int32(0)
		for _, k := range s.dims {
			c.first = append(c.first, slot)
			slot += min(k-1, 2)
		}
	}
	return c
}

// add routes a message of volume w from node p to node q into the
// pending change.
func (c *congestion) add(p, q int32, w float64) {
	if c.lat != nil {
		c.addLattice(p, q, w)
		return
	}
	c.route = c.r.Route(int(p), int(q), c.route[:0])
	for _, l := range c.route {
		c.bump(int32(l), w)
	}
}

// bump adds w to the pending change of link l.
func (c *congestion) bump(l int32, w float64) {
	if c.stamp[l] != c.epoch {
		c.stamp[l] = c.epoch
		c.pend[l] = 0
		c.touched = append(c.touched, l)
	}
	c.pend[l] += w
}

// addLattice is add on a lattice: dimension-order routing (package
// topology's doc) walked on the coordinate table. On a torus axis the route
// goes the shorter way round, + on a tie; an axis of size 2 has one link
// per node.
func (c *congestion) addLattice(p, q int32, w float64) {
	s := c.lat
	n := int32(len(s.occ))
	cp, cq := s.node(p), s.node(q)
	cur := p
	for j, k := range s.dims {
		x, y := cp[j], cq[j]
		if x == y {
			continue
		}
		dir, steps := int32(1), y-x
		switch {
		case s.wrapK[j] == 0 && steps < 0:
			dir, steps = -1, -steps
		case s.wrapK[j] != 0:
			steps = (steps + k) % k
			if 2*steps > k {
				dir, steps = -1, k-steps
			}
		}
		slot := c.first[j]
		if dir < 0 && k > 2 {
			slot++
		}
		base, st := n*slot, s.stride[j]
		for range steps {
			c.bump(base+cur, w)
			switch x += dir; {
			case x == k:
				x, cur = 0, cur-(k-1)*st
			case x < 0:
				x, cur = k-1, cur+(k-1)*st
			default:
				cur += dir * st
			}
		}
	}
}

// begin starts a new pending change.
func (c *congestion) begin() {
	c.touched = c.touched[:0]
	c.epoch++
	if c.epoch == 0 { // wrapped: clear the stamps once in 2^32 deltas
		clear(c.stamp)
		c.epoch = 1
	}
}

// change returns the change of Σ L² the pending change would make.
func (c *congestion) change() float64 {
	var d float64
	for _, l := range c.touched {
		p := c.pend[l]
		d += p * (2*c.load[l] + p)
	}
	return d
}

// apply makes the pending change.
func (c *congestion) apply() {
	for _, l := range c.touched {
		c.load[l] += c.pend[l]
	}
	c.touched = c.touched[:0]
}

// reroute adds to the pending change what moving object a from node
// from to node to does to its arcs (skip excepted), both ways.
func (s *state) reroute(a, skip, from, to int32) {
	c := s.cong
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := s.adj[e]
		if u == skip {
			continue
		}
		w := 1.0
		if s.w != nil {
			w = s.w[e]
		}
		pu := s.pos[u]
		c.add(from, pu, -w)
		c.add(pu, from, -w)
		c.add(to, pu, w)
		c.add(pu, to, w)
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

// loads recomputes the link loads of the placement from scratch. O(arcs
// × hops).
func (s *state) loads() {
	c := s.cong
	clear(c.load)
	c.begin()
	for v := range int32(s.n) {
		for e := s.off[v]; e < s.off[v+1]; e++ {
			w := 1.0
			if s.w != nil {
				w = s.w[e]
			}
			c.add(s.pos[v], s.pos[s.adj[e]], w)
		}
	}
	c.apply()
}

// squaredLoads returns Σ L² over the links.
func (c *congestion) squaredLoads() float64 {
	var sum float64
	for _, l := range c.load {
		sum += l * l
	}
	return sum
}
