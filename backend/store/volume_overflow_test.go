package store_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestCheckFlagsVolumeOverflow: a graph record whose volumes add up to
// +Inf (stored before uploads refused it) is flagged by `store check`
// and at Open, and a read answers ErrCorrupt rather than a graph whose
// metrics cannot be computed; the other graphs still read.
func TestCheckFlagsVolumeOverflow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	// 0→1 and 1→0 of 1e308 each: every volume finite, their sum not.
	inf := guest.Canonical(&guest.Graph{Kind: guest.Custom, Offsets: []int32{0, 1, 2}, Adj: []int32{1, 0}, Weight: []float64{1e308, 1e308}})
	good := sampleGraph(t, 8)
	store.PutRawGraphForTest(st, store.GraphRecord{Graph: inf, Format: "csv", Created: time.Now()})
	store.PutRawGraphForTest(st, good)
	st.Close()

	r, err := store.Check(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := strings.Join(r.Problems, "\n"); !strings.Contains(p, "graph "+inf.ID) || !strings.Contains(p, "overflow") {
		t.Errorf("store check problems %q, want graph %s flagged for its overflowing volume", p, inf.ID)
	}
	if st, err = store.Open(path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Graph(inf.ID); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("reading it: %v, want ErrCorrupt", err)
	}
	if _, err := st.Graph(good.Graph.ID); err != nil {
		t.Errorf("the good graph: %v", err)
	}
}
