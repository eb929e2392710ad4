package graphfile_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestGeneratedGuestsAsFiles: the d-cube and grid guests, written in every
// format and read back as graph guests, give the mapping metrics of the
// generated guests (they are special cases: package guest's doc), for the
// identity and for random placements.
func TestGeneratedGuestsAsFiles(t *testing.T) {
	must := func(g *guest.Graph, err error) *guest.Graph {
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	host := func(h *topology.Lattice, err error) *topology.Lattice {
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	rng := rand.New(rand.NewPCG(9, 9)) // any placements will do; fixed for reproducible failures
	for _, tt := range []struct {
		guest *guest.Graph
		host  *topology.Lattice
	}{
		{must(guest.NewHypercube(4)), host(topology.NewRing(16))},
		{must(guest.NewHypercube(6)), host(topology.NewTorus(8, 8))},
		{must(guest.NewGrid([]int{9, 8}, false)), host(topology.NewMesh(6, 12))},
		{must(guest.NewGrid([]int{8, 8}, true)), host(topology.NewTorus(4, 16))},
		{must(guest.NewGrid([]int{4, 4, 4}, true)), host(topology.NewHypercube(6))},
	} {
		n := tt.guest.Order()
		places := [][]int{make([]int, n), rng.Perm(n), rng.Perm(n)}
		for i := range n {
			places[0][i] = i
		}
		for _, f := range graphfile.Formats() {
			var buf bytes.Buffer
			if err := f.Write(&buf, tt.guest); err != nil {
				t.Fatal(err)
			}
			res, err := graphfile.Read(&buf, graphfile.Options{Format: f.Name})
			if err != nil {
				t.Fatal(err)
			}
			for _, place := range places {
				want := metric.Evaluate(&mapping.Mapping{Guest: tt.guest, Host: tt.host, Place: place})
				got := metric.Evaluate(&mapping.Mapping{Guest: res.Graph, Host: tt.host, Place: place})
				if got.HopBytes != want.HopBytes || got.HopsPerByte != want.HopsPerByte || got.MaxDilation != want.MaxDilation || got.AvgDilation != want.AvgDilation {
					t.Errorf("%v on %v as %s: hop-bytes %v, hops/byte %v, dilation max %d avg %v; want %v, %v, %d, %v",
						tt.guest, tt.host, f.Name, got.HopBytes, got.HopsPerByte, got.MaxDilation, got.AvgDilation,
						want.HopBytes, want.HopsPerByte, want.MaxDilation, want.AvgDilation)
				}
			}
		}
	}
}
