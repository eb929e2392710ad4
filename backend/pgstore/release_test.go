package pgstore_test

import (
	"context"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/store"
)

func TestAStoppingReplicaReleasesItsRunningJobToAnother(t *testing.T) {
	c := newRuns()
	release := make(chan struct{})
	rs := startReplicas(t, 2, jobs.Options{Workers: 1}, c, release)
	j, _ := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	waitRunning(t, rs[0].svc, j.ID)
	first := c.runner(j.ID)
	if err := rs[first].svc.Close(context.Background()); err != nil { // what SIGTERM does
		t.Fatal(err)
	}
	other := rs[1-first].svc
	deadline := time.Now().Add(60 * time.Second)
	for {
		c.mu.Lock()
		moved, runs := c.where[j.ID] != first, c.byJob[j.ID]
		c.mu.Unlock()
		if moved && runs == 2 {
			break
		}
		if got, _ := other.Get(j.ID); got.Status.Final() {
			t.Fatalf("the released job ended %s (%s), want it run again", got.Status, got.Error)
		}
		if time.Now().After(deadline) {
			t.Fatal("the released job did not run on the other replica within 60 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	close(release)
	if final := jobstest.Follow(t, other, j.ID); final.Status != jobs.Done {
		t.Fatalf("released job %+v, want done", final)
	}
}

func TestRetentionRemovesOldFinishedJobsAndTheirPlacementsAndKeepsLiveOnes(t *testing.T) {
	db := openDB(t)
	at := time.Now().UTC()
	id := repeat
	if err := db.Finish(jobs.Job{ID: id('a'), Status: jobs.Done, Created: at}, []int{0}); err != nil {
		t.Fatal(err)
	}
	for _, j := range []jobs.Job{
		{ID: id('b'), Status: jobs.Failed, Created: at},
		{ID: id('c'), Status: jobs.Queued, Created: at},
		{ID: id('d'), Status: jobs.Running, Created: at},
	} {
		if err := db.Put(j); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := db.Sweep(context.Background(), store.Retention{MaxAge: time.Hour}, at.Add(30*time.Minute))
	if err != nil || removed != 0 {
		t.Fatalf("sweep within the age removed %d, %v", removed, err)
	}
	removed, err = db.Sweep(context.Background(), store.Retention{MaxAge: time.Hour}, at.Add(2*time.Hour))
	if err != nil || removed != 2 {
		t.Fatalf("sweep after the age removed %d, %v; want the done and the failed job", removed, err)
	}
	for c, kept := range map[byte]bool{'a': false, 'b': false, 'c': true, 'd': true} {
		if _, err := db.Get(id(c)); (err == nil) != kept {
			t.Errorf("job %c: %v, kept %v wanted", c, err, kept)
		}
	}
	if _, err := db.Placement(id('a')); err == nil {
		t.Error("the removed job's placement is still there")
	}
}

func repeat(c byte) string {
	b := make([]byte, jobs.IDLen)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// TestAJobOutlivesMoreStopsOfItsReplicasThanItsAttempts: replicas stopped
// one after another as SIGTERM stops serve (the context their service
// started with ends, then Close), a rolling restart, release a running
// job each time, and it finishes on the last; a stop uses up none of its
// MaxAttempts. Before, the ended context stopped River at once: each
// release failed an attempt (and waited River's backoff, 16 s after the
// second), and the third stop recorded the job interrupted.
func TestAJobOutlivesMoreStopsOfItsReplicasThanItsAttempts(t *testing.T) {
	url := pgtest.Database(t)
	c := newRuns()
	release := make(chan struct{})
	var svcs []*pgstore.Service
	var stops []context.CancelFunc
	for i := range pgstore.MaxAttempts + 1 {
		ctx, stop := context.WithCancel(context.Background())
		svc, err := pgstore.New(ctx, openDBAt(t, url), jobs.Options{Workers: 1, Solver: c.solver(i, release), Logger: quiet}, store.Retention{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { svc.Close(context.Background()) })
		svcs, stops = append(svcs, svc), append(stops, stop)
	}
	t.Cleanup(func() { close(release) }) // before the services close
	in, err := jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: jobstest.Block}.Instance()
	if err != nil {
		t.Fatal(err)
	}
	j, _, err := svcs[0].Submit(in)
	if err != nil {
		t.Fatal(err)
	}
	for runs := 1; runs <= pgstore.MaxAttempts; runs++ {
		r := awaitRun(t, c, j.ID, runs)
		stops[r]() // what SIGTERM does to serve's context, then serve closes the service
		if err := svcs[r].Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	last := awaitRun(t, c, j.ID, pgstore.MaxAttempts+1)
	if got, err := svcs[last].Get(j.ID); err != nil || got.Status != jobs.Running {
		t.Fatalf("the job after %d stops: %s (%s), %v; want running", pgstore.MaxAttempts, got.Status, got.Error, err)
	}
}

// awaitRun waits until a job has been run n times and returns the replica
// of the last run; 60 s is a hang.
func awaitRun(t *testing.T, c *runs, id string, n int) int {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c.mu.Lock()
		runs, where := c.byJob[id], c.where[id]
		c.mu.Unlock()
		if runs >= n {
			return where
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s ran %d times within 60 s, want %d", id, runs, n)
		}
	}
}
