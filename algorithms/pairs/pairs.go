package pairs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// Mode selects how candidate swaps are proposed.
type Mode int

const (
	// Biased, the default, takes the objects in a fresh random order each
	// round (runs of consecutive objects, for the cache) and proposes to
	// move each toward the mean host position of its graph neighbours:
	// swapping with the occupant of that node (or, when the object is
	// already there or by chance, of a node one hop away), or shifting it
	// there hop by hop (an insertion, keeping the best prefix), or, one
	// time in eight, a uniform pair as in Uniform. [P]: our proposal, not
	// the thesis's.
	Biased Mode = iota
	// Uniform picks an object and a host node uniformly at random and
	// proposes to swap the object with the node's occupant: the thesis's
	// "pick two objects at random" [V].
	Uniform
)

func (m Mode) String() string {
	switch m {
	case Biased:
		return "biased"
	case Uniform:
		return "uniform"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// DefaultTau is the convergence threshold of spec B.8: a round that lowers
// the hop-bytes by less than this fraction ends the search.
const DefaultTau = 1e-4

// MinAttempts is the least default round length: with R = n a small
// instance would stop on the first round that happens to find nothing
// (our reading [P]).
const MinAttempts = 1024

// ParallelThreshold is the number of objects from which Improve uses two
// goroutines by default (when GOMAXPROCS allows).
const ParallelThreshold = 16384

// maxWorkers bounds Workers (slabs are numbered in an int8).
const maxWorkers = 64

// DefaultProgressEvery is the default interval between progress reports.
const DefaultProgressEvery = 50 * time.Millisecond

// Options tune a run. The zero value is the default: biased candidates,
// greedy, until converged, one worker below ParallelThreshold objects.
type Options struct {
	// Seed seeds the PCG generator (math/rand/v2): the same seed, starts
	// and worker count give the same result unless the run is cut short by
	// the budget or the context.
	Seed uint64
	Mode Mode
	// Budget bounds the run time; 0 = no limit (run until converged).
	Budget time.Duration
	// Tau is the convergence threshold; 0 = DefaultTau.
	Tau float64
	// Attempts is the number of proposed swaps per round; 0 = one per
	// object (spec B.8: R = n), but at least MinAttempts.
	Attempts int
	// MaxRounds bounds the number of rounds; 0 = no limit.
	MaxRounds int
	// Temperature, if positive, anneals once the greedy search has
	// converged: a swap that raises the hop-bytes by Δ is then kept with
	// probability exp(−Δ/T), where T falls linearly from Temperature (in
	// hop-bytes, i.e. hops × volume; a one-hop change of a unit edge is 2)
	// to 0 over the first 90% of the budget left; the rest is greedy, and
	// the best placement seen at a round's end is returned, so the result
	// is never worse than the greedy one. Requires a Budget.
	//
	// When annealing, the start kept is not the one of lowest hop-bytes
	// but the one of lowest hop-bytes minus half of their short excess
	// (Σ volume·(hops−1) over edges of 2 to 4 hops), an estimate of what
	// annealing leaves: a start with a few long seams (MXOVLP's) may have
	// the lowest hop-bytes yet be a trap for local moves, while a locally
	// disordered one (AFFN's) anneals well. On 320×200→250×256 this picks
	// AFFN (1.79, excess 0.39 per arc) over MXOVLP (1.65, excess 0) and
	// ends 0.13 hops per byte lower; on 512×128→256×256 and
	// 256×256→128×512 it keeps MXOVLP and snake. Our choice [P]. If the
	// run does not end below the start of lowest hop-bytes, that start is
	// returned.
	Temperature float64
	// Workers is the number of goroutines (at most 64); 0 = 2 from
	// ParallelThreshold objects on (bounded by GOMAXPROCS) when greedy, 1
	// otherwise. Annealing defaults to one worker: on 320×200→250×256 in
	// 5 s from AFFN two workers evaluated 1.0–1.4× the proposals but ended
	// at 1.532–1.536 hops per byte against 1.515–1.522 with one (2 cores
	// shared with other jobs).
	Workers int
	// Progress, if set, is called from Improve's goroutine at most every
	// ProgressEvery (in parallel mode at the end of a round), and once at
	// the end.
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Progress reports on a run.
type Progress struct {
	Elapsed time.Duration
	// Evaluated counts the swaps whose delta was computed.
	Evaluated int64
	Accepted  int64
	Rounds    int
	// HopBytes and HopsPerByte are the current (incrementally tracked)
	// values; while annealing, the best seen at a round's end if lower.
	HopBytes    float64
	HopsPerByte float64
	// Fraction is the share of the budget used, in [0, 1] (0 without a
	// budget until the end).
	Fraction float64
}

// Result is the outcome of Improve.
type Result struct {
	// Place[v] is the host node of object v.
	Place []int
	// HopBytes is recomputed from Place at the end, not tracked.
	HopBytes    float64
	HopsPerByte float64
	// Start is the index of the start that was kept, StartHopBytes its
	// hop-bytes.
	Start         int
	StartHopBytes float64
	Rounds        int
	Evaluated     int64
	Accepted      int64
	// Converged is set when a round improved by less than τ (rather than
	// the budget, MaxRounds or the context ending the run).
	Converged bool
	Workers   int
	Elapsed   time.Duration
}

// ErrInvalid is wrapped by the errors about the arguments of Improve.
var ErrInvalid = errors.New("pairs: invalid input")

// Improve runs PAIRS on guest g mapped onto host, starting from the best
// (lowest hop-bytes; the first on ties) of the given placements
// (starts[i][v] = host node of object v), and returns the best placement it
// found. It never returns a placement worse than any start; when
// annealing, the start it works from is chosen differently (see
// Options.Temperature), and if that does not catch up with the start of
// lowest hop-bytes within the budget, the latter is returned.
//
// Each proposed swap costs O(deg(a) + deg(b)) time and allocates nothing
// (a shift of L hops, O(L·deg)); a round is Attempts proposals (default
// max(n, MinAttempts)), plus O(n) to reshuffle (and in
// parallel mode O(n + arcs) to split the host). Choosing the start costs
// O(arcs·c) per start.
//
// When ctx is cancelled Improve returns the best placement so far together
// with ctx's error; when the budget ends it returns the result and no
// error. Source: Bhatele 2010, §9.1, Heuristic 7 [V] in outline; every
// parameter here is our reading [P] (see the package doc).
func Improve(ctx context.Context, g *guest.Graph, host *topology.Topology, starts [][]int, opt Options) (*Result, error) {
	begin := time.Now()
	if err := opt.check(g, host, starts); err != nil {
		return nil, err
	}
	s := newState(g, host, starts[0])
	best, bestScore, bestHB := 0, 0.0, 0.0
	lowest, lowestHB := 0, 0.0
	for i := range starts {
		if err := ctx.Err(); err != nil { // each start costs O(edges)
			return nil, err
		}
		hb, short := s.hopBytesOf(starts[i])
		score := hb
		if opt.Temperature > 0 {
			score -= short / 2
		}
		if i == 0 || score < bestScore {
			best, bestScore, bestHB = i, score, hb
		}
		if i == 0 || hb < lowestHB {
			lowest, lowestHB = i, hb
		}
	}
	if best != 0 {
		s.place(starts[best])
	}
	res := &Result{Start: best, StartHopBytes: bestHB}
	r := newRun(ctx, s, opt, begin, bestHB)
	err := r.loop()
	r.finish(res)
	if res.HopBytes > lowestHB {
		// annealing from another start did not catch up in time
		copy(res.Place, starts[lowest])
		res.Start, res.StartHopBytes, res.HopBytes = lowest, lowestHB, lowestHB
		res.HopsPerByte = lowestHB / r.volume
		r.h, r.bestH = lowestHB, lowestHB
	}
	r.report(time.Now(), true)
	return res, err
}

func (o *Options) check(g *guest.Graph, host *topology.Topology, starts [][]int) error {
	switch {
	case g.Order() > host.Size():
		return fmt.Errorf("%w: guest has %d objects, host %s only %d nodes", ErrInvalid, g.Order(), host, host.Size())
	case len(starts) == 0:
		return fmt.Errorf("%w: no starting placement", ErrInvalid)
	case o.Mode != Biased && o.Mode != Uniform:
		return fmt.Errorf("%w: unknown mode %d", ErrInvalid, int(o.Mode))
	case o.Budget < 0:
		return fmt.Errorf("%w: negative budget %v", ErrInvalid, o.Budget)
	case !(o.Tau >= 0 && o.Tau < 1):
		return fmt.Errorf("%w: tau %v out of [0, 1)", ErrInvalid, o.Tau)
	case o.Attempts < 0 || o.MaxRounds < 0 || o.Workers < 0 || o.ProgressEvery < 0:
		return fmt.Errorf("%w: negative attempts, rounds, workers or progress interval", ErrInvalid)
	case !(o.Temperature >= 0) || math.IsInf(o.Temperature, 0):
		return fmt.Errorf("%w: temperature %v, want a finite value >= 0", ErrInvalid, o.Temperature)
	case o.Temperature > 0 && o.Budget == 0:
		return fmt.Errorf("%w: annealing needs a budget", ErrInvalid)
	}
	for i, p := range starts {
		m := mapping.Mapping{Guest: g, Host: host, Place: p}
		if err := m.Validate(); err != nil {
			return fmt.Errorf("%w: start %d: %w", ErrInvalid, i, err)
		}
	}
	return nil
}

// shortEdge is the longest edge that annealing is expected to shorten:
// longer ones are "seams" between blocks that local moves cannot close.
const shortEdge = 4

// hopBytesOf returns the hop-bytes of another placement with s's guest and
// host, reading coordinates from the host table, and the part of them that
// annealing can be expected to remove: Σ volume·(hops − 1) over the edges
// of 2 to shortEdge hops. O(arcs·c).
func (s *state) hopBytesOf(place []int) (hb, short float64) {
	for v := range s.n {
		cv := s.node(int32(place[v]))
		for e := s.off[v]; e < s.off[v+1]; e++ {
			h := s.dist(cv, s.node(int32(place[s.adj[e]])))
			w := 1.0
			if s.w != nil {
				w = s.w[e]
			}
			hb += w * float64(h)
			if h >= 2 && h <= shortEdge {
				short += w * float64(h-1)
			}
		}
	}
	return hb, short
}

// run is one search in progress.
type run struct {
	ctx      context.Context
	s        *state
	opt      Options
	begin    time.Time
	deadline time.Time // zero: none
	rng      *rand.Rand
	workers  int
	attempts int
	tau      float64
	volume   float64

	h         float64 // tracked hop-bytes
	rounds    int
	evaluated int64
	accepted  int64
	converged bool
	lastProg  time.Time
	every     time.Duration

	best       []int32 // annealing: best placement at a round's end
	bestH      float64
	annealFrom time.Time // end of the greedy phase; zero before

	perm     []int32 // sequential: 0..n-1
	seqUntil int     // parallel mode: work sequentially before this round
	sweep    sweep
	par      *parallel
}

func newRun(ctx context.Context, s *state, opt Options, begin time.Time, h float64) *run {
	r := &run{ctx: ctx, s: s, opt: opt, begin: begin, h: h, bestH: h,
		rng:      rand.New(rand.NewPCG(opt.Seed, 0x9a175)),
		attempts: opt.Attempts, tau: opt.Tau, every: opt.ProgressEvery, lastProg: begin}
	if opt.Budget > 0 {
		r.deadline = begin.Add(opt.Budget)
	}
	if r.attempts == 0 {
		r.attempts = max(s.n, MinAttempts)
	}
	if r.tau == 0 {
		r.tau = DefaultTau
	}
	if r.every == 0 {
		r.every = DefaultProgressEvery
	}
	r.workers = min(opt.Workers, maxWorkers)
	if r.workers == 0 {
		r.workers = 1
		if s.n >= ParallelThreshold && opt.Temperature == 0 {
			r.workers = min(2, runtime.GOMAXPROCS(0))
		}
	}
	for e := range s.adj {
		if s.w == nil {
			r.volume++
		} else {
			r.volume += s.w[e]
		}
	}
	if opt.Temperature > 0 {
		r.best = append([]int32(nil), s.pos...)
	}
	return r
}

// stopped reports whether the budget or the context has ended the run.
func (r *run) stopped(now time.Time) bool {
	return !r.deadline.IsZero() && !now.Before(r.deadline) || r.ctx.Err() != nil
}

// temperature returns the annealing temperature at time now: 0 until the
// greedy phase has converged, then falling linearly to 0 over the first 90%
// of the time left (annealShare).
func (r *run) temperature(now time.Time) float64 {
	if r.opt.Temperature == 0 || r.annealFrom.IsZero() {
		return 0
	}
	f := float64(now.Sub(r.annealFrom)) / float64(r.deadline.Sub(r.annealFrom)) / annealShare
	if f >= 1 {
		return 0
	}
	return r.opt.Temperature * (1 - f)
}

func (r *run) fraction(now time.Time) float64 {
	if r.deadline.IsZero() {
		return 0
	}
	return min(1, float64(now.Sub(r.begin))/float64(r.opt.Budget))
}

// loop runs rounds until convergence, the budget, MaxRounds or ctx ends it.
func (r *run) loop() error {
	s := r.s
	if s.n < 2 || len(s.occ) < 2 || r.h == 0 {
		r.converged = true
		return nil
	}
	if r.workers > 1 {
		r.par = newParallel(r)
	}
	r.perm = make([]int32, s.n)
	for i := range r.perm {
		r.perm[i] = int32(i)
	}
	for r.opt.MaxRounds == 0 || r.rounds < r.opt.MaxRounds {
		now := time.Now()
		if r.stopped(now) {
			break
		}
		hStart := r.h
		temp := r.temperature(now)
		var complete bool
		if r.par != nil && r.rounds >= r.seqUntil {
			var interior int
			complete, interior = r.par.round(temp)
			r.report(time.Now(), false)
			if interior < s.n/2 {
				// Most objects have neighbours in both slabs (a scattered
				// placement or a guest such as a hypercube): the workers
				// would idle, so work sequentially for a while.
				r.seqUntil = r.rounds + 1 + seqRounds
			}
		} else {
			complete = r.sequentialRound(temp)
		}
		if !complete {
			break
		}
		r.rounds++
		if r.best != nil && r.h < r.bestH {
			r.bestH = r.h
			copy(r.best, s.pos)
		}
		if temp == 0 && hStart-r.h < r.tau*hStart {
			if r.opt.Temperature > 0 && r.annealFrom.IsZero() {
				r.annealFrom = time.Now() // greedy phase over: anneal
				continue
			}
			r.converged = true
			break
		}
	}
	return r.ctx.Err()
}

// annealShare is the share of the time left after the greedy phase over
// which the temperature falls to 0; the rest is greedy.
const annealShare = 0.9

// seqRounds is how many rounds run sequentially after a parallel round in
// which fewer than half the objects could move.
const seqRounds = 8

// checkEvery is how many attempts pass between clock and context checks.
const checkEvery = 1024

// sequentialRound makes one round of attempts; false if it was cut short.
func (r *run) sequentialRound(temp float64) bool {
	s := r.s
	w := newWalker(s, r.opt.Mode)
	w.rng, w.temp = r.rng, temp
	order := r.perm
	if r.opt.Mode == Biased {
		order = r.sweep.shuffle(r.perm, r.rng)
	}
	complete := true
	for i := 0; i < r.attempts; i++ {
		if i%checkEvery == checkEvery-1 {
			now := time.Now()
			r.h += w.dh
			w.dh = 0
			r.evaluated, w.evaluated = r.evaluated+w.evaluated, 0
			r.accepted, w.accepted = r.accepted+w.accepted, 0
			if r.stopped(now) {
				complete = false
				break
			}
			w.temp = r.temperature(now)
			r.report(now, false)
		}
		var a int32
		if r.opt.Mode == Biased {
			a = order[i%s.n]
		} else {
			a = int32(r.rng.IntN(s.n))
		}
		w.attempt(a)
	}
	r.h += w.dh
	r.evaluated += w.evaluated
	r.accepted += w.accepted
	return complete
}

// report calls the progress callback if one is due (or final is set).
func (r *run) report(now time.Time, final bool) {
	if r.opt.Progress == nil || !final && now.Sub(r.lastProg) < r.every {
		return
	}
	r.lastProg = now
	p := Progress{Elapsed: now.Sub(r.begin), Evaluated: r.evaluated, Accepted: r.accepted, Rounds: r.rounds,
		HopBytes: r.h, Fraction: r.fraction(now)}
	if r.best != nil {
		p.HopBytes = min(r.h, r.bestH)
	}
	if r.volume > 0 {
		p.HopsPerByte = p.HopBytes / r.volume
	}
	if final {
		p.Fraction = 1
	}
	r.opt.Progress(p)
}

// finish fills res from the final (or best annealed) placement; the
// caller sends the final progress report.
func (r *run) finish(res *Result) {
	s := r.s
	if r.best != nil && r.bestH < r.h {
		copy(s.pos, r.best)
		s.placeSelf()
	}
	res.Place = make([]int, s.n)
	for v, h := range s.pos {
		res.Place[v] = int(h)
	}
	res.HopBytes = s.hopBytes()
	r.h = res.HopBytes
	if r.volume > 0 {
		res.HopsPerByte = res.HopBytes / r.volume
	}
	res.Rounds, res.Evaluated, res.Accepted = r.rounds, r.evaluated, r.accepted
	res.Converged, res.Workers = r.converged, r.workers
	res.Elapsed = time.Since(r.begin)
}

// shuffle permutes p uniformly (Fisher–Yates).
func shuffle(p []int32, rng *rand.Rand) {
	for i := len(p) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		p[i], p[j] = p[j], p[i]
	}
}

// sweepBlock is the longest run of consecutive objects a biased round
// visits in index order: objects close in index are usually close in the
// guest and on the host, so their data share cache lines, which doubled
// the proposals per second at 64K objects (320x200→250x256 from AFFN,
// annealing: 1.6 → 3.5 M/s) compared with a uniform shuffle. Runs are
// shorter on small instances (n/1024, at least 1) so that their order
// stays random.
const sweepBlock = 64

// sweep is a biased round's visiting order: src cut into runs of
// consecutive elements, the runs in random order.
type sweep struct {
	order, blocks []int32
}

func (sw *sweep) shuffle(src []int32, rng *rand.Rand) []int32 {
	block := min(sweepBlock, max(1, len(src)/1024))
	nb := (len(src) + block - 1) / block
	sw.blocks = sw.blocks[:0]
	for i := range int32(nb) {
		sw.blocks = append(sw.blocks, i)
	}
	shuffle(sw.blocks, rng)
	sw.order = sw.order[:0]
	for _, b := range sw.blocks {
		lo := int(b) * block
		sw.order = append(sw.order, src[lo:min(lo+block, len(src))]...)
	}
	return sw.order
}

// walker proposes and applies swaps; in parallel mode each worker has its
// own, restricted to its slab of the host.
type walker struct {
	s    *state
	rng  *rand.Rand
	mode Mode
	temp float64
	t    []int32 // scratch: target coordinates
	goal []int32 // scratch: shift goal coordinates
	path []int32 // scratch: nodes a shift left behind

	// restrict, in parallel mode: only nodes in region and objects marked
	// interior may take part.
	restrict bool
	region   func(node int32) bool
	interior []bool

	dh                  float64
	evaluated, accepted int64
}

func newWalker(s *state, mode Mode) walker {
	return walker{s: s, mode: mode, t: make([]int32, s.c), goal: make([]int32, s.c)}
}

// Biased proposals, from independent random bits: with chance 1/8 a
// uniform one (so that small instances are not confined to local moves);
// otherwise with chance 1/4 a shift along a path toward the target, else a
// jump to the target, aimed one hop off it with chance 1/4 (always when
// the object is already there) so that objects at their neighbours' mean
// still move. Tuned by hand on 6×5→10×3 from random starts and on
// 320×200→250×256 from AFFN.
const (
	// maxShift bounds the length of a shift path.
	maxShift = 64
)

// occupant returns the object on node pb (-1 if empty) and whether pb and
// it may take part. A restricted walker reads nothing outside its region:
// the other worker writes there (the race detector caught the read).
func (w *walker) occupant(pb int32) (int32, bool) {
	if w.restrict && !w.region(pb) {
		return -1, false
	}
	b := w.s.occ[pb]
	return b, !w.restrict || b < 0 || w.interior[b]
}

// attempt proposes one move for object a and applies it if it is kept.
func (w *walker) attempt(a int32) {
	s := w.s
	pa := s.pos[a]
	var pb int32
	r := w.rng.Uint32()
	if w.mode == Uniform || r&0x1c == 0 {
		pb = int32(w.rng.IntN(len(s.occ) - 1))
		if pb >= pa {
			pb++
		}
	} else {
		if !s.target(a, w.t) {
			copy(w.t, s.coords(a))
		} else if r&3 == 0 {
			w.shift(a)
			return
		}
		pb = s.index(w.t)
		if pb == pa || r&0x60 == 0 {
			s.step(w.t, w.rng)
			pb = s.index(w.t)
		}
		if pb == pa {
			return
		}
	}
	b, ok := w.occupant(pb)
	if !ok {
		return
	}
	d := s.delta(a, b, pa, pb)
	w.evaluated++
	if d < 0 || w.temp > 0 && w.rng.Float64() < math.Exp(-d/w.temp) {
		s.swap(a, b, pa, pb)
		w.dh += d
		w.accepted++
	}
}

// shift walks object a from its node toward the target in w.t, one hop at
// a time along the dimension of largest remaining offset; each hop swaps a
// with the occupant of the next node, so the occupants along the path each
// move one hop back (an insertion). The deltas are applied one swap at a
// time, so their sum is exact; the walk is then undone back to its best
// prefix, which is kept if it lowers the hop-bytes. O(L·deg) for a path of
// L ≤ maxShift hops. Greedy even when annealing.
func (w *walker) shift(a int32) {
	s := w.s
	copy(w.goal, w.t)
	goal := s.index(w.goal)
	var sum, best float64
	keep := 0
	w.path = w.path[:0]
	for len(w.path) < maxShift {
		pa := s.pos[a]
		if pa == goal {
			break
		}
		copy(w.t, w.goal)
		s.toward(s.coords(a), w.t)
		pb := s.index(w.t)
		b, ok := w.occupant(pb)
		if !ok {
			break
		}
		sum += s.delta(a, b, pa, pb)
		w.evaluated++
		s.swap(a, b, pa, pb)
		w.path = append(w.path, pa)
		if sum < best {
			best, keep = sum, len(w.path)
		}
	}
	for i := len(w.path) - 1; i >= keep; i-- {
		pa, pb := w.path[i], s.pos[a]
		s.swap(a, s.occ[pa], pb, pa)
	}
	if keep > 0 {
		w.dh += best
		w.accepted++
	}
}
