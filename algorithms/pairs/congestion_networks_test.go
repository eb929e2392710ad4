package pairs

import (
	"context"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestCongestionDeltaOnNetworks: on fat trees (D-mod-k), dragonflies
// (minimal routes) and trees (the tree path), with and without cores, the incremental change of Σ
// L² of a swap equals a full recomputation of the loads by package
// metric, on random swaps (a third between graph neighbours), as on the
// lattices of TestCongestionDelta.
func TestCongestionDeltaOnNetworks(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 20))
	for _, c := range []struct {
		name, host string
		g          *guest.Graph
	}{
		{"grid 8x8", "fattree:4,3", must(guest.NewGrid([]int{8, 8}, false))},
		{"weighted graph 40 (larger host)", "fattree:2,6", randomGraph(40, 60, rng)},
		{"periodic grid 6x6 on slots", "fattree:3,2:cores=4", must(guest.NewGrid([]int{6, 6}, true))},
		{"hypercube 5", "dragonfly:4,2,2,5", must(guest.NewHypercube(5))},
		{"weighted graph 60 (larger host)", "dragonfly:3,4,2,7", randomGraph(60, 90, rng)},
		{"grid 6x6 on slots", "dragonfly:2,2,1,3:cores=3", must(guest.NewGrid([]int{6, 6}, false))},
		{"grid 8x8", "tree:4x4x4:dist=2,4,6", must(guest.NewGrid([]int{8, 8}, false))},
		{"weighted graph 30 on slots", "tree:3x4:dist=2,4:cores=3", randomGraph(30, 50, rng)},
	} {
		t.Run(c.name+" on "+c.host, func(t *testing.T) {
			h, err := topology.Parse(c.host)
			if err != nil {
				t.Fatal(err)
			}
			checkNetworkCongestionDelta(t, c.g, h, rng)
		})
	}
}

// TestCongestionDeltaOnSwitchTree: the same on a tree of switches whose
// nodes hang at different depths (as a topology.conf may have them):
// switch A over nodes 0..9, B over 10..29 and switch C, C over 30..39,
// the root R over A and B.
func TestCongestionDeltaOnSwitchTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	nodes, parent := make([]string, 40), make([]int, 44)
	for u := range nodes {
		nodes[u] = "n" + string(rune('a'+u/26)) + string(rune('a'+u%26))
		switch {
		case u < 10:
			parent[u] = 40 // A
		case u < 30:
			parent[u] = 41 // B
		default:
			parent[u] = 42 // C
		}
	}
	parent[40], parent[41], parent[42], parent[43] = 43, 43, 41, -1 // A, B under R; C under B
	h, err := topology.NewSwitchTree(nodes, []string{"A", "B", "C", "R"}, parent)
	if err != nil {
		t.Fatal(err)
	}
	if h.Hops(0, 35) != 5 || h.Hops(10, 35) != 3 || h.Hops(0, 10) != 4 {
		t.Fatalf("hops %d %d %d, want 5 3 4 by hand", h.Hops(0, 35), h.Hops(10, 35), h.Hops(0, 10))
	}
	checkNetworkCongestionDelta(t, randomGraph(40, 70, rng), h, rng)
}

// checkNetworkCongestionDelta is TestCongestionDeltaOnNetworks on one
// instance.
func checkNetworkCongestionDelta(t *testing.T, g *guest.Graph, h topology.Host, rng *rand.Rand) {
	r, ok := topology.RouterOf(h)
	if !ok {
		t.Fatalf("%v does not route", h)
	}
	place := randomPlace(g.Order(), h.Size(), rng)
	s := newState(g, h, place)
	s.cong = newCongestion(context.Background(), s, r)
	checkSwapDeltas(t, s, g, h, place, rng)
}
