package server_test

import (
	"os"
	"path/filepath"
	"testing"

	"topomap/backend/server"
	"topomap/backend/store"
)

// TestDuplicateUploadAnswersStoredRecord: a graph uploaded again, in any
// format, is answered from the record stored first (its format and
// warnings) and leaves the store's file as it was.
func TestDuplicateUploadAnswersStoredRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := graphFixture(t, st, server.Options{})
	first := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		for _, body := range []string{ring4CSV, ring4MTX, ring4METIS} {
			if g := uploaded(t, f, "/api/v1/graphs", "", body); g.ID != first.ID || g.Format != "metis" {
				t.Fatalf("duplicate answered %+v, want the stored record %+v", g, first)
			}
		}
	}
	if after, err := os.Stat(path); err != nil || after.Size() != fi.Size() {
		t.Errorf("30 duplicates took the file from %d bytes to %v (%v)", fi.Size(), after.Size(), err)
	}
}
