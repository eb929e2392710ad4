package pgstore

import (
	"context"
	"testing"

	"topomap/backend/pgstore/pgtest"
)

// openTestDB opens a fresh database of the test cluster, closed at the
// test's end.
func openTestDB(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}
