package guest

import (
	"slices"

	"topomap/algorithms/internal/order"
)

// Stencil reports whether g is, in index order (the first coordinate
// fastest), the 2-D or 3-D grid of dims (each side at least 2): every
// vertex's neighbours are exactly its grid neighbours, with wrap-around
// on every axis when wrap (a torus stencil; on sides of 2 the two agree,
// and the mesh is said). Volumes do not matter. Each factorisation of the
// order is tried on vertex 0 first, in O(1), and in full, O(arcs), only
// when vertex 0 fits: O(arcs) for nearly every graph.
func Stencil(g *Graph) (dims []int, wrap, ok bool) {
	n := g.Order()
	for _, d := range factorisations(n) {
		for _, w := range []bool{false, true} {
			if stencilAt(g, d, w, 0) && stencilAt(g, d, w, n-1) && isStencil(g, d, w) {
				return d, w, true
			}
		}
	}
	return nil, false, false
}

// factorisations lists the ordered ways of writing n as a product of 2
// or 3 factors of at least 2, the 3-D ones first.
func factorisations(n int) [][]int {
	var out, two [][]int
	for a := 2; a <= n/2; a++ {
		if n%a != 0 {
			continue
		}
		two = append(two, []int{a, n / a})
		for b := 2; b <= n/a/2; b++ {
			if n/a%b == 0 {
				out = append(out, []int{a, b, n / a / b})
			}
		}
	}
	return append(out, two...)
}

func isStencil(g *Graph, dims []int, wrap bool) bool {
	for v := range g.Order() {
		if !stencilAt(g, dims, wrap, v) {
			return false
		}
	}
	return true
}

// stencilAt reports whether v's distinct neighbours in g are its grid
// neighbours.
func stencilAt(g *Graph, dims []int, wrap bool, v int) bool {
	var want, got [12]int32
	w := want[:0]
	stride, rest := 1, v
	for _, d := range dims {
		x := rest % d
		rest /= d
		switch {
		case x+1 < d:
			w = append(w, int32(v+stride))
		case wrap:
			w = append(w, int32(v-x*stride))
		}
		switch {
		case x > 0:
			w = append(w, int32(v-stride))
		case wrap:
			w = append(w, int32(v+(d-1)*stride))
		}
		stride *= d
	}
	nb := g.Neighbors(v)
	if len(nb) > 2*len(w) {
		return false
	}
	gt := append(got[:0], nb...)
	order.Ascending(w)
	order.Ascending(gt)
	return slices.Equal(slices.Compact(w), slices.Compact(gt))
}
