package mapping_test

import (
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

func ExampleMapping_Validate() {
	g, _ := guest.NewHypercube(2)
	ring, _ := topology.NewRing(4)
	ok := &mapping.Mapping{Guest: g, Host: ring, Place: []int{0, 1, 3, 2}}
	bad := &mapping.Mapping{Guest: g, Host: ring, Place: []int{0, 1, 1, 2}}
	fmt.Println(ok.Validate())
	fmt.Println(bad.Validate())
	// Output:
	// <nil>
	// mapping: invalid placement: node 1 holds two vertices (second: 2)
}

func ExampleMapping_Inverse() {
	g, _ := guest.NewHypercube(2)
	line, _ := topology.NewLine(5)
	m := &mapping.Mapping{Guest: g, Host: line, Place: []int{0, 1, 4, 3}}
	fmt.Println(m.Inverse()) // -1: node 2 is unused
	// Output: [0 1 -1 3 2]
}

func ExampleMapping_Coords() {
	g, _ := guest.NewHypercube(2)
	mesh, _ := topology.NewMesh(2, 2)
	m := &mapping.Mapping{Guest: g, Host: mesh, Place: []int{0, 1, 3, 2}}
	fmt.Println(m.Coords())
	// Output: [[0 0] [1 0] [1 1] [0 1]]
}
