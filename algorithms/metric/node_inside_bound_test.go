package metric_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
)

// TestNodeInsideBoundsHold: on nodes with an inside (:node=…:dist=…),
// whose cores are not 0 apart, the neighbourhood bound counts a slot's
// own node at the inside's distances: it holds against every placement
// of random guests (brute force), and it is exact where every placement
// costs the same: the complete graph on 8 processes on one node of 4×2
// cores 1 and 5 apart pays (3·1 + 4·5)·8 / 56 = 3.2857 per byte, with a
// longest message of 5 (the bound was 0.4286, the dilation bound 1).
func TestNodeInsideBoundsHold(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 12))
	for _, spec := range []string{"line:1:node=4x2:dist=1,5", "line:2:node=2x2:dist=1,3", "ring:2:node=2x2:dist=2,2", "fattree:2,2:node=2:dist=3"} {
		h := mustParse(spec)
		for _, order := range []int{h.Size(), h.Size() - 2} {
			for range 3 {
				g := randomGraph(r, order)
				if lb, best := metric.LowerBound(g, h), bestPlacement(g, h); lb > best+eps {
					t.Errorf("%s, %d vertices: bound %.4f above the best placement's %.4f", spec, order, lb, best)
				}
			}
		}
	}
	var edges []guest.Edge
	for u := range 8 {
		for v := u + 1; v < 8; v++ {
			edges = append(edges, guest.Edge{U: u, V: v, Volume: 1})
		}
	}
	k8 := must(guest.FromEdges(8, edges))
	h := mustParse("line:1:node=4x2:dist=1,5")
	if lb := metric.LowerBound(k8, h); math.Abs(lb-23.0/7) > eps || metric.DilationBound(k8, h) != 5 {
		t.Errorf("K8 on %s: bound %.4f, dilation bound %d; want 3.2857 and 5", h, lb, metric.DilationBound(k8, h))
	}
}
