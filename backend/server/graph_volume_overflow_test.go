package server_test

import (
	"path/filepath"
	"strings"
	"testing"

	"topomap/backend/server"
	"topomap/backend/store"
)

// TestUploadRefusesVolumeOverflow: a graph whose volumes add up beyond
// what hop-bytes can hold is a 400 naming the overflow, and nothing is
// stored (it was a 500 after the graph was stored, which then failed
// every info, map, render and PAIRS request).
func TestUploadRefusesVolumeOverflow(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := graphFixture(t, st, server.Options{})
	for _, body := range []string{"0,1,1e308\n1,0,1e308\n", "0,1,1e300\n"} {
		rec := f.upload(t, "/api/v1/graphs?format=csv", "text/csv", body)
		e := decode[server.ErrorBody](t, rec)
		if rec.Code != 400 || e.Field != "body" || !strings.Contains(e.Error, "add up to more than 2^480") {
			t.Errorf("upload %q: %d %+v, want 400 naming the sum of the volumes", body, rec.Code, e)
		}
	}
	if n := st.Stats().Graphs; n != 0 {
		t.Errorf("%d graphs stored, want none", n)
	}
}
