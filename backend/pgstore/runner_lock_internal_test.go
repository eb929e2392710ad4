package pgstore

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"topomap/backend/pgstore/pgtest"
)

// TestAListenerWhoseRunnerLockIsHeldStillListens: a replica whose
// listener reconnects while its old connection still holds the runner
// lock on the server's side (a connection broken on this side only)
// listens again at once, and says that its jobs look alive meanwhile.
// Before, it waited for that lock, up to TCP keepalive's two hours,
// and its job states were not notified meanwhile.
func TestAListenerWhoseRunnerLockIsHeldStillListens(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const runner = 4747
	old, err := db.pool.Acquire(ctx) // the old connection, still holding the lock
	if err != nil {
		t.Fatal(err)
	}
	defer old.Release()
	if _, err := old.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(runner)); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	b := &bus{db: db, log: slog.New(slog.NewTextHandler(&logged, nil)), runner: runner}
	conn, err := b.listen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var listening bool
	if err := conn.QueryRow(ctx, "SELECT $1 = ANY (SELECT pg_listening_channels())", channel).Scan(&listening); err != nil || !listening {
		t.Fatalf("listening on %s: %v, %v", channel, listening, err)
	}
	if !strings.Contains(logged.String(), "runner lock is still held") {
		t.Errorf("log %q, want a warning that the runner lock is held", logged.String())
	}
}
