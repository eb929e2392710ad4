package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
)

// runningOn writes job id running, claimed by the replica whose advisory
// lock is runner, with its River run running (attempted by a client that
// is gone) and the cancel token "T".
func runningOn(t *testing.T, conn *pgx.Conn, db *pgstore.DB, id string, runner int64) {
	t.Helper()
	at := time.Now().UTC()
	if err := db.Put(jobs.Job{ID: id, Status: jobs.Running, Created: at, Started: at}); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), `WITH r AS (INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, attempted_at, attempted_by)
		VALUES (jsonb_build_object('id', $1::text), 'topomap_run', 3, 'topomap', 'running', 1, now(), '{gone}') RETURNING id)
		UPDATE topomap_jobs SET river_id = (SELECT id FROM r), token_hash = sha256('T'::bytea), runner = $2, attempt = 1 WHERE id = $1`, id, runner); err != nil {
		t.Fatal(err)
	}
}

// TestCancellingAJobWhoseReplicaIsDeadRecordsItCancelledAtOnce: the
// replica that claimed a running job holds an advisory lock on its
// listener's connection for as long as it lives; a cancel that finds the
// lock free (its process died, and Postgres closed its session) records
// the job cancelled at once, and River's run is marked so that the
// rescuer cancels it rather than retry it. A runner whose lock is held
// is alive: the cancel waits for its worker, as before. Before, a job
// whose replica died answered running until River's rescue (the job's
// time limit plus 2 s, then up to 30 s) and the leader's next sweep.
func TestCancellingAJobWhoseReplicaIsDeadRecordsItCancelledAtOnce(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	svc := openService(t, db, jobs.Options{Workers: 1})
	conn := connect(t, url)
	awaitSweep(t, conn) // the next is a minute away
	const live, dead = 4242, 4343
	if _, err := conn.Exec(context.Background(), "SELECT pg_advisory_lock($1)", live); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id     byte
		runner int64
		want   jobs.Status
	}{{'d', dead, jobs.Cancelled}, {'l', live, jobs.Running}} {
		id := repeat(c.id)
		runningOn(t, conn, db, id, c.runner)
		// A hang bound for the dead runner; for the live one, no worker
		// records it whatever the wait: Cancel answers it running at ctx's end.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		j, err := svc.Cancel(ctx, id, "T")
		cancel()
		if err != nil || j.Status != c.want || j.Status.Final() == j.Finished.IsZero() {
			t.Errorf("Cancel of a job whose runner holds lock %d: %s, finished %v, %v; want %s", c.runner, j.Status, j.Finished, err, c.want)
		}
		var attempted bool
		if err := conn.QueryRow(context.Background(), `SELECT r.metadata ? 'cancel_attempted_at' FROM river_job r JOIN topomap_jobs j ON r.id = j.river_id
			WHERE j.id = $1`, id).Scan(&attempted); err != nil || !attempted {
			t.Errorf("job %s: River's run not marked for cancelling (%v)", id, err)
		}
	}
}
