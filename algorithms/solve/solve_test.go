package solve_test

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// Helpers and table runners shared by the families' tests
// (embeddings_test.go, grids_test.go, pairs_test.go).

func parse(t *testing.T, g, h string) (spec.Guest, topology.Host) {
	t.Helper()
	gg, err := spec.ParseGuest(g)
	if err != nil {
		t.Fatal(err)
	}
	hh, err := spec.ParseHost(h)
	if err != nil {
		t.Fatal(err)
	}
	return gg, hh
}

// mustMap maps guest onto host with algo through the registry, as the CLI
// and the API do.
func mustMap(t *testing.T, algo, guest, host string) *solve.Result {
	t.Helper()
	return solvetest.Map(t, url.Values{"guest": {guest}, "host": {host}, "algo": {algo}}.Encode())
}

// TestRegistered: every family's algorithms are registered with complete
// notes, a confidence tag their family's definitions use (the package doc
// defines the tags), and a source that cites the section; a P algorithm is
// our reading, so its summary must say so.
func TestRegistered(t *testing.T) {
	families := []struct {
		name        string
		algos       []string
		confidences []string
		cites       string   // the source names a section: "§..."
		uncited     []string // baselines of ours, with no section to cite
	}{
		{"embeddings", cubeAlgos, []string{"V", "R", "V-num", "P"}, "§", nil},
		{"grids", gridAlgos, []string{"V", "P"}, "§9.", []string{"rowmajor", "snake", "bisect"}},
		{"pairs", []string{"pairs", "pairs-uniform"}, []string{"P"}, "", nil},
		{"graphs", []string{"rb", "multisection", "greedy"}, []string{"P"}, "§", []string{"rb"}},
	}
	for _, f := range families {
		for _, name := range f.algos {
			a, ok := solve.Lookup(name)
			if !ok {
				t.Fatalf("%s: %s not registered", f.name, name)
			}
			n := a.Notes
			if n.Title == "" || n.Source == "" || n.Complexity == "" || n.Summary == "" || a.Guests == "" || a.Hosts == "" {
				t.Errorf("%s: incomplete notes %+v, guests %q, hosts %q", name, n, a.Guests, a.Hosts)
			}
			if !slices.Contains(f.confidences, n.Confidence) {
				t.Errorf("%s: confidence %q, want one of %v", name, n.Confidence, f.confidences)
			}
			if n.Confidence == "P" && !strings.Contains(strings.ToLower(n.Summary), "our") {
				t.Errorf("%s: a P algorithm's summary must say it is our reading: %q", name, n.Summary)
			}
			if !slices.Contains(f.uncited, name) && !strings.Contains(n.Source, f.cites) {
				t.Errorf("%s: source %q does not cite a section (%s)", name, n.Source, f.cites)
			}
		}
	}
	// The Gray stand-in for Ma & Tao is our proposal (package embedding).
	if a, _ := solve.Lookup("gray"); a.Notes.Confidence != "P" || !strings.Contains(a.Notes.Summary, "Ma & Tao") {
		t.Errorf("gray notes %+v must say confidence P and name Ma & Tao", a.Notes)
	}
	// STEP's band embedding is ours and must say so in its title.
	if a, _ := solve.Lookup("step"); !strings.Contains(a.Notes.Title, "our band construction after Aleliunas & Rosenberg, not their text") {
		t.Errorf("step title %q must say it is our band construction after Aleliunas & Rosenberg, not their text", a.Notes.Title)
	}
	// PAIRS maps onto any host with room for the guest.
	for _, name := range []string{"pairs", "pairs-uniform"} {
		if a, _ := solve.Lookup(name); !a.LargerHost {
			t.Errorf("%s refuses a larger host", name)
		}
	}
}

// appliesCase is one row of a family's Applies table.
type appliesCase struct {
	algo, guest, host string
	want              string // the whole message; "" = applies
	wraps             error  // what the error must wrap; nil = not checked
}

// TestApplies runs every family's Applies table: the reason an algorithm
// does not apply is one plain sentence (no package prefix) that wraps the
// family's sentinel.
func TestApplies(t *testing.T) {
	for _, tt := range slices.Concat(cubeApplies, gridApplies) {
		t.Run(tt.algo+" "+tt.guest+" on "+tt.host, func(t *testing.T) {
			a, _ := solve.Lookup(tt.algo)
			g, h := parse(t, tt.guest, tt.host)
			err := a.Applies(g, h)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("does not apply: %v", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			if tt.wraps != nil && !errors.Is(err, tt.wraps) {
				t.Errorf("err %v does not wrap %v", err, tt.wraps)
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
