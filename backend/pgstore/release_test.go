package pgstore_test

import (
	"context"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
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
