package pgstore

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/store"
)

// rowsRead is the rows of the jobs and graphs tables that tx has read so
// far, by sequential scans and by index (Postgres's counters of the
// current transaction).
func rowsRead(t *testing.T, tx pgx.Tx) int64 {
	t.Helper()
	var n int64
	if err := tx.QueryRow(context.Background(), `SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)
		FROM pg_stat_xact_user_tables WHERE relname IN ('topomap_jobs', 'topomap_graphs')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestASweepReadsWhatItRemovesNotWhatIsStored: the retention reads the
// running total of the stored bytes and the oldest finished job by
// index, so a sweep with nothing to remove reads no job, and one that
// removes a few jobs over the bound reads at most a batch of
// candidates, however many jobs are stored. Before, each sweep summed
// the bytes of every job under a lock on the tables (1.4 s a minute at
// 200,000 jobs, every replica's writes waiting).
func TestASweepReadsWhatItRemovesNotWhatIsStored(t *testing.T) {
	const size = 100 // bytes of each job
	for _, n := range []int{4000, 16000} {
		db := openTestDB(t)
		if _, err := db.pool.Exec(context.Background(), `INSERT INTO topomap_jobs (id, status, created_ns, record, bytes, last_used, graph_ref, machine_ref)
			SELECT lpad(k::text, 64, '0'), 'done', k, '\x7b7d'::bytea, $2, now() - k * interval '1 second', '', ''
			FROM generate_series(1, $1) k`, n, size); err != nil {
			t.Fatal(err)
		}
		if _, err := db.pool.Exec(context.Background(), "ANALYZE topomap_jobs"); err != nil { // as autovacuum does after such an insert
			t.Fatal(err)
		}
		stored := int64(n * size)
		for _, c := range []struct {
			name          string
			r             store.Retention
			removed, read int64
		}{
			{"under the bound, nothing expired", store.Retention{MaxBytes: stored, MaxAge: 365 * 24 * time.Hour}, 0, 0},
			{"10 jobs over the bound", store.Retention{MaxBytes: stored - 10*size}, 10, trimBatch + 10},
		} {
			t.Run(fmt.Sprintf("%s of %d jobs", c.name, n), func(t *testing.T) {
				tx, err := db.pool.Begin(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				defer tx.Rollback(context.Background())
				removed, err := sweep(context.Background(), tx, c.r, time.Now())
				read := rowsRead(t, tx)
				t.Logf("removed %d reading %d rows", removed, read)
				if err != nil || removed != c.removed || read > c.read {
					t.Errorf("removed %d, %v, reading %d rows; want %d removed reading %d at most", removed, err, read, c.removed, c.read)
				}
			})
		}
	}
}
