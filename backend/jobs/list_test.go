package jobs_test

import (
	"fmt"
	"testing"
	"time"

	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
)

// TestListingReadsAtMostMaxListScan: a filter that matches none of many
// jobs stops after MaxListScan of them with a cursor to go on from, and
// the next page starts after that cursor.
func TestListingReadsAtMostMaxListScan(t *testing.T) {
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	feed := func(q jobs.ListQuery) (jobs.JobList, int) {
		p, loaded := jobs.NewPage(q), 0
		for i := 2 * jobs.MaxListScan; i > 0; i-- { // newest first
			j := jobs.Job{ID: fmt.Sprintf("%020x", i), Status: jobs.Done, Created: at.Add(time.Duration(i))}
			if i == 1 {
				j.Status = jobs.Failed
			}
			c := jobs.Cursor(j)
			if q.After != "" && c >= q.After {
				continue
			}
			if !p.Add(c, j.Status, func() (jobs.Job, bool) { loaded++; return j, true }) {
				break
			}
		}
		return p.List(), loaded
	}
	q := jobs.ListQuery{Status: jobs.Failed, Limit: 10}
	for page, want := range []struct {
		jobs int
		next bool
	}{{0, true}, {1, false}} {
		list, loaded := feed(q)
		if len(list.Jobs) != want.jobs || (list.Next != "") != want.next || loaded != want.jobs {
			t.Fatalf("page %d: %d jobs (%d loaded), next %q; want %d, next %v", page, len(list.Jobs), loaded, list.Next, want.jobs, want.next)
		}
		q.After = list.Next
	}
}

// TestListingShowsLiveProgress: the runner's listing holds a running job
// with its live progress (the store has it as it started), next to the
// finished ones, newest first.
func TestListingShowsLiveProgress(t *testing.T) {
	r, _, release := newRunner(t, jobs.Options{ProgressEvery: time.Millisecond})
	done, _, err := r.Submit(instance(t, "hypercube:4", "ring:16", "xor"))
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, r, done.ID)
	running, _, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	if err != nil {
		t.Fatal(err)
	}
	defer close(release)
	for range 3000 {
		if j := waitStatus(t, r, running.ID, jobs.Running); j.Progress.Evaluated > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	list, err := r.List(jobs.ListQuery{Limit: 10})
	if err != nil || len(list.Jobs) != 2 {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if j := list.Jobs[0]; j.ID != running.ID || j.Status != jobs.Running || j.Progress.Evaluated == 0 {
		t.Errorf("first listed %s %s, evaluated %d; want the running job with its progress", j.ID, j.Status, j.Progress.Evaluated)
	}
	if j := list.Jobs[1]; j.ID != done.ID || j.Status != jobs.Done {
		t.Errorf("second listed %s %s; want the done job", j.ID, j.Status)
	}
	if _, err := r.List(jobs.ListQuery{Limit: 1, Status: "asleep"}); spec.FieldOf(err) != "status" {
		t.Errorf("List of an unknown status: %v", err)
	}
}
