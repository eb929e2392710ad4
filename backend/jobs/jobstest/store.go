package jobstest

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// TestStore runs the contract of jobs.Store on fresh stores that open
// returns: records and placements round-trip without aliasing, a done
// record commits with its placement, Interrupt marks exactly the live
// records, and List pages newest first, filters by status, follows a
// record whose creation time changes and refuses a malformed query naming
// its field. Every implementation's tests call it.
func TestStore(t *testing.T, open func(t *testing.T) jobs.Store) {
	t.Run("records", func(t *testing.T) { checkRecords(t, open(t)) })
	t.Run("listing", func(t *testing.T) { checkListing(t, open(t)) })
	t.Run("listing errors", func(t *testing.T) { checkListErrors(t, open(t)) })
	t.Run("listing heavy jobs", func(t *testing.T) { checkListingHeavyJobs(t, open(t)) })
}

// checkListingHeavyJobs: a page ends early, with a next, once its jobs
// hold MaxListHistogram hop histogram entries, and the next page goes on.
func checkListingHeavyJobs(t *testing.T, st jobs.Store) {
	at := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		m := &metric.Metrics{HopHistogram: make([]float64, jobs.MaxListHistogram/2)}
		j := jobs.Job{ID: storeID("abc"[i]), Status: jobs.Done, Metrics: m, Created: at.Add(time.Duration(i) * time.Minute)}
		if err := st.Finish(j, []int{0}); err != nil {
			t.Fatal(err)
		}
	}
	q := jobs.ListQuery{Limit: jobs.MaxList}
	for n, want := range []string{"cb", "a"} {
		list, err := st.List(q)
		if err != nil {
			t.Fatal(err)
		}
		got := heads(list)
		if got != want || (n == 0) != (list.Next != "") {
			t.Fatalf("page %d: %q, next %q; want %q and a next only on the first", n, got, list.Next, want)
		}
		q.After = list.Next
	}
}

// heads is the first characters of a page's job ids, in its order.
func heads(list jobs.JobList) string {
	s := ""
	for _, j := range list.Jobs {
		s += j.ID[:1]
	}
	return s
}

// storeID is the job id of c repeated.
func storeID(c byte) string { return strings.Repeat(string(c), jobs.IDLen) }

func checkRecords(t *testing.T, st jobs.Store) {
	id := storeID
	if _, err := st.Get(id('a')); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Get of nothing: %v", err)
	}
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	jobsIn := []jobs.Job{
		{ID: id('a'), Status: jobs.Queued, Request: jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: "affn"}, Created: at},
		{ID: id('b'), Status: jobs.Running, Created: at},
		{ID: id('c'), Status: jobs.Failed, Error: "boom", Created: at},
	}
	for _, j := range jobsIn {
		if err := st.Put(j); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Get(id('a'))
	if err != nil || got.Request != jobsIn[0].Request || !got.Created.Equal(at) {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	d := 2
	done := jobs.Job{ID: id('d'), Status: jobs.Done, Metrics: &metric.Metrics{HopsPerByte: 1.25, DimDistances: []*int{&d, nil}}}
	place := []int{3, 0, 2, 1, 1<<26 - 1}
	if err := st.Finish(done, place); err != nil {
		t.Fatal(err)
	}
	gotPlace, err := st.Placement(done.ID)
	if err != nil || !slices.Equal(gotPlace, place) {
		t.Fatalf("Placement = %v, %v; want %v", gotPlace, err, place)
	}
	gotPlace[0] = 99 // must not alias the store
	if again, _ := st.Placement(done.ID); again[0] != 3 {
		t.Fatal("Placement aliases the stored slice")
	}
	if got, _ := st.Get(done.ID); got.Metrics == nil || got.Metrics.HopsPerByte != 1.25 || *got.Metrics.DimDistances[0] != 2 || got.Metrics.DimDistances[1] != nil {
		t.Fatalf("done record %+v", got)
	}
	if _, err := st.Placement(id('a')); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Placement of a queued job: %v", err)
	}
	if err := st.Finish(jobs.Job{ID: id('e'), Status: jobs.Done}, []int{-1}); err == nil {
		t.Fatal("Finish accepted a negative node")
	}
	ids, err := st.Interrupt("stopped", at)
	slices.Sort(ids)
	if err != nil || !slices.Equal(ids, []string{id('a'), id('b')}) {
		t.Fatalf("Interrupt = %v, %v", ids, err)
	}
	for c, want := range map[byte]jobs.Status{'a': jobs.Interrupted, 'b': jobs.Interrupted, 'c': jobs.Failed, 'd': jobs.Done} {
		if got, _ := st.Get(id(c)); got.Status != want {
			t.Errorf("job %c: %s, want %s", c, got.Status, want)
		}
	}
}

// checkListing stores seven jobs a minute apart (two created at the same
// time, ordered by id) and pages through them.
func checkListing(t *testing.T, st jobs.Store) {
	at := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	statuses := []jobs.Status{jobs.Done, jobs.Failed, jobs.Done, jobs.Queued, jobs.Running, jobs.Done, jobs.Cancelled}
	for i, s := range statuses {
		j := jobs.Job{ID: storeID("0123456"[i]), Status: s, Created: at.Add(time.Duration(min(i, 5)) * time.Minute)}
		var err error
		if s == jobs.Done {
			err = st.Finish(j, []int{0})
		} else {
			err = st.Put(j)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name   string
		status jobs.Status
		limit  int
		pages  []string // the ids' first digits, page by page
	}{
		{"every job", "", 10, []string{"6543210"}},
		{"pages of three", "", 3, []string{"654", "321", "0"}},
		{"pages of seven", "", 7, []string{"6543210"}},
		{"done jobs by two", jobs.Done, 2, []string{"52", "0"}},
		{"queued", jobs.Queued, 1, []string{"3"}},
		{"interrupted", jobs.Interrupted, 5, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := jobs.ListQuery{Status: tc.status, Limit: tc.limit}
			for n, want := range tc.pages {
				list, err := st.List(q)
				if err != nil {
					t.Fatal(err)
				}
				got := heads(list)
				for _, j := range list.Jobs {
					if tc.status != "" && j.Status != tc.status {
						t.Errorf("job %s is %s, listed as %s", j.ID, j.Status, tc.status)
					}
				}
				if got != want {
					t.Fatalf("page %d: %q, want %q", n, got, want)
				}
				if last := n == len(tc.pages)-1; last != (list.Next == "") {
					t.Fatalf("page %d of %d: next %q", n, len(tc.pages), list.Next)
				}
				q.After = list.Next
			}
		})
	}
	// A job run again is created anew: it moves to the top, once.
	j, err := st.Get(storeID('1'))
	if err != nil {
		t.Fatal(err)
	}
	j.Status, j.Created = jobs.Queued, at.Add(time.Hour)
	if err := st.Put(j); err != nil {
		t.Fatal(err)
	}
	list, err := st.List(jobs.ListQuery{Limit: 10})
	got := heads(list)
	if err != nil || got != "1654320" || list.Jobs[0].Status != jobs.Queued {
		t.Fatalf("after rerunning job 1: %q, %v", got, err)
	}
}

func checkListErrors(t *testing.T, st jobs.Store) {
	for _, tc := range []struct {
		q     jobs.ListQuery
		field string
	}{
		{jobs.ListQuery{Limit: 0}, "limit"},
		{jobs.ListQuery{Limit: jobs.MaxList + 1}, "limit"},
		{jobs.ListQuery{Limit: 1, Status: "sleeping"}, "status"},
		{jobs.ListQuery{Limit: 1, After: "x"}, "after"},
		{jobs.ListQuery{Limit: 1, After: strings.Repeat("g", jobs.CursorLen)}, "after"},
	} {
		if _, err := st.List(tc.q); spec.FieldOf(err) != tc.field {
			t.Errorf("List(%+v): %v, want an error naming %q", tc.q, err, tc.field)
		}
	}
}
