package solve

import (
	"context"
	"fmt"
	"strings"
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
			Source:     "Bhatele 2010, §9.1, Heuristic 7 (outline); ALGORITHMS.md B.8",
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
			Source:     "Bhatele 2010, §9.1, Heuristic 7 (outline); ALGORITHMS.md B.8",
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

// mapPairs runs PAIRS in the given mode from the instance's start (or the
// default starts) within its budget; the time spent on the starts counts
// against it.
func mapPairs(ctx context.Context, p *Problem, mode pairs.Mode) ([]int, error) {
	begin := time.Now()
	in := p.Instance
	budget := in.Budget
	if budget == 0 {
		budget = DefaultPairsBudget
	}
	starts, err := pairsStarts(ctx, p)
	if err != nil {
		return nil, err
	}
	opt := pairs.Options{Mode: mode, Seed: in.Seed, Budget: max(budget-time.Since(begin), time.Nanosecond)}
	if in.Budget > 0 {
		opt.Temperature = PairsTemperature * meanVolume(p)
	}
	if p.Progress != nil {
		opt.Progress = func(q pairs.Progress) {
			el := time.Since(begin)
			p.Progress(Progress{Elapsed: el, Evaluated: q.Evaluated, HopsPerByte: q.HopsPerByte,
				Fraction: min(1, max(q.Fraction, float64(el)/float64(budget)))})
		}
	}
	res, err := pairs.Improve(ctx, p.Guest, p.Host, starts, opt)
	if err != nil && res != nil && ctx.Err() != nil {
		return res.Place, err // cancelled: the best so far (see Map)
	}
	if err != nil {
		return nil, fmt.Errorf("pairs: %w", err)
	}
	return res.Place, nil
}

// pairsStarts returns the starting placements: the named start's, or those
// of every other applicable algorithm for equal sizes (all cheap: O(n) or
// near), or the identity placement if none of them succeeds.
func pairsStarts(ctx context.Context, p *Problem) ([][]int, error) {
	in := p.Instance
	var algos []Algorithm
	if in.Start != "" {
		a, ok := Lookup(in.Start)
		if !ok {
			return nil, &spec.FieldError{Field: "start", Err: fmt.Errorf("solve: unknown start %q", in.Start)}
		}
		algos = []Algorithm{a}
	} else {
		for _, a := range Applicable(in.Guest, in.Host) {
			if !strings.HasPrefix(a.Name, "pairs") && !a.LargerHost {
				algos = append(algos, a)
			}
		}
	}
	var starts [][]int
	for _, a := range algos {
		sub := *p
		sub.Instance.Algo, sub.Instance.Start, sub.Progress = a.Name, "", nil
		place, err := a.Map(ctx, &sub)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		m := mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place}
		if err == nil {
			err = m.Validate()
		}
		if err != nil {
			if in.Start != "" {
				return nil, fmt.Errorf("solve: pairs: start %s: %w", a.Name, err)
			}
			continue // a default start that fails is skipped
		}
		starts = append(starts, place)
	}
	if len(starts) == 0 {
		id := make([]int, p.Guest.Order())
		for v := range id {
			id[v] = v
		}
		starts = append(starts, id)
	}
	return starts, nil
}
