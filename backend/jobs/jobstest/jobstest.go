package jobstest

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// Fake algorithms known to Solver besides the registry: Block reports
// progress (fraction 0.5, hops/byte 2, evaluated 1, 2, ...) every 5 ms
// until its context ends or the release channel closes (then it maps the
// identity); Anytime reports as Block does until its context ends, then
// returns the identity placement as a partial result with the context's
// error, as solve.Map does for an anytime search; Silent reports nothing
// until its context ends or the release channel closes (then it maps the
// identity), as rb does; Steps makes StepsReported progress reports
// (evaluated 1 to StepsReported, improved half of that) and maps the
// identity; Boom panics. All need equal guest and host sizes.
const (
	Block   = "block"
	Anytime = "anytime"
	Silent  = "silent"
	Steps   = "steps"
	Boom    = "boom"
)

// StepsReported is the number of progress reports of Steps, the
// evaluated count of its last.
const StepsReported = 50

// Solver returns a jobs.Solver that runs Block, Anytime, Silent, Steps
// and Boom, and defers every other algorithm to solve.Check and
// solve.Map.
func Solver(release <-chan struct{}) jobs.Solver {
	return jobs.Solver{
		Check: check,
		Map: func(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error) {
			if progress == nil {
				progress = func(solve.Progress) {}
			}
			switch in.Algo {
			case Boom:
				panic("jobstest: boom")
			case Block, Anytime:
				return block(ctx, in, release, progress)
			case Silent:
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-release:
					return identity(in)
				}
			case Steps:
				for i := range int64(StepsReported) {
					progress(solve.Progress{Evaluated: i + 1, Improved: (i + 1) / 2, HopsPerByte: 2, Fraction: float64(i+1) / StepsReported})
				}
				return identity(in)
			}
			return solve.Map(ctx, in, progress)
		},
	}
}

// check checks the fake algorithms' instances as Solver says and defers
// the others to solve.Check.
func check(in spec.Instance) (solve.Algorithm, error) {
	switch in.Algo {
	case Block, Anytime, Silent, Steps, Boom:
	default:
		return solve.Check(in)
	}
	if in.Guest.Order() != in.Host.Size() {
		return solve.Algorithm{}, &spec.FieldError{Field: "host", Err: errors.New("jobstest: sizes differ")}
	}
	return solve.Algorithm{Name: in.Algo, Notes: solve.Notes{Title: "test double", Confidence: "P"}}, nil
}

// block runs Block and Anytime: progress every 5 ms until ctx ends (then
// Anytime's partial identity) or release closes (then the identity).
func block(ctx context.Context, in spec.Instance, release <-chan struct{}, progress func(solve.Progress)) (*solve.Result, error) {
	start := time.Now()
	for i := int64(1); ; i++ {
		select {
		case <-ctx.Done():
			if in.Algo != Anytime {
				return nil, ctx.Err()
			}
			res, err := identity(in)
			if err != nil {
				return nil, err
			}
			res.Partial, res.Seconds = true, time.Since(start).Seconds()
			return res, ctx.Err()
		case <-release:
			return identity(in)
		case <-time.After(5 * time.Millisecond):
			progress(solve.Progress{Elapsed: time.Since(start), Evaluated: i, HopsPerByte: 2, Fraction: 0.5})
		}
	}
}

// identity solves in with the identity placement.
func identity(in spec.Instance) (*solve.Result, error) {
	a, err := check(in)
	if err != nil {
		return nil, err
	}
	g, h, err := solve.Build(in)
	if err != nil {
		return nil, err
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: make([]int, g.Order())}
	for v := range m.Place {
		m.Place[v] = v
	}
	return &solve.Result{Instance: in, Algorithm: a, Mapping: m, Metrics: metric.Evaluate(m)}, nil
}

// CheckPlacement checks, without the metric package, that place maps the
// guest one-to-one onto host nodes and that hopsPerByte is the volume-
// weighted mean host distance over the guest's arcs (recomputed edge by
// edge from the topology's distance).
func CheckPlacement(t testing.TB, in spec.Instance, place []int, hopsPerByte float64) {
	t.Helper()
	g, h, err := solve.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(place) != g.Order() {
		t.Fatalf("%d entries for %d vertices", len(place), g.Order())
	}
	seen := make([]bool, h.Size())
	for v, n := range place {
		if n < 0 || n >= len(seen) || seen[n] {
			t.Fatalf("vertex %d on node %d: not one-to-one onto the host", v, n)
		}
		seen[n] = true
	}
	hb, vol := 0.0, 0.0
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			hb += g.Volume(int(e)) * float64(h.Hops(place[v], place[g.Adj[e]]))
			vol += g.Volume(int(e))
		}
	}
	if want := hb / vol; math.Abs(hopsPerByte-want) > 1e-9*want {
		t.Fatalf("hops/byte %v, recomputed %v", hopsPerByte, want)
	}
}
