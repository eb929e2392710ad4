//go:build !(js && wasm)

package web

import (
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestNodeLinksText: a node's readout lists the loads of the links that
// leave it, named by their heads: on a torus its neighbours; on a fat tree
// or a dragonfly its one link to its leaf switch or router; on a host with
// cores, those of the slot's node. grid:4x2 (a line of 4 on fattree:2,2)
// is placed in index order, so the loads are the messages leaving the
// node: vertex 1 sends to 0, 2 and 5 (to 0 and 2 on the line); slot 3 is
// node 1, whose vertices 2 and 3 send 2→1, 2→6 and 3→7 out of it (2→3
// stays inside); vertex 5 sends to 4, 6 and 1.
func TestNodeLinksText(t *testing.T) {
	for _, tt := range []struct {
		host string
		h    int
		want string
	}{
		{"torus:4x2", 1, "; loads of its links: →(2,0) 1, →(0,0) 1, →(1,1) 1"},
		{"fattree:2,2", 1, "; loads of its links: →L1 ()(0) 2"},
		{"fattree:2,2:cores=2", 3, "; loads of its links: →L1 ()(0) 3"},
		{"dragonfly:2,2,1,2", 5, "; loads of its links: →router (0,1) 3"},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		g, err := guest.NewGrid([]int{4, 2}, false)
		if err != nil {
			t.Fatal(err)
		}
		place := make([]int, 8)
		for v := range place {
			place[v] = v % h.Size()
		}
		if h.Size() < 8 {
			g, _ = guest.NewGrid([]int{h.Size()}, false)
			place = place[:h.Size()]
		}
		m := &mapping.Mapping{Guest: g, Host: h, Place: place}
		load, _, _ := metric.LinkLoads(m)
		if got := nodeLinksText(m, load, tt.h); got != tt.want {
			t.Errorf("%s node %d: %q, want %q", tt.host, tt.h, got, tt.want)
		}
	}
}
