package pgstore_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
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

// TestTheTopologyNamedOfATopologyYAMLIsTheMachineStored: the machine of
// the topology a topology.yaml names (machinefile.Options.Topology, not
// the file's default tree) is stored as that topology and reads back
// from the database opened again as the same machine, which writes as
// the topology.conf of its blocks' tree; as the bbolt store keeps it.
func TestTheTopologyNamedOfATopologyYAMLIsTheMachineStored(t *testing.T) {
	yaml := "- topology: topo1\n  cluster_default: true\n  tree:\n    switches:\n      - {switch: s0, nodes: \"dev[0-2]\"}\n" +
		"- topology: topo2\n  block:\n    block_sizes: [2, 4]\n    blocks:\n      - {block: b1, nodes: \"n[1-2]\"}\n      - {block: b2, nodes: \"n[3-4]\"}\n"
	h, src, err := machinefile.ReadWith(strings.NewReader(yaml), machinefile.Options{Topology: "topo2"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := jobs.MachineRecord(h.(topology.Machine), jobs.GraphRecord{Format: src.Format, Created: time.Now().UTC(), Owner: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	url := pgtest.Database(t)
	if _, err := openDBAt(t, url).PutGraph(r, 0); err != nil {
		t.Fatal(err)
	}
	m, err := jobs.StoredMachine(openDBAt(t, url), h.(topology.Machine).ID())
	if err != nil {
		t.Fatal(err)
	}
	var conf strings.Builder
	if _, err := machinefile.WriteMachine(&conf, m); err != nil {
		t.Fatal(err)
	}
	if want := "SwitchName=b1 Nodes=n[1-2]\nSwitchName=b2 Nodes=n[3-4]\nSwitchName=b1..b2(4) Switches=b[1-2]\n"; m.String() != h.String() || conf.String() != want {
		t.Errorf("stored %s, read back %s as %q; want %q", h, m, conf.String(), want)
	}
}
