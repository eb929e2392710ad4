package solve_test

import (
	"encoding/json"
	"errors"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestSizeErrorsCountSlots: a host whose nodes hold several ranks (cores,
// or nodes with an inside) is counted in slots, with its nodes and cores
// beside them; a host without cores in nodes.
func TestSizeErrorsCountSlots(t *testing.T) {
	for _, c := range []struct {
		guest, host, algo, want string
	}{
		{"grid:8x8", "torus:2x2:cores=4", "rb", "host torus:2x2:cores=4 has 16 slots (4 nodes of 4 cores), fewer than the 64 vertices of guest grid:8x8"},
		{"grid:8x8", "ring:2:node=2x2:dist=1,2", "rb", "host ring:2:node=2x2:dist=1,2 has 8 slots (2 nodes of 4 cores), fewer than the 64 vertices of guest grid:8x8"},
		{"grid:8x8", "torus:2x2:cores=4", "xor", "sizes differ: guest grid:8x8 has 64 vertices, host torus:2x2:cores=4 has 16 slots (4 nodes of 4 cores)"},
		{"grid:8x8", "ring:4", "rb", "host ring:4 has 4 nodes, fewer than the 64 vertices of guest grid:8x8"},
		{"grid:2x1", "ring:1", "rb", "host ring:1 has 1 node, fewer than the 2 vertices of guest grid:2x1"},
	} {
		g, h := solvetest.Pair(t, c.guest, c.host)
		_, err := solve.Check(spec.Instance{Guest: g, Host: h, Algo: c.algo})
		if !errors.Is(err, solve.ErrSizes) || spec.FieldOf(err) != "host" || err.Error() != c.want {
			t.Errorf("%s on %s by %s: %v (field %q), want %q under host", c.guest, c.host, c.algo, err, spec.FieldOf(err), c.want)
		}
	}
}

// TestAllocationTextSaysWhatWasAllocated: ranks per node without nodes
// allocate nothing: the line names the whole machine and the nodes the
// ranks fill (its JSON keeps the documented counts: allocated and usable
// are then those nodes); with nodes, the nodes allocated.
func TestAllocationTextSaysWhatWasAllocated(t *testing.T) {
	for _, c := range []struct {
		host, nodes string
		r           int
		text, json  string
	}{
		{"torus:4x4", "", 4, "no nodes given: the whole machine (16 nodes), the first 4 used, 4 ranks on each",
			`{"allocated":4,"usable":4,"used":4,"ranksPerNode":4}`},
		{"torus:4x4:cores=4", "", 1, "no nodes given: the whole machine (16 nodes), all used, 1 rank on each",
			`{"allocated":16,"usable":16,"used":16,"ranksPerNode":1}`},
		{"torus:4x4", "0-11", 2, "12 nodes allocated (0-11), the first 8 usable, 8 used, 2 ranks on each",
			`{"nodes":"0-11","allocated":12,"usable":8,"used":8,"ranksPerNode":2}`},
	} {
		g, h := solvetest.Pair(t, "grid:4x4", c.host)
		r, err := solve.Map(t.Context(), spec.Instance{Guest: g, Host: h, Algo: "rb", Nodes: c.nodes, RanksPerNode: c.r}, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := r.AllocationReport()
		b, _ := json.Marshal(a)
		if a.Text() != c.text || string(b) != c.json {
			t.Errorf("%s nodes %q R %d: %q, %s; want %q, %s", c.host, c.nodes, c.r, a.Text(), b, c.text, c.json)
		}
	}
}
