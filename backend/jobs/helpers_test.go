package jobs_test

import (
	"context"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/store"
)

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
		o.Solver = jobstest.Solver(release)
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
	return jobstest.Follow(t, r, id)
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

// checkResult checks a result independently of the metric package.
func checkResult(t *testing.T, res *solve.Result) {
	t.Helper()
	jobstest.CheckPlacement(t, res.Instance, res.Mapping.Place, res.Metrics.HopsPerByte)
}
