package metric_test

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestHopBytesAtMost: whether the hop-bytes are at most a limit is
// HopBytes(m) <= limit, on grid hosts (where it stops early), with cores
// and without coordinates, for limits around the hop-bytes and around
// one hop per byte, and for the optimum (rank order on the guest's own
// shape, one hop per byte).
func TestHopBytesAtMost(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cores := must(topology.NewCores(must(topology.NewTorus(4, 4)), 4))
	cases := []struct {
		g *guest.Graph
		h topology.Host
	}{
		{must(guest.NewGrid([]int{8, 8}, true)), must(topology.NewTorus(8, 8))},
		{must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12))},
		{must(guest.NewHypercube(6)), must(topology.NewHypercube(6))},
		{randomGraph(r, 50), must(topology.NewTorus(5, 10))},
		{must(guest.NewGrid([]int{8, 8}, false)), cores},
		{must(guest.NewGrid([]int{4, 4}, false)), must(topology.NewFatTree(4, 2))},
	}
	for _, c := range cases {
		t.Run(c.g.String()+" on "+c.h.String(), func(t *testing.T) {
			places := [][]int{identity(c.g.Order())}
			for range 20 {
				places = append(places, r.Perm(c.h.Size())[:c.g.Order()])
			}
			vol := c.g.TotalVolume()
			for _, place := range places {
				m := &mapping.Mapping{Guest: c.g, Host: c.h, Place: place}
				hb := metric.HopBytes(m)
				for _, limit := range []float64{0, vol - 0.5, vol, hb - 0.5, hb, hb + 0.5} {
					if got, want := metric.HopBytesAtMost(m, limit), hb <= limit; got != want {
						t.Fatalf("hop-bytes %v, at most %v: %v, want %v", hb, limit, got, want)
					}
				}
			}
		})
	}
}
