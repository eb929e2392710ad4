package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// fakeAlgos are test algorithms served by testSolver next to the real
// registry: "block" reports progress until its context ends (or until
// release is closed, then maps the identity), "boom" panics.
var fakeAlgos = map[string]bool{"block": true, "boom": true}

// testSolver returns a Solver that knows the fake algorithms; release ends
// every "block" run successfully when closed.
func testSolver(release <-chan struct{}) jobs.Solver {
	check := func(in spec.Instance) (solve.Algorithm, error) {
		if fakeAlgos[in.Algo] {
			if in.Guest.Order() != in.Host.Size() {
				return solve.Algorithm{}, &spec.FieldError{Field: "host", Err: errors.New("fake: sizes differ")}
			}
			return solve.Algorithm{Name: in.Algo, Notes: solve.Notes{Title: "test double"}}, nil
		}
		return solve.Check(in)
	}
	return jobs.Solver{
		Check: check,
		Map: func(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error) {
			switch in.Algo {
			case "boom":
				panic("boom")
			case "block":
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

func instance(t testing.TB, guest, host, algo string) spec.Instance {
	t.Helper()
	in, err := jobs.Request{Guest: guest, Host: host, Algo: algo}.Instance()
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// newRunner starts a runner on a fresh memory store and closes it at the
// end of the test.
func newRunner(t *testing.T, o jobs.Options) (*jobs.Runner, *store.Memory, chan struct{}) {
	t.Helper()
	st := store.NewMemory()
	release := make(chan struct{})
	if o.Solver.Map == nil {
		o.Solver = testSolver(release)
	}
	r, err := jobs.New(st, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return r, st, release
}

// waitFinal follows a job until its final state.
func waitFinal(t *testing.T, r *jobs.Runner, id string) jobs.Job {
	t.Helper()
	j, ch, unsub, err := r.Subscribe(id)
	if err != nil {
		t.Fatal(err)
	}
	defer unsub()
	timeout := time.After(30 * time.Second)
	for ch != nil && !j.Status.Final() {
		select {
		case next, ok := <-ch:
			if !ok {
				ch = nil
				continue
			}
			j = next
		case <-timeout:
			t.Fatalf("job %s still %s after 30 s", id, j.Status)
		}
	}
	if !j.Status.Final() {
		t.Fatalf("stream of %s closed in state %s", id, j.Status)
	}
	return j
}

// waitStatus polls until the job reaches status s.
func waitStatus(t *testing.T, r *jobs.Runner, id string, s jobs.Status) jobs.Job {
	t.Helper()
	for range 3000 {
		j, err := r.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status == s {
			return j
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("job %s never reached %s", id, s)
	return jobs.Job{}
}

// checkResult checks a result independently: a bijection onto the host
// and hop-bytes recomputed edge by edge from the topology's distance.
func checkResult(t *testing.T, res *solve.Result) {
	t.Helper()
	m := res.Mapping
	seen := make([]bool, m.Host.Size())
	for v, h := range m.Place {
		if h < 0 || h >= len(seen) || seen[h] {
			t.Fatalf("vertex %d on node %d: not a bijection", v, h)
		}
		seen[h] = true
	}
	hb, vol := 0.0, 0.0
	g := m.Guest
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			hb += g.Volume(int(e)) * float64(m.Host.Distance(m.Place[v], m.Place[g.Adj[e]]))
			vol += g.Volume(int(e))
		}
	}
	if got, want := res.Metrics.HopsPerByte, hb/vol; fmt.Sprintf("%.9f", got) != fmt.Sprintf("%.9f", want) {
		t.Fatalf("hops/byte %v, recomputed %v", got, want)
	}
}
