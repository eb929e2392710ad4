package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
)

// TestCancellingAJobWaitingForARetryRecordsItCancelledAtOnce: a job whose
// replica died reads running while River's rescued job waits for its
// retry, which no worker holds; a cancel then ends the River job, and
// nobody else would record the row but the leader's next sweep, a minute
// later. Cancel records it and answers cancelled. Before, Cancel waited
// until its context ended and answered running.
func TestCancellingAJobWaitingForARetryRecordsItCancelledAtOnce(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	svc := openService(t, db, jobs.Options{Workers: 1})
	conn := connect(t, url)
	awaitSweep(t, conn) // the next is a minute away
	id, at := repeat('r'), time.Now().UTC()
	if err := db.Put(jobs.Job{ID: id, Status: jobs.Running, Created: at, Started: at}); err != nil {
		t.Fatal(err)
	}
	var rid int64
	if err := conn.QueryRow(context.Background(), `INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, attempted_at, scheduled_at)
		VALUES (jsonb_build_object('id', $1::text), 'topomap_run', 3, 'topomap', 'retryable', 1, now(), now() + interval '1 hour') RETURNING id`, id).Scan(&rid); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), "UPDATE topomap_jobs SET river_id = $2, token_hash = sha256('T'::bytea) WHERE id = $1", id, rid); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second) // a hang
	defer cancel()
	j, err := svc.Cancel(ctx, id, "T")
	if err != nil || j.Status != jobs.Cancelled || j.Finished.IsZero() {
		t.Fatalf("Cancel: %s, finished %v, %v; want cancelled", j.Status, j.Finished, err)
	}
	if got, err := db.Get(id); err != nil || got.Status != jobs.Cancelled {
		t.Fatalf("stored: %s, %v; want cancelled", got.Status, err)
	}
}

// awaitSweep waits until the leader's start-up sweep has run; 20 s is a
// hang.
func awaitSweep(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		err := conn.QueryRow(context.Background(), "SELECT count(*) FROM river_job WHERE kind = 'topomap_sweep' AND state = 'completed'").Scan(&n)
		if err == nil && n > 0 {
			return
		}
		if err != nil || time.Now().After(deadline) {
			t.Fatalf("no sweep ran within 20 s (%v)", err)
		}
	}
}
