package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"topomap/backend/store"
)

// TestDuplicateGraphWritesNothing: storing a graph the store already has
// answers from the stored record without a write transaction (each one
// committed and fsynced again: 100 duplicates grew the file by 59 MB);
// the file keeps its size.
func TestDuplicateGraphWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	first := sampleGraph(t, 2000)
	if _, err := st.PutGraph(first, 0); err != nil {
		t.Fatal(err)
	}
	writes := store.PageWritesForTest(st)
	size := fileSize(t, path)
	again := sampleGraph(t, 2000) // the same graph, read again
	again.Format = "matrixmarket"
	for range 20 {
		if _, err := st.PutGraph(again, 0); err != nil {
			t.Fatal(err)
		}
	}
	if w := store.PageWritesForTest(st); w != writes {
		t.Errorf("20 duplicates wrote %d pages, want none", w-writes)
	}
	if s := fileSize(t, path); s != size {
		t.Errorf("20 duplicates took the file from %d to %d bytes", size, s)
	}
	if g, err := st.Graph(first.Graph.ID); err != nil || g.Format != first.Format {
		t.Errorf("stored record %+v, %v; want the first upload's (format %s)", g, err, first.Format)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
