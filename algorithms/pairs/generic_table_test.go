package pairs

import (
	"testing"

	"topomap/algorithms/topology"
)

// TestGenericTable: the distances the generic path reads (from the codes
// of a host whose distance is a cost per level, from its table of nodes
// where there is one, from the host otherwise) are the host's, on slots
// of multicore nodes and of nodes under routers too, and none is above
// the diameter it uses.
func TestGenericTable(t *testing.T) {
	for _, spec := range []string{
		"fattree:4,3", "fattree:2,3:cores=8", "torus:4x4:cores=4", "dragonfly:4,2,2,4:cores=2",
		"torus:4x4:nodes-per-router=2:cores=2", "fattree:16,3", "fattree:3,4:cores=3",
		"tree:4x3x5:dist=1,5,20", "tree:3x5:dist=2,7:cores=4", "fattree:4,6:cores=2", "tree:40x30:dist=3,8:cores=2",
	} {
		h, err := topology.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		g := newGeneric(h)
		inner, _ := topology.SplitCores(h)
		_, levels := inner.(topology.LevelCosts)
		_, per := topology.SplitRouters(h)
		tabled := h.Size()/per <= maxTable
		if (g.code != nil) != (levels && !tabled) || (g.table != nil) != tabled {
			t.Errorf("%s: codes %v, table %v with %d nodes", spec, g.code != nil, g.table != nil, h.Size()/per)
		}
		step := max(1, h.Size()/64)
		for p := 0; p < h.Size(); p += step {
			for q := 0; q < h.Size(); q += step {
				got, want := g.hops(int32(p), int32(q)), int32(h.Hops(p, q))
				if got != want || got > g.diam {
					t.Fatalf("%s: slots %d and %d %d hops apart, the host says %d (diameter %d)", spec, p, q, got, want, g.diam)
				}
			}
		}
	}
}
