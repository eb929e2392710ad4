package pgstore

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

var _ jobs.Store = (*DB)(nil)

// createdNS is the listing key of j: its creation time in Unix
// nanoseconds, as jobs.Cursor orders it.
func createdNS(j jobs.Job) int64 { return cursorNS(jobs.CursorKey(jobs.Cursor(j))) }

// cursorNS reads the time of a cursor's key back.
func cursorNS(key []byte) int64 { return int64(binary.BigEndian.Uint64(key[:8]) ^ 1<<63) }

func notFound(id string) error { return fmt.Errorf("%w: %s", jobs.ErrNotFound, id) }

// decode reads a job record, naming the job if it is damaged.
func decode(id string, b []byte) (jobs.Job, error) {
	j, err := store.DecodeJob(b)
	if err != nil || j.ID != id {
		return jobs.Job{}, fmt.Errorf("%w: record of job %s does not decode (%v)", jobs.ErrCorrupt, id, err)
	}
	return j, nil
}

// Get returns the job of that id, or an error wrapping jobs.ErrNotFound.
func (db *DB) Get(id string) (jobs.Job, error) {
	ctx, cancel := opContext()
	defer cancel()
	return getJob(ctx, db.pool, id, false)
}

// getJob reads a job, locking its row for the transaction if lock.
func getJob(ctx context.Context, q querier, id string, lock bool) (jobs.Job, error) {
	sql := "SELECT record FROM topomap_jobs WHERE id = $1"
	if lock {
		sql += " FOR UPDATE"
	}
	var b []byte
	if err := q.QueryRow(ctx, sql, id).Scan(&b); noRows(err) {
		return jobs.Job{}, notFound(id)
	} else if err != nil {
		return jobs.Job{}, fmt.Errorf("reading job %s: %w", id, err)
	}
	return decode(id, b)
}

// Put writes a job record (no placement; the cancel token's hash and the
// River job stay).
func (db *DB) Put(j jobs.Job) error {
	ctx, cancel := opContext()
	defer cancel()
	return putJob(ctx, db.pool, j)
}

// putJob writes j's record and sends it to the listeners (on commit, in a
// transaction).
func putJob(ctx context.Context, q querier, j jobs.Job) error { return writeJob(ctx, q, j, "") }

// putProgress writes the record of a running job j as putJob does, unless
// its row is no longer running: a cancel recorded it cancelled, having
// taken its replica for dead (runnerGone), and a late progress write of
// a live one must not make it running again.
func putProgress(ctx context.Context, q querier, j jobs.Job) error {
	return writeJob(ctx, q, j, "WHERE topomap_jobs.status = 'running'")
}

// writeJob writes j's record if its row is new or satisfies where, and
// then sends it to the listeners.
func writeJob(ctx context.Context, q querier, j jobs.Job, where string) error {
	b, err := store.EncodeJob(j)
	if err != nil {
		return fmt.Errorf("encoding job %s: %w", j.ID, err)
	}
	tag, err := q.Exec(ctx, `INSERT INTO topomap_jobs (id, status, created_ns, record, bytes, graph_ref, machine_ref)
		VALUES ($1, $2, $3, $4, length($4::bytea), `+graphRef("$4::bytea")+`, `+machineRef("$4::bytea")+`)
		ON CONFLICT (id) DO UPDATE SET status = excluded.status, created_ns = excluded.created_ns, record = excluded.record,
		bytes = excluded.bytes + coalesce((SELECT length(data) FROM topomap_placements WHERE job_id = $1), 0),
		graph_ref = excluded.graph_ref, machine_ref = excluded.machine_ref `+where,
		j.ID, string(j.Status), createdNS(j), b)
	if err != nil {
		return fmt.Errorf("writing job %s: %w", j.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	return notify(ctx, q, j.ID, b)
}

// Finish writes a done job and its placement in one transaction.
func (db *DB) Finish(j jobs.Job, place []int) error {
	ctx, cancel := opContext()
	defer cancel()
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := finish(ctx, tx, j, place); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// finish writes j and its placement within a transaction.
func finish(ctx context.Context, q querier, j jobs.Job, place []int) error {
	b, err := store.EncodePlacement(place)
	if err != nil {
		return fmt.Errorf("placement of job %s: %w", j.ID, err)
	}
	return finishEncoded(ctx, q, j, b)
}

// finishEncoded writes j and its placement as EncodePlacement packs it.
func finishEncoded(ctx context.Context, q querier, j jobs.Job, b []byte) error {
	if err := putJob(ctx, q, j); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO topomap_placements (job_id, data, crc) VALUES ($1, $2, $3)
		ON CONFLICT (job_id) DO UPDATE SET data = excluded.data, crc = excluded.crc`, j.ID, b, sum(b))
	if err == nil {
		_, err = q.Exec(ctx, "UPDATE topomap_jobs SET bytes = length(record) + $2, last_used = now() WHERE id = $1", j.ID, len(b))
	}
	if err != nil {
		return fmt.Errorf("writing the placement of job %s: %w", j.ID, err)
	}
	return nil
}

// Placement returns the placement of a done job after checking its
// CRC-32C: an error wrapping jobs.ErrCorrupt if it does not match.
func (db *DB) Placement(id string) ([]int, error) {
	ctx, cancel := opContext()
	defer cancel()
	var b []byte
	var crc int64
	err := db.pool.QueryRow(ctx, "SELECT data, crc FROM topomap_placements WHERE job_id = $1", id).Scan(&b, &crc)
	if noRows(err) {
		return nil, fmt.Errorf("%w: no placement of job %s", jobs.ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the placement of job %s: %w", id, err)
	}
	if err := checkPlacement(id, b, crc); err != nil {
		return nil, err
	}
	place, err := store.DecodePlacement(b)
	if err != nil {
		return nil, fmt.Errorf("%w: placement of job %s: %v", jobs.ErrCorrupt, id, err)
	}
	db.pool.Exec(ctx, "UPDATE topomap_jobs SET last_used = now() WHERE id = $1", id) // a use; failing it loses nothing
	return place, nil
}

// checkPlacement checks the stored placement b of job id against its
// CRC-32C: an error wrapping jobs.ErrCorrupt if it does not match.
func checkPlacement(id string, b []byte, crc int64) error {
	if sum(b) != crc {
		return fmt.Errorf("%w: the placement of job %s fails its checksum", jobs.ErrCorrupt, id)
	}
	return nil
}

// Interrupt marks every queued or running record interrupted, in one
// transaction, and returns their ids. A Service never calls it (other
// replicas' jobs are live); `topomap store` does, for a database no
// server uses.
func (db *DB) Interrupt(reason string, at time.Time) ([]string, error) {
	ctx, cancel := opContext()
	defer cancel()
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, "SELECT id, record FROM topomap_jobs WHERE status IN ('queued', 'running') FOR UPDATE")
	if err != nil {
		return nil, err
	}
	var live []jobs.Job
	for rows.Next() {
		var id string
		var b []byte
		if err := rows.Scan(&id, &b); err != nil {
			return nil, err
		}
		j, err := decode(id, b)
		if err != nil {
			return nil, err
		}
		live = append(live, j)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(live))
	for _, j := range live {
		j.Status, j.Error, j.Finished = jobs.Interrupted, reason, at
		if err := putJob(ctx, tx, j); err != nil {
			return nil, err
		}
		ids = append(ids, j.ID)
	}
	return ids, tx.Commit(ctx)
}

// List returns a page of jobs, newest first (see jobs.ListQuery).
func (db *DB) List(q jobs.ListQuery) (jobs.JobList, error) {
	list := jobs.JobList{Jobs: []jobs.Job{}}
	if err := q.Check(); err != nil {
		return list, err
	}
	var after *int64 // nil: from the newest
	var afterID string
	if q.After != "" {
		ns := cursorNS(jobs.CursorKey(q.After))
		after, afterID = &ns, q.After[16:]
	}
	ctx, cancel := opContext()
	defer cancel()
	rows, err := db.pool.Query(ctx, `SELECT id, record FROM topomap_jobs
		WHERE ($1 = '' OR status = $1) AND ($2::bigint IS NULL OR (created_ns, id) < ($2, $3))
		ORDER BY created_ns DESC, id DESC LIMIT $4`, string(q.Status), after, afterID, q.Limit+1)
	if err != nil {
		return list, fmt.Errorf("listing jobs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if jobs.PageFull(list.Jobs) { // and more follow
			list.Next = jobs.Cursor(list.Jobs[len(list.Jobs)-1])
			return list, nil
		}
		var id string
		var b []byte
		if err := rows.Scan(&id, &b); err != nil {
			return list, err
		}
		j, err := decode(id, b)
		if err != nil {
			return list, err
		}
		list.Jobs = append(list.Jobs, j)
	}
	if len(list.Jobs) > q.Limit {
		list.Jobs = list.Jobs[:q.Limit]
		list.Next = jobs.Cursor(list.Jobs[q.Limit-1])
	}
	return list, rows.Err()
}
