package pgstore_test

import (
	"context"
	"log/slog"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/store"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// quiet logs warnings and errors only (River's start and stop are info).
var quiet = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

// openDB opens a fresh database of the test cluster, closed at the end.
func openDB(t testing.TB) *pgstore.DB {
	t.Helper()
	return openDBAt(t, pgtest.Database(t))
}

// openDBAt opens the database at url, closed at the end.
func openDBAt(t testing.TB, url string) *pgstore.DB {
	t.Helper()
	db, err := pgstore.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// connect opens a plain connection to the database at url, for a test's
// own statements, closed at the end.
func connect(t testing.TB, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// openService starts a replica's service on db, closed at the end.
func openService(t testing.TB, db *pgstore.DB, o jobs.Options) *pgstore.Service {
	t.Helper()
	if o.Logger == nil {
		o.Logger = quiet
	}
	svc, err := pgstore.New(context.Background(), db, o, store.Retention{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close(context.Background()) })
	return svc
}

func TestPostgresPassesTheStoreContract(t *testing.T) {
	jobstest.TestStore(t, func(t *testing.T) jobs.Store { return openDB(t) })
}

func TestPostgresPassesTheServiceContract(t *testing.T) {
	jobstest.TestService(t, func(t *testing.T, o jobs.Options) jobs.Service {
		o.Workers = 2
		return openService(t, openDB(t), o)
	})
}
