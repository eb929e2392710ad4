package metric_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// asGraphFile writes g in format and reads it back as a weighted graph
// guest (graph:ID), as an upload or file:PATH would.
func asGraphFile(t *testing.T, g *guest.Graph, format string) *guest.Graph {
	t.Helper()
	f, _ := graphfile.Lookup(format)
	var buf bytes.Buffer
	if err := f.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	res, err := graphfile.Read(&buf, graphfile.Options{Format: format})
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(res.Graph)
}

// TestGraphFileGuests: the grid and d-cube guests written as graph files
// and read back as weighted graphs give today's figures under the same
// placement (they are special cases of the graph guest: package guest's
// doc); only the per-dimension figures, which a graph file has no
// dimensions for, are absent.
func TestGraphFileGuests(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, tc := range []struct{ guest, host, format string }{
		{"grid:9x8", "mesh:6x12", "metis"},
		{"grid:6x5:wrap", "torus:10x3", "scotch"},
		{"grid:4x3x2", "mesh:2x6x2", "matrixmarket"},
		{"hypercube:4", "ring:16", "csv"},
		{"hypercube:5", "torus:8x4", "metis"},
	} {
		sp, err := guest.Parse(tc.guest)
		if err != nil {
			t.Fatal(err)
		}
		g := must(sp.Build())
		w := asGraphFile(t, g, tc.format)
		h := must(topology.Parse(tc.host))
		for trial := range 3 {
			place := rng.Perm(h.Size())[:g.Order()]
			if trial == 0 {
				for v := range place {
					place[v] = v
				}
			}
			a := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
			b := metric.Evaluate(&mapping.Mapping{Guest: w, Host: h, Place: place})
			if !near(a.HopBytes, b.HopBytes) || !near(a.HopsPerByte, b.HopsPerByte) || a.MaxDilation != b.MaxDilation ||
				!near(a.AvgDilation, b.AvgDilation) || a.Arcs != b.Arcs || a.EmptyNodes != b.EmptyNodes {
				t.Errorf("%s as %s on %s: %+v, as a graph file %+v", tc.guest, tc.format, tc.host, a, b)
			}
			if len(b.DimDistances) != 0 || b.ConstantDistance {
				t.Errorf("%s as a graph file has per-dimension figures %v", tc.guest, b.DimDistances)
			}
		}
	}
}

// TestEmptyNodes: a guest on a larger host leaves nodes empty, and the
// metrics say how many (absent from the JSON of a bijection).
func TestEmptyNodes(t *testing.T) {
	g := must(guest.NewGrid([]int{3, 2}, false))
	h := must(topology.Parse("mesh:4x2"))
	m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: []int{0, 1, 2, 4, 5, 6}})
	b, _ := json.Marshal(m)
	if m.EmptyNodes != 2 || !strings.Contains(string(b), `"emptyNodes":2`) {
		t.Errorf("emptyNodes %d in %s, want 2", m.EmptyNodes, b)
	}
	if v, _ := m.Value("emptyNodes"); !strings.HasPrefix(v, "2 ") {
		t.Errorf("the table says %q", v)
	}
	full := metric.Evaluate(&mapping.Mapping{Guest: g, Host: must(topology.Parse("mesh:3x2")), Place: []int{0, 1, 2, 3, 4, 5}})
	if b, _ := json.Marshal(full); full.EmptyNodes != 0 || strings.Contains(string(b), "emptyNodes") {
		t.Errorf("a bijection: %s", b)
	}
}
