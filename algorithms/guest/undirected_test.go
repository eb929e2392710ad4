package guest_test

import (
	"fmt"
	"math"
	"testing"

	"topomap/algorithms/guest"
)

func TestUndirected(t *testing.T) {
	g, _, err := guest.FromArcs(3, []guest.Arc{{From: 0, To: 1, Volume: 5}, {From: 1, To: 0, Volume: 1}, {From: 1, To: 2, Volume: 2}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := g.Undirected()
	if err != nil {
		t.Fatal(err)
	}
	// 0: {1: 6}; 1: {0: 6, 2: 2}; 2: {1: 2}
	want := [][][2]float64{{{1, 6}}, {{0, 6}, {2, 2}}, {{1, 2}}}
	for v := range 3 {
		var got [][2]float64
		for e := u.Offsets[v]; e < u.Offsets[v+1]; e++ {
			got = append(got, [2]float64{float64(u.Adj[e]), u.Volume(int(e))})
		}
		if len(got) != len(want[v]) {
			t.Fatalf("vertex %d: %v, want %v", v, got, want[v])
		}
		for i := range got {
			if got[i] != want[v][i] {
				t.Fatalf("vertex %d: %v, want %v", v, got, want[v])
			}
		}
	}
	// a stencil: every edge twice its unit volume
	grid, _ := guest.NewGrid([]int{3, 2}, false)
	if u, _ := grid.Undirected(); u.Arcs() != grid.Arcs() || u.Volume(0) != 2 {
		t.Errorf("grid:3x2: %d arcs, volume %v; want %d, 2", u.Arcs(), u.Volume(0), grid.Arcs())
	}
	// built by hand: the constructors refuse volumes that add up so far
	big := &guest.Graph{Kind: guest.Custom, Offsets: []int32{0, 1, 2}, Adj: []int32{1, 0}, Weight: []float64{math.MaxFloat64, math.MaxFloat64}}
	if _, err := big.Undirected(); err == nil {
		t.Error("volumes beyond float64: no error")
	}
}

func TestTranspose(t *testing.T) {
	g, _, _ := guest.FromArcs(3, []guest.Arc{{From: 2, To: 0, Volume: 4}, {From: 0, To: 1, Volume: 5}, {From: 1, To: 0, Volume: 1}})
	off, from, vol := g.Transpose()
	// in-arcs: 0 ← 1 (1), 2 (4); 1 ← 0 (5); 2 ← none
	if fmt.Sprint(off, from, vol) != "[0 2 3 3] [1 2 0] [1 4 5]" {
		t.Errorf("transpose %v %v %v", off, from, vol)
	}
}

func ExampleGraph_Undirected() {
	// 0 sends 5 to 1 and hears 1 back; 1 sends 2 to 2
	g, _, _ := guest.FromArcs(3, []guest.Arc{{From: 0, To: 1, Volume: 5}, {From: 1, To: 0, Volume: 1}, {From: 1, To: 2, Volume: 2}})
	u, _ := g.Undirected()
	for v := range u.Order() {
		for e := u.Offsets[v]; e < u.Offsets[v+1]; e++ {
			fmt.Printf("{%d,%d}: %v  ", v, u.Adj[e], u.Volume(int(e)))
		}
	}
	fmt.Println()
	// Output:
	// {0,1}: 6  {1,0}: 6  {1,2}: 2  {2,1}: 2
}
