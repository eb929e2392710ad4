package optimal_test

import (
	"context"
	"fmt"

	"topomap/algorithms/optimal"
)

// The theorem for the 4-cube on a 16-node ring: no constant-distance
// embedding beats Σ D_i = 11 (D_a = 2.75), and the Xor embedding attains it.
func ExampleRing() {
	r, err := optimal.Ring(context.Background(), 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("min Σ D_i:", r.MinSum, "D_a:", r.MinAvg)
	fmt.Println("optimal vectors:", r.Optimal)
	fmt.Println("xor:", r.XorDistances, "bound", r.XorBound, "standard Σ:", r.StandardSum)
	// Output:
	// min Σ D_i: 11 D_a: 2.75
	// optimal vectors: [[1 2 4 4]]
	// xor: [1 2 4 4] bound 11 standard Σ: 15
}

func ExampleAchievable() {
	all, _ := optimal.Achievable(context.Background(), 3)
	fmt.Println(all)
	// Output: [[1 2 2] [1 2 3] [1 2 4] [2 2 3] [2 3 4]]
}

func ExampleDistances() {
	// Positions of the 8 vertices of the Xor embedding of the 3-cube.
	fmt.Println(optimal.Distances(3, []int{0, 1, 2, 3, 6, 7, 4, 5}))
	// The reflected Gray code ring is not constant-distance.
	fmt.Println(optimal.Distances(3, []int{0, 1, 3, 2, 7, 6, 4, 5}))
	// Output:
	// [1 2 2]
	// []
}
