package store_test

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestStoreKeepsEveryRequestField: a job whose request sets every field
// of the field table reads back with each of them from a bbolt file, and
// from the export stream; a record whose request has a key outside the
// table is refused, naming the key.
func TestStoreKeepsEveryRequestField(t *testing.T) {
	q := jobs.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "pairs", Seed: 7, Budget: "1.5s",
		Moves: 1000, Start: "rowmajor", Ta: 0.5, Tc: 1e-7, Objective: "congestion", Nodes: "0-7", RanksPerNode: 2}
	v := reflect.ValueOf(q)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("field %s is not set in the test's request", v.Type().Field(i).Name)
		}
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	j := jobs.Job{ID: strings.Repeat("e", jobs.IDLen), Status: jobs.Failed, Request: q}
	if err := st.Put(j); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Get(j.ID); err != nil || got.Request != q {
		t.Errorf("read back %+v, %v; want %+v", got.Request, err, q)
	}
	stream := string(exportOf(t, st))
	mem := store.NewMemory()
	if _, err := store.Import(context.Background(), strings.NewReader(stream), mem); err != nil {
		t.Fatal(err)
	}
	if got, err := mem.Get(j.ID); err != nil || got.Request != q {
		t.Errorf("imported %+v, %v; want %+v", got.Request, err, q)
	}
	lines := strings.Split(stream, "\n")
	lines[1] = withCRC(strings.Replace(lines[1], `"request":{`, `"request":{"colour":"red",`, 1))
	_, err = store.Import(context.Background(), strings.NewReader(strings.Join(lines, "\n")), store.NewMemory())
	if err == nil || !strings.Contains(err.Error(), `line 2: job: its request: invalid request: unknown field "colour"`) {
		t.Errorf("a request with another key: %v", err)
	}
}
