package pgstore

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"topomap/backend/jobs"
)

// DB is a topomap database: the job records, placements and graphs
// (jobs.Store and jobs.GraphService). Its methods are safe for concurrent
// use; a Service runs jobs over it.
type DB struct {
	pool *pgxpool.Pool
	url  string
}

// Open connects to the database at url (a postgres:// URL or a key=value
// string) and brings its schema up to date: River's migrations, then
// this package's tables.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("--database-url: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connecting to the database: %w", err)
	}
	db := &DB{pool: pool, url: url}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, withHint(err)
	}
	return db, nil
}

// withHint adds to an error of Open what the operator can do about it,
// when Postgres's error says: the server not there, the user or
// password refused, no such database, or the user not allowed to create
// the tables.
func withHint(err error) error {
	var pe *pgconn.PgError
	var ce *pgconn.ConnectError
	switch {
	case errors.As(err, &pe) && pe.Code == "3D000":
		return fmt.Errorf("%w (create it, owned by the user of --database-url: createdb --owner USER NAME)", err)
	case errors.As(err, &pe) && (pe.Code == "28P01" || pe.Code == "28000"):
		return fmt.Errorf("%w (check the user and password of --database-url, and pg_hba.conf for this host)", err)
	case errors.As(err, &pe) && pe.Code == "42501":
		return fmt.Errorf("%w (the user of --database-url creates the tables: make it the database's owner, ALTER DATABASE NAME OWNER TO USER)", err)
	case errors.As(err, &ce):
		return fmt.Errorf("%w (is Postgres running, and listening on that host and port? see listen_addresses in postgresql.conf)", err)
	}
	return err
}

// Close closes the connections.
func (db *DB) Close() { db.pool.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.pool.Ping(ctx) }

// migrateLock is the key of the advisory lock migrations hold.
const migrateLock = 0x746f706f6d6170 // "topomap"

// migrate runs River's migrations (each in its transaction: some add
// enum values), then schema, then removes the sweeps older versions
// left in the jobs' queue (oldSweepsSQL), holding an advisory lock so that
// replicas starting together migrate once.
func (db *DB) migrate(ctx context.Context) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("connecting to the database: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrateLock); err != nil {
		return fmt.Errorf("locking the schema: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", migrateLock)
	m, err := rivermigrate.New(riverpgxv5.New(db.pool), nil)
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrating River's tables: %w", err)
	}
	if _, err := conn.Exec(ctx, schema); err != nil {
		return fmt.Errorf("migrating topomap's tables: %w", err)
	}
	if _, err := conn.Exec(ctx, oldSweepsSQL, sweepArgs{}.Kind(), queueName); err != nil {
		return fmt.Errorf("removing the sweeps older versions queued: %w", err)
	}
	return nil
}

// schema creates the tables (idempotent). A graph row marked machine
// is an uploaded machine (its record has the names). created_ns is the job's
// creation time in Unix nanoseconds, the listing's order (timestamptz
// keeps microseconds only); bytes what a job or graph takes, for the
// retention's bound; attempt and replica are River's attempt of the last
// run and the replica that ran it (host name and process id), runner
// the key of the advisory lock that replica's service holds while it
// lives (runnerGone); graph_ref
// and machine_ref the graph and machine its request names (graphRef,
// machineRef: the retention keeps those without reading every record),
// NULL in rows written by a version before them until the next start.
var schema = `
CREATE TABLE IF NOT EXISTS topomap_jobs (
	id text PRIMARY KEY,
	status text NOT NULL,
	created_ns bigint NOT NULL,
	record bytea NOT NULL,
	token_hash bytea,
	cancel_requested boolean NOT NULL DEFAULT false,
	river_id bigint,
	attempt int NOT NULL DEFAULT 0,
	replica text,
	bytes bigint NOT NULL DEFAULT 0,
	last_used timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS topomap_jobs_listing ON topomap_jobs (created_ns DESC, id DESC);
CREATE INDEX IF NOT EXISTS topomap_jobs_status ON topomap_jobs (status, created_ns DESC, id DESC);
CREATE TABLE IF NOT EXISTS topomap_placements (
	job_id text PRIMARY KEY REFERENCES topomap_jobs (id) ON DELETE CASCADE,
	data bytea NOT NULL,
	crc bigint NOT NULL
);
ALTER TABLE topomap_placements ALTER COLUMN data SET STORAGE EXTERNAL;
CREATE TABLE IF NOT EXISTS topomap_graphs (
	id text PRIMARY KEY,
	owner text NOT NULL,
	bytes bigint NOT NULL,
	data bytea NOT NULL,
	crc bigint NOT NULL,
	last_used timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE topomap_graphs ALTER COLUMN data SET STORAGE EXTERNAL;
ALTER TABLE topomap_graphs ADD COLUMN IF NOT EXISTS machine boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS topomap_graphs_machines ON topomap_graphs (id) WHERE machine;
ALTER TABLE topomap_jobs ADD COLUMN IF NOT EXISTS graph_ref text;
ALTER TABLE topomap_jobs ADD COLUMN IF NOT EXISTS runner bigint;
ALTER TABLE topomap_jobs ADD COLUMN IF NOT EXISTS machine_ref text;
CREATE INDEX IF NOT EXISTS topomap_jobs_refs_unset ON topomap_jobs (id) WHERE graph_ref IS NULL OR machine_ref IS NULL;
UPDATE topomap_jobs SET graph_ref = ` + graphRef("record") + `, machine_ref = ` + machineRef("record") + `
	WHERE graph_ref IS NULL OR machine_ref IS NULL;
CREATE INDEX IF NOT EXISTS topomap_jobs_graph_ref ON topomap_jobs (graph_ref);
CREATE INDEX IF NOT EXISTS topomap_jobs_machine_ref ON topomap_jobs (machine_ref);
CREATE INDEX IF NOT EXISTS topomap_jobs_expiry ON topomap_jobs (last_used) WHERE ` + finished + `;
CREATE INDEX IF NOT EXISTS topomap_graphs_lru ON topomap_graphs (last_used);
` + totalSchema

// requestOf is the request of the job record rec (an SQL expression).
func requestOf(rec string) string { return "(convert_from(" + rec + ", 'UTF8')::json->'request')" }

// graphRef is the graph a job record rec maps (graph:ID, as the bbolt
// store's sweep reads it), empty if none: an SQL expression, the value of
// the column graph_ref.
func graphRef(rec string) string {
	guest := requestOf(rec) + "->>'guest'"
	return "CASE WHEN " + guest + " LIKE 'graph:%' THEN substring(" + guest + " FROM 7) ELSE '' END"
}

// machineRef is the machine a job record rec maps onto (machine:ID
// before any :cores=C, in any case), empty if none: the column machine_ref.
func machineRef(rec string) string {
	host := "lower(btrim(" + requestOf(rec) + "->>'host'))"
	return "CASE WHEN " + host + " LIKE 'machine:%' THEN split_part(substring(" + host + " FROM 9), ':', 1) ELSE '' END"
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sum is the CRC-32C stored beside a placement or a graph.
func sum(b []byte) int64 { return int64(crc32.Checksum(b, castagnoli)) }

// querier is what both the pool and a transaction offer.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// opTimeout bounds one store operation, whose interface has no context.
const opTimeout = 30 * time.Second

// opContext is the context of a store operation.
func opContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), opTimeout)
}

// noRows reports whether err says a query found no row.
func noRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// URL returns the URL db was opened with (to open another replica's
// connections to the same database).
func (db *DB) URL() string { return db.url }

// unavailable wraps err in jobs.ErrUnavailable if it says the database
// cannot be reached or is shutting down (Postgres's classes 08,
// connection exception, and 57, operator intervention), so that the
// server answers 503 rather than 500.
func unavailable(err error) error {
	if err == nil || errors.Is(err, jobs.ErrUnavailable) {
		return err
	}
	var pe *pgconn.PgError
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &pe) && (strings.HasPrefix(pe.Code, "08") || strings.HasPrefix(pe.Code, "57")),
		errors.As(err, &ce), errors.As(err, &ne), pgconn.Timeout(err),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w: %v", jobs.ErrUnavailable, err)
	}
	return err
}
