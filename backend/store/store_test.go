package store_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/store"
)

func TestMemoryHonoursTheStoreContract(t *testing.T) {
	jobstest.TestStore(t, func(*testing.T) jobs.Store { return store.NewMemory() })
}

func TestBoltHonoursTheStoreContract(t *testing.T) {
	jobstest.TestStore(t, func(t *testing.T) jobs.Store {
		st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	})
}

// TestBoltKeepsRecordsAcrossReopen: a second Open of a held file fails
// saying so; after Close, records, placements and the listing read back.
func TestBoltKeepsRecordsAcrossReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Repeat("d", jobs.IDLen)
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	if err := st.Finish(jobs.Job{ID: id, Status: jobs.Done, Created: at}, []int{3, 0, 2, 1, 1<<26 - 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(path); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("second Open of a held file: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	place, err := st.Placement(id)
	if err != nil || len(place) != 5 || place[4] != 1<<26-1 {
		t.Fatalf("after reopen: %v, %v", place, err)
	}
	if list, err := st.List(jobs.ListQuery{Limit: 1}); err != nil || len(list.Jobs) != 1 || list.Jobs[0].ID != id {
		t.Fatalf("listing after reopen: %+v, %v", list, err)
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
