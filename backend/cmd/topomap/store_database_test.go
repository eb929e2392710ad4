package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/store"
)

// boltWithEverything writes a bbolt store in dir with done jobs (their
// placements), a failed one, an uploaded graph and an uploaded machine.
func boltWithEverything(t *testing.T, dir string) {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	created := time.Date(2026, 12, 3, 10, 0, 0, 123456789, time.UTC)
	for i := range 3 {
		j := jobs.Job{ID: fmt.Sprintf("%020x", 3-i), Status: jobs.Done, Created: created.Add(time.Duration(i) * time.Second),
			Request: jobs.Request{Guest: "grid:2x2", Host: "ring:4", Algo: "block"}}
		if err := st.Finish(j, []int{3, i, 1, 0}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Put(jobs.Job{ID: fmt.Sprintf("%020x", 9), Status: jobs.Failed, Error: "no", Created: created}); err != nil {
		t.Fatal(err)
	}
	g, _, err := guest.FromArcs(3, []guest.Arc{{From: 0, To: 1, Volume: 2}, {From: 1, To: 0, Volume: 2}, {From: 1, To: 2, Volume: 5}, {From: 2, To: 1, Volume: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.PutGraph(jobs.GraphRecord{Graph: guest.Canonical(g), Format: "csv", Created: created, Owner: "alice"}, 0); err != nil {
		t.Fatal(err)
	}
	tree, err := topology.NewSwitchTree([]string{"n1", "n2", "n3"}, []string{"leaf1", "leaf2", "top"}, []int{3, 3, 4, 5, 5, -1})
	if err != nil {
		t.Fatal(err)
	}
	m, err := jobs.MachineRecord(tree, jobs.GraphRecord{Format: "slurm", Created: created, Owner: "bob"})
	if err == nil {
		_, err = st.PutGraph(m, 0)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestStoreExportFromBboltImportsIntoPostgresAndExportsTheSameStream:
// `store export` of a bbolt store, `store import --database-url` into a
// fresh Postgres database and `store export --database-url` give the
// same stream byte for byte: the jobs with their placements, the graph
// and the machine with its names. Check reads the database as it read
// the file, and a second import adds nothing.
func TestStoreExportFromBboltImportsIntoPostgresAndExportsTheSameStream(t *testing.T) {
	var log bytes.Buffer
	stderr = &log
	defer func() { stdin, stderr = os.Stdin, os.Stderr }()
	dir := t.TempDir()
	boltWithEverything(t, dir)
	url := pgtest.Database(t)
	var fromBolt, out, fromPG bytes.Buffer
	if err := run(context.Background(), []string{"store", "export", "--data", dir}, &fromBolt); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4 jobs, 1 graph and 1 machine added, 0 jobs, 0 graphs and 0 machines already there", "0 jobs, 0 graphs and 0 machines added, 4 jobs, 1 graph and 1 machine already there"} {
		stdin = bytes.NewReader(fromBolt.Bytes())
		out.Reset()
		if err := run(context.Background(), []string{"store", "import", "--database-url", url}, &out); err != nil || !strings.Contains(out.String(), want) {
			t.Fatalf("import: %v %q; want %q", err, out.String(), want)
		}
	}
	log.Reset()
	if err := run(context.Background(), []string{"store", "export", "--database-url", url}, &fromPG); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "exported 4 jobs, 1 graph and 1 machine") {
		t.Errorf("export's count: %q", log.String())
	}
	if fromPG.String() != fromBolt.String() {
		t.Fatalf("the export of the database differs from the file's:\n%s\nwant\n%s", fromPG.String(), fromBolt.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"store", "check", "--database-url", url}, &out); err != nil ||
		!strings.Contains(out.String(), "4 jobs, 3 results, 1 graph and 1 machine\nok\n") || !strings.HasPrefix(out.String(), "postgres database t") {
		t.Errorf("check of the database: %v %q", err, out.String())
	}
}
