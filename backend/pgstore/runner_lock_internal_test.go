package pgstore

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestAListenerWhoseRunnerLockIsHeldStillListens: a replica whose
// listener reconnects while its old connection still holds the runner
// lock on the server's side (a connection broken on this side only)
// listens again at once, and says that its jobs look alive meanwhile.
// Before, it waited for that lock, up to TCP keepalive's two hours,
// and its job states were not notified meanwhile.
func TestAListenerWhoseRunnerLockIsHeldStillListens(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t)
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
	conn, locked, err := b.listen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if locked {
		t.Error("the listener says it holds a lock another session holds")
	}
	var listening bool
	if err := conn.QueryRow(ctx, "SELECT $1 = ANY (SELECT pg_listening_channels())", channel).Scan(&listening); err != nil || !listening {
		t.Fatalf("listening on %s: %v, %v", channel, listening, err)
	}
	if !strings.Contains(logged.String(), "runner lock is still held") {
		t.Errorf("log %q, want a warning that the runner lock is held", logged.String())
	}
}

// TestAListenerTakesItsRunnerLockOnceItIsFree: a replica that listens
// without its runner lock (its old session still held it) takes it as
// soon as that session lets it go, so that its jobs look dead to other
// replicas again only once the replica is dead. Before, it took the lock
// only on its next reconnection, and a replica killed meanwhile left its
// jobs running until River's rescue.
func TestAListenerTakesItsRunnerLockOnceItIsFree(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db := openTestDB(t)
	const runner = 4848
	old, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Release()
	if _, err := old.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(runner)); err != nil {
		t.Fatal(err)
	}
	b, err := startBus(ctx, db, slog.New(slog.DiscardHandler), runner)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); <-b.done }()
	if _, err := old.Exec(ctx, "SELECT pg_advisory_unlock($1)", int64(runner)); err != nil {
		t.Fatal(err)
	}
	for range 600 { // a guard against a hang: the listener asks every pollEvery
		var held bool // as a cancel on another replica tells (runnerGone)
		err := db.pool.QueryRow(ctx, "SELECT NOT EXISTS (SELECT 1 FROM (SELECT $1::bigint AS runner) r WHERE "+runnerGone+")", int64(runner)).Scan(&held)
		if err != nil {
			t.Fatal(err)
		}
		if held {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the listener never took its runner lock once it was free")
}
