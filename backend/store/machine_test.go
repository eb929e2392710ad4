package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// sampleMachine is a tree of switches: dev0..dev2 under s0, dev3 under
// s1, both under s2.
func sampleMachine(t *testing.T) (*topology.SwitchTree, store.GraphRecord) {
	t.Helper()
	tr, err := topology.NewSwitchTree([]string{"dev0", "dev1", "dev2", "dev3"}, []string{"s0", "s1", "s2"}, []int{4, 4, 4, 5, 6, 6, -1})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := jobs.MachineRecord(tr, store.GraphRecord{Format: "slurm", Owner: "ip:192.0.2.1", Created: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	return tr, rec
}

// TestMachineRecord: a machine rides a graph record: it survives a
// reopen as the same machine (id, names, distances), is listed by
// Machines, is not a graph to graph:ID guests, and is exported as a
// topology.conf.
func TestMachineRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, rec := sampleMachine(t)
	if _, err := st.PutGraph(rec, 0); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if st, err = store.Open(path); err != nil {
		t.Fatal(err)
	}
	got, err := st.Graph(tr.ID())
	if err != nil {
		t.Fatal(err)
	}
	back, err := got.Machine()
	if err != nil || back.ID() != tr.ID() || back.NodeName(3) != "dev3" || back.Hops(0, 3) != 4 || got.Owner != rec.Owner {
		t.Fatalf("read back %v (%v), owner %q", back, err, got.Owner)
	}
	if ms, err := st.Machines(); err != nil || len(ms) != 1 || ms[0].ID() != tr.ID() {
		t.Errorf("Machines() = %v (%v)", ms, err)
	}
	if _, err := st.Resolve(context.Background(), tr.ID()); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("graph:ID of a machine resolved: %v", err)
	}
	stream := string(exportOf(t, st))
	st.Close()
	var line struct{ Machine *store.ExportMachine }
	if lines := strings.Split(stream, "\n"); len(lines) != 4 || json.Unmarshal([]byte(lines[1]), &line) != nil || line.Machine == nil {
		t.Fatalf("export: want a header, one machine line and the end: %s", stream)
	}
	want := "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev3\nSwitchName=s2 Switches=s[0-1]\n"
	if line.Machine.ID != tr.ID() || line.Machine.TopologyConf != want {
		t.Errorf("exported %+v, want the id and %q", line.Machine, want)
	}
	mem := store.NewMemory()
	if got, err := store.Import(context.Background(), strings.NewReader(stream), mem); err != nil || got.Added.Machines != 1 {
		t.Fatalf("import: %+v, %v", got, err)
	}
	if ms, err := mem.Machines(); err != nil || len(ms) != 1 || ms[0].ID() != tr.ID() || ms[0].NodeName(3) != "dev3" {
		t.Errorf("imported machines %v (%v), want %s", ms, err, tr.ID())
	}
}

// TestMachineRecordChecked: a machine record whose tree is not the one
// its id names does not decode (a store check reports it).
func TestMachineRecordChecked(t *testing.T) {
	_, rec := sampleMachine(t)
	rec.Names = append([]string(nil), rec.Names...)
	rec.Names[0] = "other"
	if _, err := rec.Machine(); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("renamed node: %v, want ErrCorrupt", err)
	}
	if _, err := store.DecodeGraph(store.EncodeGraphForTest(rec)); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("decoding a renamed machine: %v, want ErrCorrupt", err)
	}
}

// TestSweepKeepsMachinesOfKeptJobs: the age sweep keeps an uploaded
// machine while a queued job maps onto it (machine:ID, with cores too),
// and removes it, as a graph, once no kept job names it and it went
// unused.
func TestSweepKeepsMachinesOfKeptJobs(t *testing.T) {
	t0 := time.Now()
	for _, tt := range []struct {
		name    string
		status  jobs.Status
		removed int // records removed at t0+6h
	}{
		{"queued job", jobs.Queued, 0},
		{"done job expired", jobs.Done, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			tr, rec := sampleMachine(t)
			rec.Created = t0
			if _, err := st.PutGraph(rec, 0); err != nil {
				t.Fatal(err)
			}
			j := jobs.Job{ID: strings.Repeat("0", 19) + "1", Status: tt.status, Created: t0,
				Request: jobs.Request{Guest: "grid:4x2", Host: tr.String() + ":cores=2", Algo: "pairs"}}
			if tt.status == jobs.Done {
				j.Finished = t0.Add(time.Hour)
				err = st.Finish(j, make([]int, 8))
			} else {
				err = st.Put(j)
			}
			if err != nil {
				t.Fatal(err)
			}
			removed, err := st.Sweep(store.Retention{MaxAge: 4 * time.Hour}, t0.Add(6*time.Hour))
			if err != nil || len(removed) != tt.removed {
				t.Fatalf("removed %v (%v), want %d records", removed, err, tt.removed)
			}
			if _, err := st.Graph(tr.ID()); (err == nil) != (tt.removed == 0) {
				t.Errorf("the machine after the sweep: %v", err)
			}
		})
	}
}

// TestCheckCountsMachinesAsExportDoes: a machine rides a graph record,
// but the store check (CheckSource, `topomap store check`) counts it as
// a machine, apart from the graphs, as Export does, in every store.
func TestCheckCountsMachinesAsExportDoes(t *testing.T) {
	type graphStore interface {
		store.Source
		PutGraph(r store.GraphRecord, quota int64) (store.GraphRecord, error)
	}
	open := map[string]func(t *testing.T) graphStore{
		"bbolt": func(t *testing.T) graphStore {
			st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
		"memory": func(*testing.T) graphStore { return store.NewMemory() },
	}
	_, machine := sampleMachine(t)
	for _, tc := range []struct {
		name             string
		graphs           []store.GraphRecord
		machines         []store.GraphRecord
		wantG, wantMachs int
	}{
		{"nothing", nil, nil, 0, 0},
		{"graphs only", []store.GraphRecord{sampleGraph(t, 5), sampleGraph(t, 6)}, nil, 2, 0},
		{"a machine only", nil, []store.GraphRecord{machine}, 0, 1},
		{"two graphs and a machine", []store.GraphRecord{sampleGraph(t, 5), sampleGraph(t, 6)}, []store.GraphRecord{machine}, 2, 1},
	} {
		for kind, open := range open {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				st := open(t)
				for _, r := range append(append([]store.GraphRecord{}, tc.graphs...), tc.machines...) {
					if _, err := st.PutGraph(r, 0); err != nil {
						t.Fatal(err)
					}
				}
				r, err := store.CheckSource(context.Background(), st)
				if err != nil || r.Graphs != tc.wantG || r.Machines != tc.wantMachs {
					t.Fatalf("check: %d graphs and %d machines (%v), want %d and %d", r.Graphs, r.Machines, err, tc.wantG, tc.wantMachs)
				}
				n, _, err := store.Export(context.Background(), st, io.Discard)
				if err != nil || n.Graphs != r.Graphs || n.Machines != r.Machines {
					t.Errorf("export: %+v (%v), check: %d graphs and %d machines", n, err, r.Graphs, r.Machines)
				}
			})
		}
	}
}
