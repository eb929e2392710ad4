package jobs_test

import (
	"testing"

	"topomap/backend/jobs"
)

// TestObjectiveMakesAJob: PAIRS under the congestion objective is another
// job than under hop-bytes, and its request records the objective; affn,
// which minimises nothing, ignores it.
func TestObjectiveMakesAJob(t *testing.T) {
	r, _, _ := newRunner(t, jobs.Options{Workers: 1})
	submit := func(q jobs.Request) jobs.Job {
		t.Helper()
		in, err := q.Instance()
		if err != nil {
			t.Fatal(err)
		}
		j, _, err := r.Submit(in)
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	hb := submit(jobs.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "pairs", Moves: 1000})
	cong := submit(jobs.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "pairs", Moves: 1000, Objective: "congestion"})
	if hb.ID == cong.ID || cong.Request.Objective != "congestion" || hb.Request.Objective != "" {
		t.Errorf("jobs %s %+v and %s %+v: want two, the second recording the congestion objective", hb.ID, hb.Request, cong.ID, cong.Request)
	}
	a := submit(jobs.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "affn"})
	b := submit(jobs.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "affn", Objective: "congestion"})
	if a.ID != b.ID || b.Request.Objective != "" {
		t.Errorf("affn with and without an objective: jobs %s and %s (%+v), want one", a.ID, b.ID, b.Request)
	}
}
