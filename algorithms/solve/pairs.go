package solve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// PairsTemperature is the initial annealing temperature of PAIRS, in
// hop-bytes per unit of mean arc volume: a move that lengthens edges by
// 1.5 hops in all is first kept with probability 1/e.
// Chosen on 6x5→10x3, 9x8→6x12, 8x4→4x8 (which then reaches the optimum,
// 1.0), 27x44→36x33 and 100x40→125x32 from AFFN.
const PairsTemperature = 3

// GraphTemperature multiplies PairsTemperature on a weighted graph guest
// (an uploaded or named graph, not a grid or d-cube): its neighbourhoods
// are irregular, and a hotter start escapes more of their local optima.
// Our choice [P], on the quotient graphs of METIS meshes (graphmap's
// BenchmarkScotch): at 1024 parts on torus:8x8x16, 4elt 1.853 → 1.840,
// copter2 2.076 → 2.027, mdual 2.112 → 2.062 hops per byte; at 4096 on
// torus:16x16x16, copter2 3.468 → 3.433; on the fat trees, within 0.3 %
// either way.
const GraphTemperature = 2

// SolidTemperature replaces GraphTemperature for a weighted graph whose
// balls grow as in three dimensions (growth at least solidGrowth) on a
// host with coordinates (a mesh or torus). Our choice [P]: such a guest
// anneals into the host's own shape when hot, while a flatter one keeps
// rb's fold best when cool. On BenchmarkScotch's tori (2M moves), with
// GraphTemperature → 8 → 16 → 32 times PairsTemperature: copter2/1024
// 2.027 → 1.976 → 1.931 → 2.022, copter2/4096 3.433 → 3.346 → 3.326 →
// 3.323, mdual/1024 2.062 → 2.034 → 2.033 → 2.108, mdual/4096 2.314 →
// 2.215 → 2.198 → 2.229, mdual/16384 2.684 → 2.579 → 2.593 → 2.751; but
// the 2-D 4elt/1024 1.840 → 1.889 at 8. On fat trees the temperature
// changes little (copter2/1024 on fattree:4,5 4.661 → 4.658 at 16) and
// costs CPU (copter2/4096 on fattree:16,3: 4.4 → 5.4 CPU-s), so they keep
// GraphTemperature.
const SolidTemperature = 16

// solidGrowth is the least growth (see growth) of a guest annealed at
// SolidTemperature: between a 2-D lattice's 1.66 and a 3-D one's 2.37.
// The quotients of 4elt (a 2-D mesh) grow by 1.54, copter2's by 2.22 at
// 1024 parts and 2.48 at 4096, mdual's by 2.40 and 2.55.
const solidGrowth = 2

// SolidWork is the share of the stopping rule's work (pairs.Options.Share)
// of a run at SolidTemperature without a budget: one more annealing
// cycle, since a hot start takes longer to settle. Our choice [P], on
// BenchmarkScotch's tori: copter2/1024 1.931 → 1.894 hops per byte
// (0.57 → 0.99 CPU-s), mdual/1024 2.033 → 1.966 (0.55 → 1.02),
// copter2/4096 3.326 → 3.244 (2.2 → 3.9-4.5), mdual/4096 2.198 → 2.136
// (1.8 → 3.3), mdual/16384 2.593 → 2.413 (2.3 → 6.5).
const SolidWork = 2

// PairsAnnealingOf returns how PAIRS anneals guest g on host h: its
// initial temperature, in hop-bytes, PairsTemperature times g's mean arc
// volume, times GraphTemperature on a weighted graph, or SolidTemperature
// for a weighted graph that grows as in 3-D on a host with coordinates;
// and the share of the stopping rule's work it gets, SolidWork for the
// latter, else 0 (the default); and whether it anneals focused
// (pairs.Options.Focused): a weighted graph that grows as in 2-D, on a
// host with coordinates (PAIRS's biased mode only: pairs-uniform keeps the
// thesis's proposals). Our choice [P], on BenchmarkScotch's tori: 4elt
// at 1,024 parts 1.840 → 1.756 hops per byte (0.43 → 1.8 CPU-s), at 4,096
// 1.876 → 1.777 (1.8 → 3.3); the 3-D guests gained less, and their
// hot annealing in cycles is tuned.
func PairsAnnealingOf(g *guest.Graph, h topology.Host) (temperature, share float64, focused bool) {
	t := PairsTemperature * meanVolume(g)
	if g.Kind != guest.Custom {
		return t, 0, false
	}
	if _, ok := h.(topology.Grid); ok {
		if growth(g) >= solidGrowth {
			return t * SolidTemperature, SolidWork, false
		}
		return t * GraphTemperature, 0, true
	}
	return t * GraphTemperature, 0, false
}

// meanVolume returns the mean message volume of g's arcs (1 without arcs).
func meanVolume(g *guest.Graph) float64 {
	if g.Arcs() == 0 {
		return 1
	}
	return g.TotalVolume() / float64(g.Arcs())
}

// PAIRS, the pairwise-exchange local search of Bhatele's thesis: "pairs"
// with our neighbour-biased proposals, "pairs-uniform" with the thesis's
// uniform random pairs (for fidelity and comparison).
func init() {
	register(Algorithm{
		Name: "pairs",
		Notes: Notes{
			Title:      "PAIRS: pairwise exchanges",
			Confidence: "P",
		},
		Guests:     "any guest",
		Hosts:      pairsHostsText,
		LargerHost: true,
		Applies:    func(spec.Guest, topology.Host) error { return nil },
		Map:        func(ctx context.Context, p *Problem) ([]int, error) { return mapPairs(ctx, p, pairs.Biased) },
		Search:     true,
	}, Algorithm{
		Name: "pairs-uniform",
		Notes: Notes{
			Title:      "PAIRS with uniform random pairs (the thesis's proposals)",
			Confidence: "P",
		},
		Guests:     "any guest",
		Hosts:      pairsHostsText,
		LargerHost: true,
		Applies:    func(spec.Guest, topology.Host) error { return nil },
		Map:        func(ctx context.Context, p *Problem) ([]int, error) { return mapPairs(ctx, p, pairs.Uniform) },
		Search:     true,
	})
}

// pairsHostsText says what PAIRS maps onto: it needs distances only (a host
// without grid coordinates gets proposals next to an object's neighbours).
const pairsHostsText = "any host with at least as many nodes (or slots) as the guest has vertices; the others stay empty"

// MovesPerSecond converts a budget into the moves a PAIRS run plans: a
// budget of B seconds plans B × MovesPerSecond / C moves, C the cost of a
// planned move in units of pairs.MoveCost (1 for a hop-bytes move on a
// guest of mean degree 4, more for a denser guest and under the
// congestion objective, whose moves route their arcs: see moveCost). The
// plan replaces the stopping rule's work and caps the run (pairs'
// Options.Plan), the same on every machine, so that the same seed and
// budget give the same result. The clock never ends or shapes a run: only
// a cancelled context (the caller's, a job's time limit, a synchronous
// request's deadline) stops it early, and that is an error, not a result.
// It is the measured native rate (a unit is some 120 ns of CPU time on one
// core of the development machine, 95-170 ns: pairs' BenchmarkMoveCost),
// so that a budget of B spends about B of CPU time natively (less on the
// clock where the search runs two workers on two cores) and a budget at
// least as long as the run without one searches at least as much. A loaded machine takes longer; the browser (WebAssembly) 3 to 6
// times as long for the same hop-bytes moves and the same bytes, 2 to 3 times under the congestion
// objective (BenchmarkCongestionHypercube8Torus16x16 in package pairs).
const MovesPerSecond = 8_000_000

// BudgetText says what a budget means, in the words of the command line's
// help (--budget) and of the README.
const BudgetText = "pairs: a time budget (e.g. 2s), planned as a number of moves at the measured cost of a move " +
	"of that objective and guest: 125 ns for a hop-bytes move on a guest of mean degree 4 (8M moves per second of " +
	"budget), more on denser guests (but under focused annealing, whose moves cost about 120 ns whatever the degree) and on hosts of more than three axes, " +
	"0.6 to 6 µs under the congestion objective (each move re-routes its messages); " +
	"the run makes those moves and stops, after about the budget of CPU time natively for its moves, its starts and closing search on top " +
	"(under 0.1 CPU-s on a grid of 1,024 objects, 0.4 on a graph of 1,024 whose starts include rb's, about 1 s on one of 65,536, whose moves also miss the caches and cost up to 1.3 " +
	"times their plan; from 65,537 objects on a move is planned half as costly again for every doubling, 3 times at 1M, " +
	"so that 4s on grid:1024x1024 takes 3.2 CPU-s, where the rate of small guests took 16; the browser takes 3 to 6 " +
	"times as long for the same hop-bytes moves, 2 to 3 times under the congestion objective), and no clock ends " +
	"it: the same seed and budget give the same bytes on any " +
	"machine; 0 = the search's own stopping rule"

// plannedMoves returns the moves each PAIRS run of p plans for its budget
// (0 for none), from those starts (under the congestion objective the
// cost of a move grows with the routes' length: the starts' shortest).
func plannedMoves(p *Problem, starts [][]int) int64 {
	budget := p.Instance.Budget
	if budget <= 0 {
		return 0
	}
	hops := 0.0
	if p.Instance.Objective == spec.ObjectiveCongestion {
		volume := meanVolume(p.Guest) * float64(max(1, p.Guest.Arcs()))
		for i, place := range starts {
			m := mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place}
			if h := metric.HopBytes(&m) / volume; i == 0 || h < hops {
				hops = h
			}
		}
	}
	n := p.Guest.Order()
	if annealsFocused(p.Instance) {
		if moves := movesFor(budget, pairs.FocusedMoveCost(n)); moves >= pairs.FocusedLeast*int64(n) {
			return moves
		}
	}
	return movesFor(budget, moveCost(p.Instance, n, p.Guest.Arcs(), hops))
}

// annealsFocused reports whether PAIRS on in anneals focused, planned at
// pairs.FocusedMoveCost (a third of a cycle's move on 4elt's quotients):
// the biased mode ("pairs") where PairsAnnealingOf says so and the host
// lets it (pairs.Focusable). With less than pairs.FocusedLeast moves per
// object it anneals in cycles, planned so.
func annealsFocused(in spec.Instance) bool {
	g := in.Guest.Graph
	if in.Algo != "pairs" || g == nil || in.Objective == spec.ObjectiveCongestion || !pairs.Focusable(in.Host, pairs.HopBytes) {
		return false
	}
	_, _, focused := PairsAnnealingOf(g, in.Host)
	return focused
}

// movesFor returns the moves a budget plans at that cost per move (in
// units of pairs.MoveCost), at least 1.
func movesFor(budget time.Duration, cost float64) int64 {
	return max(1, int64(budget.Seconds()*MovesPerSecond/cost))
}

// moveCost returns the cost of a planned move of PAIRS on in (a guest of
// n objects and that many arcs, placed at hops hops per byte), in units
// of pairs.MoveCost: under the congestion objective one move of each of
// its runs, the hop-bytes search's and the congestion search's (each
// makes the moves planned).
func moveCost(in spec.Instance, n, arcs int, hops float64) float64 {
	cost := pairs.MoveCost(n, arcs, in.Host, pairs.HopBytes, hops)
	if in.Objective == spec.ObjectiveCongestion {
		cost += pairs.MoveCost(n, arcs, in.Host, pairs.Congestion, hops)
	}
	return cost
}

// BudgetFor returns the shortest budget in tenths of a second (budgetStep)
// that plans at least that many moves for PAIRS on in, whose guest has
// that many arcs at hops hops per byte (at most spec.MaxBudget).
func BudgetFor(moves int64, in spec.Instance, arcs int, hops float64) time.Duration {
	n := in.Guest.Order()
	cost := moveCost(in, n, arcs, hops)
	if annealsFocused(in) && moves >= pairs.FocusedLeast*int64(n) {
		cost = pairs.FocusedMoveCost(n)
	}
	steps := math.Ceil(float64(moves) * cost * float64(time.Second/budgetStep) / MovesPerSecond)
	d := min(time.Duration(max(1, steps))*budgetStep, spec.MaxBudget)
	if d < spec.MaxBudget && movesFor(d, cost) < moves {
		d += budgetStep // the plan's rounding down
	}
	return d
}

// budgetStep is the unit of the budgets BudgetFor offers: 800K hop-bytes
// moves on a sparse guest.
const budgetStep = 100 * time.Millisecond

// PairsRun is what a PAIRS run reports beyond its placement.
type PairsRun struct {
	// Moves is the number of moves made: the instance's Moves set to it
	// repeats the run.
	Moves int64 `json:"moves"`
	// Improved counts the moves that lowered the hop-bytes, the closing
	// search's kept swaps included.
	Improved int64 `json:"improvingMoves"`
	// ClosingSwaps counts the swaps the closing search tried after the
	// moves (pairs' Result.CommMoves: not in Moves, bounded by an eighth
	// of the work).
	ClosingSwaps int64 `json:"closingSwaps"`
	// Start is the start the search worked from.
	Start string `json:"start"`
	// Starts lists the starts tried.
	Starts []string `json:"starts"`
	// Converged: the stopping rule ended the run (not the move cap).
	Converged bool `json:"converged"`
	// Optimal: Start met the strongest lower bound that holds for every
	// mapping, or the instance was tiny and every placement was tried
	// (Exhaustive), so no placement has fewer hop-bytes and PAIRS returned
	// it without a search (no moves, and the starts after it not tried).
	Optimal bool `json:"optimal,omitempty"`
	// Exhaustive counts the placements of a tiny instance (see
	// exhaustive.go), every one of which the exhaustive search weighed.
	Exhaustive int64 `json:"exhaustive,omitempty"`
}

// OptimalText says what an Optimal run did, after the name of the search.
func (r *PairsRun) OptimalText() string {
	if r.Exhaustive > 0 {
		return "it weighed all " + metric.Thousands(int(r.Exhaustive)) + " placements of this tiny instance: none has fewer hop-bytes"
	}
	return "its start " + r.Start + " already meets the lower bound that holds for every mapping " +
		"(no placement has fewer hop-bytes), so it made no move"
}

// Text says what a run that searched did, after the name of the search:
// its moves, the closing search's swaps, how many of both lowered the
// hop-bytes of the placement they worked on, and its start.
func (r *PairsRun) Text() string {
	return fmt.Sprintf("made %s moves and tried %s swaps in its closing search, %s of them (moves and swaps) improving, from %s (chosen among %s)",
		metric.Thousands(int(r.Moves)), metric.Thousands(int(r.ClosingSwaps)), metric.Thousands(int(r.Improved)),
		r.Start, strings.Join(r.Starts, ", "))
}

// mapPairs runs PAIRS in the given mode from the instance's start (or the
// default starts). Without a budget it runs until its stopping rule, within
// the search's deterministic move cap. With one it plans plannedMoves
// moves, which replace the stopping rule's work and cap the run: it
// anneals until then and stops. Moves caps the moves of the same
// schedule: the count a run reports repeats it. Nothing here reads the
// clock but the progress reports, whose fraction is of the planned moves.
//
// Under the congestion objective the hop-bytes search runs first, and its
// result joins the starts of the congestion search, which so never ends
// with more Σ L² than the hop-bytes search's placement: Σ L² has rougher
// local optima (grid:8x8 on torus:4x4x2x2 from row-major: 342 against
// 224 for the hop-bytes optimum). Each run gets the plan and the moves;
// the larger of their move counts repeats both.
func mapPairs(ctx context.Context, p *Problem, mode pairs.Mode) ([]int, error) {
	begin := time.Now()
	if mode == pairs.Biased && p.Instance.Start == "" {
		if place, count, err := exhaustive(ctx, p); place != nil || err != nil {
			if p.Report != nil {
				*p.Report = PairsRun{Start: "exhaustive search", Starts: []string{"exhaustive search"}, Converged: true, Optimal: true, Exhaustive: count}
			}
			return place, err
		}
	}
	starts, names, optimal, err := pairsStarts(ctx, p, begin)
	if err != nil {
		return nil, err
	}
	if last := len(starts) - 1; optimal {
		if p.Report != nil {
			*p.Report = PairsRun{Start: names[last], Starts: names, Converged: true, Optimal: true}
		}
		return starts[last], nil
	}
	in := p.Instance
	temperature, share, focused := PairsAnnealingOf(p.Guest, p.Host)
	s := &pairsSearch{p: p, begin: begin, starts: starts, names: names,
		opt: pairs.Options{Mode: mode, Seed: in.Seed, Temperature: temperature, Moves: in.Moves, Focused: focused && mode == pairs.Biased}}
	s.opt.Plan, s.opt.Share = plannedMoves(p, starts), p.share
	if s.opt.Plan == 0 && s.opt.Share == 0 {
		s.opt.Share = share
	}
	ml, coarse, err := multilevelStart(ctx, p, mode)
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	if ml != nil {
		s.starts, s.names = append(s.starts, ml), append(s.names, "multilevel")
		s.opt.Share = fineShare
		if in.Moves > 0 {
			s.opt.Moves = max(1, in.Moves-coarse.Moves)
		}
		s.done, s.improved, s.closing, s.lo = coarse.Moves, coarse.Improved, coarse.ClosingSwaps, 0.5
	}
	return s.run(ctx)
}

// pairsSearch is a PAIRS mapping under way: its options and starts, and
// the counts its progress and report add up.
type pairsSearch struct {
	p      *Problem
	begin  time.Time
	opt    pairs.Options
	starts [][]int
	names  []string
	// done counts the coarse levels' moves, and lo is the fraction of
	// the progress they took; improved and closing count the improving
	// moves and closing swaps of the runs so far (the coarse levels',
	// then each search's: the hop-bytes run of a congestion search).
	done, improved, closing int64
	lo                      float64
}

// run searches: once, or under the congestion objective twice, the
// hop-bytes search's result joining the starts of the congestion search.
// It reports the run and returns its placement.
func (s *pairsSearch) run(ctx context.Context) ([]int, error) {
	p := s.p
	runs, moves := 1, int64(0)
	if p.Instance.Objective == spec.ObjectiveCongestion {
		runs = 2
	}
	var res *pairs.Result
	var err error
	for run := range runs {
		if p.Progress != nil {
			s.opt.Progress = func(q pairs.Progress) {
				f := (float64(run) + q.Fraction) / float64(runs)
				p.Progress(Progress{Elapsed: time.Since(s.begin), Evaluated: s.done + moves + q.Moves, Improved: s.improved + q.Improved,
					HopsPerByte: q.HopsPerByte, SquaredLinkLoads: q.SquaredLoads, Fraction: s.lo + (1-s.lo)*f})
			}
		}
		if run == 1 {
			s.starts, s.names = append(s.starts, res.Place), append(s.names, "pairs for hop-bytes")
			s.opt.Objective = pairs.Congestion
		}
		res, err = pairs.Improve(ctx, p.Guest, p.Host, s.starts, s.opt)
		if err != nil && (res == nil || ctx.Err() == nil) {
			return nil, fmt.Errorf("pairs: %w", err)
		}
		moves, s.improved, s.closing = max(moves, res.Moves), s.improved+res.Improved, s.closing+res.CommMoves
		if err != nil {
			break // cancelled: ctx's error with the best so far (see Map)
		}
	}
	if p.Report != nil {
		*p.Report = PairsRun{Moves: s.done + moves, Improved: s.improved, ClosingSwaps: s.closing, Start: s.names[res.Start],
			Starts: s.names, Converged: res.Converged}
	}
	return res.Place, err
}

// pairsStarts returns the starting placements: the named start's, or those
// of every heuristic that applies (all cheap: O(n) or near; the graph
// mappers where nothing else applies, see defaultStarts; on a weighted
// graph whose vertices are a grid, in index order or renumbered, the
// grid's heuristics too, see gridOrderStarts), or the identity placement
// (object v on node v) if none of them succeeds. It stops at a start that is optimal (see
// pairsFloor), the last one returned, and reports it. Each start it
// computes is a progress report's Start, from begin on.
func pairsStarts(ctx context.Context, p *Problem, begin time.Time) ([][]int, []string, bool, error) {
	in := p.Instance
	algos, on, err := startAlgos(ctx, p)
	if err != nil {
		return nil, nil, false, err
	}
	var starts [][]int
	var names []string
	floor := pairsFloor(p)
	for i, a := range algos {
		place, err := startOf(ctx, p, on[i], a, startProgress(p, a.Name, begin))
		if ctx.Err() != nil {
			return nil, nil, false, ctx.Err()
		}
		if err != nil {
			if in.Start != "" {
				return nil, nil, false, fmt.Errorf("solve: pairs: start %s: %w", a.Name, err)
			}
			continue // a default start that fails is skipped
		}
		if in.Start == "" && a.Name != Launchers[0].Name && isLauncher(a.Name) && slices.Equal(place, rankOrder(len(place))) {
			continue // block or cyclic that is rank order: no second search from it
		}
		name := a.Name
		if on[i] != p {
			name += " on " + on[i].Instance.Guest.String()
		}
		if on[i].labels != nil {
			name += " (renumbered)"
		}
		starts = append(starts, place)
		names = append(names, name)
		if floor >= 0 && metric.HopBytesAtMost(&mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place}, floor) {
			return starts, names, true, nil
		}
	}
	if len(starts) == 0 {
		return [][]int{rankOrder(p.Guest.Order())}, []string{"identity"}, false, nil
	}
	return starts, names, false, nil
}

// startAlgos returns the algorithms whose placements start PAIRS on p
// (the named start, or the defaults and, on a graph that is a grid in
// index order, the grid's), with the problem each maps: p, or the grid's.
// A coarse level of a multilevel search starts from the shaped heuristics
// only: it is a start itself, and the fine level still starts from the
// launchers' defaults (and rb, up to shapeStartLimit). rb's placement, the
// best coarse start on 20x20x20 onto torus:25x20x16 (1.775 hops per byte),
// searched to 1.400 but ended at 1.509 on 40x40x40 onto torus:50x40x32
// once refined and searched (seed 1; seeds 0-7: 1.504-1.510, dilation
// 15-19), where bisect's regular one, searched to 1.428, ends at 1.506
// (1.493-1.508, dilation 9-13), without rb's 0.4 CPU-s. Long searches are
// the exception: with a 5 s budget rb's coarse start ended lower, 1.425
// against 1.444 (1 s: 1.514 against 1.511).
func startAlgos(ctx context.Context, p *Problem) ([]Algorithm, []*Problem, error) {
	in := p.Instance
	algos := defaultStarts(Starts(in.Guest, in.Host), p.Guest.Order())
	if p.share != 0 {
		algos = slices.DeleteFunc(algos, func(a Algorithm) bool { return slices.Contains(graphMappers, a.Name) })
	}
	if in.Start != "" {
		if err := checkStart(in); err != nil {
			return nil, nil, &spec.FieldError{Field: "start", Err: err}
		}
		a, _ := Lookup(in.Start)
		algos = []Algorithm{a}
	}
	on := make([]*Problem, len(algos))
	for i := range on {
		on[i] = p
	}
	if grid, more := gridOrderStarts(ctx, p, algos); grid != nil {
		for range more {
			on = append(on, grid)
		}
		algos = append(algos, more...)
	}
	return algos, on, nil
}

// startProgress returns the progress callback of PAIRS's start name on
// p: nil if p has none, else one that reports the start and its share
// done, and that has reported it once already.
func startProgress(p *Problem, name string, begin time.Time) func(Progress) {
	if p.Progress == nil {
		return nil
	}
	report := func(q Progress) {
		p.Progress(Progress{Elapsed: time.Since(begin), Start: name, StartDone: q.Fraction})
	}
	report(Progress{})
	return report
}

// startOf returns a's placement of problem on (p, or its grid's), checked
// as a placement of p's guest on p's host; progress, if not nil, receives
// a's own reports.
func startOf(ctx context.Context, p, on *Problem, a Algorithm, progress func(Progress)) ([]int, error) {
	sub := *on
	// a start's note (rb answering rank order) is not the search's
	sub.Instance.Algo, sub.Instance.Start, sub.Progress, sub.Note = a.Name, "", progress, nil
	place, err := a.Map(ctx, &sub)
	if err != nil {
		return nil, err
	}
	if on.labels != nil {
		place = relabel(place, on.labels)
	}
	return place, (&mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place}).Validate()
}

// relabel returns the placement of the graph whose vertex v is the grid's
// object labels[v], given the grid's placement.
func relabel(place []int, labels []int32) []int {
	out := make([]int, len(labels))
	for v, o := range labels {
		out[v] = place[o]
	}
	return out
}

// pairsFloor returns the hop-bytes at or below which a start of PAIRS on
// p is optimal: the strongest lower bound that holds for every mapping
// (times the guest's volume, and 1 + 10⁻¹² for the rounding of the
// sums), so that a search could not improve it. It returns -1 where a
// start is searched whatever its hop-bytes: under the congestion
// objective, and for an exact number of moves (they repeat a run).
func pairsFloor(p *Problem) float64 {
	if p.Instance.Objective == spec.ObjectiveCongestion || p.Instance.Moves > 0 {
		return -1
	}
	return metric.Strongest(p.Bounds()) * p.Guest.TotalVolume() * (1 + 1e-12)
}

// gridOrderStarts returns, for a weighted graph guest whose vertices are a
// 2-D or 3-D grid in index order (guest.GridOrder: an uploaded halo
// exchange, a 27-point stencil), the problem with that grid as its guest
// and the grid's default starts that are not among have: the shaped
// heuristics (STEP, folds, bricks, ...), whose placements are the
// graph's too, since its vertex v is the grid's. Such a graph onto a
// torus of another shape is then folded as its grid is: onto
// torus:8x8x16, a 32x32 stencil gets 1.0645 hops per byte (1.4451 from
// the graph mappers' starts), a 32x32 grid whose ranks also talk to the
// 8 ranks around them and the 4 two steps away (volume 4 to the nearest 4,
// 1 to the others) 1.4043 (1.6386). A graph that is a grid under another
// numbering (guest.GridLabels: a 5-, 7-, 9- or 27-point stencil) gets
// the same starts read through its labels (Problem.labels), named
// "(renumbered)": a 32x32 stencil renumbered at random onto torus:8x8x16
// then ends at 1.0161, where the graph mappers' starts led to 1.3810.
// Nil for any other guest, or when the caller named a start.
func gridOrderStarts(ctx context.Context, p *Problem, have []Algorithm) (*Problem, []Algorithm) {
	if p.Guest.Kind != guest.Custom || p.Instance.Start != "" {
		return nil, nil
	}
	dims, wrap, ok := guest.GridOrder(ctx, p.Guest)
	var labels []int32
	if !ok {
		if dims, wrap, labels, ok = guest.GridLabels(ctx, p.Guest); !ok {
			return nil, nil
		}
	}
	gs := spec.Guest{Kind: guest.Grid, Dims: dims, Wrap: wrap}
	g, err := gs.Build()
	if err != nil {
		return nil, nil
	}
	q := p.on(gs, g, p.Host)
	q.labels = labels
	var more []Algorithm
	for _, a := range defaultStarts(Starts(gs, p.Host), g.Order()) {
		if !slices.ContainsFunc(have, func(b Algorithm) bool { return b.Name == a.Name }) {
			more = append(more, a)
		}
	}
	return q, more
}
