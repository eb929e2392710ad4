package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// TestIgnoredParamsShareAJob: an affn instance with seeds, budgets, starts
// and execution-model times that affn ignores is one job (it was six),
// while pairs, which reads seed and budget, gets one job per seed.
func TestIgnoredParamsShareAJob(t *testing.T) {
	r, _, _ := newRunner(t, jobs.Options{Workers: 1})
	ids := map[string]bool{}
	for _, q := range []jobs.Request{
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn"},
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn", Seed: 7},
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn", Budget: "2s"},
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn", Start: "rowmajor"},
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn", Ta: 3},
		{Guest: "grid:9x8", Host: "mesh:6x12", Algo: "affn", Tc: 2, Seed: 1},
	} {
		in, err := q.Instance()
		if err != nil {
			t.Fatal(err)
		}
		j, _, err := r.Submit(in)
		if err != nil {
			t.Fatal(err)
		}
		if j.Request.Seed != 0 || j.Request.Budget != "" || j.Request.Start != "" || j.Request.Ta != 0 {
			t.Errorf("job %s records ignored parameters: %+v", j.ID, j.Request)
		}
		ids[j.ID] = true
	}
	if len(ids) != 1 {
		t.Errorf("one affn instance made %d jobs", len(ids))
	}
	seeds := map[string]bool{}
	for _, seed := range []uint64{1, 2} {
		in, err := jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: "pairs", Seed: seed, Budget: "10ms"}.Instance()
		if err != nil {
			t.Fatal(err)
		}
		j, _, err := r.Submit(in)
		if err != nil {
			t.Fatal(err)
		}
		seeds[j.ID] = true
	}
	if len(seeds) != 2 {
		t.Errorf("pairs with two seeds made %d jobs, want 2", len(seeds))
	}
}

// TestLimitsReachTheMapper: affn3d on a thin shape ran 21 s under a 5 s
// --job-timeout and ended "done", and DELETE did not stop it. The job
// time limit and a cancel now stop the mapper itself, within milliseconds
// (judged by the CPU time spent, which a loaded machine does not inflate).
func TestLimitsReachTheMapper(t *testing.T) {
	if testing.Short() {
		t.Skip("maps 2^20 objects")
	}
	const limit = 200 * time.Millisecond
	r, _, _ := newRunner(t, jobs.Options{Workers: 2, MaxTime: limit})
	slow := func(host string) spec.Instance { return instance(t, "grid:1x1x1048576", host, "affn3d") }
	start := cpuclock.Used()
	j, _, err := r.Submit(slow("mesh:1024x1x1024"))
	if err != nil {
		t.Fatal(err)
	}
	if j = waitFinal(t, r, j.ID); j.Status != jobs.Failed || !strings.Contains(j.Error, "time limit") || cpuclock.Since(start) > 5*time.Second {
		t.Errorf("job under a %v limit: %s (%s) after %v of CPU", limit, j.Status, j.Error, cpuclock.Since(start))
	}
	r2, _, _ := newRunner(t, jobs.Options{Workers: 1})
	j, _, err = r2.Submit(slow("mesh:1024x1x1024"))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // running
	start = cpuclock.Used()
	if j, err = r2.Cancel(context.Background(), j.ID, j.CancelToken); err != nil || j.Status != jobs.Cancelled || cpuclock.Since(start) > 3*time.Second {
		t.Errorf("cancel: %s, %v after %v of CPU", j.Status, err, cpuclock.Since(start))
	}
}
