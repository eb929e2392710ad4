package web

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestUploadSuggestsHost: after an upload, a real machine (its nodes
// named: a preset or an uploaded machine file) that fits is kept, since
// the user chose it; otherwise a stencil gets a torus of its shape
// whatever the current host, another graph keeps a host that fits,
// else gets the most cube-like 3-D torus of its order (512 → 8x8x8, not
// the squarest 2-D torus 32x16), else a 2-D torus, else a ring.
func TestUploadSuggestsHost(t *testing.T) {
	m, _, err := machinefile.Read(strings.NewReader("SwitchName=s1 Nodes=tux[01-12]\nSwitchName=s2 Nodes=tux[13-24]\nSwitchName=s0 Switches=s[1-2]\n"))
	if err != nil {
		t.Fatal(err)
	}
	topology.RegisterMachine(m.(*topology.SwitchTree))
	tux := m.String()
	tests := []struct {
		name string
		g    spec.Guest
		keep string
		want string
	}{
		{"3-D halo of 512", uploaded(t, "grid:8x8x8:wrap"), "torus:32x16", "torus:8x8x8"},
		{"3-D halo without wrap", uploaded(t, "grid:8x4x4"), "ring:16", "torus:8x4x4"},
		{"2-D halo", uploaded(t, "grid:16x8"), "ring:16", "torus:16x8"},
		{"2-D halo keeps the xe6-slice", uploaded(t, "grid:16x8"), "torus:4x4x8:nodes-per-router=2:cores=16", "torus:4x4x8:nodes-per-router=2:cores=16"},
		{"2-D halo keeps an uploaded machine", uploaded(t, "grid:6x4"), tux, tux},
		{"2-D halo too large for the xe6-slice", uploaded(t, "grid:128x64"), "torus:4x4x8:nodes-per-router=2:cores=16", "torus:128x64"},
		{"2-D halo renumbered", renumberedUpload(t, "grid:16x8"), "ring:16", "torus:16x8"},
		{"3-D halo renumbered", renumberedUpload(t, "grid:6x6x6:wrap"), "torus:27x8", "torus:6x6x6"},
		{"512 irregular", scrambled(t, 512), "ring:16", "torus:8x8x8"},
		{"512 irregular keeps a host that fits", scrambled(t, 512), "torus:32x16", "torus:32x16"},
		{"24 irregular", scrambled(t, 24), "ring:16", "torus:4x3x2"},
		{"14 irregular: no 3-D torus", scrambled(t, 14), "ring:8", "torus:7x2"},
		{"13 irregular: a ring", scrambled(t, 13), "ring:8", "ring:13"},
	}
	for _, tc := range tests {
		if got := hostFor(tc.g, tc.keep); got != tc.want {
			t.Errorf("%s: hostFor(%s, %s) = %s, want %s", tc.name, tc.g, tc.keep, got, tc.want)
		}
	}
}

// uploaded is a guest's graph as an upload gives it: graph:ID.
func uploaded(t *testing.T, s string) spec.Guest {
	t.Helper()
	g, err := spec.ParseGuest(s)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	var arcs []guest.Arc
	for u := range gr.Order() {
		for _, v := range gr.Neighbors(u) {
			arcs = append(arcs, guest.Arc{From: u, To: int(v), Volume: 1})
		}
	}
	return upload(t, gr.Order(), arcs)
}

// scrambled is a random symmetric graph of n vertices, 3 edges each.
func scrambled(t *testing.T, n int) spec.Guest {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	var arcs []guest.Arc
	for u := range n {
		for range 3 {
			v := r.IntN(n)
			arcs = append(arcs, guest.Arc{From: u, To: v, Volume: 1}, guest.Arc{From: v, To: u, Volume: 1})
		}
	}
	return upload(t, n, arcs)
}

func upload(t *testing.T, n int, arcs []guest.Arc) spec.Guest {
	t.Helper()
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.SpecOf(guest.Canonical(g))
}

// TestMachineUploadNamesTheReadersFormats: the machine upload's note
// names the formats the server reads, in its order.
func TestMachineUploadNamesTheReadersFormats(t *testing.T) {
	var titles []string
	for _, f := range machinefile.Formats {
		titles = append(titles, f.Title)
	}
	if !slices.Equal(machineFileTitles, titles) {
		t.Errorf("the note names %v, the server reads %v", machineFileTitles, titles)
	}
}

// TestUploadFormatsAreGraphfiles: the upload's format selector offers
// exactly the formats the server reads, in its order.
func TestUploadFormatsAreGraphfiles(t *testing.T) {
	var names []string
	for _, f := range graphFormats {
		names = append(names, f.name)
	}
	if want := graphfile.Names(); !slices.Equal(names, want) {
		t.Errorf("the selector offers %v, the server reads %v", names, want)
	}
}

// renumberedUpload is a grid's graph, its vertices renumbered at random,
// as an upload gives it.
func renumberedUpload(t *testing.T, s string) spec.Guest {
	t.Helper()
	sp, err := spec.ParseGuest(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sp.Build()
	if err != nil {
		t.Fatal(err)
	}
	perm := rand.New(rand.NewPCG(5, 1)).Perm(g.Order())
	var arcs []guest.Arc
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			arcs = append(arcs, guest.Arc{From: perm[v], To: perm[u], Volume: 1})
		}
	}
	return upload(t, g.Order(), arcs)
}
