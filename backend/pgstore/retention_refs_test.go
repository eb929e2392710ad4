package pgstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/store"
)

// TestTheRetentionKeepsAGraphThatARowOfAnOlderVersionNames: the sweep
// finds the graphs kept jobs name in the columns graph_ref and
// machine_ref rather than by reading every record (seconds a minute under
// a lock on the jobs at 200,000 jobs); a row an older version wrote
// (during a rolling upgrade) has none, and its record keeps the graph;
// the next start fills its columns in.
func TestTheRetentionKeepsAGraphThatARowOfAnOlderVersionNames(t *testing.T) {
	url := pgtest.Database(t)
	db := openDBAt(t, url)
	named, unnamed := ring(t, 5, "alice"), ring(t, 6, "alice")
	for _, r := range []jobs.GraphRecord{named, unnamed} {
		if _, err := db.PutGraph(r, 0); err != nil {
			t.Fatal(err)
		}
	}
	id := repeat('o')
	job := jobs.Job{ID: id, Status: jobs.Queued, Created: time.Now().UTC(),
		Request: jobs.Request{Guest: "graph:" + named.Graph.ID, Host: "ring:5", Algo: "block"}}
	if err := db.Put(job); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, url)
	if _, err := conn.Exec(context.Background(), "UPDATE topomap_jobs SET graph_ref = NULL, machine_ref = NULL WHERE id = $1", id); err != nil {
		t.Fatal(err)
	}
	removed, err := db.Sweep(context.Background(), store.Retention{MaxAge: time.Hour}, time.Now().Add(2*time.Hour))
	if err != nil || removed != 1 {
		t.Fatalf("sweep removed %d, %v; want the unnamed graph", removed, err)
	}
	if _, err := db.Graph(named.Graph.ID); err != nil {
		t.Errorf("the graph an older row names: %v, want kept", err)
	}
	if _, err := db.Graph(unnamed.Graph.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("the unnamed graph: %v, want removed", err)
	}
	openDBAt(t, url) // a replica's start
	var ref, machine string
	if err := conn.QueryRow(context.Background(), "SELECT graph_ref, machine_ref FROM topomap_jobs WHERE id = $1", id).Scan(&ref, &machine); err != nil || ref != named.Graph.ID || machine != "" {
		t.Errorf("after a start: graph_ref %q, machine_ref %q, %v; want %q and none", ref, machine, err, named.Graph.ID)
	}
}
