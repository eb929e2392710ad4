package guest_test

import (
	"fmt"

	"topomap/algorithms/guest"
)

func ExampleNewHypercube() {
	g, _ := guest.NewHypercube(3)
	// vertex 5 = 101b: neighbours through dimensions 0, 1, 2
	fmt.Println(g, g.Order(), g.Arcs(), g.Neighbors(5))
	// Output: hypercube:3 8 24 [4 7 1]
}

func ExampleNewGrid() {
	g, _ := guest.NewGrid([]int{3, 2}, false)
	// object 4 = (1,1): left, right, down (no object above)
	fmt.Println(g, g.Arcs(), g.Neighbors(4), g.Label[g.Offsets[4]:g.Offsets[5]])
	// Output: grid:3x2 14 [3 5 1] [0 0 1]
}

func ExampleNewGrid_wrap() {
	g, _ := guest.NewGrid([]int{4, 2}, true)
	// x wraps (0's left neighbour is 3); the periodic y axis of size 2 gives one neighbour
	fmt.Println(g, g.Neighbors(0))
	// Output: grid:4x2:wrap [3 1 4]
}

func ExampleFromEdges() {
	g, _ := guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 2}, {U: 1, V: 2, Volume: 1}, {U: 1, V: 0, Volume: 3}})
	for v := range g.Order() {
		fmt.Print(v, ":")
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			fmt.Print(" ", g.Adj[e], "/", g.Volume(int(e)))
		}
		fmt.Println()
	}
	fmt.Println(g)
	// Output:
	// 0: 1/5
	// 1: 0/5 2/1
	// 2: 1/1
	// graph:3
}

func ExampleGraph_Volume() {
	g, _ := guest.NewHypercube(2)
	fmt.Println(g.Volume(0)) // nil Weight: one unit per arc
	// Output: 1
}

func ExampleGridArcs() {
	// a 9x8 grid has 8·8 + 9·7 = 127 edges; with wrap-around 72 per axis
	fmt.Println(guest.GridArcs([]int{9, 8}, false), guest.GridArcs([]int{9, 8}, true), guest.GridArcs([]int{2, 2}, true))
	// Output: 254 288 8
}

func ExampleCubeArcs() {
	fmt.Println(guest.CubeArcs(3), guest.CubeArcs(guest.MaxCubeDim) <= guest.MaxArcs)
	// Output: 24 true
}

func ExampleFromArcs() {
	// rank 0 sends 5 units to rank 1 and gets 2 back; rank 2's self-loop is no traffic
	g, loops, _ := guest.FromArcs(3, []guest.Arc{{From: 0, To: 1, Volume: 5}, {From: 1, To: 0, Volume: 2}, {From: 2, To: 2, Volume: 9}, {From: 1, To: 2, Volume: 1}})
	for v := range g.Order() {
		fmt.Print(v, ":")
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			fmt.Print(" →", g.Adj[e], "/", g.Volume(int(e)))
		}
		fmt.Println()
	}
	fmt.Println(g.Arcs(), "arcs,", loops, "self-loop dropped")
	// Output:
	// 0: →1/5
	// 1: →0/2 →2/1
	// 2:
	// 3 arcs, 1 self-loop dropped
}
