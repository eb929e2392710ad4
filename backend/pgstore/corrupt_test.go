package pgstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"topomap/algorithms/guest"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// ring is an uploaded graph: a ring of n vertices with volumes 1..n.
func ring(t *testing.T, n int, owner string) jobs.GraphRecord {
	t.Helper()
	var arcs []guest.Arc
	for v := range n {
		arcs = append(arcs, guest.Arc{From: v, To: (v + 1) % n, Volume: float64(v + 1)}, guest.Arc{From: (v + 1) % n, To: v, Volume: float64(v + 1)})
	}
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return jobs.GraphRecord{Graph: guest.Canonical(g), Format: "csv", Owner: owner}
}

// damage flips a byte of a stored value through SQL.
func damage(t *testing.T, url, sql, id string) {
	t.Helper()
	conn := connect(t, url)
	if tag, err := conn.Exec(context.Background(), sql, id); err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("damaging %s: %v, %v", id, tag, err)
	}
}

func TestGraphsAreStoredOnceWithinTheirOwnersQuota(t *testing.T) {
	db := openDB(t)
	a := ring(t, 8, "alice")
	stored, err := db.PutGraph(a, 1<<20)
	if err != nil || stored.Graph.ID != a.Graph.ID || stored.Owner != "alice" {
		t.Fatalf("PutGraph = %+v, %v", stored, err)
	}
	again, err := db.PutGraph(jobs.GraphRecord{Graph: a.Graph, Format: "metis", Owner: "bob"}, 1)
	if err != nil || again.Owner != "alice" || again.Format != "csv" {
		t.Fatalf("the same graph uploaded again by bob = %+v, %v; want alice's record, charging nobody", again, err)
	}
	if _, err := db.PutGraph(ring(t, 64, "alice"), 100); !errors.Is(err, jobs.ErrQuota) {
		t.Fatalf("a graph beyond alice's quota: %v, want ErrQuota", err)
	}
	got, err := db.Resolve(context.Background(), a.Graph.ID)
	if err != nil || got.Order() != 8 || got.ID != a.Graph.ID {
		t.Fatalf("Resolve = %v, %v", got, err)
	}
	if st := db.Stats(); st.Graphs != 1 || st.DataBytes <= 0 {
		t.Fatalf("Stats %+v: want one graph", st)
	}
	if _, err := db.Graph(ring(t, 5, "").Graph.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("an unknown graph: %v, want ErrNotFound", err)
	}
}

// TestADamagedPlacementOrGraphReadsAsCorrupt: a placement or graph
// that fails its CRC-32C reads as corrupt, and the store check of the
// database (store.CheckSource, as `topomap store check --database-url`)
// names both, counting the sound job and graph only.
func TestADamagedPlacementOrGraphReadsAsCorrupt(t *testing.T) {
	db := openDB(t)
	id := repeat('a')
	for _, j := range []string{id, repeat('b')} {
		if err := db.Finish(jobs.Job{ID: j, Status: jobs.Done}, []int{2, 0, 1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.PutGraph(ring(t, 7, ""), 0); err != nil {
		t.Fatal(err)
	}
	g := ring(t, 6, "")
	if _, err := db.PutGraph(g, 0); err != nil {
		t.Fatal(err)
	}
	damage(t, db.URL(), "UPDATE topomap_placements SET data = set_byte(data, 0, get_byte(data, 0) # 1) WHERE job_id = $1", id)
	damage(t, db.URL(), "UPDATE topomap_graphs SET data = set_byte(data, length(data) - 1, get_byte(data, length(data) - 1) # 1) WHERE id = $1", g.Graph.ID)
	if _, err := db.Placement(id); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("a placement that fails its checksum: %v, want ErrCorrupt", err)
	}
	if _, err := db.Graph(g.Graph.ID); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("a graph that fails its checksum: %v, want ErrCorrupt", err)
	}
	r, err := store.CheckSource(context.Background(), db)
	if err != nil || r.Jobs != 1 || r.Results != 1 || r.Graphs != 1 || len(r.Problems) != 2 || r.Bytes <= 0 || len(r.Damage) != 0 ||
		!strings.Contains(r.Problems[0], "placement of job "+id) || !strings.Contains(r.Problems[1], "graph "+g.Graph.ID) {
		t.Errorf("check of the database: %+v, %v; want 1 job, 1 result, 1 graph and the 2 damaged records named", r, err)
	}
}

func TestPlacementsAndGraphsAreStoredOutOfLineUncompressed(t *testing.T) {
	db := openDB(t)
	conn, err := pgx.Connect(context.Background(), db.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, table := range []string{"topomap_placements", "topomap_graphs"} {
		var storage string
		err := conn.QueryRow(context.Background(), "SELECT attstorage::text FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'data'", table).Scan(&storage)
		if err != nil || storage != "e" {
			t.Errorf("%s.data has storage %q (%v), want e (EXTERNAL)", table, storage, err)
		}
	}
}
