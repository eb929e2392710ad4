package pgstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/store"
)

// realBytes is the sum of the bytes of every job and graph row, read
// from the rows themselves.
func realBytes(t *testing.T, conn *pgx.Conn) int64 {
	t.Helper()
	var n int64
	if err := conn.QueryRow(context.Background(), `SELECT (SELECT coalesce(sum(bytes), 0) FROM topomap_jobs)
		+ (SELECT coalesce(sum(bytes), 0) FROM topomap_graphs)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkTotal fails unless the running total (Stats) equals realBytes.
func checkTotal(t *testing.T, when string, db *pgstore.DB, conn *pgx.Conn) int64 {
	t.Helper()
	got, want := db.Stats().DataBytes, realBytes(t, conn)
	if got != want {
		t.Errorf("%s: the running total is %d bytes, the rows hold %d", when, got, want)
	}
	return want
}

// writeJobs writes n jobs of prefix through db as a worker would: queued,
// running with progress, then done with a placement of k+1 nodes, or
// failed; and one graph of its own.
func writeJobs(t *testing.T, db *pgstore.DB, prefix byte, n int) {
	at := time.Now().UTC()
	for k := range n {
		j := jobs.Job{ID: fmt.Sprintf("%c%063d", prefix, k), Status: jobs.Queued, Created: at,
			Request: jobs.Request{Guest: fmt.Sprintf("ring:%d", k+2), Host: "ring:2", Algo: "block"}}
		if err := db.Put(j); err != nil {
			t.Error(err)
			return
		}
		j.Status, j.Started = jobs.Running, at
		for p := range 3 {
			j.Progress = jobs.Progress{Fraction: float64(p) / 3, Evaluated: int64(p) * 100_000 * int64(k)}
			if err := db.Put(j); err != nil {
				t.Error(err)
				return
			}
		}
		j.Finished = at
		if k%3 == 0 {
			j.Status, j.Error = jobs.Failed, "failed on purpose"
			if err := db.Put(j); err != nil {
				t.Error(err)
			}
			continue
		}
		j.Status = jobs.Done
		if err := db.Finish(j, make([]int, k+1)); err != nil {
			t.Error(err)
		}
	}
	if _, err := db.PutGraph(ring(t, 10+int(prefix), string(prefix)), 0); err != nil {
		t.Error(err)
	}
}

// TestTheRunningTotalOfStoredBytesIsExact: the total of the records'
// bytes that the retention reads (rather than summing every row) equals
// the rows' sum after two store instances on one database wrote jobs,
// progress, placements and graphs at once, after rows were deleted, and
// after sweeps by size and by age.
func TestTheRunningTotalOfStoredBytesIsExact(t *testing.T) {
	url := pgtest.Database(t)
	dbs := []*pgstore.DB{openDBAt(t, url), openDBAt(t, url)}
	conn := connect(t, url)
	var wg sync.WaitGroup
	for i, db := range dbs {
		for w := range 2 {
			wg.Go(func() { writeJobs(t, db, byte('a'+2*i+w), 40) })
		}
	}
	wg.Wait()
	total := checkTotal(t, "after concurrent writers", dbs[0], conn)
	if total == 0 {
		t.Fatal("nothing written")
	}
	if _, err := conn.Exec(context.Background(), "DELETE FROM topomap_jobs WHERE id LIKE 'a%'"); err != nil {
		t.Fatal(err)
	}
	checkTotal(t, "after a delete", dbs[1], conn)
	bound := total / 2
	if _, err := dbs[0].Sweep(context.Background(), store.Retention{MaxBytes: bound}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got := checkTotal(t, "after a sweep by size", dbs[0], conn); got > bound {
		t.Errorf("after a sweep to %d bytes: %d", bound, got)
	}
	if _, err := dbs[1].Sweep(context.Background(), store.Retention{MaxAge: time.Hour}, time.Now().Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := checkTotal(t, "after a sweep by age", dbs[1], conn); got != 0 {
		t.Errorf("after everything expired: %d bytes stored, want none", got)
	}
}

// TestADatabaseOfAVersionBeforeTheTotalHasItFilledAtStart: a database
// that a version without the running total wrote (no table, no
// triggers) gets its total from its rows at the next start, and counts
// on from there.
func TestADatabaseOfAVersionBeforeTheTotalHasItFilledAtStart(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	conn := connect(t, url)
	writeJobs(t, db, 'a', 5)
	if _, err := conn.Exec(context.Background(), "DROP FUNCTION topomap_count_bytes() CASCADE; DROP TABLE topomap_bytes"); err != nil {
		t.Fatal(err)
	}
	writeJobs(t, db, 'b', 5) // as the older version writes
	db = openDBAt(t, url)
	if checkTotal(t, "after the start", db, conn) == 0 {
		t.Fatal("nothing written")
	}
	writeJobs(t, db, 'c', 5)
	checkTotal(t, "after more writes", db, conn)
}

// TestARunningTotalOffByRowsWrittenWithoutItsTriggersIsRecounted: rows
// deleted and written while the tables' triggers were off (as a restore
// with them disabled does) leave the running total off; Recount finds
// the drift from the rows, corrects it, and finds none the next time.
func TestARunningTotalOffByRowsWrittenWithoutItsTriggersIsRecounted(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	conn := connect(t, url)
	ctx := context.Background()
	writeJobs(t, db, 'a', 10)
	before := checkTotal(t, "before", db, conn)
	for _, q := range []string{"ALTER TABLE topomap_jobs DISABLE TRIGGER USER", "DELETE FROM topomap_jobs WHERE id LIKE 'a%1'",
		"ALTER TABLE topomap_jobs ENABLE TRIGGER USER"} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	off := realBytes(t, conn) - db.Stats().DataBytes
	if off >= 0 || db.Stats().DataBytes != before {
		t.Fatalf("the rows hold %d bytes beyond the total, want fewer", off)
	}
	writeJobs(t, db, 'b', 3) // counted as ever
	drift, err := db.Recount(ctx)
	if err != nil || drift != off {
		t.Fatalf("Recount: drift %d (%v), want %d", drift, err, off)
	}
	checkTotal(t, "after the recount", db, conn)
	if drift, err := db.Recount(ctx); err != nil || drift != 0 {
		t.Errorf("a second Recount: drift %d (%v), want 0", drift, err)
	}
}
