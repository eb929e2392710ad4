package gridmap

import (
	"slices"
	"testing"
)

// TestRefineByHand: the 2×2 coarse grid transposed onto a 1×4 coarse
// host (coarse objects 0,1,2,3 on coarse processors 0,1,2,3) becomes,
// at twice the resolution, 4×4 objects on a 2×8 mesh: each coarse
// object's 2×2 block on its processor's 2×2 block, same orientation.
func TestRefineByHand(t *testing.T) {
	got := Refine([]int{0, 1, 2, 3}, []int{4, 4}, []int{2, 8})
	// object (x, y) → coarse (x/2, y/2) = q = x/2 + 2(y/2) → coarse node
	// q = (0, q) → fine node (x%2, 2q + y%2) = x%2 + 2(2q + y%2)
	want := make([]int, 16)
	for y := range 4 {
		for x := range 4 {
			q := x/2 + 2*(y/2)
			want[x+4*y] = x%2 + 2*(2*q+y%2)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if _, ok := Halve([]int{4, 6, 3}); ok {
		t.Fatal("Halve accepted an odd side")
	}
	if h, ok := Halve([]int{4, 6}); !ok || !slices.Equal(h, []int{2, 3}) {
		t.Fatalf("Halve(4x6) = %v, %v", h, ok)
	}
}

// TestRefineBijection: a refined bijection is a bijection, and the
// identity refines to the identity, in 2-D and 3-D.
func TestRefineBijection(t *testing.T) {
	for _, dims := range [][]int{{8, 6}, {4, 6, 2}} {
		coarse, _ := Halve(dims)
		id := make([]int, product(coarse))
		for v := range id {
			id[v] = v
		}
		got := Refine(id, dims, dims)
		for v, p := range got {
			if p != v {
				t.Fatalf("%v: object %d on %d, want the identity", dims, v, p)
			}
		}
	}
	place, err := Bisect([]int{16, 10}, Mesh(20, 8))
	if err != nil {
		t.Fatal(err)
	}
	fine := Refine(place, []int{32, 20}, []int{40, 16})
	checkPlacement(t, "refined bisect", fine, []int{32, 20}, Mesh(40, 16))
}
