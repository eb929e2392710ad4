package guest_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/guest"
)

// path3 is the path 0-1-2 with volumes 2 and 5 and a directed arc 2→0.
func path3(t *testing.T, arcs []guest.Arc) *guest.Graph {
	t.Helper()
	g, _, err := guest.FromArcs(3, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestWeightedKind: graph:ID parses, prints and builds once resolved, and
// the id is the content's: the same arcs in another order, or a parallel
// arc split in two, give the same id; another volume another one.
func TestWeightedKind(t *testing.T) {
	a := guest.Canonical(path3(t, []guest.Arc{{0, 1, 2}, {1, 0, 2}, {1, 2, 5}, {2, 1, 5}, {2, 0, 1}}))
	b := guest.Canonical(path3(t, []guest.Arc{{2, 0, 1}, {2, 1, 5}, {1, 2, 2}, {1, 2, 3}, {1, 0, 2}, {0, 1, 2}}))
	c := guest.Canonical(path3(t, []guest.Arc{{0, 1, 2}, {1, 0, 2}, {1, 2, 5}, {2, 1, 5}, {2, 0, 2}}))
	if a.ID != b.ID || a.ID == c.ID || !guest.ValidID(a.ID) {
		t.Fatalf("ids %s %s %s: want the first two equal, the third different", a.ID, b.ID, c.ID)
	}
	checkCSRDirected(t, a)
	s := a.String()
	sp, err := guest.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if sp.String() != s || sp.Kind != guest.Custom || sp.Order() != 0 {
		t.Fatalf("spec %v order %d, want %s unresolved", sp, sp.Order(), s)
	}
	if _, err := sp.Build(); !errors.Is(err, guest.ErrUnresolved) {
		t.Fatalf("build before resolve: %v, want ErrUnresolved", err)
	}
	byID := func(_ context.Context, id string) (*guest.Graph, error) {
		if id == a.ID {
			return a, nil
		}
		return c, nil // the wrong graph
	}
	sp, err = sp.Resolve(context.Background(), byID)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sp.Build()
	if err != nil || g != a || sp.Order() != 3 || g.String() != s {
		t.Fatalf("resolved: %v %v, order %d", g, err, sp.Order())
	}
	if g.Dimensions() != 0 || g.Diameter() != 0 || g.Bandwidth() != 0 {
		t.Errorf("a weighted graph has %d dimensions, diameter %d; want none", g.Dimensions(), g.Diameter())
	}
	other, _ := guest.Parse("graph:" + b.ID[:31] + "0")
	if _, err := other.Resolve(context.Background(), byID); !errors.Is(err, guest.ErrInvalid) {
		t.Errorf("a resolver answering another graph: %v, want ErrInvalid", err)
	}
	for _, bad := range []string{"graph:", "graph:12", "graph:" + a.ID + "0", "graph:" + a.ID[:31] + "g"} {
		if _, err := guest.Parse(bad); err == nil {
			t.Errorf("%q parses", bad)
		}
	}
}

// checkCSRDirected checks the CSR invariants that hold for directed
// graphs too: offsets, sorted targets in range, no self-loop.
func checkCSRDirected(t *testing.T, g *guest.Graph) {
	t.Helper()
	for v := range g.Order() {
		nb := g.Neighbors(v)
		for i, u := range nb {
			if int(u) == v || u < 0 || int(u) >= g.Order() || i > 0 && nb[i-1] >= u {
				t.Fatalf("vertex %d: neighbours %v", v, nb)
			}
		}
	}
}

func TestDimensionsAndDiameter(t *testing.T) {
	for _, tt := range []struct {
		spec                      string
		dims, diameter, bandwidth int
	}{{"hypercube:5", 5, 5, 13}, {"grid:9x8", 2, 15, 8}, {"grid:8x5x1:wrap", 3, 6, 0}, {"grid:1x5", 2, 4, 1}} {
		sp, _ := guest.Parse(tt.spec)
		g, _ := sp.Build()
		if g.Dimensions() != tt.dims || g.Diameter() != tt.diameter || g.Bandwidth() != tt.bandwidth {
			t.Errorf("%s: %d dimensions, diameter %d, bandwidth %d; want %d, %d, %d", tt.spec, g.Dimensions(), g.Diameter(), g.Bandwidth(), tt.dims, tt.diameter, tt.bandwidth)
		}
	}
}

func BenchmarkCanonical(b *testing.B) {
	for _, s := range []string{"grid:256x256", "grid:1024x1024"} {
		sp, _ := guest.Parse(s)
		g, _ := sp.Build()
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = guest.Canonical(g)
			}
		})
	}
}

// TestCanonicalIDStable pins the id of one graph: ids are kept in stores,
// job records and permalinks, so the hashed form must never change.
func TestCanonicalIDStable(t *testing.T) {
	var arcs []guest.Arc
	for _, e := range [][3]int{{0, 1, 5}, {1, 2, 2}, {2, 3, 3}, {3, 0, 1}} { // the 4-cycle of the server's tests
		arcs = append(arcs, guest.Arc{From: e[0], To: e[1], Volume: float64(e[2])}, guest.Arc{From: e[1], To: e[0], Volume: float64(e[2])})
	}
	g, _, err := guest.FromArcs(4, arcs)
	if err != nil {
		t.Fatal(err)
	}
	if id := guest.Canonical(g).ID; id != "6e2de0a8bdff56dffce969478ca8872d" {
		t.Errorf("id %s: the hashed form changed", id)
	}
}

// TestFromCSR: the arrays a store or the API hands over are checked
// before a mapper sees them.
func TestFromCSR(t *testing.T) {
	id := strings.Repeat("a", guest.IDLen)
	if g, err := guest.FromCSR(id, []int32{0, 1, 2}, []int32{1, 0}, []float64{2, 2}); err != nil || g.Order() != 2 || g.String() != "graph:"+id {
		t.Fatalf("%v, %v", g, err)
	}
	for _, tc := range []struct {
		name    string
		id      string
		offsets []int32
		adj     []int32
		weight  []float64
	}{
		{"bad id", "xyz", []int32{0, 0}, nil, nil},
		{"no vertex", id, []int32{0}, nil, nil},
		{"offsets past the arcs", id, []int32{0, 5, 1}, []int32{1}, []float64{1}},
		{"decreasing", id, []int32{0, 1, 0, 1}, []int32{1}, []float64{1}},
		{"not from 0", id, []int32{1, 1}, []int32{0}, []float64{1}},
		{"target out of range", id, []int32{0, 1, 1}, []int32{2}, []float64{1}},
		{"self-loop", id, []int32{0, 1, 1}, []int32{0}, []float64{1}},
		{"zero volume", id, []int32{0, 1, 1}, []int32{1}, []float64{0}},
		{"volumes missing", id, []int32{0, 1, 1}, []int32{1}, nil},
	} {
		if _, err := guest.FromCSR(tc.id, tc.offsets, tc.adj, tc.weight); !errors.Is(err, guest.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tc.name, err)
		}
	}
}
