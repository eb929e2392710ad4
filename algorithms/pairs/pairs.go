package pairs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
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

// DefaultTau is the convergence threshold τ (package doc): a round that
// lowers the hop-bytes by less than this fraction ends a descent.
const DefaultTau = 1e-4

// MinAttempts is the least default round length: with R = n a small
// instance would stop on the first round that happens to find nothing
// (our reading [P]).
const MinAttempts = 1024

// ParallelThreshold is the number of objects from which the rounds
// (greedy and annealing) use two workers by default: from 4K objects
// each half of the host keeps enough objects whose neighbours all lie in
// it (96x50 onto 75x64: 0.93 → 0.79 s for the same 9.2M moves).
const ParallelThreshold = 4096

// MaxShare bounds Options.Share.
const MaxShare = 4

// maxWorkers bounds Workers (slabs are numbered in an int8).
const maxWorkers = 64

// congestionReport is the least interval between the recomputations of
// the hop-bytes that the progress reports of a Congestion run show.
const congestionReport = time.Second

// DefaultProgressEvery is the default interval between progress reports.
const DefaultProgressEvery = 50 * time.Millisecond

// DefaultPatience is the number of annealing cycles in a row that must
// bring no gain (less than CycleTau of the hop-bytes) for a search with
// a stopping rule to stop.
const DefaultPatience = 2

// CycleTau is the least gain, as a share of the hop-bytes, for which an
// annealing cycle counts as a gain for the stopping rule.
const CycleTau = 2e-3

// cycleTau is the convergence threshold of the descents of an annealing
// run: the annealing ends nearly greedy, so they need not polish as
// finely as a lone descent, and stopping them sooner leaves moves for
// more cycles (on 320x200→250x256, 1.3126 hops per byte with 1e-2 against
// 1.3350 with DefaultTau for the same horizon).
const cycleTau = 1e-2

// minWork is the least number of moves before the stopping rule may end
// a run, or minWorkPerObject per object if that is less: on small
// instances the cycles are cheap, and more restarts find better optima
// (9x8→6x12), while a 16-object instance needs no million moves.
const (
	minWork          = 1 << 20
	minWorkPerObject = 8192
)

// DefaultHorizon is the stopping rule's bound on work: no annealing cycle
// starts that would end past this many moves (about a second at 64K
// objects; at 1M objects the first descent alone takes longer), or past
// horizonPerObject moves per object if that is less, but at least minWork
// (9x8→6x12 reaches 1.3307 in 0.1 s; 4K objects stop at 8M moves, 0.7 s).
const DefaultHorizon = 11 << 20

const horizonPerObject = 2048

// horizonOf returns the default horizon of a run on state s: scaled by
// (4/d)^1.23 for a guest of mean degree d above 4, since a move costs
// O(degree) and 3-D runs were slower still than their degree says (a
// 3-D stencil: 0.65; 40x40x40 onto a 50x40x32 torus, 1.505 hops per byte
// in 0.8-0.9 s, against 1.492 in 0.9-1.05 s with the exponent 1.2, over
// a second with 1); on a host without grid coordinates, whose moves cost
// about twice as much (the host's Hops instead of coordinate tables),
// half that, but at least minWork (64x64 on a 16-ary 3-tree: 2.7483 hops
// per byte after 4M moves, 2.7403 after 8M, 2.732 after 64M).
func horizonOf(s *state) int64 {
	h := min(DefaultHorizon, max(minWork, horizonPerObject*int64(s.n)))
	if deg := float64(len(s.adj)) / float64(max(1, s.n)); deg > 4 {
		h = int64(float64(h) * math.Pow(4/deg, 1.23))
	}
	if s.gen != nil {
		h /= 2
	}
	return max(minWork, h)
}

// Move cap of a run given none: capFactor times its horizon plus
// capPerObject moves per object. A run the stopping rule ends makes about
// its horizon and a few descents (at 1M objects the first descent takes
// some 10 rounds of n moves); the cap only bounds a run that would not
// converge, in moves rather than time, so that it ends the same way on
// every machine.
const (
	capFactor    = 4
	capPerObject = 64
)

// Unlimited, as Options.Patience, never stops for lack of gain: only
// Moves, MaxRounds or the context end the run.
const Unlimited = -1

// Options tune a run. The zero value is the default: biased candidates, a
// greedy descent until converged, one worker below ParallelThreshold
// objects and two from it.
type Options struct {
	// Seed seeds the PCG generator (math/rand/v2).
	Seed uint64
	Mode Mode
	// Objective is what the run minimises (HopBytes by default). Under
	// Congestion the host must route (topology.Router); every delta then
	// routes the arcs of the two objects, there are no shifts and one
	// worker, and Temperature is scaled by 2L̄ + w̄, the change of Σ L²
	// per hop-byte on links of the start's mean load L̄ = Σ L²/Σ L for a
	// message of the mean volume w̄.
	Objective Objective
	// Moves caps the number of moves (proposed swaps or shifts); 0 = the
	// Plan, or without one the default cap, capFactor times the horizon
	// plus capPerObject moves per object, which a run its stopping rule
	// ends does not reach. The run stops at the first check point (every
	// checkEvery moves, and between rounds) at which the cap is reached,
	// so a run given the Moves of an earlier one with the same seed,
	// starts and Plan repeats it exactly. There is no time budget: a
	// caller plans one as moves (Plan, from MoveCost), so that the result
	// never depends on the machine's speed.
	Moves int64
	// Tau is the convergence threshold of a descent; 0 = DefaultTau.
	Tau float64
	// Attempts is the number of moves per round; 0 = one per object
	// (the package doc's round), but at least MinAttempts.
	Attempts int
	// MaxRounds bounds the number of rounds; 0 = no limit.
	MaxRounds int
	// Temperature, if positive, runs annealing cycles after the first
	// descent: each restarts from the best placement so far, keeps a
	// swap that raises the hop-bytes by Δ with probability exp(−Δ/T), T
	// falling linearly from Temperature (in hop-bytes, i.e. hops × volume;
	// a one-hop change of a unit edge is 2) to 0 over the cycle's moves,
	// then descends greedily; the best placement seen is returned. Cycle k
	// lasts 2^k times the first cycle, so a long run anneals slowly; the
	// schedule depends on the moves made only.
	//
	// When annealing, the start kept is not the one of lowest hop-bytes
	// but the one of lowest hop-bytes minus half of their short excess
	// (Σ volume·(hops−1) over edges of 2 to 4 hops), an estimate of what
	// annealing leaves: a start with a few long seams (MXOVLP's) may have
	// the lowest hop-bytes yet be a trap for local moves, while a locally
	// disordered one anneals well. Our choice [P]. If the run does not
	// end below the start of lowest hop-bytes, that start is returned.
	Temperature float64
	// Patience is the number of annealing cycles in a row without gain
	// that ends the run; 0 = DefaultPatience, Unlimited = never (then
	// neither does the horizon, but a Plan caps the run).
	Patience int
	// Plan, if positive, is the work a caller planned (a time budget
	// divided by MoveCost): it replaces the stopping rule's horizon
	// (DefaultHorizon, or horizonPerObject·n if less, but at least
	// minWork) and its least work (min(minWork, minWorkPerObject·n)),
	// and caps the moves unless Moves is lower. The cycles fill it, the
	// first at most a quarter of it, the last cut to the moves left but
	// a tenth (for its descent): the run makes about Plan moves and
	// never more.
	Plan int64
	// Share, in (0, MaxShare], scales the stopping rule's work (the
	// horizon and the least work, planned or not, and a Plan's cap):
	// below 1 for a run that is one part of a larger search (a level of
	// a multilevel search), above it for a run that needs more work than
	// its size says (a hot annealing, package solve's); 0 = 1. The
	// cycles double in length, so a share between 1 and 2 adds a cycle
	// only where the last one fell short of the horizon.
	Share float64
	// Workers is the number of goroutines of the greedy and annealing
	// rounds (at most 64); 0 = 2 from ParallelThreshold objects on, 1
	// below. A host without grid coordinates and the congestion objective
	// use one. The result depends on the seed and Workers, never on
	// GOMAXPROCS or on scheduling.
	Workers int
	// Progress, if set, is called from Improve's goroutine at most every
	// ProgressEvery (in parallel mode at the end of a round), and once at
	// the end.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Focused, with a Temperature, replaces the annealing cycles by one
	// focused annealing over the run's work (focused.go) on a host with
	// grid coordinates and one slot per node under HopBytes: the
	// temperature falls geometrically from 5/3 of Temperature, the objects moved
	// are those whose edges cost most above their bound, and no second
	// start races the first. Its default work is FocusedPerObject moves
	// per object (at most FocusedHorizon). Elsewhere it is ignored.
	Focused bool
	// CommDepth is the d of the closing search (commdescent.go): after
	// the swap search, the swaps of objects at most d hops apart in the
	// guest, until a pass gains nothing. 0 = DefaultCommDepth;
	// NoCommSearch turns it off; at most maxCommDepth. Its work is
	// bounded by an eighth of the horizon (reserved from a Plan, apart
	// from Moves) and counted in Result.CommMoves.
	CommDepth int
}

// Progress reports on a run.
type Progress struct {
	Elapsed time.Duration
	// Moves counts the moves made; Evaluated the swaps whose delta was
	// computed.
	Moves     int64
	Evaluated int64
	Accepted  int64
	// Improved counts the accepted moves that lowered the hop-bytes.
	Improved int64
	Rounds   int
	// HopBytes and HopsPerByte are the best values so far (incrementally
	// tracked); under Congestion those of the current placement
	// (recomputed).
	HopBytes    float64
	HopsPerByte float64
	// Objective is the best value of the objective so far.
	Objective float64
	// SquaredLoads is, under Congestion, the current placement's Σ L²
	// over the directed links (0 under HopBytes).
	SquaredLoads float64
	// Fraction is the share of the move cap given or of the stopping
	// rule's horizon used, whichever is larger, in [0, 1].
	Fraction float64
}

// Result is the outcome of Improve.
type Result struct {
	// Place[v] is the host node of object v.
	Place []int
	// HopBytes is recomputed from Place at the end, not tracked.
	HopBytes    float64
	HopsPerByte float64
	// Objective is the objective's value of Place (recomputed): the
	// hop-bytes, or Σ L² under Congestion.
	Objective float64
	// Start is the index of the start that was kept, StartHopBytes its
	// hop-bytes.
	Start         int
	StartHopBytes float64
	Rounds        int
	// Cycles counts the annealing cycles completed.
	Cycles int
	// Moves is the number of moves made: Options.Moves set to it repeats
	// the run.
	Moves int64
	// CommMoves is the number of swaps the closing search tried (counted
	// in Evaluated, and those kept in Accepted and Improved).
	CommMoves int64
	Evaluated int64
	Accepted  int64
	Improved  int64
	// Converged is set when the stopping rule ended the run: a descent
	// gained less than τ (without annealing), or Patience cycles in a row
	// did, or the Plan was spent (rather than a lower Moves, MaxRounds or
	// the context).
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
// lowest hop-bytes, the latter is returned.
//
// Each proposed swap costs O(deg(a) + deg(b)) time and allocates nothing
// (a shift of L hops, O(L·deg)); a round is Attempts proposals (default
// max(n, MinAttempts)), plus O(n) to reshuffle (and in parallel mode
// O(n + arcs) to split the host); a cycle O(n) more to restore the best
// placement. Choosing the start costs O(arcs·c) per start.
//
// When ctx is cancelled Improve returns the best placement so far together
// with ctx's error; when the move cap or MaxRounds ends it returns the
// result and no error. Nothing in the search reads the clock: the same
// seed, starts and options give the same result on any machine. Source:
// Bhatele 2010, §9.1, Heuristic 7 [V] in outline; every parameter here is
// our reading [P] (see the package doc).
func Improve(ctx context.Context, g *guest.Graph, h topology.Host, starts [][]int, opt Options) (*Result, error) {
	begin := time.Now()
	if err := opt.check(g, h, starts); err != nil {
		return nil, err
	}
	s := newState(g, h, starts[0])
	if opt.Objective == Congestion {
		r, _ := topology.RouterOf(h) // checked
		s.cong = newCongestion(ctx, s, r)
		s.loads()
	}
	w := weighStarts(s, starts, opt.Temperature > 0)
	r := newRun(ctx, s, opt, begin, w.bestHB)
	c := &race{r: r, s: s, win: -1}
	rival, rivalHB := w.rival(opt, r)
	c.run(starts, w, rival, rivalHB)
	r.commDescend()
	res := &Result{Start: c.chains[c.win]}
	res.StartHopBytes = startHopBytes(s, starts[w.best], w.bestHB)
	if res.Start != w.best {
		res.StartHopBytes = startHopBytes(s, starts[rival], rivalHB)
	}
	r.finish(res)
	if res.Objective > w.lowestHB {
		// annealing did not catch up with the start of lowest objective
		copy(res.Place, starts[w.lowest])
		res.HopBytes = startHopBytes(s, starts[w.lowest], w.lowestHB)
		res.Start, res.StartHopBytes, res.Objective = w.lowest, res.HopBytes, w.lowestHB
		res.HopsPerByte = res.HopBytes / r.volume
		r.h, r.bestH = w.lowestHB, w.lowestHB
	}
	r.report(time.Now(), true)
	return res, c.err
}

// weighed is what Improve knows of its starts before it searches: the
// start of best score (its objective, less half its short arcs' when
// annealing), the runner-up (-1 if none), and the start of lowest
// objective, each with its objective.
type weighed struct {
	best, second, lowest       int
	bestScore, secondScore     float64
	bestHB, secondHB, lowestHB float64
}

// weighStarts weighs the starts on s, all of them even when the run is
// cancelled: a cancelled run returns the best of its starts, never one
// worse than another it was given, at a cost of O(arcs) per start (7
// starts of a 2^20-vertex d-cube were 0.5 CPU-s), and under the congestion
// objective the routes of every arc per start.
func weighStarts(s *state, starts [][]int, annealing bool) weighed {
	w := weighed{second: -1}
	for i := range starts {
		hb, short := s.valueOf(starts[i])
		score := hb
		if annealing {
			score -= short / 2
		}
		switch {
		case i == 0:
			w.best, w.bestScore, w.bestHB = i, score, hb
		case score < w.bestScore:
			w.second, w.secondScore, w.secondHB = w.best, w.bestScore, w.bestHB
			w.best, w.bestScore, w.bestHB = i, score, hb
		case w.second < 0 || score < w.secondScore:
			w.second, w.secondScore, w.secondHB = i, score, hb
		}
		if i == 0 || hb < w.lowestHB {
			w.lowest, w.lowestHB = i, hb
		}
	}
	return w
}

// rival returns the start that races the start of best score, and its
// objective, or -1 if none does. When annealing, two starts race: the
// start of best score and the start of lowest hop-bytes, or if they are
// one, the start of second best score. Each is searched for 1/raceShare
// of the work, then the one that got lower anneals once more from its
// best placement, over the work left (see search). No rule on the starts
// alone picks the one that anneals best everywhere (96x50→75x64: bisect
// 1.291, STEP 1.378 each alone; 320x200→250x256: STEP 1.314, bisect
// 1.325, though bisect is ahead after 1.2M moves; 27x44→36x33: STEP
// 1.2972, MXOVLP 1.5241).
func (w weighed) rival(opt Options, r *run) (int, float64) {
	switch {
	case opt.Temperature == 0 || r.focus:
	case w.lowest != w.best:
		return w.lowest, w.lowestHB
	case w.second >= 0 && 4*r.cycleLength(0) <= r.horizon/raceShare:
		// (a leg too short to anneal would only compare descents)
		return w.second, w.secondHB
	}
	return -1, 0
}

// race runs Improve's chains, one per racing start, and keeps the best
// placement of all their legs: the winning chain's.
type race struct {
	r          *run
	s          *state
	chains     []int // the starts raced, best score first
	win        int   // index in chains of the winner, -1 before a leg
	winH       float64
	winQ       int64
	winSettled bool
	winPos     []int32
	err        error // the last leg's
}

// run races the start of best score against rival (if not -1, of
// objective rivalHB) and leaves the winner's best placement in the state
// and the run, from which the closing search goes on.
func (c *race) run(starts [][]int, w weighed, rival int, rivalHB float64) {
	r, s := c.r, c.s
	c.chains = []int{w.best}
	if rival >= 0 {
		c.chains = append(c.chains, rival)
	}
	if w.best != 0 {
		s.place(starts[w.best])
	}
	if len(c.chains) == 1 {
		c.leg(0, w.bestHB, r.horizon, r.minWork)
	} else if c.leg(0, w.bestHB, r.horizon/raceShare, r.minWork/raceShare) {
		s.place(starts[rival])
		if c.leg(1, rivalHB, r.horizon/raceShare, r.minWork/raceShare) && !c.winSettled {
			// the winner goes on unless its stopping rule ended it
			copy(s.pos, c.winPos)
			s.placeSelf()
			r.resume = true
			c.leg(c.win, c.winH, r.horizon-r.moves, max(0, r.minWork-r.moves))
		}
	}
	copy(s.pos, c.winPos)
	s.placeSelf()
	r.best = nil
	r.h, r.q = c.winH, c.winQ
}

// leg searches chain i from the placement in the state, of objective h,
// for that horizon and least work, and keeps the best placement of all
// legs as the winner's; false if the move cap, the round limit or the
// context ended it.
func (c *race) leg(i int, h float64, horizon, least int64) bool {
	r := c.r
	r.chainHorizon, r.chainLeast = horizon, least
	r.startChain(h)
	c.err = r.search()
	bh, bq := r.chainBest()
	r.earlier = min(r.earlier, bh)
	if c.win < 0 || better(bh, bq, c.winH, c.winQ) {
		c.win, c.winH, c.winQ, c.winSettled = i, bh, bq, r.settled
		c.winPos = append(c.winPos[:0], c.s.pos...)
		if r.best != nil && better(r.bestH, r.bestQ, r.h, r.q) {
			copy(c.winPos, r.best)
		}
	}
	return c.err == nil && r.converged
}

// startHopBytes returns the hop-bytes of a start of that objective: the
// objective itself, or under Congestion one pass more.
func startHopBytes(s *state, start []int, objective float64) float64 {
	if s.cong == nil {
		return objective
	}
	hb, _ := s.hopBytesOf(start)
	return hb
}

func (o *Options) check(g *guest.Graph, host topology.Host, starts [][]int) error {
	switch {
	case g.Order() > host.Size():
		return fmt.Errorf("%w: guest has %s objects, host %s only %s nodes", ErrInvalid, numtext.Count(g.Order()), host, numtext.Count(host.Size()))
	case len(starts) == 0:
		return fmt.Errorf("%w: no starting placement", ErrInvalid)
	case o.Mode != Biased && o.Mode != Uniform:
		return fmt.Errorf("%w: unknown mode %d", ErrInvalid, int(o.Mode))
	case o.Objective != HopBytes && o.Objective != Congestion:
		return fmt.Errorf("%w: unknown objective %d", ErrInvalid, int(o.Objective))
	case o.Moves < 0 || o.Plan < 0:
		return fmt.Errorf("%w: negative moves %d or plan %d", ErrInvalid, o.Moves, o.Plan)
	case !(o.Tau >= 0 && o.Tau < 1):
		return fmt.Errorf("%w: tau %v out of [0, 1)", ErrInvalid, o.Tau)
	case o.Attempts < 0 || o.MaxRounds < 0 || o.Workers < 0 || o.ProgressEvery < 0 || o.Patience < Unlimited:
		return fmt.Errorf("%w: negative attempts, rounds, workers, patience or progress interval", ErrInvalid)
	case !(o.Share >= 0 && o.Share <= MaxShare):
		return fmt.Errorf("%w: share %v out of [0, %d]", ErrInvalid, o.Share, MaxShare)
	case !(o.Temperature >= 0) || math.IsInf(o.Temperature, 0):
		return fmt.Errorf("%w: temperature %v, want a finite value >= 0", ErrInvalid, o.Temperature)
	case o.CommDepth < NoCommSearch || o.CommDepth > maxCommDepth:
		return fmt.Errorf("%w: comm depth %d out of [%d, %d]", ErrInvalid, o.CommDepth, NoCommSearch, maxCommDepth)
	case o.Patience == Unlimited && o.Moves == 0 && o.Plan == 0 && o.MaxRounds == 0:
		return fmt.Errorf("%w: unlimited patience needs a move cap, a plan or a round limit", ErrInvalid)
	}
	if _, ok := topology.RouterOf(host); o.Objective == Congestion && !ok {
		return fmt.Errorf("%w: host %s has no routing rule, so no link loads to minimise: the congestion objective needs one", ErrInvalid, host)
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

// valueOf returns the objective's value of another placement with s's
// guest and host and, under HopBytes, the part that annealing can be
// expected to remove (see hopBytesOf).
func (s *state) valueOf(place []int) (v, short float64) {
	if s.cong == nil {
		return s.hopBytesOf(place)
	}
	l := topology.NewLoads(s.cong.r)
	for u := range s.n {
		for e := s.off[u]; e < s.off[u+1]; e++ {
			w := s.volume(e)
			l.Add(place[u], place[s.adj[e]], w)
		}
	}
	load, _ := l.Sum()
	for _, x := range load {
		v += x * x
	}
	return v, 0
}

// hopBytesOf returns the hop-bytes of another placement with s's guest and
// host, reading coordinates from the host table, and the part of them that
// annealing can be expected to remove: Σ volume·(hops − 1) over the edges
// of 2 to shortEdge hops. O(arcs·c).
func (s *state) hopBytesOf(place []int) (hb, short float64) {
	for v := range s.n {
		pv := int32(place[v])
		if g := s.gen; g != nil {
			for e := s.off[v]; e < s.off[v+1]; e++ {
				s.tally(e, g.hops(pv, int32(place[s.adj[e]])), &hb, &short)
			}
			continue
		}
		cv := s.node(pv)
		for e := s.off[v]; e < s.off[v+1]; e++ {
			s.tally(e, s.dist(cv, s.node(int32(place[s.adj[e]]))), &hb, &short)
		}
	}
	return hb, short
}

// tally adds arc e of h hops to the hop-bytes hb and to the short-edge
// excess.
func (s *state) tally(e, h int32, hb, short *float64) {
	w := s.volume(e)
	*hb += w * float64(h)
	if h >= 2 && h <= shortEdge {
		*short += w * float64(h-1)
	}
}

// run is one search in progress.
type run struct {
	ctx   context.Context
	s     *state
	opt   Options
	begin time.Time // for progress reports only
	rng   *rand.Rand
	// seq is the walker of the sequential rounds, kept from round to
	// round with its scratch (a new one a round was two to four
	// allocations a round: garbage the browser's single thread collects)
	seq      *walker
	workers  int
	attempts int
	tau      float64
	volume   float64
	patience int
	horizon  int64
	planned  bool // the horizon is a caller's Plan
	minWork  int64
	maxMoves int64 // the move cap
	// this leg's horizon and least work (of the run's, the share of
	// the start it searches from)
	chainHorizon, chainLeast int64
	chainAt                  int64   // moves at the start of this leg
	earlier                  float64 // the best hop-bytes of the earlier chains (+Inf: none)

	h                   float64 // tracked hop-bytes
	rounds, cycles      int
	moves, evaluated    int64
	accepted, improved  int64
	converged           bool
	lastProg            time.Time
	hb                  float64   // under Congestion: the hop-bytes last reported,
	hbAt                time.Time // recomputed then
	every               time.Duration
	temp                float64 // this round's temperature; 0: greedy
	annealAt, annealLen int64   // the annealing phase: first move and length
	// resume is set for the last leg of a race: one cycle over the work
	// left.
	resume bool
	// settled is set when the stopping rule ended this chain for lack of
	// gain (rather than at its horizon)
	settled bool

	best  []int32 // the best placement at the end of a cycle (annealing)
	bestH float64
	q     int64 // tracked Σ squared hops over the arcs
	bestQ int64

	perm     []int32 // sequential: 0..n-1
	seqUntil int     // parallel mode: work sequentially before this round
	sweep    sweep
	par      *parallel

	// focus: the run anneals focused (Options.Focused, where it applies)
	focus bool

	// the closing search: its d (0: none), its bound and its tries
	commDepth          int
	commCap, commMoves int64
}

// newRun returns the run of a search of s under opt, begun at begin, from
// a placement of objective h: opt's defaults filled in, its work planned,
// its workers counted and, under Congestion, its temperature in Σ L²
// units.
func newRun(ctx context.Context, s *state, opt Options, begin time.Time, h float64) *run {
	r := &run{ctx: ctx, s: s, opt: opt, begin: begin, h: h, bestH: h, earlier: math.Inf(1),
		rng:      rand.New(rand.NewPCG(opt.Seed, 0x9a175)),
		focus:    opt.Focused && opt.Temperature > 0 && opt.Objective == HopBytes && s.focusable,
		attempts: opt.Attempts, tau: opt.Tau, every: opt.ProgressEvery, lastProg: begin, patience: opt.Patience}
	if r.attempts == 0 {
		r.attempts = max(s.n, MinAttempts)
	}
	if r.tau == 0 {
		r.tau = DefaultTau
	}
	if r.every == 0 {
		r.every = DefaultProgressEvery
	}
	if r.patience == 0 {
		r.patience = DefaultPatience
	}
	r.planWork()
	r.workers = min(opt.Workers, maxWorkers)
	if r.workers == 0 {
		r.workers = 1
		if s.n >= ParallelThreshold {
			r.workers = 2
		}
	}
	if s.gen != nil || s.cong != nil {
		r.workers = 1 // slabs are cut along a coordinate; routes cross them
	}
	r.weighVolume()
	return r
}

// planWork sets the run's horizon, least work and move cap: the defaults
// for its size, or its Plan, times its Share, less the closing search's
// reserve.
func (r *run) planWork() {
	s, opt := r.s, r.opt
	r.horizon, r.minWork = horizonOf(s), min(minWork, minWorkPerObject*int64(s.n))
	if r.focus {
		r.horizon = min(FocusedHorizon, FocusedPerObject*int64(s.n))
	}
	if opt.Plan > 0 {
		r.horizon, r.minWork, r.planned = opt.Plan, opt.Plan, true
	}
	if opt.Share > 0 {
		r.horizon = max(1, int64(float64(r.horizon)*opt.Share))
		r.minWork = int64(float64(r.minWork) * opt.Share)
	}
	if r.focus && r.horizon < FocusedLeast*int64(s.n) {
		r.focus = false // too little work to anneal from hot: cycles
		r.planWork()
		return
	}
	r.reserveComm()
	r.chainHorizon, r.chainLeast = r.horizon, r.minWork
	r.maxMoves = opt.Moves
	switch {
	case r.planned && (r.maxMoves == 0 || r.horizon < r.maxMoves):
		r.maxMoves = r.horizon
	case r.maxMoves == 0:
		r.maxMoves = capFactor*max(r.horizon, r.minWork) + capPerObject*int64(s.n)
	}
}

// weighVolume sums the guest's volume and, under Congestion, scales the
// temperature from hop-bytes to Σ L² units: 2L̄ + w̄ per hop-byte.
func (r *run) weighVolume() {
	s := r.s
	for e := range s.adj {
		if s.w == nil {
			r.volume++
		} else {
			r.volume += s.w[e]
		}
	}
	if c := s.cong; c != nil && len(s.adj) > 0 {
		var sum, sq float64
		for _, k := range c.link {
			sum, sq = sum+k.load, sq+k.load*k.load
		}
		if sum > 0 {
			r.opt.Temperature *= 2*sq/sum + r.volume/float64(len(s.adj))
		}
	}
}

// stopped reports whether the move cap, the round limit or the context
// has ended the run. It is called at the check points only, so that a cap
// on moves stops a run where an earlier one stopped; it never reads the
// clock.
func (r *run) stopped() bool {
	return r.ctx.Err() != nil || r.moves >= r.maxMoves || r.opt.MaxRounds > 0 && r.rounds >= r.opt.MaxRounds
}

// temperatureAt returns the annealing temperature after the given number
// of moves: falling linearly from Options.Temperature to 0 over the
// annealing phase, 0 outside it. It only reads fields that no worker
// writes, so the workers of a parallel round may call it.
func (r *run) temperatureAt(moves int64) float64 {
	if r.annealLen == 0 {
		return 0
	}
	f := float64(moves-r.annealAt) / float64(r.annealLen)
	if f >= 1 {
		return 0
	}
	return r.opt.Temperature * (1 - f)
}

// fraction returns the share of the work done: of the move cap given, or
// of the stopping rule's horizon (a Plan, if given).
func (r *run) fraction() float64 {
	f := 0.0
	if r.opt.Moves > 0 {
		f = max(f, float64(r.moves)/float64(r.opt.Moves))
	}
	if r.opt.Temperature > 0 && r.patience != Unlimited {
		f = max(f, float64(r.moves)/float64(r.horizon)) // the stopping rule's bound
	}
	return min(1, f)
}

// raceShare: two starts that the start rules disagree on are each searched
// for this share of the work before the leader takes the rest.
const raceShare = 4

// Annealing cycles: cycle k lasts 2^k times the first cycle's rounds
// (cycleRounds, or min(minCycleMoves, cyclePerObject·n) moves on small
// instances), then a descent, so
// that a long run anneals slowly while a short one still completes cycles. Tuned on 320x200→250x256, 256x256→128x512,
// 512x128→256x256 and the thesis's small instances.
const (
	cycleRounds    = 4
	minCycleMoves  = 1 << 18 // small instances anneal for at least this long,
	cyclePerObject = 512     // or this many moves per object if less
	maxCycleRounds = 1 << 12 // bounds the growth, as does horizonPerObject
)

// cycleRounds returns the rounds of annealing cycle k, and of the first.
// A planned run's first cycle takes at most a quarter of the plan (but
// cycleRounds rounds), so that a small budget anneals rather than only
// descends.
func (r *run) cycleRounds(k int) (rounds, first int) {
	n := r.s.n
	first = max(cycleRounds, (min(minCycleMoves, cyclePerObject*n)+r.attempts-1)/r.attempts)
	if r.planned {
		first = min(first, max(cycleRounds, int(r.horizon/4/int64(r.attempts))))
	}
	longest := min(maxCycleRounds, (horizonPerObject*n+r.attempts-1)/r.attempts)
	return min(first<<min(k, 30), max(first, longest)), first
}

// cycleLength returns the moves of annealing cycle k.
func (r *run) cycleLength(k int) int64 {
	rounds, _ := r.cycleRounds(k)
	return int64(rounds) * int64(r.attempts)
}

// startChain prepares a search from the placement now in the state, of
// hop-bytes h.
func (r *run) startChain(h float64) {
	r.h, r.bestH, r.best = h, h, nil
	r.q = r.s.squares()
	r.bestQ = r.q
	r.chainAt, r.seqUntil, r.annealLen, r.converged, r.settled = r.moves, r.rounds, 0, false, false
}

// chainBest returns the hop-bytes and squared hops of this chain's best
// placement.
func (r *run) chainBest() (float64, int64) {
	if r.best != nil && better(r.bestH, r.bestQ, r.h, r.q) {
		return r.bestH, r.bestQ
	}
	return r.h, r.q
}

// better orders placements by hop-bytes, then by squared hops: among
// placements of equal hop-bytes, the one with the shorter longest edges
// (the dilation tie-break).
func better(h float64, q int64, than float64, thanQ int64) bool {
	return h < than || h == than && q < thanQ
}

// search runs the first descent, then the annealing cycles, until the
// stopping rule, the move cap, MaxRounds or ctx ends it.
func (r *run) search() error {
	s := r.s
	if s.n < 2 || len(s.occ) < 2 || r.h == 0 {
		r.converged = true
		return nil
	}
	r.prepare()
	if r.focus {
		r.searchFocused()
		return r.ctx.Err()
	}
	if !r.descend() {
		return r.ctx.Err()
	}
	if r.opt.Temperature == 0 {
		r.converged = true
		return nil
	}
	r.best = append([]int32(nil), s.pos...)
	r.bestH, r.bestQ = r.h, r.q
	r.annealCycles()
	return r.ctx.Err()
}

// prepare readies a search: the parallel workers' state, the order of
// the objects that rounds shuffle, and the descents' τ.
func (r *run) prepare() {
	if r.workers > 1 && r.par == nil {
		r.par = newParallel(r)
	}
	if r.perm == nil {
		r.perm = make([]int32, r.s.n)
		for i := range r.perm {
			r.perm[i] = int32(i)
		}
	}
	if r.opt.Temperature > 0 {
		// annealing follows: descents need not polish as finely
		r.tau = max(r.tau, cycleTau)
	}
}

// annealCycles runs the annealing cycles until the stopping rule, the
// move cap, MaxRounds or ctx ends them.
func (r *run) annealCycles() {
	idle := 0
	for k := 0; ; k++ {
		rounds, length, ok := r.nextCycle(k)
		if !ok {
			return
		}
		before := r.bestH
		if !r.annealCycle(rounds, length) {
			return
		}
		r.cycles++
		if before-r.bestH < CycleTau*before {
			idle++
		} else {
			idle = 0
		}
		if r.patience != Unlimited && idle >= r.patience && r.moves-r.chainAt >= r.chainLeast {
			r.converged, r.settled = true, true
			return
		}
	}
}

// nextCycle returns the rounds and moves of cycle k, or false when the
// work left ends the search before it (and marks why).
func (r *run) nextCycle(k int) (int, int64, bool) {
	rounds, first := r.cycleRounds(k)
	if r.resume {
		// the winner of a race anneals once more, over the work
		// left but a tenth (for the descent): the cycles of its leg
		// were the short ones, and the result depends mostly on
		// the length of the last
		if k > 0 {
			r.converged = true
			return 0, 0, false
		}
		left := r.chainHorizon - (r.moves - r.chainAt)
		rounds = max(first, int(left*9/10/int64(r.attempts)))
	}
	length := int64(rounds) * int64(r.attempts)
	if k == 0 && !r.resume && r.patience != Unlimited && 4*length > r.horizon {
		// a first cycle that would take over a quarter of the work
		// (4M moves of 11M at 1M objects) leaves no room for the
		// longer ones that pay: the descent is the result
		r.converged, r.settled = true, true
		return 0, 0, false
	}
	if left := r.chainHorizon - (r.moves - r.chainAt); r.patience != Unlimited && length > left {
		// a planned horizon is filled: the last cycle is cut to
		// the moves left but a tenth (its descent's, within the
		// plan's cap), if it is worth a cycle
		if !r.planned || left*9/10 < int64(first)*int64(r.attempts) {
			r.converged = true
			return 0, 0, false
		}
		rounds = int(left * 9 / 10 / int64(r.attempts))
		length = int64(rounds) * int64(r.attempts)
	}
	return rounds, length, true
}

// annealCycle anneals from the best placement so far for that many
// rounds (length moves), descends, and keeps the result if it is the
// best; false if the run was stopped.
func (r *run) annealCycle(rounds int, length int64) bool {
	s := r.s
	if better(r.bestH, r.bestQ, r.h, r.q) {
		copy(s.pos, r.best)
		s.placeSelf()
		r.h, r.q = r.bestH, r.bestQ
	}
	r.annealAt, r.annealLen = r.moves, length
	ok := r.anneal(rounds)
	r.annealLen = 0
	ok = ok && r.descend()
	if better(r.h, r.q, r.bestH, r.bestQ) {
		r.bestH, r.bestQ = r.h, r.q
		copy(r.best, s.pos)
	}
	return ok
}

// descend runs greedy rounds until one gains less than τ; false if the run
// was stopped.
func (r *run) descend() bool {
	for {
		if r.stopped() {
			return false
		}
		hStart := r.h
		if !r.round() {
			return false
		}
		if hStart-r.h < r.tau*hStart {
			return true
		}
	}
}

// anneal runs the given number of annealing rounds; false if the run was
// stopped.
func (r *run) anneal(rounds int) bool {
	for range rounds {
		if r.stopped() || !r.round() {
			return false
		}
	}
	return true
}

// round makes one round of attempts, on the workers when greedy and
// parallel; false if it was cut short.
func (r *run) round() bool {
	r.temp = r.temperatureAt(r.moves)
	var complete bool
	if r.par != nil && r.rounds >= r.seqUntil {
		var interior int
		complete, interior = r.par.round()
		r.report(time.Now(), false)
		if interior < r.s.n/2 {
			// Most objects have neighbours in both slabs (a scattered
			// placement or a guest such as a hypercube): the workers
			// would idle, so work sequentially for a while.
			r.seqUntil = r.rounds + 1 + seqRounds
		}
	} else {
		complete = r.sequentialRound()
	}
	if complete {
		r.rounds++
	}
	return complete
}

// seqRounds is how many rounds run sequentially after a parallel round in
// which fewer than half the objects could move.
const seqRounds = 8

// checkEvery is how many attempts pass between checks of the move cap and
// the context (and progress reports).
const checkEvery = 1024

// sequentialRound makes one round of attempts; false if it was cut short.
func (r *run) sequentialRound() bool {
	s := r.s
	if r.seq == nil {
		w := newWalker(s, r.opt.Mode)
		w.rng = r.rng
		r.seq = &w
	}
	w := r.seq
	w.setTemp(r.temp)
	order := r.perm
	if r.opt.Mode == Biased {
		order = r.sweep.shuffle(r.perm, r.rng)
	}
	complete := true
	for i := 0; i < r.attempts; i++ {
		if i%checkEvery == checkEvery-1 {
			r.collect(w)
			if r.stopped() {
				complete = false
				break
			}
			w.setTemp(r.temperatureAt(r.moves))
			r.report(time.Now(), false)
		}
		var a int32
		if r.opt.Mode == Biased {
			a = order[i%s.n]
		} else {
			a = int32(r.rng.IntN(s.n))
		}
		w.attempt(a)
	}
	r.collect(w)
	return complete
}

// collect adds a walker's counters to the run's and clears them.
func (r *run) collect(w *walker) {
	r.h += w.dh
	r.q += w.dq
	r.moves += w.moves
	r.evaluated += w.evaluated
	r.accepted += w.accepted
	r.improved += w.improved
	w.dh, w.dq, w.moves, w.evaluated, w.accepted, w.improved = 0, 0, 0, 0, 0, 0
}

// report calls the progress callback if one is due (or final is set).
func (r *run) report(now time.Time, final bool) {
	if r.opt.Progress == nil || !final && now.Sub(r.lastProg) < r.every {
		return
	}
	r.lastProg = now
	p := Progress{Elapsed: now.Sub(r.begin), Moves: r.moves, Evaluated: r.evaluated, Accepted: r.accepted,
		Improved: r.improved, Rounds: r.rounds, Objective: r.h, Fraction: r.fraction()}
	if r.best != nil {
		p.Objective = min(r.h, r.bestH)
	}
	p.Objective = min(p.Objective, r.earlier)
	p.HopBytes = p.Objective
	if r.s.cong != nil {
		// recomputed, O(arcs): at most once a second (a report is due
		// every 50 ms, and 4M arcs take some 20 ms)
		if final || r.hbAt.IsZero() || now.Sub(r.hbAt) >= congestionReport {
			r.hb, r.hbAt = r.s.hopBytes(), now
		}
		p.HopBytes, p.SquaredLoads = r.hb, r.s.cong.squaredLoads()
	}
	if r.volume > 0 {
		p.HopsPerByte = p.HopBytes / r.volume
	}
	if final && r.ctx.Err() == nil { // a cancelled run stops short
		p.Fraction = 1
	}
	r.opt.Progress(p)
}

// finish fills res from the final (or best annealed) placement; the
// caller sends the final progress report.
func (r *run) finish(res *Result) {
	s := r.s
	if r.best != nil && better(r.bestH, r.bestQ, r.h, r.q) {
		copy(s.pos, r.best)
		s.placeSelf()
	}
	res.Place = make([]int, s.n)
	for v, h := range s.pos {
		res.Place[v] = int(h)
	}
	res.HopBytes = s.hopBytes()
	res.Objective = res.HopBytes
	if s.cong != nil {
		res.Objective = s.value()
	}
	r.h = res.Objective
	if r.volume > 0 {
		res.HopsPerByte = res.HopBytes / r.volume
	}
	res.Rounds, res.Cycles, res.Moves, res.CommMoves = r.rounds, r.cycles, r.moves, r.commMoves
	res.Evaluated, res.Accepted, res.Improved = r.evaluated, r.accepted, r.improved
	res.Converged, res.Workers = r.converged || r.planSpent(), r.workers
	res.Elapsed = time.Since(r.begin)
}

// planSpent reports whether the run stopped at the cap of its Plan (not
// at a lower Moves, MaxRounds or the context).
func (r *run) planSpent() bool {
	return r.planned && r.maxMoves == r.horizon && r.moves >= r.maxMoves && r.ctx.Err() == nil
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
	// boltz[k] = exp(−2k/temp): the chance of keeping a unit-volume move
	// that lengthens edges by k hops in all (2k hop-bytes), computed once
	// per temperature instead of once per move.
	boltz [maxBoltz]float64
	t     []int32 // scratch: target coordinates
	goal  []int32 // scratch: shift goal coordinates
	path  []int32 // scratch: nodes a shift left behind

	// restrict, in parallel mode: only nodes in region and objects marked
	// interior may take part.
	restrict bool
	// the region: nodes whose coordinate along axis cutDim has slab
	// slabs[x] = slab (the parallel round's cut, set every round)
	slabs    []int8
	cutDim   int32
	slab     int8
	interior []bool

	dh                                   float64
	dq                                   int64
	moves, evaluated, accepted, improved int64
}

func newWalker(s *state, mode Mode) walker {
	return walker{s: s, mode: mode, t: make([]int32, s.c), goal: make([]int32, s.c)}
}

// Biased proposals, from independent random bits of one word: with
// chance 1/8 (bits 2-4) a uniform one (1/64, bits 10-15, from bigUniform
// objects on) so that small instances are not confined to local moves;
// otherwise with chance 1/8 (bits 7-9) a shift along a path toward the
// target, else a jump to the target, aimed one hop off it with chance 1/4
// (bits 5-6; always when the object is already there) so that objects at
// their neighbours' mean still move. Tuned by hand on 6×5→10×3
// from random starts and on 320×200→250×256 from AFFN and STEP.
const (
	// maxShift bounds the length of a shift path.
	maxShift = 64
)

// maxBoltz bounds the table of acceptance chances: a move that costs more
// than 2·maxBoltz hop-bytes is computed directly.
const maxBoltz = 32

// setTemp sets the walker's temperature and its acceptance table.
func (w *walker) setTemp(t float64) {
	if t == w.temp {
		return
	}
	w.temp = t
	if t > 0 {
		for k := range w.boltz {
			w.boltz[k] = math.Exp(-2 * float64(k) / t)
		}
	}
}

// keep draws whether an uphill move of hop-bytes change d ≥ 0 and energy
// e is kept at the walker's temperature (Metropolis): exp(−e/T), read
// from the table when d is a whole number of hop pairs (unit volumes;
// the tie-break's share of e is below one hop and left out there).
func (w *walker) keep(d, e float64) bool {
	if k := int(d) / 2; float64(2*k) == d && k >= 0 && k < maxBoltz && w.s.w == nil {
		return w.rng.Float64() < w.boltz[k]
	}
	return w.rng.Float64() < math.Exp(-e/w.temp)
}

// occupant returns the object on node pb (-1 if empty) and whether pb and
// it may take part. A restricted walker reads nothing outside its region:
// the other worker writes there (the race detector caught the read).
func (w *walker) occupant(pb int32) (int32, bool) {
	if w.restrict && w.slabs[w.s.tab[int(pb)*w.s.c+int(w.cutDim)]] != w.slab {
		return -1, false
	}
	b := w.s.occ[pb]
	return b, !w.restrict || b < 0 || w.interior[b]
}

// attempt proposes one move for object a and applies it if it is kept.
func (w *walker) attempt(a int32) {
	w.moves++
	s := w.s
	pa := s.pos[a]
	var pb int32
	r := w.rng.Uint32()
	if w.mode == Uniform || r&w.s.uniformMask == 0 {
		pb = int32(w.rng.IntN(len(s.occ) - 1))
		if pb >= pa {
			pb++
		}
	} else if s.gen != nil {
		if pb = w.nearNeighbour(a, r); pb == pa {
			return
		}
	} else {
		if !s.target(a, w.t) {
			copy(w.t, s.coords(a))
		} else if r&0x380 == 0 && s.cong == nil {
			w.shift(a)
			return
		}
		pn := s.nodeOf(pa)
		pb = s.index(w.t)
		if pb == pn || r&0x60 == 0 {
			s.step(w.t, w.rng)
			pb = s.index(w.t)
		}
		if pb == pn {
			return
		}
		if s.cores > 1 {
			pb = w.slot(pb)
		}
	}
	b, ok := w.occupant(pb)
	if !ok {
		return
	}
	d, q := s.delta(a, b, pa, pb)
	w.evaluated++
	if e := s.energy(d, q); e < 0 || w.temp > 0 && w.keep(d, e) {
		s.swap(a, b, pa, pb)
		w.dh += d
		w.dq += q
		w.accepted++
		if d < 0 {
			w.improved++
		}
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
	goal := s.index(w.goal) // a node (see slot)
	var sum, best, bestE float64
	var sq, bestQ int64
	keep := 0
	w.path = w.path[:0]
	for len(w.path) < maxShift {
		pa := s.pos[a]
		if s.nodeOf(pa) == goal {
			break
		}
		copy(w.t, w.goal)
		s.toward(s.coords(a), w.t)
		pb := s.index(w.t)
		if s.cores > 1 {
			pb = w.slot(pb)
		}
		b, ok := w.occupant(pb)
		if !ok {
			break
		}
		d, q := s.delta(a, b, pa, pb)
		sum, sq = sum+d, sq+q
		w.evaluated++
		s.swap(a, b, pa, pb)
		w.path = append(w.path, pa)
		if e := s.energy(sum, sq); e < bestE {
			best, bestQ, bestE, keep = sum, sq, e, len(w.path)
		}
	}
	for i := len(w.path) - 1; i >= keep; i-- {
		pa, pb := w.path[i], s.pos[a]
		s.swap(a, s.occ[pa], pb, pa)
	}
	if keep > 0 {
		w.dh += best
		w.dq += bestQ
		w.accepted++
		if best < 0 {
			w.improved++
		}
	}
}
