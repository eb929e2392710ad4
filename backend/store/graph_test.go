package store_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/algorithms/guest"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// sampleGraph is an identified weighted graph of n vertices: a ring with
// volumes 1..n and one directed arc 0→n/2 of volume 0.5.
func sampleGraph(t testing.TB, n int) store.GraphRecord {
	var arcs []guest.Arc
	for v := range n {
		arcs = append(arcs, guest.Arc{From: v, To: (v + 1) % n, Volume: float64(v + 1)}, guest.Arc{From: (v + 1) % n, To: v, Volume: float64(v + 1)})
	}
	arcs = append(arcs, guest.Arc{From: 0, To: n / 2, Volume: 0.5})
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return store.GraphRecord{Graph: guest.Canonical(g), Format: "csv", Warnings: []string{"one warning"},
		Created: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)}
}

func sameGraph(a, b *guest.Graph) bool {
	return a.ID == b.ID && slices.Equal(a.Offsets, b.Offsets) && slices.Equal(a.Adj, b.Adj) && slices.Equal(a.Weight, b.Weight)
}

// TestGraphSurvivesReopen: a graph stored is the same graph after the
// store is closed and opened again; storing it twice keeps one record.
func TestGraphSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	want := sampleGraph(t, 40)
	for range 2 {
		if _, err := st.PutGraph(want, 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Graph(strings.Repeat("0", guest.IDLen)); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("an unknown graph: %v, want ErrNotFound", err)
	}
	st.Close()
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := st.Graph(want.Graph.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(got.Graph, want.Graph) || got.Format != "csv" || !slices.Equal(got.Warnings, want.Warnings) || !got.Created.Equal(want.Created) {
		t.Errorf("read back %+v, want %+v", got, want)
	}
	if s := st.Stats(); s.Graphs != 1 {
		t.Errorf("stats: %d graphs, want 1", s.Graphs)
	}
}

// TestBadGraphRecord: a bit flipped in a stored graph is found when the
// store opens (a problem) and when the graph is read (ErrCorrupt), and the
// other graphs still read.
func TestBadGraphRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	good, bad := sampleGraph(t, 10), sampleGraph(t, 12)
	for _, r := range []store.GraphRecord{good, bad} {
		if _, err := st.PutGraph(r, 0); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("graphs"))
		v := slices.Clone(b.Get([]byte(bad.Graph.ID)))
		v[len(v)-3] ^= 0x10 // a volume's bits
		return b.Put([]byte(bad.Graph.ID), v)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r, err := store.Check(path); err != nil || !strings.Contains(strings.Join(r.Problems, "\n"), "graph "+bad.Graph.ID) {
		t.Errorf("store check: %+v, %v; want the bad graph among the problems", r, err)
	}
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if p := strings.Join(st.Problems(), "\n"); !strings.Contains(p, "graph "+bad.Graph.ID) {
		t.Errorf("problems %q, want the bad graph", p)
	}
	if _, err := st.Graph(bad.Graph.ID); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("the bad graph: %v, want ErrCorrupt", err)
	}
	if g, err := st.Graph(good.Graph.ID); err != nil || !sameGraph(g.Graph, good.Graph) {
		t.Errorf("the good graph: %v", err)
	}
}

// TestSweepGraphs: graphs age by their last use, and Compact keeps them.
func TestSweepGraphs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	old, used := sampleGraph(t, 10), sampleGraph(t, 11)
	for _, r := range []store.GraphRecord{old, used} {
		if _, err := st.PutGraph(r, 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Sweep(store.Retention{MaxAge: time.Hour}, time.Now()); err != nil {
		t.Fatal(err)
	}
	st.Graph(used.Graph.ID) // a read is a use
	total := st.Stats().DataBytes
	removed, err := st.Sweep(store.Retention{MaxBytes: total - 1}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(removed, []string{"graph:" + old.Graph.ID}) {
		t.Errorf("removed %v, want the least recently used graph:%s", removed, old.Graph.ID)
	}
	removed, err = st.Sweep(store.Retention{MaxAge: time.Hour}, time.Now().Add(90*time.Minute))
	if err != nil || !slices.Equal(removed, []string{"graph:" + used.Graph.ID}) {
		t.Errorf("removed %v, %v; want graph:%s, unused for 90 minutes", removed, err, used.Graph.ID)
	}
	if _, err := st.PutGraph(used, 0); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := store.Compact(path); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if g, err := st.Graph(used.Graph.ID); err != nil || !sameGraph(g.Graph, used.Graph) {
		t.Errorf("after compact: %v", err)
	}
	if _, err := st.Graph(old.Graph.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("the expired graph: %v, want ErrNotFound", err)
	}
}

// FuzzDecodeGraph: decoding a record never panics, and what decodes is a
// graph the mappers can take (offsets in order, arcs in range, volumes
// positive).
func FuzzDecodeGraph(f *testing.F) {
	r := sampleGraph(f, 5)
	f.Add(store.EncodeGraphForTest(r))
	f.Add([]byte{})
	f.Add([]byte{2, 0, 0, 0, '{', '}'})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := store.DecodeGraph(b)
		if err != nil {
			return
		}
		g := r.Graph
		for v := range g.Order() {
			if g.Offsets[v] > g.Offsets[v+1] {
				t.Fatalf("offsets decrease at %d", v)
			}
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				if u := g.Adj[e]; u < 0 || int(u) >= g.Order() || int(u) == v || !(g.Weight[e] > 0) {
					t.Fatalf("arc %d→%d volume %v", v, u, g.Weight[e])
				}
			}
		}
	})
}
