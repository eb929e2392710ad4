package store_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestSweep: results used to stay forever. Finished jobs now expire after
// MaxAge unused, and beyond MaxBytes the least recently used go first (a
// read counts as a use, also across a restart); running jobs stay.
func TestSweep(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	id := func(i int) string { return fmt.Sprintf("%020x", i) }
	for i := range 6 {
		j := jobs.Job{ID: id(i), Status: jobs.Done, Finished: t0.Add(time.Duration(i) * time.Hour)}
		if err := st.Finish(j, make([]int, 1000)); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Put(jobs.Job{ID: id(9), Status: jobs.Running}); err != nil {
		t.Fatal(err)
	}
	// Job 0 is the oldest, but read now: it is the most recently used.
	if _, err := st.Placement(id(0)); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Sweep(store.Retention{}, time.Now()); err != nil { // records the read
		t.Fatal(err)
	}
	st.Close()
	if st, err = store.Open(path); err != nil { // a restart keeps the order
		t.Fatal(err)
	}
	defer st.Close()
	before := st.Stats()
	if before.Jobs != 7 || before.DataBytes < 6*4000 || before.FileBytes < before.DataBytes {
		t.Fatalf("stats %+v", before)
	}
	// Age: jobs 1 and 2 finished more than 4 h before t0+6h and were not read.
	removed, err := st.Sweep(store.Retention{MaxAge: 4*time.Hour + time.Minute}, t0.Add(6*time.Hour))
	if err != nil || !slices.Equal(removed, []string{id(1)}) {
		t.Fatalf("age sweep removed %v, %v; want job 1", removed, err)
	}
	// Size: room for about three results; the least recently used go.
	removed, err = st.Sweep(store.Retention{MaxBytes: 3*4000 + 2000}, t0.Add(6*time.Hour))
	if err != nil || !slices.Equal(removed, []string{id(2), id(3)}) {
		t.Fatalf("size sweep removed %v, %v; want jobs 2 and 3", removed, err)
	}
	for _, i := range []int{0, 4, 5, 9} {
		if _, err := st.Get(id(i)); err != nil {
			t.Errorf("job %d: %v", i, err)
		}
	}
	if after := st.Stats(); after.Jobs != 4 || after.DataBytes >= before.DataBytes {
		t.Errorf("stats after %+v, before %+v", after, before)
	}
	// The listing drops them too (equal creation times: by id).
	list, err := st.List(jobs.ListQuery{Limit: 10})
	var listed []string
	for _, j := range list.Jobs {
		listed = append(listed, j.ID)
	}
	if want := []string{id(9), id(5), id(4), id(0)}; err != nil || !slices.Equal(listed, want) {
		t.Errorf("listed %v, %v; want %v", listed, err, want)
	}
}
