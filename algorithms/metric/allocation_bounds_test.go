package metric_test

import (
	"math"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestBoundsOnAllocationsHoldAndBind: on the nodes a job was given, the
// bounds (neighbourhood, dilation) are computed from the allocated nodes'
// own distances: never above the best placement on them, found by brute
// force, fat trees and cores included; and where the allocation forces
// long hops they say so (ring:64 on nodes 0 and 32: 32 hops, where the
// whole ring's bound said 1).
func TestBoundsOnAllocationsHoldAndBind(t *testing.T) {
	cube2 := must(guest.NewHypercube(2))
	path3 := must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 5}, {U: 1, V: 2, Volume: 1}}))
	for _, tc := range []struct {
		host      string
		nodes     []int
		g         *guest.Graph
		wantBound float64 // the neighbourhood bound, if not 0
		wantDil   int
	}{
		{"ring:64", []int{0, 32}, must(guest.NewHypercube(1)), 32, 32},
		{"ring:12", []int{0, 3, 7, 8}, cube2, 0, 0},
		{"ring:12", []int{0, 3, 7, 8, 11}, path3, 0, 0},
		{"mesh:4x4", []int{0, 5, 10, 15, 3}, cube2, 0, 0},
		{"torus:4x4", []int{1, 6, 11, 12, 2}, cube2, 0, 0},
		{"fattree:2,3", []int{0, 5, 6}, path3, 0, 0},
		{"fattree:2,3", []int{0, 2, 4, 6}, cube2, 0, 0},
		{"fattree:2,2:cores=2", []int{0, 3}, cube2, 0, 0},
		{"dragonfly:2,2,1,2", []int{0, 3, 5, 6}, cube2, 0, 0},
	} {
		h := must(topology.Parse(tc.host))
		alloc := must(topology.Allocate(h, tc.nodes, 0, tc.g.Order()))
		hpb, dil := bestOnSlots(tc.g, alloc.Host)
		b, ok := boundOf(metric.Bounds(tc.g, alloc.Host), "neighbourhood")
		db := metric.DilationBound(tc.g, alloc.Host)
		if !ok || b.Value > hpb+1e-9 || db > dil {
			t.Errorf("%s on nodes %v: bound %.4f, dilation bound %d; best placement %.4f, least max dilation %d", tc.host, tc.nodes, b.Value, db, hpb, dil)
		}
		if tc.wantBound != 0 && (b.Value != tc.wantBound || db != tc.wantDil) {
			t.Errorf("%s on nodes %v: bound %.4f, dilation bound %d; want %v, %d", tc.host, tc.nodes, b.Value, db, tc.wantBound, tc.wantDil)
		}
	}
}

// bestOnSlots returns the least hops per byte and the least maximum
// dilation of all placements of g onto the slots of h (at most 8).
func bestOnSlots(g *guest.Graph, h topology.Host) (hpb float64, dil int) {
	slots := identity(h.Size())
	hpb, dil = math.Inf(1), math.MaxInt
	permute(slots, func() {
		r := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: slots[:g.Order()]})
		hpb, dil = min(hpb, r.HopsPerByte), min(dil, r.MaxDilation)
	})
	return hpb, dil
}

// TestAllocatedCoresWithAnInsideBoundOnlyTheNetworkLinks: on some nodes
// with an inside (":node=…:dist=…"), the link load bound counts the
// network's hops only, as on the whole machine: hypercube:2 on nodes 0
// and 3 of line:4:node=2x2:dist=1,3 fits one node, whose costs cross no
// link, so no link carries anything and the bound is 0 (it was the
// bound on hops per byte with the inside's costs, 2 per byte: 2.667 per
// link, above the largest load).
func TestAllocatedCoresWithAnInsideBoundOnlyTheNetworkLinks(t *testing.T) {
	g := must(guest.NewHypercube(2))
	alloc := must(topology.Allocate(mustParse("line:4:node=2x2:dist=1,3"), []int{0, 3}, 0, g.Order()))
	place := make([]int, g.Order())
	for v := range place {
		place[v] = alloc.Slot(v)
	}
	onSlots := metric.Evaluate(&mapping.Mapping{Guest: g, Host: alloc.Host, Place: identity(g.Order())})
	r := metric.Evaluate(&mapping.Mapping{Guest: g, Host: alloc.Whole, Place: place})
	metric.OnAllocation(&r, g, alloc.Host)
	for _, m := range []metric.Metrics{onSlots, r} {
		if *m.MaxLinkLoad != 0 || *m.LinkLoadBound != 0 || m.LowerBound != 2 {
			t.Errorf("largest link load %v, its bound %v, hops per byte bound %v; want 0, 0, 2", *m.MaxLinkLoad, *m.LinkLoadBound, m.LowerBound)
		}
	}
}
