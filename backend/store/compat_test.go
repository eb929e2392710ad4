package store_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// v1Jobs are the jobs in testdata/v1.db, a store written by the code of
// before the store had a record type of its own (it persisted the API's
// Job as JSON), with v1Placements the placements of the done ones.
func v1Jobs() []jobs.Job {
	id := func(c byte) string { return strings.Repeat(string(c), jobs.IDLen) }
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	two := 2
	return []jobs.Job{
		{ID: id('a'), Status: jobs.Queued, Request: jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: "affn"}, Created: at},
		{ID: id('b'), Status: jobs.Failed, Request: jobs.Request{Guest: "grid:2x2", Host: "ring:4", Algo: "pairs", Seed: 7, Budget: "1.5s", Moves: 900, Start: "affn", Ta: 1, Tc: 0.5},
			Error: "job time limit reached", Created: at, Started: at.Add(time.Second), Finished: at.Add(2 * time.Second)},
		{ID: id('c'), Status: jobs.Done, Request: jobs.Request{Guest: "grid:2x2", Host: "ring:4", Algo: "pairs", Seed: 3},
			Progress: jobs.Progress{Fraction: 1, Evaluated: 1234, Improved: 12, HopsPerByte: 1.25, Elapsed: 0.5},
			Metrics:  &metric.Metrics{HopBytes: 10, HopsPerByte: 1.25, MaxDilation: 2, AvgDilation: 1.5, Arcs: 8, DimDistances: []*int{&two, nil}},
			Search:   &solve.PairsRun{Moves: 1234, Improved: 12, Start: "snake", Starts: []string{"snake", "affn"}, Converged: true},
			Seconds:  0.5, Created: at, Started: at, Finished: at.Add(time.Second)},
		{ID: id('d'), Status: jobs.Cancelled, Partial: true, Request: jobs.Request{Guest: "hypercube:2", Host: "ring:4", Algo: "pairs"},
			Metrics: &metric.Metrics{HopBytes: 12}, Error: "cancelled", Created: at},
	}
}

var v1Placements = map[string][]int{strings.Repeat("c", jobs.IDLen): {3, 0, 2, 1}, strings.Repeat("d", jobs.IDLen): {0, 1, 3, 2}}

// TestOpensV1Store opens a store written by the former code: every job and
// placement reads back as it was written, and the file has no problems.
func TestOpensV1Store(t *testing.T) {
	st := openCopy(t, "testdata/v1.db")
	for _, want := range v1Jobs() {
		got, err := st.Get(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("job %s:\n got %+v\nwant %+v", want.ID, got, want)
		}
		if place, ok := v1Placements[want.ID]; ok {
			if got, err := st.Placement(want.ID); err != nil || !slices.Equal(got, place) {
				t.Errorf("placement %s = %v, %v; want %v", want.ID, got, err, place)
			}
		}
	}
	// Its listing is built at Open: equal creation times, by id.
	list, err := st.List(jobs.ListQuery{Limit: 10})
	var ids []string
	for _, j := range list.Jobs {
		ids = append(ids, j.ID[:1])
	}
	if err != nil || strings.Join(ids, "") != "dcba" {
		t.Errorf("listing of the v1 store: %v, %v; want d c b a", ids, err)
	}
}

// openCopy opens a copy of a store file written by former code (testdata
// stays as it is), closed at the test's end, and wants no problems in it.
func openCopy(t *testing.T, file string) *store.Bolt {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "topomap.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if p := st.Problems(); len(p) != 0 {
		t.Fatalf("%s: problems: %v", file, p)
	}
	return st
}
