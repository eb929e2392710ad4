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
	// A header, the 4 readable jobs with their placements [1 0] in base64, the closing line.
	if err := run(context.Background(), []string{"store", "export", "--data", dir}, &out); err != nil || strings.Count(out.String(), "\n") != 6 || strings.Count(out.String(), `"placement":"AQAAAAAAAAA="`) != 4 {
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

// TestStoreImportCommand: store import reads what store export wrote into
// a fresh store, which then checks as the first (its jobs, results and
// graphs); a second import adds nothing; a damaged stream is refused with
// the line named.
func TestStoreImportCommand(t *testing.T) {
	stderr = io.Discard
	defer func() { stdin = os.Stdin }()
	from, to := t.TempDir(), t.TempDir()
	st, err := store.Open(filepath.Join(from, "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := st.Finish(jobs.Job{ID: fmt.Sprintf("%020x", i), Status: jobs.Done}, []int{2, 0, 1}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	var exported, out bytes.Buffer
	if err := run(context.Background(), []string{"store", "export", "--data", from}, &exported); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 jobs, 0 graphs and 0 machines added, 0 jobs, 0 graphs and 0 machines already there", "0 jobs, 0 graphs and 0 machines added, 3 jobs, 0 graphs and 0 machines already there"} {
		stdin = bytes.NewReader(exported.Bytes())
		out.Reset()
		if err := run(context.Background(), []string{"store", "import", "--data", to}, &out); err != nil || !strings.Contains(out.String(), want) {
			t.Fatalf("import: %v %q; want %q", err, out.String(), want)
		}
	}
	checkOf := func(dir string) string {
		out.Reset()
		if err := run(context.Background(), []string{"store", "check", "--data", dir}, &out); err != nil {
			t.Fatal(err)
		}
		_, s, _ := strings.Cut(out.String(), "bytes, ") // the path and size differ
		return s
	}
	if a, b := checkOf(from), checkOf(to); a != b || !strings.Contains(a, "3 jobs, 3 results, 0 graphs and 0 machines") {
		t.Errorf("check of the import %q, of the export %q", b, a)
	}
	stdin = strings.NewReader(strings.Replace(exported.String(), `"done"`, `"dune"`, 1))
	err = run(context.Background(), []string{"store", "import", "--data", t.TempDir()}, &out)
	if err == nil || !strings.Contains(err.Error(), "import: line 2: checksum") {
		t.Errorf("a changed line: %v, want it named", err)
	}
}

// TestStoreDatabaseURL: --database-url (or TOPOMAP_DATABASE_URL) names the
// store the commands work on through the store interface; its password
// never shows in messages, and compact, which rewrites a bbolt file,
// refuses it.
func TestStoreDatabaseURL(t *testing.T) {
	stderr = io.Discard
	defer func(old func(context.Context, string) (store.Archive, func() error, error)) { openDatabase = old }(openDatabase)
	mem := store.NewMemory()
	mem.Finish(jobs.Job{ID: fmt.Sprintf("%020x", 7), Status: jobs.Done}, []int{0})
	var opened []string
	openDatabase = func(_ context.Context, url string) (store.Archive, func() error, error) {
		opened = append(opened, url)
		return mem, func() error { return nil }, nil
	}
	const url = "postgres://topomap:secret@db.example:5432/topomap"
	var out bytes.Buffer
	if err := run(context.Background(), []string{"store", "check", "--database-url", url}, &out); err != nil ||
		out.String() != "postgres://topomap:xxxxx@db.example:5432/topomap: 0 bytes, 1 job, 1 result, 0 graphs and 0 machines\nok\n" {
		t.Errorf("check: %v %q", err, out.String())
	}
	t.Setenv("TOPOMAP_DATABASE_URL", url)
	out.Reset()
	if err := run(context.Background(), []string{"store", "export"}, &out); err != nil || !strings.Contains(out.String(), `"id":"00000000000000000007"`) {
		t.Errorf("export from the environment's URL: %v %q", err, out.String())
	}
	if len(opened) != 2 || opened[0] != url || opened[1] != url {
		t.Errorf("opened %q", opened)
	}
	if err := run(context.Background(), []string{"store", "compact"}, &out); err == nil || !strings.Contains(err.Error(), "bbolt file") {
		t.Errorf("compact of a database: %v", err)
	}
	openDatabase = nil
	if err := run(context.Background(), []string{"store", "check"}, &out); err == nil || !strings.Contains(err.Error(), "built without a database store") {
		t.Errorf("no database store: %v", err)
	}
}

// TestStoreCheckCountsMachinesAsExportDoes: an uploaded machine is stored
// beside the graphs, but `store check` counts it as a machine, as `store
// export` does, so the two agree on the same store.
func TestStoreCheckCountsMachinesAsExportDoes(t *testing.T) {
	var log bytes.Buffer
	stderr = &log
	defer func() { stderr = os.Stderr }()
	empty := func(t *testing.T, dir string) {
		st, err := store.Open(filepath.Join(dir, "topomap.db"))
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
	}
	for _, tc := range []struct {
		name            string
		fill            func(t *testing.T, dir string)
		check, exported string
	}{
		{"empty", empty, "0 jobs, 0 results, 0 graphs and 0 machines\nok\n", "exported 0 jobs, 0 graphs and 0 machines"},
		{"jobs, a graph and a machine", boltWithEverything, "4 jobs, 3 results, 1 graph and 1 machine\nok\n", "exported 4 jobs, 1 graph and 1 machine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.fill(t, dir)
			var out bytes.Buffer
			if err := run(context.Background(), []string{"store", "check", "--data", dir}, &out); err != nil || !strings.HasSuffix(out.String(), tc.check) {
				t.Fatalf("check: %v %q, want it to end %q", err, out.String(), tc.check)
			}
			log.Reset()
			if err := run(context.Background(), []string{"store", "export", "--data", dir}, io.Discard); err != nil || !strings.Contains(log.String(), tc.exported) {
				t.Errorf("export: %v %q, want %q", err, log.String(), tc.exported)
			}
		})
	}
}
