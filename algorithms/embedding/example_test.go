package embedding_test

import (
	"fmt"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// The Xor embedding of a 4-cube onto a 16-node ring ([XOR] Fig. 5): the
// vertices held by ring positions 0..15, the per-dimension distances and
// the average distance D_a = (3·2^(d-2) - 1)/d = 11/4.
func ExampleXor() {
	ring, _ := topology.NewRing(16)
	place, err := embedding.Xor(4, ring)
	if err != nil {
		fmt.Println(err)
		return
	}
	cube, _ := guest.NewHypercube(4)
	m := &mapping.Mapping{Guest: cube, Host: ring, Place: place}
	fmt.Println("positions hold:", m.Inverse())
	r := metric.Evaluate(m)
	fmt.Print("D_i:")
	for _, d := range r.DimDistances {
		fmt.Print(" ", *d)
	}
	fmt.Printf("\nD_a: %.2f\n", *r.AvgDistance)
	// Output:
	// positions hold: [0 1 2 3 4 5 6 7 12 13 14 15 8 9 10 11]
	// D_i: 1 2 4 4
	// D_a: 2.75
}

// On an (8,8) torus the Xor embedding cuts the 6-bit label into two 3-bit
// fields and applies the ring embedding to each.
func ExampleXor_torus() {
	torus, _ := topology.NewTorus(8, 8)
	place, _ := embedding.Xor(6, torus)
	fmt.Println(torus.Coords(place[6], nil), torus.Coords(place[0b100110], nil))
	// Output: [4 0] [4 6]
}

func ExampleStandard() {
	mesh, _ := topology.NewMesh(4, 4)
	place, _ := embedding.Standard(4, mesh)
	// Vertex 6 = 0110: p_1 = 6 mod 4 = 2, p_2 = 6 div 4 = 1.
	fmt.Println(mesh.Coords(place[6], nil))
	// Output: [2 1]
}

func ExampleByWeight() {
	line, _ := topology.NewLine(8)
	place, _ := embedding.ByWeight(3, line)
	at := make([]int, 8)
	for v, p := range place {
		at[p] = v
	}
	fmt.Printf("%03b\n", at)
	// Output: [000 100 010 001 110 101 011 111]
}

func ExampleGray() {
	ring, _ := topology.NewRing(8)
	place, _ := embedding.Gray(3, ring)
	fmt.Println(place)
	// Output: [0 1 3 2 7 6 4 5]
}

func ExampleIdentity() {
	cube, _ := topology.NewHypercube(3)
	place, _ := embedding.Identity(3, cube)
	fmt.Println(place)
	_, err := embedding.Identity(3, nil)
	fmt.Println(err)
	// Output:
	// [0 1 2 3 4 5 6 7]
	// embedding: not applicable: no host
}

func ExampleCheckXor() {
	line, _ := topology.NewLine(8)
	fmt.Println(embedding.CheckXor(3, line))
	// Output: embedding: not applicable: xor needs a ring or torus whose sides are powers of two, not line:8
}

func ExampleGrayRank() {
	fmt.Println(embedding.GrayCode(5), embedding.GrayRank(7))
	// Output: 7 5
}
