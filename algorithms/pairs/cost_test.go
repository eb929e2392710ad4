package pairs

import (
	"math"
	"testing"

	"topomap/algorithms/topology"
)

// TestMoveCostGrowsBeyondTheCaches: a move on a guest that fits the caches
// is planned at its degree's cost; beyond 65,536 objects half as much
// again for every doubling (3 times at 1M objects), for either objective.
func TestMoveCostGrowsBeyondTheCaches(t *testing.T) {
	h := must(topology.NewTorus(1024, 1024))
	for _, o := range []Objective{HopBytes, Congestion} {
		base := MoveCost(1<<10, 4<<10, h, o, 2)
		for _, c := range []struct {
			n    int
			want float64
		}{{1 << 16, 1}, {1<<16 + 1, 1.5}, {1 << 17, 1.5}, {1 << 18, 2}, {1 << 20, 3}} {
			if got := MoveCost(c.n, 4*c.n, h, o, 2) / base; math.Abs(got-c.want) > 1e-12 {
				t.Errorf("objective %v, %d objects: %g times the cost of a small guest's move, want %g", o, c.n, got, c.want)
			}
		}
	}
}
