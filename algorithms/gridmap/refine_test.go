package gridmap

import (
	"slices"
	"testing"
)

// TestHalve: the coarse sizes, and odd sides refused.
func TestHalve(t *testing.T) {
	if _, ok := Halve([]int{4, 6, 3}); ok {
		t.Fatal("Halve accepted an odd side")
	}
	if h, ok := Halve([]int{4, 6}); !ok || !slices.Equal(h, []int{2, 3}) {
		t.Fatalf("Halve(4x6) = %v, %v", h, ok)
	}
}

// TestRefineTurn: 4×2 objects onto a 2×4 mesh from the coarse transpose
// (2×1 onto 1×2). In the blocks' own orientation the two edges between
// the blocks take 3 hops each (1.4 hops per byte); turned, every edge
// takes one (the transpose, 1.0).
func TestRefineTurn(t *testing.T) {
	place := Refine([]int{0, 1}, []int{4, 2}, Mesh(2, 4), false)
	checkPlacement(t, "refined turn", place, []int{4, 2}, Mesh(2, 4))
	if hpb, _ := gridStats(place, []int{4, 2}, Mesh(2, 4)); hpb != 1 {
		t.Errorf("%v: %.4f hops per byte, want 1 (the transpose)", place, hpb)
	}
}

// TestRefineBijection: a refined bijection is a bijection, the identity
// refines to the identity, and refining never does worse than the blocks
// in their own orientation, in 2-D and 3-D, on meshes and tori.
func TestRefineBijection(t *testing.T) {
	for _, dims := range [][]int{{8, 6}, {4, 6, 2}} {
		coarse, _ := Halve(dims)
		id := make([]int, product(coarse))
		for v := range id {
			id[v] = v
		}
		for v, p := range Refine(id, dims, Mesh(dims...), false) {
			if p != v {
				t.Fatalf("%v: object %d on %d, want the identity", dims, v, p)
			}
		}
	}
	for _, tc := range []struct {
		obj  []int
		h    Box
		wrap bool
	}{
		{[]int{32, 20}, Mesh(40, 16), false},
		{[]int{32, 20}, Torus(40, 16), true},
		{[]int{8, 8, 8}, Torus(16, 8, 4), false},
	} {
		cobj, _ := Halve(tc.obj)
		chost, _ := Halve(tc.h.Dims)
		ch := Box{Dims: chost, Wrap: tc.h.Wrap}
		place, err := Bisect(cobj, ch)
		if err != nil {
			t.Fatal(err)
		}
		fine := Refine(place, tc.obj, tc.h, tc.wrap)
		checkPlacement(t, "refined bisect", fine, tc.obj, tc.h)
		r := newRefinement(place, tc.obj, tc.h, tc.wrap)
		plain, _ := gridStats(r.placement(), tc.obj, tc.h)
		if got, _ := gridStats(fine, tc.obj, tc.h); got > plain {
			t.Errorf("%v onto %v: refined %.4f hops per byte, above the blocks as they are, %.4f", tc.obj, tc.h.Dims, got, plain)
		}
	}
}
