package pgstore_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// machine is an uploaded machine's record: a tree of switches whose
// nodes are named by prefix.
func machine(t *testing.T, prefix string) (*topology.SwitchTree, jobs.GraphRecord) {
	t.Helper()
	tr, err := topology.NewSwitchTree([]string{prefix + "1", prefix + "2", prefix + "3"}, []string{"leaf", "top"}, []int{3, 3, 4, 4, -1})
	if err != nil {
		t.Fatal(err)
	}
	r, err := jobs.MachineRecord(tr, jobs.GraphRecord{Format: "slurm", Created: time.Now().UTC(), Owner: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	return tr, r
}

// TestMachinesAreStoredWithTheirNamesAndKeptWhileAJobMapsOntoThem: an
// uploaded machine reads back with its names (Machines lists the machines
// only, Graph keeps its upload facts), is no graph to map (Resolve), and
// the retention keeps it while a kept job's host names it (machine:ID,
// with cores, in any case), as the bbolt store does.
func TestMachinesAreStoredWithTheirNamesAndKeptWhileAJobMapsOntoThem(t *testing.T) {
	db := openDB(t)
	used, usedRec := machine(t, "node")
	unused, unusedRec := machine(t, "cn")
	for _, r := range []jobs.GraphRecord{usedRec, unusedRec, ring(t, 5, "alice")} {
		if _, err := db.PutGraph(r, 0); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := db.Machines()
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, m := range ms {
		ids = append(ids, m.String())
	}
	slices.Sort(ids)
	want := []string{used.String(), unused.String()}
	slices.Sort(want)
	if !slices.Equal(ids, want) {
		t.Errorf("Machines: %q, want %q", ids, want)
	}
	r, err := db.Graph(used.ID())
	if err != nil || !slices.Equal(r.Names, usedRec.Names) || r.Nodes != 3 || r.Owner != "bob" || r.Format != "slurm" {
		t.Errorf("the stored machine: %+v, %v; want names %q", r, err, usedRec.Names)
	}
	if tr, err := r.Machine(); err != nil || tr.NodeName(2) != "node3" {
		t.Errorf("the stored machine rebuilds as %v, %v", tr, err)
	}
	if _, err := db.Resolve(context.Background(), used.ID()); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("Resolve of a machine: %v, want not found (it is no graph)", err)
	}
	queued := jobs.Job{ID: repeat('e'), Status: jobs.Queued, Created: time.Now().UTC(),
		Request: jobs.Request{Guest: "grid:2x3", Host: " MACHINE:" + used.ID() + ":cores=2", Algo: "block"}}
	if err := db.Put(queued); err != nil {
		t.Fatal(err)
	}
	removed, err := db.Sweep(context.Background(), store.Retention{MaxAge: time.Hour}, time.Now().Add(2*time.Hour))
	if err != nil || removed != 2 {
		t.Fatalf("sweep removed %d, %v; want the unused machine and the graph", removed, err)
	}
	if _, err := db.Graph(used.ID()); err != nil {
		t.Errorf("the machine a queued job maps onto: %v, want kept", err)
	}
	if _, err := db.Graph(unused.ID()); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("the unused machine: %v, want removed", err)
	}
}
