package solve

import (
	"context"
	"fmt"

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

// Baseline is a placement a launcher makes when told nothing, the yardstick
// of a scored placement: Place returns the slot of each of n ranks on h, or
// nil when it does not fit.
type Baseline struct {
	Name    string
	Summary string
	Place   func(n int, h topology.Host) []int
}

// Baselines are the launchers' defaults, in the order a score lists them.
var Baselines = []Baseline{
	{Name: "block", Summary: "rank r on slot r: the cores of node 0 first, then node 1 (mpirun --map-by core, srun --distribution=block)", Place: blockPlace},
	{Name: "cyclic", Summary: "rank r on node r mod N, one core of every node in turn (mpirun --map-by node, srun --distribution=cyclic); hosts with cores only", Place: cyclicPlace},
}

func blockPlace(n int, h topology.Host) []int {
	if n > h.Size() {
		return nil
	}
	place := make([]int, n)
	for r := range place {
		place[r] = r
	}
	return place
}

func cyclicPlace(n int, h topology.Host) []int {
	nodes, c := topology.SplitCores(h)
	if c == 1 || n > h.Size() {
		return nil
	}
	place := make([]int, n)
	for r := range place {
		place[r] = (r%nodes.Size())*c + r/nodes.Size()
	}
	return place
}

// Score evaluates a given placement of in's guest on its host (place[r] is
// rank r's slot, as a placement file says) as a Result whose algorithm is
// ScoreAlgo described by notes, with the Baselines that apply evaluated
// beside it. The placement must be valid (one slot per rank, no slot
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
	for _, b := range Baselines {
		p := b.Place(len(place), h)
		if p == nil {
			continue
		}
		mt := metric.EvaluateContext(ctx, &mapping.Mapping{Guest: g, Host: h, Place: p})
		r.Baselines = append(r.Baselines, Entry{Algo: b.Name, Metrics: &mt})
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
