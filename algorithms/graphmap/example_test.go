package graphmap_test

import (
	"context"
	"fmt"

	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// ring8 is a ring of 8 processes, each sending 10 units to the next and
// 1 to the previous, numbered so that neighbours are far apart.
func ring8() *guest.Graph {
	order := []int{0, 4, 1, 5, 2, 6, 3, 7}
	var arcs []guest.Arc
	for i, v := range order {
		next := order[(i+1)%len(order)]
		arcs = append(arcs, guest.Arc{From: v, To: next, Volume: 10}, guest.Arc{From: next, To: v, Volume: 1})
	}
	g, _, _ := guest.FromArcs(8, arcs)
	return g
}

func ExampleBipartition() {
	g := ring8()
	h, _ := topology.NewMesh(4, 2)
	place, err := graphmap.Bipartition(context.Background(), g, h)
	if err != nil {
		panic(err)
	}
	m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
	fmt.Printf("hops per byte %.4f, max dilation %d\n", m.HopsPerByte, m.MaxDilation)
	// Output:
	// hops per byte 1.0000, max dilation 1
}

func ExampleGreedy() {
	g := ring8()
	h, _ := topology.NewMesh(4, 4) // a larger host: 8 nodes stay empty (rb finds 1.0000 here)
	place, err := graphmap.Greedy(context.Background(), g, h)
	if err != nil {
		panic(err)
	}
	m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
	fmt.Printf("%d vertices placed, hops per byte %.4f\n", len(place), m.HopsPerByte)
	// Output:
	// 8 vertices placed, hops per byte 1.2500
}
