package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// The database is what `topomap store check|export|import --database-url`
// work on: a store.Archive, whose walks read every record in id order
// (byte order, whatever the database's collation) without changing any,
// and a store.Inspector.
var (
	_ store.Archive   = (*DB)(nil)
	_ store.Inspector = (*DB)(nil)
)

// EachJob implements store.Source: every readable job in id order, with
// its placement's bytes; a record that does not decode, a placement that
// fails its CRC-32C and a done job without a placement are problems,
// skipped as the bbolt store skips them.
func (db *DB) EachJob(ctx context.Context, f func(j jobs.Job, place []byte) error) ([]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT j.id, j.record, p.data, p.crc FROM topomap_jobs j
		LEFT JOIN topomap_placements p ON p.job_id = j.id ORDER BY j.id COLLATE "C"`)
	if err != nil {
		return nil, fmt.Errorf("reading the jobs: %w", err)
	}
	var problems []string
	err = eachRow(rows, func() error {
		var id string
		var rec, place []byte
		var crc *int64
		if err := rows.Scan(&id, &rec, &place, &crc); err != nil {
			return err
		}
		j, err := readableJob(id, rec, place, crc)
		if err != nil {
			problems = append(problems, err.Error())
			return nil
		}
		return f(j, place)
	})
	return problems, err
}

// readableJob decodes a job row and checks its placement (nil: none).
func readableJob(id string, rec, place []byte, crc *int64) (jobs.Job, error) {
	j, err := decode(id, rec)
	switch {
	case err != nil:
		return j, err
	case place != nil && crc != nil:
		return j, checkPlacement(id, place, *crc)
	case j.Status == jobs.Done:
		return j, fmt.Errorf("%w: job %s: done without a placement", jobs.ErrCorrupt, id)
	}
	return j, nil
}

// EachGraph implements store.Source for the uploaded graphs and machines,
// in id order; a record that fails its CRC-32C or does not decode is a
// problem, skipped.
func (db *DB) EachGraph(ctx context.Context, f func(r store.GraphRecord) error) ([]string, error) {
	var problems []string
	err := db.walkGraphs(ctx, `ORDER BY id COLLATE "C"`, func(r store.GraphRecord, err error) error {
		if err != nil {
			problems = append(problems, err.Error())
			return nil
		}
		return f(r)
	})
	return problems, err
}

// walkGraphs calls visit with every graph row that the SQL tail (a
// WHERE, an ORDER BY) selects, checked by checkGraph (its error the
// record's damage); visit's error ends the walk and is returned.
func (db *DB) walkGraphs(ctx context.Context, tail string, visit func(r store.GraphRecord, err error) error) error {
	rows, err := db.pool.Query(ctx, "SELECT id, data, crc FROM topomap_graphs "+tail)
	if err != nil {
		return fmt.Errorf("reading the graphs: %w", err)
	}
	return eachRow(rows, func() error {
		var id string
		var b []byte
		var crc int64
		if err := rows.Scan(&id, &b, &crc); err != nil {
			return err
		}
		return visit(checkGraph(id, b, crc))
	})
}

// eachRow calls visit for every row of rows, which it closes; visit's
// error ends the walk and is returned, as is the query's.
func eachRow(rows pgx.Rows, visit func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := visit(); err != nil {
			return err
		}
	}
	return rows.Err()
}

// RestoreJob implements store.Sink: j and its placement, in one
// transaction, unless a readable job of that id is stored. The row has
// no cancel token (nobody may cancel an imported job) and no River job.
func (db *DB) RestoreJob(ctx context.Context, j jobs.Job, place []byte) (added bool, err error) {
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := getJob(ctx, tx, j.ID, true); err == nil {
			return nil
		}
		added = true
		if place == nil {
			return putJob(ctx, tx, j)
		}
		return finishEncoded(ctx, tx, j, place)
	})
	return added && err == nil, unavailable(err)
}

// RestoreGraph implements store.Sink: PutGraph without a quota, unless a
// readable graph or machine of that id is stored.
func (db *DB) RestoreGraph(_ context.Context, r store.GraphRecord) (bool, error) {
	if _, err := db.Graph(r.Graph.ID); err == nil {
		return false, nil
	}
	_, err := db.PutGraph(r, 0)
	return err == nil, unavailable(err)
}

// Inspect implements store.Inspector: the database (its name, host and
// port; never its password), the bytes of topomap's tables with their
// indexes and out-of-line values, and no structural damage (Postgres
// keeps its own files) unless their size cannot be read.
func (db *DB) Inspect() (string, int64, []string) {
	cfg := db.pool.Config().ConnConfig
	where := fmt.Sprintf("postgres database %s on %s:%d", cfg.Database, cfg.Host, cfg.Port)
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	var size int64
	err := db.pool.QueryRow(ctx, `SELECT pg_total_relation_size('topomap_jobs') + pg_total_relation_size('topomap_placements')
		+ pg_total_relation_size('topomap_graphs')`).Scan(&size)
	if err != nil {
		return where, 0, []string{"reading the size of the tables: " + err.Error()}
	}
	return where, size, nil
}
