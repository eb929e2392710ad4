package pgstore

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// sweepEvery is how often the leader sweeps (sweepWorker).
const sweepEvery = time.Minute

// sweepArgs is River's periodic job that applies the retention.
type sweepArgs struct{}

func (sweepArgs) Kind() string { return "topomap_sweep" }

// oldSweepsSQL deletes the sweeps ($1, the kind) waiting in the jobs'
// queue ($2), where versions before sweepQueue enqueued them: there they
// waited behind every queued job, one a minute while a backlog lasted,
// and then ran back to back, each under a lock on the tables. The sweep
// of sweepQueue does their work; a running one is left to its worker.
const oldSweepsSQL = `DELETE FROM river_job WHERE kind = $1 AND queue = $2
	AND state IN ('available', 'scheduled', 'retryable', 'pending')`

// sweepWorker records the orphaned jobs (reap), checks the running total
// of the records' bytes once an hour (recountDue), then applies the
// retention.
type sweepWorker struct {
	river.WorkerDefaults[sweepArgs]
	db      *DB
	r       store.Retention
	log     *slog.Logger
	recount recounter
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[sweepArgs]) error {
	reaped, err := w.db.reap(ctx)
	if err != nil {
		return err
	}
	if len(reaped) > 0 {
		w.log.Info("jobs: recorded jobs whose server stopped and whose run River ended", "count", len(reaped), "ids", reaped)
	}
	if err := w.recount.recountDue(ctx, w.db, time.Now(), w.log); err != nil {
		return err
	}
	if w.r == (store.Retention{}) {
		return nil
	}
	removed, err := w.db.Sweep(ctx, w.r, time.Now())
	if err != nil {
		return err
	}
	if removed > 0 {
		w.log.Info("store: expired finished jobs and graphs", "count", removed, "maxAge", w.r.MaxAge, "maxBytes", w.r.MaxBytes)
	}
	return nil
}

// Sweep applies the retention r at time now in one transaction, as the
// bbolt store's Sweep does: it removes the finished jobs and the graphs
// unused for longer than r.MaxAge, then, while the records exceed
// r.MaxBytes, the least recently used finished jobs and after them the
// least recently used graphs. Queued and running jobs stay, and so does
// a graph or machine while a job that stays maps it (graph:ID,
// machine:ID). It returns how many records it removed.
//
// Its cost is what it removes, not what is stored: it reads the running
// total of the records' bytes (topomap_bytes) and the oldest finished job
// and graph by index, and locks the tables against writers (so that no
// job names a graph it removes) only when there is something to remove.
func (db *DB) Sweep(ctx context.Context, r store.Retention, now time.Time) (int64, error) {
	var removed int64
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) (err error) {
		removed, err = sweep(ctx, tx, r, now)
		return err
	})
	return removed, err
}

// sweep is Sweep within tx.
func sweep(ctx context.Context, tx pgx.Tx, r store.Retention, now time.Time) (int64, error) {
	var cut *time.Time // nil: no age bound
	if r.MaxAge > 0 {
		c := now.Add(-r.MaxAge)
		cut = &c
	}
	var due bool
	if err := tx.QueryRow(ctx, sweepDueSQL, r.MaxBytes, cut).Scan(&due); err != nil || !due {
		return 0, err
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE topomap_jobs, topomap_graphs IN SHARE ROW EXCLUSIVE MODE"); err != nil {
		return 0, err
	}
	var removed int64
	if cut != nil {
		for _, q := range []string{
			"DELETE FROM topomap_jobs WHERE " + finished + " AND last_used < $1",
			"DELETE FROM topomap_graphs WHERE last_used < $1 AND " + unnamed,
		} {
			tag, err := tx.Exec(ctx, q, *cut)
			if err != nil {
				return 0, err
			}
			removed += tag.RowsAffected()
		}
	}
	if r.MaxBytes <= 0 {
		return removed, nil
	}
	n, err := trimToSize(ctx, tx, r.MaxBytes)
	return removed + n, err
}

// finished selects the jobs a sweep may remove.
const finished = "status IN ('done', 'failed', 'cancelled', 'interrupted')"

// unnamed holds for a row of topomap_graphs that no job names (a guest
// graph:ID, a host machine:ID), by the columns graph_ref and machine_ref
// (indexed: one probe per graph, not a scan of every job), and by the
// records of the rows a version before those columns wrote.
var unnamed = `NOT EXISTS (SELECT 1 FROM topomap_jobs j WHERE j.graph_ref = topomap_graphs.id)
	AND NOT EXISTS (SELECT 1 FROM topomap_jobs j WHERE j.machine_ref = topomap_graphs.id)
	AND NOT EXISTS (SELECT 1 FROM topomap_jobs j WHERE (j.graph_ref IS NULL OR j.machine_ref IS NULL)
		AND topomap_graphs.id IN (` + graphRef("j.record") + `, ` + machineRef("j.record") + `))`

// sweepDueSQL says whether a sweep has something to remove: the total
// over its bound $1 (> 0), or a finished job or an unnamed graph last
// used before $2 (not NULL). The oldest finished job and graph are read
// by index; the total is totalSlots rows.
var sweepDueSQL = `SELECT ($1::bigint > 0 AND (SELECT coalesce(sum(bytes), 0) FROM topomap_bytes) > $1::bigint)
	OR ($2::timestamptz IS NOT NULL AND (
		EXISTS (SELECT 1 FROM topomap_jobs WHERE ` + finished + ` AND last_used < $2)
		OR EXISTS (SELECT 1 FROM topomap_graphs WHERE last_used < $2 AND ` + unnamed + `)))`

// trimBatch is how many candidates trimToSize reads at once.
const trimBatch = 100

// trimToSize removes the least recently used finished jobs, then the
// least recently used graphs no kept job names, until the total is at
// most maxBytes, and returns how many it removed. It reads the
// candidates oldest first by index, trimBatch at a time, so that it
// reads about what it removes.
func trimToSize(ctx context.Context, tx pgx.Tx, maxBytes int64) (int64, error) {
	total, err := totalBytes(ctx, tx)
	if err != nil {
		return 0, err
	}
	excess := total - maxBytes
	var removed int64
	for _, c := range []struct{ table, where string }{
		{"topomap_jobs", finished},
		{"topomap_graphs", unnamed},
	} {
		for excess > 0 {
			n, freed, err := trimOldest(ctx, tx, c.table, c.where, excess)
			if err != nil {
				return removed, err
			}
			if n == 0 {
				break
			}
			removed, excess = removed+n, excess-freed
		}
	}
	return removed, nil
}

// trimOldest removes the least recently used rows of table that satisfy
// where, among its trimBatch oldest, until they free at least excess
// bytes; it returns how many it removed and the bytes they freed.
func trimOldest(ctx context.Context, tx pgx.Tx, table, where string, excess int64) (n, freed int64, err error) {
	rows, err := tx.Query(ctx, fmt.Sprintf("SELECT id, bytes FROM %s WHERE %s ORDER BY last_used LIMIT %d", table, where, trimBatch))
	if err != nil {
		return 0, 0, err
	}
	var ids []string
	var id string
	var bytes int64
	_, err = pgx.ForEachRow(rows, []any{&id, &bytes}, func() error {
		if freed < excess {
			ids, freed = append(ids, id), freed+bytes
		}
		return nil
	})
	if err != nil || len(ids) == 0 {
		return 0, 0, err
	}
	tag, err := tx.Exec(ctx, "DELETE FROM "+table+" WHERE id = ANY($1)", ids)
	return tag.RowsAffected(), freed, err
}

// orphansSQL selects the live jobs whose River job ended without their
// worker recording them: a replica died running it, and River's rescuer
// then cancelled it (a cancel asked meanwhile) or discarded it (its last
// attempt).
const orphansSQL = `SELECT j.id FROM topomap_jobs j JOIN river_job r ON r.id = j.river_id
	WHERE j.status IN ('queued', 'running') AND r.state IN ('cancelled', 'discarded')`

// reap records the orphaned jobs (orphansSQL) cancelled if a cancel was
// asked, else interrupted, as a worker would have, and returns their ids.
// The leader calls it at every sweep.
func (db *DB) reap(ctx context.Context) ([]string, error) {
	rows, err := db.pool.Query(ctx, orphansSQL)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error { return reapOne(ctx, tx, id) }); err != nil {
			return nil, fmt.Errorf("recording orphaned job %s: %w", id, err)
		}
	}
	return ids, nil
}

// reapOne records one orphaned job, unless it finished meanwhile.
func reapOne(ctx context.Context, tx pgx.Tx, id string) error {
	j, err := getJob(ctx, tx, id, true)
	if err != nil || j.Status.Final() {
		return err
	}
	var cancelled bool
	if err := tx.QueryRow(ctx, "SELECT cancel_requested FROM topomap_jobs WHERE id = $1", id).Scan(&cancelled); err != nil {
		return err
	}
	j.Status, j.Error, j.Finished = jobs.Interrupted, errShutdown, time.Now().UTC()
	if cancelled {
		j.Status, j.Error = jobs.Cancelled, errCancelled
	}
	return putJob(ctx, tx, j)
}
