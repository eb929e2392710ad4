package draw_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
	"topomap/web/draw"
)

// withHost returns a copy of r whose mapping's host is h (the same nodes),
// its link loads not yet counted.
func withHost(r *solve.Result, h topology.Host) *solve.Result {
	m := *r.Mapping
	m.Host = h
	return &solve.Result{Mapping: &m, Metrics: r.Metrics}
}

// drawn returns the SVG of r drawn with opt.
func drawn(t *testing.T, r *solve.Result, opt draw.Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestShapedHostsDrawnAsLattices: a host kind with the lattice's
// capabilities (topology.Shaped, topology.Router), not a
// *topology.Lattice, is drawn byte for byte as the lattice is, by the
// lattice's layout and link heat map: a line in a row, a ring on a
// circle, a hypercube in Gray-code order, a mesh and a torus in planes;
// a grid with the same routes but without Shaped is drawn generically,
// its nodes on a circle.
func TestShapedHostsDrawnAsLattices(t *testing.T) {
	for _, q := range []string{
		"guest=hypercube:4&host=line:16&algo=gray",
		"guest=hypercube:5&host=ring:32&algo=xor",
		"guest=hypercube:6&host=hypercube:6&algo=identity",
		"guest=grid:8x8&host=torus:8x8&algo=rowmajor",
		"guest=hypercube:6&host=mesh:4x4x4&algo=standard",
	} {
		for _, opt := range []draw.Options{{}, {Detail: 1}} { // the guest's edges, then not
			r := solvetest.Map(t, q)
			lat := r.Mapping.Host.(*topology.Lattice)
			want := drawn(t, withHost(r, lat), opt)
			if !strings.Contains(want, "links coloured by load") {
				t.Fatalf("%s (detail %d): no link heat map", q, opt.Detail)
			}
			if got := drawn(t, withHost(r, topotest.Disguised{Lattice: lat}), opt); got != want {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Errorf("%s (detail %d): the disguised lattice is drawn otherwise, from byte %d on: %.80q, want %.80q", q, opt.Detail, i, got[i:], want[i:])
			}
			if got := drawn(t, withHost(r, topotest.NewRoutedGrid(lat, nil)), opt); !strings.Contains(got, "clockwise on a circle from the top") {
				t.Errorf("%s (detail %d): a grid without Shaped is not drawn on a circle:\n%s", q, opt.Detail, got)
			}
		}
	}
}
