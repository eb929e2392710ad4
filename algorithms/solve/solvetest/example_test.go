package solvetest_test

import (
	"fmt"
	"slices"
	"testing"

	"topomap/algorithms/solve/solvetest"
)

// A drawing's test names its instance by its permalink, as the browser
// would.
func ExampleMap() {
	_ = func(t *testing.T) {
		r := solvetest.Map(t, "algo=xor&guest=hypercube:4&host=ring:16")
		fmt.Println(r.Mapping.Place)
	}
	fmt.Println("algo=xor&guest=hypercube:4&host=ring:16")
	// Output: algo=xor&guest=hypercube:4&host=ring:16
}

// TestMap: the Xor embedding of the 4-cube on the 16-ring (González &
// Valero-García §3, the placement printed by solve's ExampleMap_xor).
func TestMap(t *testing.T) {
	r := solvetest.Map(t, "algo=xor&guest=hypercube%3A4&host=ring%3A16")
	if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 8, 9, 10, 11}; !slices.Equal(r.Mapping.Place, want) {
		t.Errorf("placement %v, want %v", r.Mapping.Place, want)
	}
}
