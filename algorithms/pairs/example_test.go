package pairs_test

import (
	"context"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/topology"
)

// Improve a row-major placement of a 6×5 object grid on a 10×3 mesh, the
// thesis's running example (Bhatele 2010, Fig. 9.5).
func ExampleImprove() {
	g, _ := guest.NewGrid([]int{6, 5}, false)
	h, _ := topology.NewMesh(10, 3)
	start := make([]int, g.Order()) // object v on node v
	for v := range start {
		start[v] = v
	}
	res, err := pairs.Improve(context.Background(), g, h, [][]int{start}, pairs.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("row-major %.4f → pairs %.4f hops per byte, converged %v\n",
		res.StartHopBytes/float64(g.Arcs()), res.HopsPerByte, res.Converged)
	// Output:
	// row-major 3.5714 → pairs 1.5306 hops per byte, converged true
}
