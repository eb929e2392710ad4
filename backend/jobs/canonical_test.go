package jobs_test

import (
	"testing"

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
