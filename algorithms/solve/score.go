package solve

import (
	"context"
	"fmt"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
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
// rank r's slot, as a placement file says) as a Result whose algorithm is
// ScoreAlgo described by notes, with the Launchers' placements evaluated
// beside it (those that differ: block and cyclic are rank order without
// cores) and compared with rank order (Result.Baseline). The placement must be valid (one slot per rank, no slot
// twice): the error otherwise is a field error on "placement". O(arcs·c)
// per placement, as metric.Evaluate.
func Score(ctx context.Context, in spec.Instance, place []int, notes Notes) (*Result, error) {
	g, h, err := Build(in)
	if err != nil {
		return nil, err
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		return nil, &spec.FieldError{Field: "placement", Err: err}
	}
	in.Algo = ScoreAlgo
	r := &Result{Instance: in, Algorithm: Algorithm{Name: ScoreAlgo, Notes: notes}, Mapping: m, Metrics: metric.EvaluateContext(ctx, m)}
	r.Baseline = baselineOf(m, nil, r.Metrics.HopBytes)
	names, places := launcherPlaces(len(place), h)
	for i, p := range places {
		mt := metric.EvaluateContext(ctx, &mapping.Mapping{Guest: g, Host: h, Place: p})
		r.Baselines = append(r.Baselines, Entry{Algo: names[i], Metrics: &mt})
	}
	return r, ctxErr(ctx)
}

// ctxErr is ctx's error, said for a score cut short.
func ctxErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("scoring stopped: %w", err)
	}
	return nil
}
