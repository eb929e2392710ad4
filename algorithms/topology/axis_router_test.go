package topology_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestLoadsSumAxisLinesOfAnyAxisRouter: Loads takes its difference-array
// path on any host kind with the AxisRouter capability, not only on
// *topology.Lattice (a disguised lattice's loads are summed without one
// call of Route), and routes a grid without the capability message by
// message; both agree with the lattice's loads exactly.
func TestLoadsSumAxisLinesOfAnyAxisRouter(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 7))
	for _, lat := range routeHosts() {
		var axisRoutes, gridRoutes int
		hosts := []topology.Router{lat, topotest.Disguised{Lattice: lat, Routes: &axisRoutes}, topotest.NewRoutedGrid(lat, &gridRoutes)}
		loads := make([]*topology.Loads, len(hosts))
		for i, h := range hosts {
			loads[i] = topology.NewLoads(h)
		}
		messages := 1 + r.IntN(40)
		for range messages {
			a, b, w := r.IntN(lat.Size()), r.IntN(lat.Size()), float64(r.IntN(100))
			for _, l := range loads {
				l.Add(a, b, w)
			}
		}
		want, wantMsgs := loads[0].Sum()
		for i, l := range loads[1:] {
			if got, msgs := l.Sum(); !slices.Equal(got, want) || !slices.Equal(msgs, wantMsgs) {
				t.Errorf("%v as %T: loads %v messages %v, want %v %v", lat, hosts[i+1], got, msgs, want, wantMsgs)
			}
		}
		if axisRoutes != 0 || gridRoutes != messages {
			t.Errorf("%v: %d routes on the disguised lattice, want 0 (its axis lines); %d on the grid, want %d (one per message)", lat, axisRoutes, gridRoutes, messages)
		}
	}
}
