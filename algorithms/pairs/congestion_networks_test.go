package pairs

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestCongestionDeltaOnNetworks: on fat trees (D-mod-k) and dragonflies
// (minimal routes), with and without cores, the incremental change of Σ
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

// checkNetworkCongestionDelta is TestCongestionDeltaOnNetworks on one
// instance.
func checkNetworkCongestionDelta(t *testing.T, g *guest.Graph, h topology.Host, rng *rand.Rand) {
	r, ok := topology.RouterOf(h)
	if !ok {
		t.Fatalf("%v does not route", h)
	}
	place := randomPlace(g.Order(), h.Size(), rng)
	s := newState(g, h, place)
	s.cong = newCongestion(s, r)
	checkSwapDeltas(t, s, g, h, place, rng)
}
