package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore/pgtest"
)

// TestTheSweepRunsWhileEveryWorkerIsBusyWithAQueueBehind: the leader's
// sweep (the retention, and the recording of jobs whose replica died)
// has a queue of its own: with the only worker running a job and more
// queued, it still records an orphaned job. Before, it was queued behind
// every job waiting, so a busy cluster put off both for as long as its
// backlog lasted.
func TestTheSweepRunsWhileEveryWorkerIsBusyWithAQueueBehind(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	conn := connect(t, url)
	at := time.Now().UTC()
	for _, c := range []byte("uvw") { // queued before the service starts, so before its first sweep
		j := jobs.Job{ID: repeat(c), Status: jobs.Queued, Created: at,
			Request: jobs.Request{Guest: "grid:2x2", Host: "mesh:2x2", Algo: jobstest.Block}}
		insertRun(t, conn, db, j, "available")
	}
	orphan := jobs.Job{ID: repeat('x'), Status: jobs.Running, Created: at, Started: at}
	insertRun(t, conn, db, orphan, "discarded")
	release := make(chan struct{})
	svc := openService(t, db, jobs.Options{Workers: 1, Solver: jobstest.Solver(release)})
	t.Cleanup(func() { close(release) }) // before the service closes
	waitRunning(t, svc, repeat('u'))
	awaitStatus(t, db, orphan.ID, jobs.Interrupted)
	if j, err := db.Get(repeat('u')); err != nil || j.Status != jobs.Running {
		t.Fatalf("the blocking job: %s, %v; want still running", j.Status, err)
	}
}

// insertRun writes j's row and a River run of it in state.
func insertRun(t *testing.T, conn *pgx.Conn, db jobs.Store, j jobs.Job, state string) {
	t.Helper()
	if err := db.Put(j); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), `WITH r AS (INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, finalized_at)
		VALUES (jsonb_build_object('id', $1::text), 'topomap_run', 3, 'topomap', $2::river_job_state, 0, CASE WHEN $2 = 'available' THEN NULL ELSE now() END) RETURNING id)
		UPDATE topomap_jobs SET river_id = (SELECT id FROM r) WHERE id = $1`, j.ID, state); err != nil {
		t.Fatal(err)
	}
}

// TestAStartRemovesTheSweepsOlderVersionsLeftInTheJobsQueue: versions
// before the sweep's own queue enqueued it in the jobs' queue, where it
// waits behind every queued job (one a minute while a backlog lasts). A
// start deletes those still waiting, and leaves the jobs and the sweeps
// of the sweep's queue.
func TestAStartRemovesTheSweepsOlderVersionsLeftInTheJobsQueue(t *testing.T) {
	url := pgtest.Database(t)
	openDBAt(t, url)
	conn := connect(t, url)
	for _, r := range []struct{ kind, queue, state string }{
		{"topomap_sweep", "topomap", "available"}, // as an older leader's periodic enqueuer inserts it
		{"topomap_sweep", "topomap", "retryable"},
		{"topomap_sweep", "topomap_sweep", "available"},
		{"topomap_run", "topomap", "available"},
	} {
		if _, err := conn.Exec(context.Background(), `INSERT INTO river_job (args, kind, max_attempts, queue, state)
			VALUES ('{}', $1, 25, $2, $3::river_job_state)`, r.kind, r.queue, r.state); err != nil {
			t.Fatal(err)
		}
	}
	openDBAt(t, url) // a replica's start
	var left string
	if err := conn.QueryRow(context.Background(), `SELECT string_agg(kind || ' in ' || queue, ', ' ORDER BY id) FROM river_job`).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if want := "topomap_sweep in topomap_sweep, topomap_run in topomap"; left != want {
		t.Errorf("River's jobs after a start: %s; want %s", left, want)
	}
}
