package store_test

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"topomap/backend/store"
)

// TestGraphQuotaPerOwner: PutGraph refuses a graph that would take its
// owner's stored graphs beyond the quota (ErrQuota), whoever else is
// near theirs; a graph already stored charges nobody; the count survives
// a restart and a sweep that removes a graph gives its bytes back.
func TestGraphQuotaPerOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g := make([]store.GraphRecord, 5) // records of about 3 KB
	for i := range g {
		g[i] = sampleGraph(t, 100+i)
		g[i].Created = time.Now().Add(time.Duration(i) * time.Minute)
	}
	put := func(r store.GraphRecord, owner string) error {
		r.Owner = owner
		_, err := st.PutGraph(r, 7000)
		return err
	}
	for _, step := range []struct {
		graph int
		owner string
		quota bool // refused for the quota
	}{
		{0, "ip:a", false}, {1, "ip:a", false}, {2, "ip:a", true},
		{2, "ip:b", false}, {0, "ip:b", false}, {1, "ip:b", false}, // 0 and 1 are a's: no charge
		{3, "ip:b", false}, {4, "ip:b", true},
	} {
		if err := put(g[step.graph], step.owner); errors.Is(err, store.ErrQuota) != step.quota || err != nil && !step.quota {
			t.Fatalf("graph %d of %s: %v, want quota refusal %v", step.graph, step.owner, err, step.quota)
		}
	}
	st.Close()
	if st, err = store.Open(path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := put(g[4], "ip:a"); !errors.Is(err, store.ErrQuota) {
		t.Errorf("after a restart: %v, want ErrQuota", err)
	}
	if got, err := st.Graph(g[0].Graph.ID); err != nil || got.Owner != "ip:a" {
		t.Errorf("graph 0 reads %q, %v; want its owner ip:a", got.Owner, err)
	}
	// The least recently used, graph 0, goes: a has room for one more.
	removed, err := st.Sweep(store.Retention{MaxBytes: st.Stats().DataBytes - 1}, time.Now())
	if err != nil || !slices.Equal(removed, []string{"graph:" + g[0].Graph.ID}) {
		t.Fatalf("sweep removed %v, %v; want graph 0", removed, err)
	}
	if err := put(g[4], "ip:a"); err != nil {
		t.Errorf("after the sweep: %v", err)
	}
}

// TestOpensGraphsStoredBeforeOwners: testdata/graphs-v1.db, written by
// the code of before graphs had owners (a graph and a done job mapping
// it), opens without problems; its graph reads back, charged to nobody.
func TestOpensGraphsStoredBeforeOwners(t *testing.T) {
	st := openCopy(t, "testdata/graphs-v1.db")
	want := sampleGraph(t, 6)
	got, err := st.Graph(want.Graph.ID)
	if err != nil || !sameGraph(got.Graph, want.Graph) || got.Format != want.Format || got.Owner != "" {
		t.Fatalf("graph %+v, %v; want %+v without an owner", got, err, want)
	}
	if p, err := st.Placement("eeeeeeeeeeeeeeeeeeee"); err != nil || len(p) != 6 {
		t.Errorf("the job's placement: %v, %v", p, err)
	}
	// A quota just for one graph of a new owner: the old graph is not theirs.
	r := sampleGraph(t, 7)
	r.Owner = "ip:a"
	if _, err := st.PutGraph(r, store.GraphBytesForTest(r)); err != nil {
		t.Errorf("a graph of a new owner: %v", err)
	}
}
