package pairs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
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

// Minimise the congestion instead of the hop-bytes: a 6-cube placed at
// random on an 8×8 torus, searched for Σ L² over the directed links under
// dimension-order routing; the largest link load falls with it.
func ExampleImprove_congestion() {
	g, _ := guest.NewHypercube(6)
	h, _ := topology.NewTorus(8, 8)
	start := rand.New(rand.NewPCG(4, 4)).Perm(64)
	maxLoad := func(place []int) float64 {
		load, _, _ := metric.LinkLoads(&mapping.Mapping{Guest: g, Host: h, Place: place})
		return slices.Max(load)
	}
	res, err := pairs.Improve(context.Background(), g, h, [][]int{start},
		pairs.Options{Seed: 3, Objective: pairs.Congestion, Temperature: 3, Moves: 100_000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("max link load %v → %v\n", maxLoad(start), maxLoad(res.Place))
	// Output:
	// max link load 13 → 3
}
