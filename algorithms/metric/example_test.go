package metric_test

import (
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// The Xor embedding of the 4-cube on a 16-ring (González & Valero-García
// 1993, Fig. 5): ring positions 0..15 hold processes
// 0 1 2 3 4 5 6 7 12 13 14 15 8 9 10 11.
func ExampleEvaluate() {
	cube, _ := guest.NewHypercube(4)
	ring, _ := topology.NewRing(16)
	place := make([]int, 16)
	for pos, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 8, 9, 10, 11} {
		place[n] = pos
	}
	r := metric.Evaluate(&mapping.Mapping{Guest: cube, Host: ring, Place: place})
	fmt.Println("hop-bytes", r.HopBytes, "hops/byte", r.HopsPerByte, "max dilation", r.MaxDilation)
	for i, d := range r.DimDistances {
		fmt.Printf("D_%d = %d\n", i, *d)
	}
	fmt.Println("constant", r.ConstantDistance, "D_a", *r.AvgDistance, "lower bound", r.LowerBound)
	// Output:
	// hop-bytes 176 hops/byte 2.75 max dilation 4
	// D_0 = 1
	// D_1 = 2
	// D_2 = 4
	// D_3 = 4
	// constant true D_a 2.75 lower bound 1.5
}

func ExampleBounds() {
	grid, _ := guest.NewGrid([]int{9, 8}, false)
	mesh, _ := topology.NewMesh(6, 12)
	for _, b := range metric.Bounds(grid, mesh) {
		fmt.Printf("%s %.4f (%s)\n", b.Name, b.Value, b.Scope)
	}
	cube, _ := guest.NewHypercube(3)
	line, _ := topology.NewLine(8)
	for _, b := range metric.Bounds(cube, line) {
		fmt.Printf("%s %.4f (%s)\n", b.Name, b.Value, b.Scope)
	}
	// Output:
	// neighbourhood 1.0000 (all mappings)
	// affine 2.1667 (estimate, not a bound)
	// neighbourhood 1.3333 (all mappings)
	// harper 2.3333 (all mappings)
}

func ExampleHopBytes() {
	cube, _ := guest.NewHypercube(3)
	line, _ := topology.NewLine(8)
	identity := []int{0, 1, 2, 3, 4, 5, 6, 7}
	// the standard embedding attains Harper's minimum, 2 × 4·7 over both directions
	fmt.Println(metric.HopBytes(&mapping.Mapping{Guest: cube, Host: line, Place: identity}))
	// Output: 56
}

func ExampleEdgeHops() {
	cube, _ := guest.NewHypercube(2)
	ring, _ := topology.NewRing(4)
	// arcs in CSR order: 0→1 0→2 1→0 1→3 2→3 2→0 3→2 3→1
	fmt.Println(metric.EdgeHops(&mapping.Mapping{Guest: cube, Host: ring, Place: []int{0, 1, 2, 3}}))
	// Output: [1 2 1 2 1 2 1 2]
}

// The by-hand link loads of package topology's doc: grid:4x1 on ring:4 in
// row order sends one message each way between neighbours of the line, and
// none across the wrap links.
func ExampleLinkLoads() {
	g, _ := guest.NewGrid([]int{4, 1}, false)
	ring, _ := topology.NewRing(4)
	m := &mapping.Mapping{Guest: g, Host: ring, Place: []int{0, 1, 2, 3}}
	load, _, _ := metric.LinkLoads(m)
	for id, x := range load {
		if tail, head, ok := ring.Link(id); ok {
			fmt.Printf("%d→%d %v\n", tail, head, x)
		}
	}
	r := metric.Evaluate(m)
	fmt.Println("max", *r.MaxLinkLoad, "average", *r.AvgLinkLoad, "used", *r.LinksUsed, "of", *r.Links)
	// Output:
	// 0→1 1
	// 1→2 1
	// 2→3 1
	// 3→0 0
	// 0→3 0
	// 1→0 1
	// 2→1 1
	// 3→2 1
	// max 1 average 0.75 used 6 of 8
}

func ExampleShare() {
	fmt.Println(metric.Share(0.1234), metric.Share(1), metric.Percent(-0.2667))
	// Output: 12.3 % 100.0 % −26.7 %
}
