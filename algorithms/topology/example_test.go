package topology_test

import (
	"fmt"

	"topomap/algorithms/topology"
)

func ExampleNewLine() {
	line, _ := topology.NewLine(8)
	fmt.Println(line, line.Hops(0, 7), line.Diameter())
	// Output: line:8 7 7
}

func ExampleNewRing() {
	ring, _ := topology.NewRing(8)
	fmt.Println(ring, ring.Hops(0, 7), ring.Diameter())
	// Output: ring:8 1 4
}

func ExampleNewMesh() {
	mesh, _ := topology.NewMesh(6, 12)
	fmt.Println(mesh, mesh.Size(), mesh.Diameter())
	// Output: mesh:6x12 72 16
}

func ExampleNewTorus() {
	torus, _ := topology.NewTorus(8, 8)
	// nodes 0 = (0,0) and 63 = (7,7) are neighbours across both seams
	fmt.Println(torus, torus.Hops(0, 63), torus.Diameter())
	// Output: torus:8x8 2 8
}

func ExampleNewGrid() {
	// wrap-around along x only
	h, _ := topology.NewGrid([]int{8, 4}, []bool{true, false})
	fmt.Println(h, h.Kind(), h.Hops(0, 7), h.Hops(0, 24))
	// Output: mesh:8x4:wrap=10 mesh 1 3
}

func ExampleNewHypercube() {
	cube, _ := topology.NewHypercube(4)
	// a node's coordinates are its bits, bit 0 first
	fmt.Println(cube, cube.Coords(0b0110, nil), cube.Hops(0b0110, 0b1011))
	// Output: hypercube:4 [0 1 1 0] 3
}

func ExampleLattice_Coords() {
	mesh, _ := topology.NewMesh(4, 3)
	// the first coordinate varies fastest: 9 = 1 + 4*2
	fmt.Println(mesh.Coords(9, nil))
	// Output: [1 2]
}

func ExampleLattice_Index() {
	mesh, _ := topology.NewMesh(4, 3)
	i, _ := mesh.Index([]int{1, 2})
	_, err := mesh.Index([]int{4, 0})
	fmt.Println(i)
	fmt.Println(err)
	// Output:
	// 9
	// topology: invalid host: coordinate 1 is 4, want [0, 4)
}

func ExampleLattice_Hops() {
	torus, _ := topology.NewTorus(8, 4)
	a, _ := torus.Index([]int{1, 0})
	b, _ := torus.Index([]int{6, 3})
	fmt.Println(torus.Hops(a, b))
	// Output: 4
}

func ExampleLattice_AxisDistance() {
	torus, _ := topology.NewTorus(8, 4)
	a, _ := torus.Index([]int{1, 0})
	b, _ := torus.Index([]int{6, 3})
	fmt.Println(torus.AxisDistance(a, b, 0), torus.AxisDistance(a, b, 1))
	// Output: 3 1
}

func ExampleAxisHops() {
	// Coordinates 1 and 6 on an axis of 8 nodes: 5 hops straight, 3 round.
	fmt.Println(topology.AxisHops(1, 6, 8, false), topology.AxisHops(1, 6, 8, true))
	// Output: 5 3
}

func ExampleLattice_Neighbors() {
	ring, _ := topology.NewRing(8)
	mesh, _ := topology.NewMesh(3, 3)
	fmt.Println(ring.Neighbors(0, nil), mesh.Neighbors(4, nil), mesh.Neighbors(0, nil))
	// Output: [7 1] [3 5 1 7] [1 3]
}

func ExampleLattice_Diameter() {
	h, _ := topology.NewGrid([]int{6, 5}, []bool{true, false})
	fmt.Println(h.Diameter())
	// Output: 7
}

func ExampleLattice_Dims() {
	torus, _ := topology.NewTorus(8, 4, 2)
	fmt.Println(torus.Dims(), torus.Rank(), torus.Dim(1), torus.Wraps(1), torus.Size())
	// Output: [8 4 2] 3 4 true 64
}

func ExampleLattice_Table() {
	torus, _ := topology.NewTorus(4, 4)
	tab := torus.Table()
	fmt.Println(tab.Coord[2*9:2*9+2], tab.Hops(0, 15))
	// Output: [1 2] 2
}

func ExampleKind_String() {
	fmt.Println(topology.Ring, topology.Hypercube)
	// Output: ring hypercube
}

// The route of a message on the 4-ring from node 0 to node 2, an exact
// tie: the + direction (see the package doc).
func ExampleLattice_Route() {
	ring, _ := topology.NewRing(4)
	for _, id := range ring.Route(0, 2, nil) {
		tail, head, _ := ring.Link(id)
		fmt.Printf("link %d: %d→%d\n", id, tail, head)
	}
	// Output:
	// link 0: 0→1
	// link 1: 1→2
}

// The numbering of a 3x2 mesh's links: node + 6·slot, slots + then − on
// the axis of size 3, one slot on the axis of size 2.
func ExampleLattice_Link() {
	mesh, _ := topology.NewMesh(3, 2)
	fmt.Println(mesh.Routing(), mesh.Links(), "links,", mesh.LinkSlots(), "numbers")
	for id := range mesh.LinkSlots() {
		if tail, head, ok := mesh.Link(id); ok {
			fmt.Printf("%d:%d→%d ", id, tail, head)
		}
	}
	fmt.Println()
	// Output:
	// dimension-order 14 links, 18 numbers
	// 0:0→1 1:1→2 3:3→4 4:4→5 7:1→0 8:2→1 10:4→3 11:5→4 12:0→3 13:1→4 14:2→5 15:3→0 16:4→1 17:5→2
}

// The loads of two messages on a hypercube: e-cube routing flips bit 0
// first, so both cross the link from 1 to 3.
func ExampleNewLoads() {
	cube, _ := topology.NewHypercube(2)
	l := topology.NewLoads(cube)
	l.Add(0, 3, 10) // 0→1→3
	l.Add(1, 3, 1)
	load, msgs := l.Sum()
	for id, x := range load {
		if msgs[id] > 0 {
			tail, head, _ := cube.Link(id)
			fmt.Printf("%d→%d: %v over %d messages\n", tail, head, x, msgs[id])
		}
	}
	// Output:
	// 0→1: 10 over 1 messages
	// 1→3: 11 over 2 messages
}
