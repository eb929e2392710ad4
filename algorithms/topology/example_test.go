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
