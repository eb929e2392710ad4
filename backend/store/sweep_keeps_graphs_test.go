package store_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestSweepKeepsGraphsOfKeptJobs: both sweeps (maximum age, maximum
// size) keep an uploaded graph while a job the store keeps names it, so
// a queued job can still run and a done job's placement and rendering
// still read; a graph goes once its jobs have gone, or with them.
func TestSweepKeepsGraphsOfKeptJobs(t *testing.T) {
	t0 := time.Now()
	tests := []struct {
		name   string
		status jobs.Status
		// finished is when the job that maps the graph finished, after t0
		// (the upload); an older job of the same size, without a graph,
		// finished an hour before t0.
		finished time.Duration
		r        func(total, older int64) store.Retention
		removed  []string // at t0+6h; "older", "job", "graph"
	}{
		{"age, queued job", jobs.Queued, 0, age, []string{"older"}},
		{"age, running job", jobs.Running, 0, age, []string{"older"}},
		{"age, done job used since", jobs.Done, 5*time.Hour + 30*time.Minute, age, []string{"older"}},
		{"age, done job expired", jobs.Done, time.Hour, age, []string{"older", "job", "graph"}},
		{"size, queued job", jobs.Queued, 0, everything, []string{"older"}},
		{"size, running job", jobs.Running, 0, everything, []string{"older"}},
		// Beyond the older job, one byte too many: the job goes before its
		// graph, which it used last.
		{"size, done job", jobs.Done, 5 * time.Hour, func(total, older int64) store.Retention {
			return store.Retention{MaxBytes: total - older - 1}
		}, []string{"older", "job"}},
		{"size, done job and the rest", jobs.Done, 5 * time.Hour, everything, []string{"older", "job", "graph"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			g := sampleGraph(t, 500)
			g.Created = t0
			if _, err := st.PutGraph(g, 0); err != nil {
				t.Fatal(err)
			}
			j := jobs.Job{ID: fmt.Sprintf("%020x", 1), Status: tt.status, Created: t0,
				Request: jobs.Request{Guest: "graph:" + g.Graph.ID, Host: "ring:500", Algo: "pairs"}}
			if tt.status == jobs.Done {
				j.Finished = t0.Add(tt.finished)
				err = st.Finish(j, make([]int, 500))
			} else {
				err = st.Put(j)
			}
			if err != nil {
				t.Fatal(err)
			}
			before := st.Stats().DataBytes
			older := jobs.Job{ID: fmt.Sprintf("%020x", 2), Status: jobs.Done, Finished: t0.Add(-time.Hour),
				Request: jobs.Request{Guest: "grid:20x25", Host: "ring:500", Algo: "pairs"}}
			if err := st.Finish(older, make([]int, 500)); err != nil {
				t.Fatal(err)
			}
			total := st.Stats().DataBytes
			removed, err := st.Sweep(tt.r(total, total-before), t0.Add(6*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]string{older.ID: "older", j.ID: "job", "graph:" + g.Graph.ID: "graph"}
			var got []string
			for _, id := range removed {
				got = append(got, names[id])
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(tt.removed)); !slices.Equal(got, want) {
				t.Errorf("removed %v, want %v", got, want)
			}
			checkJobsHaveGraphs(t, st, j)
		})
	}
}

// age expires what was not used for 4 hours.
func age(int64, int64) store.Retention { return store.Retention{MaxAge: 4 * time.Hour} }

// everything bounds the store to 1 byte.
func everything(int64, int64) store.Retention { return store.Retention{MaxBytes: 1} }

// checkJobsHaveGraphs fails if a job the store still has names a graph
// it does not.
func checkJobsHaveGraphs(t *testing.T, st *store.Bolt, js ...jobs.Job) {
	t.Helper()
	for _, j := range js {
		if _, err := st.Get(j.ID); err != nil {
			continue
		}
		s, err := guest.Parse(j.Request.Guest)
		if err != nil || !s.External() {
			continue
		}
		if _, err := st.Graph(s.ID); err != nil {
			t.Errorf("job %s (%s) is kept, its graph is not: %v", j.ID, j.Status, err)
		}
	}
}
