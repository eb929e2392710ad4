package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

var _ jobs.GraphService = (*DB)(nil)

// PutGraph stores an uploaded graph under its id within its owner's
// quota (bytes; ≤ 0: none) and returns the stored record: that of an
// earlier upload of the same graph, if any, which charges nobody. The
// quota's check and the insert hold a lock on the owner, so two replicas
// cannot both take its last bytes.
func (db *DB) PutGraph(r jobs.GraphRecord, quota int64) (jobs.GraphRecord, error) {
	r, err := db.putGraph(r, quota)
	return r, unavailable(err)
}

func (db *DB) putGraph(r jobs.GraphRecord, quota int64) (jobs.GraphRecord, error) {
	if r.Graph == nil || !guest.ValidID(r.Graph.ID) {
		return r, errors.New("a stored graph needs its id (guest.Canonical)")
	}
	if old, err := db.Graph(r.Graph.ID); err == nil {
		return old, nil // a damaged record is written again
	}
	b, err := store.EncodeGraph(r)
	if err != nil {
		return r, fmt.Errorf("encoding graph %s: %w", r.Graph.ID, err)
	}
	ctx, cancel := opContext()
	defer cancel()
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return r, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('topomap graph owner ' || $1, 0))", r.Owner); err != nil {
		return r, err
	}
	var used int64
	if err := tx.QueryRow(ctx, "SELECT coalesce(sum(bytes), 0) FROM topomap_graphs WHERE owner = $1 AND id <> $2", r.Owner, r.Graph.ID).Scan(&used); err != nil {
		return r, err
	}
	size := int64(len(b))
	if quota > 0 && used+size > quota {
		return r, store.QuotaError(used, size, quota)
	}
	_, err = tx.Exec(ctx, `INSERT INTO topomap_graphs (id, owner, bytes, data, crc, machine) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, bytes = excluded.bytes, data = excluded.data, crc = excluded.crc, machine = excluded.machine
		WHERE topomap_graphs.crc <> excluded.crc OR topomap_graphs.data <> excluded.data`, r.Graph.ID, r.Owner, size, b, sum(b), r.IsMachine())
	if err != nil {
		return r, fmt.Errorf("writing graph %s: %w", r.Graph.ID, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return r, err
	}
	return db.Graph(r.Graph.ID) // the record stored, ours or a replica's of the same graph
}

// Graph returns the stored graph of that id after checking its CRC-32C:
// an error wrapping jobs.ErrNotFound if there is none, jobs.ErrCorrupt if
// its record is damaged.
func (db *DB) Graph(id string) (jobs.GraphRecord, error) {
	var r jobs.GraphRecord
	if !guest.ValidID(id) {
		return r, fmt.Errorf("%w: malformed graph id", jobs.ErrNoGraph)
	}
	ctx, cancel := opContext()
	defer cancel()
	var b []byte
	var crc int64
	err := db.pool.QueryRow(ctx, "UPDATE topomap_graphs SET last_used = now() WHERE id = $1 RETURNING data, crc", id).Scan(&b, &crc)
	if noRows(err) {
		return r, store.GraphNotFound(id)
	}
	if err != nil {
		return r, unavailable(fmt.Errorf("reading graph %s: %w", id, err))
	}
	return checkGraph(id, b, crc)
}

// checkGraph decodes the stored record b of graph id after checking its
// CRC-32C: an error wrapping jobs.ErrCorrupt if it is damaged.
func checkGraph(id string, b []byte, crc int64) (jobs.GraphRecord, error) {
	if sum(b) != crc {
		return jobs.GraphRecord{}, fmt.Errorf("%w: graph %s: the record does not match its checksum", jobs.ErrCorrupt, id)
	}
	r, err := store.DecodeGraph(b)
	if err != nil {
		return r, fmt.Errorf("%w: graph %s: %v", jobs.ErrCorrupt, id, err)
	}
	if r.Graph.ID != id {
		return r, fmt.Errorf("%w: graph %s: the record names graph %s", jobs.ErrCorrupt, id, r.Graph.ID)
	}
	return r, nil
}

// Resolve is Graph's graph, a guest.Resolver (not a machine's).
func (db *DB) Resolve(_ context.Context, id string) (*guest.Graph, error) {
	return store.GraphOf(db.Graph(id))
}

// Machines returns the machines stored, for a server to register them
// (topology.RegisterMachine) when it starts; a damaged record is left
// for the store check to report. O(machines): the rows are marked.
func (db *DB) Machines() ([]topology.Machine, error) {
	ctx, cancel := opContext()
	defer cancel()
	var out []topology.Machine
	err := db.walkGraphs(ctx, "WHERE machine", func(r jobs.GraphRecord, err error) error {
		if err == nil {
			if t, err := r.Machine(); err == nil {
				out = append(out, t)
			}
		}
		return nil
	})
	return out, unavailable(err)
}

// healthTimeout bounds the queries of a health check.
const healthTimeout = 2 * time.Second

// Stats returns the numbers of the health check: the records' bytes
// (DataBytes and FileBytes alike: the database's files are its own; the
// running total the retention reads), the jobs and the graphs; Problems
// is 1 if the database does not answer.
func (db *DB) Stats() jobs.StoreStats {
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	var st jobs.StoreStats
	err := db.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM topomap_jobs), (SELECT count(*) FROM topomap_graphs),
		(SELECT coalesce(sum(bytes), 0) FROM topomap_bytes)`).Scan(&st.Jobs, &st.Graphs, &st.DataBytes)
	if err != nil {
		st.Problems = 1
		return st
	}
	st.FileBytes = st.DataBytes
	return st
}
