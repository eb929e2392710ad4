package solve

import (
	"context"
	"fmt"
	"slices"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// ScoreAlgo is the algorithm name of a scored placement: one read from a
// file rather than computed (Score).
const ScoreAlgo = "placement"

// ScoreNotes describe a placement read from a file (its name or "an
// upload") in a format, as Score's Result carries them.
func ScoreNotes(source, format string) Notes {
	return Notes{
		Title:      "Placement read as " + format,
		Source:     source,
		Confidence: "given",
		Summary:    "A placement given, not computed: scored with the metrics of every mapping, beside the launchers' default placements.",
	}
}

// Score evaluates a given placement of in's guest on its host (place[r] is
// rank r's slot, as a placement file says, on PlacementHost) as a Result
// whose algorithm is ScoreAlgo described by notes, with the Launchers'
// placements evaluated beside it (those that differ: block and cyclic are
// rank order without cores; on an allocation's slots) and compared with
// rank order (Result.Baseline); one on the slots of in's allocation has
// their bounds, as Map's results (metric.OnAllocation). The placement
// must be valid (one slot per rank, no slot twice): the error otherwise
// is a field error on "placement". O(arcs·c) per placement, as metric.Evaluate.
func Score(ctx context.Context, in spec.Instance, place []int, notes Notes) (*Result, error) {
	g, _, err := Build(in)
	if err != nil {
		return nil, err
	}
	h, alloc, err := PlacementHost(in)
	if err != nil {
		return nil, err
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		return nil, &spec.FieldError{Field: "placement", Err: err}
	}
	in.Algo = ScoreAlgo
	r := &Result{Instance: in, Algorithm: Algorithm{Name: ScoreAlgo, Notes: notes}, Mapping: m, Metrics: metric.EvaluateContext(ctx, m), Allocation: alloc}
	if alloc != nil && !slices.ContainsFunc(place, func(s int) bool { return !alloc.Holds(s) }) { // as Map's: its bounds on those slots hold
		metric.OnAllocation(&r.Metrics, g, alloc.Host)
	}
	r.Baseline = baselineOf(m, alloc, r.Metrics.HopBytes)
	names, places := allocatedLaunchers(len(place), h, alloc)
	for i, p := range places {
		mt := metric.EvaluateContext(ctx, &mapping.Mapping{Guest: g, Host: h, Place: p})
		r.Baselines = append(r.Baselines, Entry{Algo: names[i], Metrics: &mt})
	}
	return r, ctxErr(ctx)
}

// PlacementHost returns the host whose slots a placement file of in names
// and in's allocation: in's host, or with an allocation (nodes, ranks per
// node) the whole machine with its ranks per node, on which Map places
// (and map writes its files), and the allocation.
func PlacementHost(in spec.Instance) (topology.Host, *topology.Allocation, error) {
	alloc, err := allocation(in)
	if err != nil || alloc == nil {
		return in.Host, nil, err
	}
	return alloc.Whole, alloc, nil
}

// allocatedLaunchers is launcherPlaces on h, or on alloc's slots of it.
func allocatedLaunchers(n int, h topology.Host, alloc *topology.Allocation) ([]string, [][]int) {
	if alloc == nil {
		return launcherPlaces(n, h)
	}
	names, places := launcherPlaces(n, alloc.Host)
	for _, p := range places {
		for v, s := range p {
			p[v] = alloc.Slot(s)
		}
	}
	return names, places
}

// ctxErr is ctx's error, said for a score cut short.
func ctxErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("scoring stopped: %w", err)
	}
	return nil
}
