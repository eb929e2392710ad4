package store_test

import (
	"fmt"
	"os"
	"path/filepath"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "topomap")
	defer os.RemoveAll(dir)
	st, err := store.Open(filepath.Join(dir, "topomap.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	id := "0123456789abcdef0123"
	st.Finish(jobs.Job{ID: id, Status: jobs.Done}, []int{2, 0, 1, 3})
	st.Close()

	st, _ = store.Open(filepath.Join(dir, "topomap.db")) // after a restart
	defer st.Close()
	j, _ := st.Get(id)
	place, _ := st.Placement(id)
	fmt.Println(j.Status, place)
	// Output: done [2 0 1 3]
}

func ExampleEncodePlacement() {
	b, _ := store.EncodePlacement([]int{1, 258})
	fmt.Printf("% x\n", b)
	// Output: 01 00 00 00 02 01 00 00
}
