package pairs

import (
	"math/rand/v2"
	"sync"
)

// parallel splits each round between workers that own disjoint slabs of
// the host. A worker swaps only objects of its slab whose graph neighbours
// all lie in its slab ("interior" objects), with nodes of its slab: the
// objects it moves stay in the slab, and every position its deltas read
// belongs to an object only it moves. So deltas are exact, no memory is
// shared mutably between workers, and the outcome does not depend on
// scheduling. The other objects then get their attempts sequentially, so
// a round tries every object; the cut changes every round (alternating
// dimension, shifted offset) so that the sequential part stays small.
type parallel struct {
	r        *run
	part     []int8 // object → slab at this round's start
	interior []bool
	lists    [][]int32 // per worker: its interior objects
	sweeps   []sweep
	// the objects left out of the workers' phase, tried sequentially
	stuck      []int32
	stuckSweep sweep
	cleanup    walker
	walkers    []*worker
	cutDims    []int // dimensions of size ≥ 2
	// this round's cut: along dimension dim, coordinate x in slab slabs[x]
	dim   int32
	slabs []int8
	base  int64 // the run's moves at the start of this round
}

// worker is one goroutine's walker and random source, each allocated
// apart and padded, so that two workers never write to one cache line
// (the two PCG states, allocated together, shared one: the workers ran at
// 60 % of their speed alone).
type worker struct {
	walker
	pcg rand.PCG
	_   [128]byte
}

func newParallel(r *run) *parallel {
	s := r.s
	p := &parallel{r: r, part: make([]int8, s.n), interior: make([]bool, s.n)}
	for j := range s.c {
		if s.dims[j] >= 2 {
			p.cutDims = append(p.cutDims, j)
		}
	}
	p.cleanup = newWalker(s, r.opt.Mode)
	p.lists = make([][]int32, r.workers)
	p.sweeps = make([]sweep, r.workers)
	p.walkers = make([]*worker, r.workers)
	for i := range p.walkers {
		p.walkers[i] = &worker{walker: newWalker(s, r.opt.Mode)}
		w := p.walkers[i]
		w.rng = rand.New(&w.pcg)
		slab := int8(i)
		w.restrict, w.interior = true, p.interior
		w.slab = slab
	}
	return p
}

// cut chooses this round's slabs: the cut dimension rotates over the
// dimensions of size ≥ 2; a torus axis is cut anywhere, a mesh axis near
// the even split (shifted by up to k/(4W) either way). Slab i starts at
// lo + i·k/W (cyclically on a torus axis, clamped on a mesh axis); slabs
// tabulates the slab of each coordinate along the cut, which the workers
// read on every proposal.
func (p *parallel) cut() {
	r, s := p.r, p.r.s
	j := p.cutDims[r.rounds%len(p.cutDims)]
	k, nw := s.dims[j], int32(len(p.walkers))
	p.dim = int32(j)
	var lo int32
	if s.wrapK[j] != 0 {
		lo = int32(r.rng.IntN(int(k)))
	} else {
		spread := k / (4 * nw)
		lo = int32(r.rng.IntN(int(2*spread+1))) - spread
	}
	p.slabs = p.slabs[:0]
	for x := range k {
		y := x - lo
		if s.wrapK[j] != 0 {
			y = (y + k) % k
		}
		p.slabs = append(p.slabs, int8(min(nw-1, max(0, y*nw/k))))
	}
}

// round runs one greedy round on the workers and returns false if the run
// was stopped during it, and how many objects could move. The workers
// check only the context (a cancelled run is an error, not a result to
// repeat); the move cap and the budget are checked in the sequential part,
// at the same points in every run.
func (p *parallel) round() (complete bool, interior int) {
	r, s := p.r, p.r.s
	p.cut()
	p.base = r.moves
	c, d := s.c, int(p.dim)
	for v := range s.n {
		p.part[v] = p.slabs[s.co[v*c+d]]
	}
	var wg sync.WaitGroup
	done := make([]bool, len(p.walkers))
	for i, w := range p.walkers {
		// Each worker's stream depends on the seed, the round and the
		// worker only.
		w.pcg.Seed(r.opt.Seed^uint64(r.rounds)*0x9e3779b97f4a7c15, uint64(i)+1)
		w.slabs, w.cutDim = p.slabs, p.dim
		wg.Go(func() { done[i] = p.work(i, &w.walker) })
	}
	wg.Wait()
	ok := true
	for i, w := range p.walkers {
		r.collect(&w.walker)
		ok = ok && done[i]
		interior += len(p.lists[i])
	}
	if !ok {
		return false, interior
	}
	return p.frozen(), interior
}

// frozen gives the objects that could not move in the workers' phase
// (some neighbour in another slab) their attempts, sequentially, so that
// every object is tried in every round and no object stays frozen. False
// if the budget or the context cut it short.
func (p *parallel) frozen() bool {
	r, s := p.r, p.r.s
	p.stuck = p.stuck[:0]
	for v := range int32(s.n) {
		if !p.interior[v] {
			p.stuck = append(p.stuck, v)
		}
	}
	if len(p.stuck) == 0 {
		return true
	}
	w := &p.cleanup
	w.rng = r.rng
	w.setTemp(r.temperatureAt(r.moves))
	list := p.stuck
	if w.mode == Biased {
		list = p.stuckSweep.shuffle(list, w.rng)
	}
	ok := true
	for k := range share(r.attempts, len(list), s.n) {
		if k%checkEvery == checkEvery-1 {
			r.collect(w)
			if r.stopped() {
				ok = false
				break
			}
			w.setTemp(r.temperatureAt(r.moves))
		}
		if w.mode == Biased {
			w.attempt(list[k%len(list)])
		} else {
			w.attempt(list[w.rng.IntN(len(list))])
		}
	}
	r.collect(w)
	return ok
}

// share returns the attempts of a round that fall to m of the n objects,
// rounded up.
func share(attempts, m, n int) int {
	return (attempts*m + n - 1) / n
}

// work lists worker i's interior objects, then makes their share of the
// round's attempts.
func (p *parallel) work(i int, w *walker) bool {
	r, s := p.r, p.r.s
	slab := int8(i)
	list := p.lists[i][:0]
	for v := range int32(s.n) {
		if p.part[v] != slab {
			continue
		}
		in := true
		for e := s.off[v]; e < s.off[v+1]; e++ {
			if p.part[s.adj[e]] != slab {
				in = false
				break
			}
		}
		p.interior[v] = in
		if in {
			list = append(list, v)
		}
	}
	p.lists[i] = list
	if len(list) == 0 {
		return true
	}
	if w.mode == Biased {
		list = p.sweeps[i].shuffle(list, w.rng)
	}
	// When annealing, the temperature falls over the round as if the
	// worker's attempts were spread evenly over the round's moves: it
	// depends on k only, not on the other worker's pace.
	total := share(r.attempts, len(list), s.n)
	w.setTemp(r.temperatureAt(p.base))
	for k := range total {
		if k%checkEvery == checkEvery-1 {
			if r.ctx.Err() != nil {
				return false
			}
			w.setTemp(r.temperatureAt(p.base + int64(k)*int64(r.attempts)/int64(total)))
		}
		var a int32
		if w.mode == Biased {
			a = list[k%len(list)]
		} else {
			a = list[w.rng.IntN(len(list))]
		}
		w.attempt(a)
	}
	return true
}
