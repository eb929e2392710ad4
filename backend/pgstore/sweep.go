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

// sweepWorker records the orphaned jobs (reap), then applies the
// retention.
type sweepWorker struct {
	river.WorkerDefaults[sweepArgs]
	db  *DB
	r   store.Retention
	log *slog.Logger
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[sweepArgs]) error {
	reaped, err := w.db.reap(ctx)
	if err != nil {
		return err
	}
	if len(reaped) > 0 {
		w.log.Info("jobs: recorded jobs whose server stopped and whose run River ended", "count", len(reaped), "ids", reaped)
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
// unused for longer than r.MaxAge, then the least recently used finished
// jobs and graphs while the records exceed r.MaxBytes. Queued and running
// jobs stay, and so does a graph or machine while a job that stays maps
// it (graph:ID, machine:ID). It returns how many records it removed.
func (db *DB) Sweep(ctx context.Context, r store.Retention, now time.Time) (int64, error) {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "LOCK TABLE topomap_jobs, topomap_graphs IN SHARE ROW EXCLUSIVE MODE"); err != nil {
		return 0, err
	}
	var removed int64
	for _, q := range sweepSQL(r) {
		tag, err := tx.Exec(ctx, q.sql, q.args(now)...)
		if err != nil {
			return 0, err
		}
		removed += tag.RowsAffected()
	}
	return removed, tx.Commit(ctx)
}

// sweepStmt is one statement of a sweep.
type sweepStmt struct {
	sql  string
	args func(now time.Time) []any
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

// sweepSQL are the statements of r: by age, then by size.
func sweepSQL(r store.Retention) []sweepStmt {
	var out []sweepStmt
	if r.MaxAge > 0 {
		cut := func(now time.Time) []any { return []any{now.Add(-r.MaxAge)} }
		out = append(out,
			sweepStmt{"DELETE FROM topomap_jobs WHERE " + finished + " AND last_used < $1", cut},
			sweepStmt{"DELETE FROM topomap_graphs WHERE last_used < $1 AND " + unnamed, cut})
	}
	if r.MaxBytes > 0 {
		bound := func(time.Time) []any { return []any{r.MaxBytes} }
		out = append(out, sweepStmt{`DELETE FROM topomap_jobs WHERE id IN (
			SELECT id FROM (SELECT id, ` + finished + ` AS fin, sum(bytes) OVER (ORDER BY ` + finished + ` ASC, last_used DESC, id) AS upto
				FROM topomap_jobs) t WHERE fin AND upto + (SELECT coalesce(sum(bytes), 0) FROM topomap_graphs) > $1)`, bound},
			sweepStmt{`DELETE FROM topomap_graphs WHERE id IN (
			SELECT id FROM (SELECT id, sum(bytes) OVER (ORDER BY last_used DESC, id) AS upto FROM topomap_graphs) t
				WHERE upto + (SELECT coalesce(sum(bytes), 0) FROM topomap_jobs) > $1) AND ` + unnamed, bound})
	}
	return out
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
