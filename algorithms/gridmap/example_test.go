package gridmap_test

import (
	"fmt"
	"strings"

	"topomap/algorithms/gridmap"
)

// draw prints a 2-D placement as a picture of the mesh: processor rows
// from the top, each entry the object "i,j" on that processor.
func draw(place []int, obj []int, h gridmap.Box) {
	px, py := h.Dims[0], h.Dims[1]
	inv := make([]string, px*py)
	for p := range inv {
		inv[p] = " . "
	}
	for v, p := range place {
		inv[p] = fmt.Sprintf("%d,%d", v%obj[0], v/obj[0])
	}
	for b := py - 1; b >= 0; b-- {
		fmt.Println(strings.Join(inv[b*px:(b+1)*px], " "))
	}
}

// hops returns the average hops per byte and the maximum dilation of a
// placement of a non-periodic 2-D grid on a 2-D mesh.
func hops(place []int, obj []int, h gridmap.Box) (float64, int) {
	px := h.Dims[0]
	dist := func(p, q int) int {
		dx, dy := p%px-q%px, p/px-q/px
		return max(dx, -dx) + max(dy, -dy)
	}
	sum, n, dil := 0, 0, 0
	for v := range place {
		i, j := v%obj[0], v/obj[0]
		if i+1 < obj[0] {
			d := dist(place[v], place[v+1])
			sum, n, dil = sum+d, n+1, max(dil, d)
		}
		if j+1 < obj[1] {
			d := dist(place[v], place[v+obj[0]])
			sum, n, dil = sum+d, n+1, max(dil, d)
		}
	}
	return float64(sum) / float64(n), dil
}

// The affine mapping of the 6×5 object grid of the thesis' Figure 9.5 onto
// a 10×3 mesh (a reference layout of the package doc).
func ExampleAffine() {
	obj, h := []int{6, 5}, gridmap.Mesh(10, 3)
	place, _ := gridmap.Affine(obj, h)
	draw(place, obj, h)
	hpb, dil := hops(place, obj, h)
	fmt.Printf("%.4f hops per byte, dilation %d\n", hpb, dil)
	// Output:
	// 0,2 0,4 1,3 1,4 2,3 2,4 3,4 4,3 4,4 5,3
	// 0,1 0,3 1,2 2,1 2,2 3,2 3,3 4,2 5,1 5,2
	// 0,0 1,0 1,1 2,0 3,1 3,0 4,0 4,1 5,0 5,4
	// 1.5918 hops per byte, dilation 3
}

func ExampleMaxOverlap() {
	obj, h := []int{6, 5}, gridmap.Mesh(10, 3)
	place, _ := gridmap.MaxOverlap(obj, h)
	draw(place, obj, h)
	// Output:
	// 0,2 1,2 2,2 3,2 4,2 5,2 4,3 5,3 4,4 5,4
	// 0,1 1,1 2,1 3,1 4,1 5,1 0,4 1,4 2,4 3,4
	// 0,0 1,0 2,0 3,0 4,0 5,0 0,3 1,3 2,3 3,3
}

// With alignment, 8×4 onto 4×8 is a transpose: every edge on one link.
func ExampleMaxOverlapAligned() {
	obj, h := []int{8, 4}, gridmap.Mesh(4, 8)
	for _, f := range []func([]int, gridmap.Box) ([]int, error){gridmap.MaxOverlap, gridmap.MaxOverlapAligned} {
		place, _ := f(obj, h)
		hpb, dil := hops(place, obj, h)
		fmt.Printf("%.4f / %d\n", hpb, dil)
	}
	// Output:
	// 1.4615 / 7
	// 1.0000 / 1
}

func ExampleExpandFromCorner() {
	obj, h := []int{6, 5}, gridmap.Mesh(10, 3)
	place, _ := gridmap.ExpandFromCorner(obj, h)
	hpb, dil := hops(place, obj, h)
	fmt.Printf("%.4f / %d\n", hpb, dil)
	// Output: 1.7143 / 3
}

func ExampleCornersToCenter() {
	obj, h := []int{6, 5}, gridmap.Mesh(10, 3)
	place, _ := gridmap.CornersToCenter(obj, h)
	draw(place, obj, h)
	// Output:
	// 0,4 1,4 0,2 2,4 1,2 4,2 3,4 5,2 4,4 5,4
	// 0,1 0,3 1,1 1,3 2,3 3,1 4,3 4,1 5,3 5,1
	// 0,0 1,0 2,0 2,1 2,2 3,2 3,3 3,0 4,0 5,0
}

// The band (step) embedding maps the thesis's Fig. 9.4 instance, 9×8 onto
// 12×6, row by row: each object row becomes a band one or two cells high.
func ExampleStep() {
	obj, h := []int{9, 8}, gridmap.Mesh(12, 6)
	place, _ := gridmap.Step(obj, h)
	hpb, dil := hops(place, obj, h)
	fmt.Printf("%.4f / %d\n", hpb, dil)
	// Output:
	// 1.5354 / 3
}

func ExampleRowMajor() {
	place, _ := gridmap.RowMajor([]int{3, 2}, gridmap.Mesh(2, 3))
	fmt.Println(place)
	// Output: [0 1 2 3 4 5]
}

func ExampleSnake() {
	// Objects in boustrophedon order 0,1,2 | 5,4,3 go to processors in
	// boustrophedon order 0,1 | 3,2 | 4,5.
	place, _ := gridmap.Snake([]int{3, 2}, gridmap.Mesh(2, 3))
	fmt.Println(place)
	// Output: [0 1 3 5 4 2]
}

// Stacking and folding 32×8 onto 8×8×4 (the thesis' example): folding
// keeps every edge on one link.
func ExampleFold() {
	obj, h := []int{32, 8}, gridmap.Mesh(8, 8, 4)
	for _, f := range []func([]int, gridmap.Box) ([]int, error){gridmap.Stack, gridmap.Fold} {
		place, _ := f(obj, h)
		// object (i, j) on processor (a, b, c): the edge (i,j)-(i+1,j)
		// across the first subgrid boundary, i = 7.
		p, q := place[7], place[8]
		fmt.Println(p%8, p/8%8, p/64, "->", q%8, q/8%8, q/64)
	}
	// Output:
	// 7 0 0 -> 0 0 1
	// 7 0 0 -> 7 0 1
}

func ExampleStack() {
	fmt.Println(gridmap.CheckStack([]int{32, 8}, gridmap.Mesh(8, 8, 4)))
	fmt.Println(gridmap.CheckStack([]int{10, 6}, gridmap.Mesh(5, 4, 3)))
	// Output:
	// <nil>
	// gridmap: unsupported shapes: stacking cuts the longer object side 10 into 3 subgrids (the smallest host side), and 10 is not a multiple of 3
}

func ExampleCurve() {
	place, _ := gridmap.Curve([]int{4, 2}, gridmap.Mesh(2, 2, 2))
	fmt.Println(place)
	// Output: [0 2 3 1 4 6 7 5]
}

func ExampleGilbert2D() {
	out := make([]int32, 5*3)
	gridmap.Gilbert2D(5, 3, out)
	fmt.Println(out)
	// Output: [0 5 10 11 6 1 2 7 12 13 14 9 8 3 4]
}

func ExampleGilbert3D() {
	out := make([]int32, 2*2*2)
	gridmap.Gilbert3D(2, 2, 2, out)
	fmt.Println(out)
	// Output: [0 2 6 4 5 7 3 1]
}

func ExampleHilbert2D() {
	out := make([]int32, 4*4)
	gridmap.Hilbert2D(4, out)
	fmt.Println(out)
	// Output: [0 1 5 4 8 12 13 9 10 14 15 11 7 6 2 3]
}

func ExampleHilbert3D() {
	out := make([]int32, 2*2*2)
	gridmap.Hilbert3D(2, out)
	fmt.Println(out)
	// Output: [0 4 6 2 3 7 5 1]
}

// findNearest2D with our tie-break, order A: around (2,2) of a 5×5
// mesh the first shell comes out as (1,2), (2,3), (2,1), (3,2).
func ExampleNearest() {
	f := gridmap.NewNearest2D(gridmap.Mesh(5, 5))
	for range 5 {
		a, b, _ := f.Take2D(2, 2)
		fmt.Printf("(%d,%d) ", a, b)
	}
	fmt.Println(f.Free())
	// Output: (2,2) (1,2) (2,3) (2,1) (3,2) 20
}

// On a torus the search wraps: from (0,0) of a 4×4 torus the nearest free
// processors after the target come through the wrap-around first (dx = −1).
func ExampleNewNearest2D() {
	f := gridmap.NewNearest2D(gridmap.Torus(4, 4))
	f.Use2D(0, 0)
	a, b, _ := f.Take2D(0, 0)
	fmt.Println(a, b, f.Used2D(3, 0))
	// Output: 3 0 true
}

func ExampleNewNearest3D() {
	f := gridmap.NewNearest3D(gridmap.Mesh(3, 3, 3))
	f.Use3D(1, 1, 1)
	a, b, c, _ := f.Take3D(1, 1, 1)
	fmt.Println(a, b, c, f.Used3D(0, 1, 1))
	// Output: 0 1 1 true
}

// The 3-D affine mapping (see the package doc): 16×8×4 onto 8×8×8.
func ExampleAffine3D() {
	obj, h := []int{16, 8, 4}, gridmap.Mesh(8, 8, 8)
	place, _ := gridmap.Affine3D(obj, h)
	// object (i,j,k) on processor (a,b,c): the first two objects share a
	// target and the second is pushed to the nearest free processor.
	for _, v := range place[:2] {
		fmt.Println(v%8, v/8%8, v/64)
	}
	// Output:
	// 0 0 0
	// 0 0 1
}

func ExampleTorus() {
	h := gridmap.Torus(8, 4)
	fmt.Println(h.Dims, h.Wrap, h.Size())
	// Output: [8 4] [true true] 32
}

func ExampleMesh() {
	h := gridmap.Mesh(8, 4, 2)
	fmt.Println(h.Dims, h.Wrap == nil, h.Size())
	// Output: [8 4 2] true 64
}
