package pairs

// The closing search of a run: the 1-to-1 local search of Schulz and
// Träff ("Better Process Mapping and Sparse Quadratic Assignment", JEA
// 2020) over the neighbourhood N_C^d: the pairs of objects at most d hops
// apart in the guest (its communication graph). Each pass visits the
// objects in a random order; for each object a it gathers the objects
// within d hops of a (breadth first), tries the swap of a with each in
// turn and keeps every swap that lowers the objective (or keeps it and
// shortens the longest edges, the dilation tie-break), with the run's
// incremental deltas. Passes repeat until one gains less than commTau of
// the objective or the work bound is spent. A pass costs
// O(Σ_a |N^d(a)|·degree). Where PAIRS draws one node per proposal, this
// search tries every swap of a neighbourhood. After the annealing it
// gains little (METIS meshes' quotients on tori and fat trees: at most
// 0.2 %, BenchmarkCommSearch); after a greedy descent alone it gains
// 0.8 to 1.3 % (4elt and copter2 at 1024 parts on torus:8x8x16, 4elt at
// 4096 on fattree:8,3:cores=8).

// DefaultCommDepth is the default d of the closing search: depth 3 gained
// no more on the quotients of BenchmarkCommSearch, for up to twice the
// tries.
const DefaultCommDepth = 2

// NoCommSearch, as Options.CommDepth, turns the closing search off.
const NoCommSearch = -1

// maxCommDepth bounds Options.CommDepth: the neighbourhood of a mesh's
// quotient graph grows as d², and so does the cost of a pass.
const maxCommDepth = 4

// commShare: the closing search's work is bounded by this share of the
// run's horizon; a planned run reserves it from its plan.
const commShare = 8

// commTau is the least gain of a pass, as a share of the objective, for
// another pass to follow.
const commTau = 1e-5

// commSearch is the closing search's scratch: the neighbourhood of the
// object being tried and the stamps that mark its members.
type commSearch struct {
	depth int
	mark  []uint32
	epoch uint32
	near  []int32
}

// neighbourhood gathers the objects other than a within depth hops of a
// in the guest, breadth first, into c.near.
func (c *commSearch) neighbourhood(s *state, a int32) []int32 {
	c.epoch++
	c.mark[a] = c.epoch
	c.near = append(c.near[:0], a)
	lo, hi := 0, 1
	for range c.depth {
		for i := lo; i < hi; i++ {
			v := c.near[i]
			for _, u := range s.adj[s.off[v]:s.off[v+1]] {
				if c.mark[u] != c.epoch {
					c.mark[u] = c.epoch
					c.near = append(c.near, u)
				}
			}
		}
		lo, hi = hi, len(c.near)
	}
	return c.near[1:]
}

// commDescend runs the closing search on the placement in the state (of
// tracked objective r.h) until a pass gains less than commTau, the
// bound r.commCap is spent or ctx is cancelled (checked every checkEvery
// swaps tried); it updates r.h and r.q and counts its tries in
// r.commMoves.
func (r *run) commDescend() {
	s := r.s
	if r.commDepth <= 0 || s.n < 2 || r.h == 0 {
		return
	}
	c := &commSearch{depth: r.commDepth, mark: make([]uint32, s.n)}
	order := make([]int32, s.n)
	for i := range order {
		order[i] = int32(i)
	}
	for r.commMoves < r.commCap && r.ctx.Err() == nil {
		shuffle(order, r.rng)
		before := r.h
		if !r.commPass(c, order) || before-r.h < commTau*before {
			return
		}
	}
}

// commPass is one pass of the closing search; false if the bound or the
// context ended it.
func (r *run) commPass(c *commSearch, order []int32) bool {
	s := r.s
	for _, a := range order {
		for _, b := range c.neighbourhood(s, a) {
			if r.commMoves >= r.commCap || r.commMoves%checkEvery == 0 && r.ctx.Err() != nil {
				return false
			}
			r.commMoves++
			pa, pb := s.pos[a], s.pos[b]
			d, q := s.delta(a, b, pa, pb)
			r.evaluated++
			if s.energy(d, q) < 0 {
				s.swap(a, b, pa, pb)
				r.h, r.q = r.h+d, r.q+q
				r.accepted++
				if d < 0 {
					r.improved++
				}
			}
		}
	}
	return true
}

// reserveComm sets the closing search's depth and bound: commShare of the
// horizon, which a planned run takes from its plan, so that the two
// searches together make no more moves than planned.
func (r *run) reserveComm() {
	r.commDepth = r.opt.CommDepth
	if r.commDepth == 0 {
		r.commDepth = DefaultCommDepth
	}
	if r.commDepth < 0 {
		return
	}
	r.commCap = r.horizon / commShare
	if r.planned {
		r.horizon -= r.commCap
		r.minWork = min(r.minWork, r.horizon)
	}
}
