package solve

import (
	"context"
	"fmt"
	"time"

	"topomap/algorithms/mapping"
	"topomap/algorithms/pairs"
	"topomap/algorithms/spec"
)

// DefaultPairsBudget caps a PAIRS run that was given no budget: it runs
// until converged, or this long.
const DefaultPairsBudget = 30 * time.Second

// PairsTemperature is the initial annealing temperature of a PAIRS run
// given a budget, in hop-bytes per unit of mean arc volume: a move that
// lengthens edges by 1.5 hops in all is first kept with probability 1/e.
// Chosen on 6x5→10x3, 9x8→6x12, 8x4→4x8 (which then reaches the optimum,
// 1.0), 27x44→36x33 and 100x40→125x32 from AFFN.
const PairsTemperature = 3

// meanVolume returns the mean message volume of the guest's arcs.
func meanVolume(p *Problem) float64 {
	g := p.Guest
	if g.Weight == nil || g.Arcs() == 0 {
		return 1
	}
	var sum float64
	for _, w := range g.Weight {
		sum += w
	}
	return sum / float64(g.Arcs())
}

// PAIRS, the pairwise-exchange local search of Bhatele's thesis: "pairs"
// with our neighbour-biased proposals, "pairs-uniform" with the thesis's
// uniform random pairs (for fidelity and comparison).
func init() {
	complexity := fmt.Sprintf("O(degree) per proposed swap; rounds of max(n, %d) proposals until a round gains less than %g of the hop-bytes or the budget (default %v) ends", pairs.MinAttempts, pairs.DefaultTau, DefaultPairsBudget)
	const rest = "computes each swap's gain from the edges of the two objects only, and stops when a round gains " +
		"less than 0.01% (default) or, given a budget, anneals for the rest of it once converged (from the start " +
		"with the most short-edge disorder to repair, relative to its hop-bytes), keeping the best placement and " +
		"never ending worse than the best start. Seeded, so runs repeat when they converge within their budget."
	register(Algorithm{
		Name: "pairs",
		Notes: Notes{
			Title:      "PAIRS: pairwise exchanges",
			Source:     "Bhatele 2010, §9.1, Heuristic 7 (outline)",
			Confidence: "P",
			Complexity: complexity,
			Summary: "The thesis gives PAIRS in outline only: swap two objects' processors when it lowers the hop-bytes, " +
				"until the gain becomes small. The parameters are our reading: it starts from the best of the cheap " +
				"heuristics that apply (or from --start), proposes moves toward the mean position of an object's " +
				"neighbours, shifts along short paths and uniform pairs, " + rest,
		},
		Guests:  "any guest",
		Hosts:   "any host with as many nodes as the guest has vertices",
		Applies: func(spec.Guest, spec.Host) error { return nil },
		Map:     func(ctx context.Context, p *Problem) ([]int, error) { return mapPairs(ctx, p, pairs.Biased) },
		Search:  true,
	}, Algorithm{
		Name: "pairs-uniform",
		Notes: Notes{
			Title:      "PAIRS with uniform random pairs (the thesis's proposals)",
			Source:     "Bhatele 2010, §9.1, Heuristic 7 (outline)",
			Confidence: "P",
			Complexity: complexity,
			Summary: "PAIRS as the thesis outlines it: pick an object and a processor uniformly at random and swap " +
				"the object with the processor's occupant when that lowers the hop-bytes. Starts, stopping rule and " +
				"budget are our reading, as for pairs: it starts from the best of the cheap heuristics that apply " +
				"(or from --start), " + rest + " Much slower to converge than pairs at large sizes.",
		},
		Guests:  "any guest",
		Hosts:   "any host with as many nodes as the guest has vertices",
		Applies: func(spec.Guest, spec.Host) error { return nil },
		Map:     func(ctx context.Context, p *Problem) ([]int, error) { return mapPairs(ctx, p, pairs.Uniform) },
		Search:  true,
	})
}

// MovesPerSecond converts a budget into the moves a PAIRS run plans, for
// a guest of mean degree 4 (fewer for larger degrees): a run given a budget
// searches for Budget × MovesPerSecond moves, or as long as its stopping
// rule would without a budget if that is more, the same on every machine,
// so that the same seed and budget give the same result. The budget
// itself only caps the run time, on a machine too slow for those moves
// (the result then reports the moves it made, which repeat it). Set well
// below this machine's rate (6-10 M/s on one core, 2-D guests, 4K to 1M
// objects; 2-3 M/s under the load of a full test run) and the browser's
// (2-3 M/s), so that a budget is rarely cut.
const MovesPerSecond = 1_000_000

// plannedMoves returns the moves a PAIRS run given that budget plans on
// guest g (0 for no budget).
func plannedMoves(p *Problem, budget time.Duration) int64 {
	if budget <= 0 {
		return 0
	}
	deg := 4.0
	if n := p.Guest.Order(); n > 0 {
		deg = max(deg, float64(p.Guest.Arcs())/float64(n))
	}
	return max(1, int64(budget.Seconds()*MovesPerSecond*4/deg))
}

// PairsRun is what a PAIRS run reports beyond its placement.
type PairsRun struct {
	// Moves is the number of moves made: the instance's Moves set to it
	// repeats the run.
	Moves int64 `json:"moves"`
	// Improved counts the moves that lowered the hop-bytes.
	Improved int64 `json:"improvingMoves"`
	// Start is the start the search worked from.
	Start string `json:"start"`
	// Starts lists the starts tried.
	Starts []string `json:"starts"`
	// Converged: the stopping rule ended the run (not the budget, the move
	// cap or a cancellation); Clock: the budget did, on this machine.
	Converged bool `json:"converged"`
	Clock     bool `json:"clock"`
}

// mapPairs runs PAIRS in the given mode from the instance's start (or the
// default starts). Without a budget it runs until its stopping rule
// (capped by DefaultPairsBudget). With one it plans plannedMoves moves: it
// searches that long if that is longer than the stopping rule would, and
// stops as it does otherwise, so a budget never gives a worse result than
// none; the budget caps the time. Moves caps the moves of the same
// schedule: the count a run reports repeats it, with the clock cap
// relaxed to DefaultPairsBudget so that a slower machine still gets there.
// The time spent on the starts counts against the budget.
func mapPairs(ctx context.Context, p *Problem, mode pairs.Mode) ([]int, error) {
	begin := time.Now()
	in := p.Instance
	budget := in.Budget
	opt := pairs.Options{Mode: mode, Seed: in.Seed, Temperature: PairsTemperature * meanVolume(p)}
	if budget > 0 {
		plan := plannedMoves(p, budget)
		opt.Horizon, opt.MinWork = plan, plan
	}
	if in.Moves > 0 {
		opt.Moves = in.Moves
		budget = max(budget, DefaultPairsBudget)
	}
	if budget == 0 {
		budget = DefaultPairsBudget
	}
	starts, names, err := pairsStarts(ctx, p)
	if err != nil {
		return nil, err
	}
	opt.Budget = max(budget-time.Since(begin), time.Nanosecond)
	if p.Progress != nil {
		opt.Progress = func(q pairs.Progress) {
			el := time.Since(begin)
			f := q.Fraction
			if in.Budget > 0 || in.Moves > 0 {
				f = max(f, float64(el)/float64(budget))
			}
			p.Progress(Progress{Elapsed: el, Evaluated: q.Moves, Improved: q.Improved, HopsPerByte: q.HopsPerByte,
				Fraction: min(1, f)})
		}
	}
	res, err := pairs.Improve(ctx, p.Guest, p.Host, starts, opt)
	if err != nil && (res == nil || ctx.Err() == nil) {
		return nil, fmt.Errorf("pairs: %w", err)
	}
	if p.Report != nil {
		*p.Report = PairsRun{Moves: res.Moves, Improved: res.Improved, Start: names[res.Start], Starts: names,
			Converged: res.Converged, Clock: res.Clock}
	}
	return res.Place, err // cancelled: ctx's error with the best so far (see Map)
}

// pairsStarts returns the starting placements: the named start's, or those
// of every other applicable algorithm for equal sizes (all cheap: O(n) or
// near), or the identity placement if none of them succeeds.
func pairsStarts(ctx context.Context, p *Problem) ([][]int, []string, error) {
	in := p.Instance
	algos := Starts(in.Guest, in.Host)
	if in.Start != "" {
		if err := checkStart(in); err != nil {
			return nil, nil, &spec.FieldError{Field: "start", Err: err}
		}
		a, _ := Lookup(in.Start)
		algos = []Algorithm{a}
	}
	var starts [][]int
	var names []string
	for _, a := range algos {
		sub := *p
		sub.Instance.Algo, sub.Instance.Start, sub.Progress = a.Name, "", nil
		place, err := a.Map(ctx, &sub)
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		m := mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place}
		if err == nil {
			err = m.Validate()
		}
		if err != nil {
			if in.Start != "" {
				return nil, nil, fmt.Errorf("solve: pairs: start %s: %w", a.Name, err)
			}
			continue // a default start that fails is skipped
		}
		starts = append(starts, place)
		names = append(names, a.Name)
	}
	if len(starts) == 0 {
		id := make([]int, p.Guest.Order())
		for v := range id {
			id[v] = v
		}
		starts = append(starts, id)
		names = append(names, "identity")
	}
	return starts, names, nil
}
