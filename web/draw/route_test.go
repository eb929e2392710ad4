package draw_test

import (
	"testing"

	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// TestRouteWithoutGrid: on a host without the Grid capability a route is
// still a shortest path, step by step.
func TestRouteWithoutGrid(t *testing.T) {
	for _, s := range []string{"torus:5x4", "mesh:3x2x3", "hypercube:4"} {
		lat, err := topology.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		h := struct{ topology.Host }{lat}
		for a := range h.Size() {
			for b := range h.Size() {
				r := draw.Route(h, a, b)
				if len(r) != h.Hops(a, b)+1 || r[0] != a || r[len(r)-1] != b {
					t.Fatalf("%s: route %d->%d = %v, distance %d", s, a, b, r, h.Hops(a, b))
				}
				for i := 1; i < len(r); i++ {
					if h.Hops(r[i-1], r[i]) != 1 {
						t.Fatalf("%s: route %d->%d = %v jumps", s, a, b, r)
					}
				}
			}
		}
	}
}
