package axis_test

import (
	"testing"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/topology"
)

// TestHopsIsAxisHops: on every pair of coordinates of axes of 1 to 9
// nodes, wrapped (span k) or not (spans 2k and NoWrap), Hops of their
// difference is topology.AxisHops.
func TestHopsIsAxisHops(t *testing.T) {
	for k := 1; k <= 9; k++ {
		for a := range k {
			for b := range k {
				d := int32(a - b)
				for _, c := range []struct {
					span int32
					wrap bool
				}{{int32(k), true}, {int32(2 * k), false}, {axis.NoWrap, false}} {
					if got, want := axis.Hops(d, c.span), topology.AxisHops(a, b, k, c.wrap); int(got) != want {
						t.Errorf("k=%d, %d to %d, span %d: %d hops, want %d", k, a, b, c.span, got, want)
					}
				}
			}
		}
	}
}
