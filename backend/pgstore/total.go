package pgstore

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// totalSlots is the number of rows of topomap_bytes. A transaction adds
// what its statements change to the row of its connection's backend
// (pg_backend_pid() modulo totalSlots), so that writers on different
// connections seldom wait for one another's commit on one row, and the
// total is the sum of totalSlots rows whatever the number of records.
const totalSlots = 16

// totalSchema keeps the running total of the bytes column of topomap_jobs
// and topomap_graphs in topomap_bytes: statement-level triggers (one
// update per statement however many rows it writes, as the sweep's bulk
// deletes) add what each INSERT, UPDATE or DELETE changed, in the
// writer's transaction, so the total is exact under any number of
// replicas (a row's update waits for the previous writer's commit and
// adds to its value) and whatever the version that writes (the triggers
// are the database's). The triggers and the first total are made in one
// transaction that holds both tables against writers, the total summed
// from the rows there: a database of a version before the total has it
// filled at its first start.
var totalSchema = `
CREATE TABLE IF NOT EXISTS topomap_bytes (slot int PRIMARY KEY, bytes bigint NOT NULL);
CREATE OR REPLACE FUNCTION topomap_count_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT coalesce(sum(bytes), 0) INTO d FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT -coalesce(sum(bytes), 0) INTO d FROM old_rows;
	ELSE
		SELECT coalesce((SELECT sum(bytes) FROM new_rows), 0) - coalesce((SELECT sum(bytes) FROM old_rows), 0) INTO d;
	END IF;
	IF d <> 0 THEN
		UPDATE topomap_bytes SET bytes = bytes + d WHERE slot = pg_backend_pid() % ` + fmt.Sprint(totalSlots) + `;
	END IF;
	RETURN NULL;
END $$;
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'topomap_jobs_bytes_insert') THEN
		LOCK TABLE topomap_jobs, topomap_graphs IN SHARE ROW EXCLUSIVE MODE;
		` + countTriggers("topomap_jobs") + countTriggers("topomap_graphs") + `
		DELETE FROM topomap_bytes;
		INSERT INTO topomap_bytes SELECT s, 0 FROM generate_series(1, ` + fmt.Sprint(totalSlots-1) + `) s;
		INSERT INTO topomap_bytes VALUES (0, (SELECT coalesce(sum(bytes), 0) FROM topomap_jobs) + (SELECT coalesce(sum(bytes), 0) FROM topomap_graphs));
	END IF;
END $$;
`

// countTriggers creates the triggers that count the bytes of table.
func countTriggers(table string) string {
	var b strings.Builder
	for _, t := range []struct{ op, ref string }{
		{"INSERT", "NEW TABLE AS new_rows"},
		{"UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"},
		{"DELETE", "OLD TABLE AS old_rows"},
	} {
		fmt.Fprintf(&b, "CREATE TRIGGER %s_bytes_%s AFTER %s ON %s REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION topomap_count_bytes();\n\t\t",
			table, strings.ToLower(t.op), t.op, table, t.ref)
	}
	return b.String()
}

// totalBytes is the bytes of every job and graph stored: the running
// total, totalSlots rows read.
func totalBytes(ctx context.Context, q querier) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, "SELECT coalesce(sum(bytes), 0) FROM topomap_bytes").Scan(&total)
	return total, err
}

// recountEvery is how often a replica that sweeps checks the running
// total against the rows (recountDue).
const recountEvery = time.Hour

// driftSQL is what the rows hold beyond the running total, read in one
// statement, so in one snapshot: the triggers change the total in the
// writers' transactions, so it is 0 unless rows were written while they
// were off (ALTER TABLE … DISABLE TRIGGER, a restore with
// session_replication_role = replica, pg_restore --disable-triggers).
const driftSQL = `SELECT (SELECT coalesce(sum(bytes), 0) FROM topomap_jobs)
	+ (SELECT coalesce(sum(bytes), 0) FROM topomap_graphs)
	- (SELECT coalesce(sum(bytes), 0) FROM topomap_bytes)`

// Recount checks the running total of the records' bytes against the
// rows and corrects it by the drift it finds, which it returns (0: the
// total was exact). It locks nothing but a row of the total, and reads
// every row's size: the cost of a scan of both tables. A writer that
// commits meanwhile adds its own change to the total, which the drift
// read in the snapshot before it does not hold, so the correction stays
// exact under writers.
func (db *DB) Recount(ctx context.Context) (int64, error) {
	var drift int64
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, driftSQL).Scan(&drift); err != nil || drift == 0 {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE topomap_bytes SET bytes = bytes + $1 WHERE slot = 0", drift)
		return err
	})
	return drift, err
}

// recounter runs Recount at most once every recountEvery.
type recounter struct {
	mu   sync.Mutex
	last time.Time
}

// recountDue recounts db's total (Recount) at time now unless it did less
// than recountEvery before, and logs a drift it corrected: the sweep's
// trim by size reads the total, and a total above the rows would remove
// records the bound does not ask to.
func (c *recounter) recountDue(ctx context.Context, db *DB, now time.Time, log *slog.Logger) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.last.IsZero() && now.Sub(c.last) < recountEvery {
		return nil
	}
	drift, err := db.Recount(ctx)
	if err != nil {
		return err
	}
	c.last = now
	if drift != 0 {
		log.Warn("store: the running total of the stored bytes was off (rows written while its triggers were disabled?): corrected from the rows", "drift", drift)
	}
	return nil
}
