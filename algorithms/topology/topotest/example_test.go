package topotest_test

import (
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

func ExampleCheck() {
	torus, _ := topology.NewTorus(4, 3)
	fmt.Println(topotest.Check(torus))
	var names []string
	for _, p := range topotest.Properties {
		names = append(names, p.Name)
	}
	fmt.Println(strings.Join(names, ", "))
	// Output:
	// <nil>
	// coordinates, metric, triangle, axes, neighbours, shortest paths, table, diameter, routes, slots, balls, hierarchy
}

// A host type's tests run the contract as subtests.
func ExampleTest() {
	host, _ := topology.NewGrid([]int{8, 4}, []bool{true, false})
	_ = func(t *testing.T) { topotest.Test(t, host) }
	fmt.Println(host)
	// Output: mesh:8x4:wrap=10
}
