package server_test

import (
	"os"
	"path/filepath"
	"testing"

	"topomap/backend/api"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestDuplicateUploadAnswersStoredRecord: a graph uploaded again, in any
// format, is answered with the stored record's id and with what was read
// of the file just sent (its format and warnings, which may differ from
// the first upload's), and leaves the store's file as it was; the record
// keeps its first upload's format.
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
		for format, body := range map[string]string{"csv": ring4CSV, "matrixmarket": ring4MTX, "metis": ring4METIS} {
			if g := uploaded(t, f, "/api/v1/graphs", "", body); g.ID != first.ID || g.Format != format {
				t.Fatalf("duplicate answered %+v, want id %s and format %s", g, first.ID, format)
			}
		}
	}
	if info := decode[api.Graph](t, f.do(t, "GET", "/api/v1/graphs/"+first.ID+"?info=1", "")); info.Format != "metis" {
		t.Errorf("the record's format became %s, want its first upload's metis", info.Format)
	}
	if after, err := os.Stat(path); err != nil || after.Size() != fi.Size() {
		t.Errorf("30 duplicates took the file from %d bytes to %v (%v)", fi.Size(), after.Size(), err)
	}
}
