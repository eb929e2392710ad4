package pgstore_test

import (
	"fmt"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore/pgtest"
)

// TestAJobKeepsTheTimeLimitOfTheReplicaThatAcceptedIt: replicas given
// different --job-timeout (against the README's advice) run each job
// under the limit of the replica that accepted it: jobs accepted by one
// of a minute, whose runs last over a second, finish on a replica of a
// limit of 300 ms too (they failed there, "this server's time limit of
// 300ms", naming a limit the user was never told).
func TestAJobKeepsTheTimeLimitOfTheReplicaThatAcceptedIt(t *testing.T) {
	url := pgtest.Database(t)
	release := make(chan struct{})
	long, short := newRuns(), newRuns()
	accepting := startReplicasOn(t, url, 1, jobs.Options{Workers: 1, MaxTime: time.Minute}, long, release)[0]
	startReplicasOn(t, url, 1, jobs.Options{Workers: 1, MaxTime: 300 * time.Millisecond}, short, release)
	var ids []string
	for k := range 6 {
		j, _ := submit(t, accepting, fmt.Sprintf("grid:2x%d", k+2), fmt.Sprintf("mesh:2x%d", k+2), jobstest.Block)
		ids = append(ids, j.ID)
	}
	time.AfterFunc(1500*time.Millisecond, func() { close(release) })
	for _, id := range ids {
		if final := jobstest.Follow(t, accepting.svc, id); final.Status != jobs.Done {
			t.Errorf("job %s: %s, %s", id, final.Status, final.Error)
		}
	}
	short.mu.Lock()
	defer short.mu.Unlock()
	if len(short.byJob) == 0 {
		t.Error("the replica of the short limit ran no job: the test showed nothing")
	}
}
