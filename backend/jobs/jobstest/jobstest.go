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
// identity); Boom panics. Both need equal guest and host sizes.
const (
	Block = "block"
	Boom  = "boom"
)

// Solver returns a jobs.Solver that runs Block and Boom and defers every
// other algorithm to solve.Check and solve.Map.
func Solver(release <-chan struct{}) jobs.Solver {
	check := func(in spec.Instance) (solve.Algorithm, error) {
		if in.Algo != Block && in.Algo != Boom {
			return solve.Check(in)
		}
		if in.Guest.Order() != in.Host.Size() {
			return solve.Algorithm{}, &spec.FieldError{Field: "host", Err: errors.New("jobstest: sizes differ")}
		}
		return solve.Algorithm{Name: in.Algo, Notes: solve.Notes{Title: "test double", Confidence: "P"}}, nil
	}
	return jobs.Solver{
		Check: check,
		Map: func(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error) {
			switch in.Algo {
			case Boom:
				panic("jobstest: boom")
			case Block:
				start := time.Now()
				for i := int64(1); ; i++ {
					select {
					case <-ctx.Done():
						return nil, ctx.Err()
					case <-release:
						return identity(in, check)
					case <-time.After(5 * time.Millisecond):
						if progress != nil {
							progress(solve.Progress{Elapsed: time.Since(start), Evaluated: i, HopsPerByte: 2, Fraction: 0.5})
						}
					}
				}
			}
			return solve.Map(ctx, in, progress)
		},
	}
}

// identity solves in with the identity placement.
func identity(in spec.Instance, check func(spec.Instance) (solve.Algorithm, error)) (*solve.Result, error) {
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
