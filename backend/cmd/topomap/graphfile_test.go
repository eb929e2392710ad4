package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// ring4 is a weighted 4-cycle in METIS and, directed, as a CSV edge list
// with a self-loop that the reader drops and reports.
const (
	ring4METIS = "4 4 001\n2 5 4 1\n1 5 3 2\n2 2 4 3\n3 3 1 1\n"
	ring4CSV   = "1,0,5\n0,1,5\n1,2,2\n2,1,2\n2,3,3\n3,2,3\n3,0,1\n0,3,1\n2,2,9\n"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMapFile: --guest file:PATH maps a graph file; the guest is graph:ID,
// the same for the same graph in two formats; the reader's warnings go
// to stderr and a malformed file is an error naming the line.
func TestMapFile(t *testing.T) {
	metis, csv := writeFile(t, "ring.graph", ring4METIS), writeFile(t, "ring.csv", ring4CSV)
	var guests []string
	for _, p := range []string{metis, csv} {
		out, errOut, err := runArgs(t, "map", "--guest", "file:"+p, "--host", "ring:4", "--algo", "pairs", "--seed", "1", "--format", "json")
		var r struct {
			Guest   string `json:"guest"`
			Metrics struct {
				HopsPerByte float64 `json:"hopsPerByte"`
				Arcs        int     `json:"arcs"`
			} `json:"metrics"`
		}
		if err != nil || json.Unmarshal([]byte(out), &r) != nil || r.Metrics.HopsPerByte != 1 || r.Metrics.Arcs != 8 {
			t.Fatalf("%s: %v %s", p, err, out)
		}
		if p == csv && !strings.Contains(errOut, "self-loop") {
			t.Errorf("no warning about the self-loop on stderr: %q", errOut)
		}
		guests = append(guests, r.Guest)
	}
	if !strings.HasPrefix(guests[0], "graph:") || guests[0] != guests[1] {
		t.Errorf("guests %v: want one graph:ID", guests)
	}
	// graph:ID names a server's upload: the command line says so.
	if _, _, err := runArgs(t, "map", "--guest", guests[0], "--host", "ring:4", "--algo", "pairs"); err == nil || !strings.Contains(err.Error(), "uploaded to a server") {
		t.Errorf("graph:ID on the command line: %v", err)
	}
	bad := writeFile(t, "bad.graph", "4 4 001\n2 5 4 x\n")
	if _, _, err := runArgs(t, "map", "--guest", "file:"+bad, "--host", "ring:4", "--algo", "pairs"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("malformed file: %v", err)
	}
}

// TestSubmitFile: submit uploads the graph of file:PATH (the server
// reads no path) and submits graph:ID.
func TestSubmitFile(t *testing.T) {
	ts, _ := uploadServer(t)
	p := writeFile(t, "ring.graph", ring4METIS)
	out, err := runCLI(t, "submit", "--wait", "--format", "text", "--server", ts.URL, "--guest", "file:"+p, "--host", "ring:4", "--algo", "pairs")
	if err != nil || !strings.HasPrefix(out, "graph:") || !strings.Contains(out, "hops per byte     1.0000") {
		t.Fatalf("submit: %v\n%s", err, out)
	}
}

// uploadServer is a server on a memory store that takes uploads (graphs
// and machines) and runs their jobs, for submit's file:PATH tests, and
// its store; it mutes submit's progress.
func uploadServer(t *testing.T) (*httptest.Server, *store.Memory) {
	t.Helper()
	progressOut = io.Discard
	st := store.NewMemory()
	r, err := jobs.New(st, jobs.Options{Graphs: st.Resolve})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(server.Options{Jobs: r, Graphs: st}))
	t.Cleanup(func() { ts.Close(); r.Close(context.Background()) })
	return ts, st
}

// TestGraphCommand: graph writes a guest as a graph file: a grid as an
// edge list, a METIS file as a GOAL schedule that reads back to the same
// graph:ID; an unknown format and a format that cannot hold the graph
// are errors that say why.
func TestGraphCommand(t *testing.T) {
	out, _, err := runArgs(t, "graph", "--guest", "grid:2x1", "--format", "edges")
	if err != nil || out != "src dst volume\n0 1 1\n1 0 1\n" {
		t.Errorf("grid:2x1 as edges: %q, %v", out, err)
	}
	metis := writeFile(t, "ring.graph", ring4METIS)
	goal, _, err := runArgs(t, "graph", "--guest", "file:"+metis, "--format", "goal")
	if err != nil || !strings.HasPrefix(goal, "num_ranks 4\nrank 0 {\nsend 5b to 1\n") {
		t.Fatalf("the ring as GOAL: %q, %v", goal, err)
	}
	back := writeFile(t, "ring.goal", goal)
	var guests []string
	for _, p := range []string{metis, back} {
		out, _, err := runArgs(t, "map", "--guest", "file:"+p, "--host", "ring:4", "--algo", "identity", "--format", "json")
		var r struct{ Guest string }
		if err != nil || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("map %s: %v", p, err)
		}
		guests = append(guests, r.Guest)
	}
	if guests[0] != guests[1] {
		t.Errorf("the METIS file is %s, its GOAL schedule %s", guests[0], guests[1])
	}
	if _, _, err := runArgs(t, "graph", "--guest", "grid:2x2", "--format", "xls"); err == nil || !strings.Contains(err.Error(), "want goal, matrixmarket") {
		t.Errorf("an unknown format: %v", err)
	}
	csv := writeFile(t, "ring.csv", ring4CSV+"0,2,0.5\n")
	if _, _, err := runArgs(t, "graph", "--guest", "file:"+csv, "--format", "metis"); err == nil || !strings.Contains(err.Error(), "integer weights only") {
		t.Errorf("a real volume as METIS: %v", err)
	}
}
