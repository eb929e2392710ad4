package store_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/metric"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// contract runs the jobs.Store contract on a fresh store.
func contract(t *testing.T, st jobs.Store) {
	id := func(c byte) string { return strings.Repeat(string(c), jobs.IDLen) }
	if _, err := st.Get(id('a')); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Get of nothing: %v", err)
	}
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	jobsIn := []jobs.Job{
		{ID: id('a'), Status: jobs.Queued, Request: jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: "affn"}, Created: at},
		{ID: id('b'), Status: jobs.Running, Created: at},
		{ID: id('c'), Status: jobs.Failed, Error: "boom", Created: at},
	}
	for _, j := range jobsIn {
		if err := st.Put(j); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Get(id('a'))
	if err != nil || got.Request != jobsIn[0].Request || !got.Created.Equal(at) {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	d := 2
	done := jobs.Job{ID: id('d'), Status: jobs.Done, Metrics: &metric.Metrics{HopsPerByte: 1.25, DimDistances: []*int{&d, nil}}}
	place := []int{3, 0, 2, 1, 1<<26 - 1}
	if err := st.Finish(done, place); err != nil {
		t.Fatal(err)
	}
	gotPlace, err := st.Placement(done.ID)
	if err != nil || !slices.Equal(gotPlace, place) {
		t.Fatalf("Placement = %v, %v; want %v", gotPlace, err, place)
	}
	gotPlace[0] = 99 // must not alias the store
	if again, _ := st.Placement(done.ID); again[0] != 3 {
		t.Fatal("Placement aliases the stored slice")
	}
	if got, _ := st.Get(done.ID); got.Metrics == nil || got.Metrics.HopsPerByte != 1.25 || *got.Metrics.DimDistances[0] != 2 || got.Metrics.DimDistances[1] != nil {
		t.Fatalf("done record %+v", got)
	}
	if _, err := st.Placement(id('a')); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Placement of a queued job: %v", err)
	}
	if err := st.Finish(jobs.Job{ID: id('e'), Status: jobs.Done}, []int{-1}); err == nil {
		t.Fatal("Finish accepted a negative node")
	}
	ids, err := st.Interrupt("stopped", at)
	if err != nil || !slices.Equal(sortedCopy(ids), []string{id('a'), id('b')}) {
		t.Fatalf("Interrupt = %v, %v", ids, err)
	}
	for c, want := range map[byte]jobs.Status{'a': jobs.Interrupted, 'b': jobs.Interrupted, 'c': jobs.Failed, 'd': jobs.Done} {
		if got, _ := st.Get(id(c)); got.Status != want {
			t.Errorf("job %c: %s, want %s", c, got.Status, want)
		}
	}
}

func sortedCopy(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

func TestMemory(t *testing.T) { contract(t, store.NewMemory()) }

func TestBolt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	contract(t, st)
	if _, err := store.Open(path); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("second Open of a held file: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	// Everything survives a reopen.
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	place, err := st.Placement(strings.Repeat("d", jobs.IDLen))
	if err != nil || len(place) != 5 || place[4] != 1<<26-1 {
		t.Fatalf("after reopen: %v, %v", place, err)
	}
}

func TestPlacementEncoding(t *testing.T) {
	b, err := store.EncodePlacement([]int{1, 256, 65536})
	if err != nil {
		t.Fatal(err)
	}
	// Little-endian int32s: 4 bytes a vertex.
	want := []byte{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}
	if !slices.Equal(b, want) {
		t.Fatalf("encoded % x, want % x", b, want)
	}
	if _, err := store.DecodePlacement([]byte{1, 2, 3}); err == nil {
		t.Fatal("decoded 3 bytes")
	}
	if _, err := store.DecodePlacement([]byte{0, 0, 0, 0x80}); err == nil {
		t.Fatal("decoded a node ≥ 2^31")
	}
}

// FuzzDecodePlacement: decoding never panics and round-trips.
func FuzzDecodePlacement(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 0, 2, 0, 0, 0})
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		place, err := store.DecodePlacement(b)
		if err != nil {
			return
		}
		again, err := store.EncodePlacement(place)
		if err != nil || !slices.Equal(again, b) {
			t.Fatalf("round trip % x -> %v -> % x, %v", b, place, again, err)
		}
	})
}
