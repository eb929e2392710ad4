package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestStoreCommands: check lists an unreadable record and fails, export
// writes every readable job, compact drops the bad record (keeping the old
// file) so that check passes, and a server opens the result.
func TestStoreCommands(t *testing.T) {
	stderr = io.Discard
	dir := t.TempDir()
	path := filepath.Join(dir, "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := st.Finish(jobs.Job{ID: fmt.Sprintf("%020x", i), Status: jobs.Done}, []int{1, 0}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("jobs")).Put([]byte(fmt.Sprintf("%020x", 3)), []byte("garbage"))
	})
	db.Close()

	var out bytes.Buffer
	err = run(context.Background(), []string{"store", "check", "--data", dir}, &out)
	if !errors.Is(err, errStoreProblems) || !strings.Contains(out.String(), "unreadable:") || !strings.Contains(out.String(), "4 jobs") {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"store", "export", "--data", dir}, &out); err != nil || strings.Count(out.String(), "\n") != 4 || !strings.Contains(out.String(), `"placement":[1,0]`) {
		t.Fatalf("export: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"store", "compact", "--data", dir}, &out); err != nil || !strings.Contains(out.String(), "kept 4 jobs") {
		t.Fatalf("compact: %v\n%s", err, out.String())
	}
	if _, err := os.Stat(path + ".bak"); err != nil {
		t.Fatalf("no backup: %v", err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"store", "check", "--data", dir}, &out); err != nil || !strings.Contains(out.String(), "ok") {
		t.Fatalf("check after compact: %v\n%s", err, out.String())
	}
	if st, err = store.Open(path); err != nil || len(st.Problems()) != 0 {
		t.Fatalf("open after compact: %v", err)
	}
	st.Close()
}
