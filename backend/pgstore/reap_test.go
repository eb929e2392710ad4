package pgstore_test

import (
	"context"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
)

// TestJobsWhoseServerDiedAndWhoseRunRiverEndedAreRecordedFinal: a job
// whose replica died while running it stays running until River's
// rescuer ends its River job; cancelled then (a cancel was asked
// meanwhile) or discarded (its last attempt), no worker records it, and
// the leader's sweep does (also when the replica starts): cancelled,
// or interrupted. Before, such a job stayed running for ever and a
// resubmit answered it.
func TestJobsWhoseServerDiedAndWhoseRunRiverEndedAreRecordedFinal(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	conn := connect(t, url)
	at := time.Now().UTC()
	cases := []struct {
		id        byte
		river     string
		cancelled bool
		want      jobs.Status
	}{{'a', "cancelled", true, jobs.Cancelled}, {'b', "discarded", false, jobs.Interrupted}, {'c', "running", true, jobs.Running}}
	for _, c := range cases {
		id := repeat(c.id)
		if err := db.Put(jobs.Job{ID: id, Status: jobs.Running, Created: at, Started: at}); err != nil {
			t.Fatal(err)
		}
		var rid int64
		if err := conn.QueryRow(context.Background(), `INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, attempted_at, finalized_at)
			VALUES ('{}', 'topomap_run', 3, 'topomap', $1::river_job_state, 1, now(), CASE WHEN $1 = 'running' THEN NULL ELSE now() END) RETURNING id`, c.river).Scan(&rid); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(context.Background(), "UPDATE topomap_jobs SET river_id = $2, cancel_requested = $3 WHERE id = $1", id, rid, c.cancelled); err != nil {
			t.Fatal(err)
		}
	}
	openService(t, db, jobs.Options{Workers: 1}) // its sweep runs on start
	for _, c := range cases {
		awaitStatus(t, db, repeat(c.id), c.want)
	}
}

// awaitStatus waits until job id reads want (a final one with its finish
// time); 20 s is a hang.
func awaitStatus(t *testing.T, db jobs.Store, id string, want jobs.Status) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		j, err := db.Get(id)
		if err == nil && j.Status == want && (!want.Final() || !j.Finished.IsZero()) {
			return
		}
		if err != nil || time.Now().After(deadline) {
			t.Fatalf("job %s: %s, finished %v, %v; want %s", id, j.Status, j.Finished, err, want)
		}
	}
}
