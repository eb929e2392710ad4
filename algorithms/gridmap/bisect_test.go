package gridmap

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
)

// TestBisectByHand: 4×2 onto 2×4. The host's longer side (4) is cut
// first: object row 0 (scaled y 1) goes to host rows 0-1, row 1 (scaled
// y 3) to rows 2-3; each 2×2 box is cut along x (ties go to the first
// axis), the objects split by x, and each 1×2 column takes its two
// objects in x order. So every object row becomes a 2×2 block.
func TestBisectByHand(t *testing.T) {
	place, err := Bisect([]int{4, 2}, Mesh(2, 4))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 2, 1, 3, 4, 6, 5, 7}; !slices.Equal(place, want) {
		t.Fatalf("got %v, want %v", place, want)
	}
}

// TestBisectOracle compares Bisect with an independent implementation of
// the same construction (a recursive Python script that sorts the scaled
// positions at every cut, written apart from this code): the hops per
// byte and maximum dilation agree exactly, on the shapes of the PAIRS
// benchmarks whose aspects differ.
func TestBisectOracle(t *testing.T) {
	tests := []struct {
		obj    []int
		h      Box
		hpb    float64
		maxDil int
	}{
		{[]int{96, 50}, Mesh(75, 64), 1.4603342500528878, 5},
		{[]int{320, 200}, Mesh(250, 256), 1.5160966426106055, 5},
		{[]int{40, 40, 40}, Torus(50, 40, 32), 1.7953418803418804, 6},
	}
	for _, tt := range tests {
		place, err := Bisect(tt.obj, tt.h)
		if err != nil {
			t.Fatal(err)
		}
		checkPlacement(t, "bisect", place, tt.obj, tt.h)
		hpb, dil := gridStats(place, tt.obj, tt.h)
		if math.Abs(hpb-tt.hpb) > 1e-12 || dil != tt.maxDil {
			t.Errorf("%v onto %v: %.16f hops per byte, max dilation %d; want %.16f, %d", tt.obj, tt.h.Dims, hpb, dil, tt.hpb, tt.maxDil)
		}
	}
}

// TestBisectSameShape: on equal shapes the scaled map is the identity,
// and so is the bisection.
func TestBisectSameShape(t *testing.T) {
	for _, dims := range [][]int{{8, 8}, {5, 7}, {4, 3, 6}} {
		place, err := Bisect(dims, Mesh(dims...))
		if err != nil {
			t.Fatal(err)
		}
		for v, p := range place {
			if p != v {
				t.Fatalf("%v: object %d on node %d, want the identity", dims, v, p)
			}
		}
	}
}

// TestBisectCanceled: a cancelled context stops a large bisection.
func TestBisectCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := Mesh(250, 256)
	h.Ctx = ctx
	if _, err := Bisect([]int{320, 200}, h); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
