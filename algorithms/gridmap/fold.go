package gridmap

import (
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/reason"
)

// foldPlan is a k-way accordion fold between grids of the same number of
// axes: object axis a (of size k·P) is cut into k layers of P objects, laid
// on host axis perm[a] of size P, every other layer mirrored; the layers go
// side by side along host axis perm[b] (of size k·O_b), interleaved
// (host coordinate k·i_b + layer: object b-edges k hops, fold edges 1) or
// in blocks (layer·O_b + i_b: b-edges 1 hop, fold edges O_b); every other
// object axis c lies on host axis perm[c] of its own size. k = 1 is a pure
// permutation of the axes.
type foldPlan struct {
	perm       []int
	a, b, k    int
	interleave bool
	// mirror lays the second of two blocks backwards, on a host axis that
	// wraps around: fold edge i is then min(2i+1, 2·O_b−2i−1) hops, not O_b
	mirror bool
	extra  float64 // hops above 1 per object, summed over the edges
	dil    int
}

// planFold returns the fold of least extra hops (then least dilation, then
// the first in enumeration order), or an error if none fits: the sizes
// must match axis for axis up to a permutation, except one object axis k
// times a host axis and one host axis k times an object axis.
func planFold(obj []int, h Box) (foldPlan, error) {
	if err := check(obj, len(obj), h, len(obj), true); err != nil {
		return foldPlan{}, err
	}
	var best foldPlan
	found := false
	for _, perm := range permutations(len(obj)) {
		for a := range obj {
			for b := range obj {
				p, ok := fitFold(obj, h, perm, a, b)
				if ok && (!found || p.extra < best.extra || p.extra == best.extra && p.dil < best.dil) {
					best, found = p, true
				}
			}
		}
	}
	if !found {
		return best, reason.New(ErrShape, "folding needs the sides of %s to be those of %s up to order, except one object side k times a host side and one host side k times an object side, or two such folds in a row that add at most one hop per object", sides(obj), sides(h.Dims))
	}
	return best, nil
}

// fitFold checks one choice of axes and prices its two layouts.
func fitFold(obj []int, h Box, perm []int, a, b int) (foldPlan, bool) {
	pa, pb := h.Dims[perm[a]], h.Dims[perm[b]]
	if obj[a]%pa != 0 {
		return foldPlan{}, false
	}
	k := obj[a] / pa
	if a == b && k != 1 || a != b && pb != k*obj[b] {
		return foldPlan{}, false
	}
	for c := range obj {
		if c != a && c != b && obj[c] != h.Dims[perm[c]] {
			return foldPlan{}, false
		}
	}
	p := foldPlan{perm: perm, a: a, b: b, k: k, dil: 1}
	if k == 1 {
		return p, true
	}
	// per object, over the edges along b (ob−1 of every ob) and the fold
	// edges (k−1 of every obj[a])
	ob := obj[b]
	inter := float64(k-1) * float64(ob-1) / float64(ob)
	blocks := float64(ob-1) * float64(k-1) / float64(obj[a])
	dil := ob
	if k == 2 && h.wraps(perm[b]) {
		blocks, dil, p.mirror = mirroredBlocks(ob, obj[a])
	}
	p.interleave = inter <= blocks
	if p.interleave {
		p.extra, p.dil, p.mirror = inter, k, false
	} else {
		p.extra, p.dil = blocks, dil
	}
	return p, true
}

// mirroredBlocks returns the extra hops per object and the dilation of two
// blocks of ob layers' columns on a ring of 2·ob, the second backwards, the
// fold edges one per line of la objects. O(ob).
func mirroredBlocks(ob, la int) (extra float64, dil int, mirror bool) {
	sum := 0
	dil = 1
	for i := range ob {
		d := min(2*i+1, 2*ob-2*i-1)
		sum, dil = sum+d-1, max(dil, d)
	}
	return float64(sum) / float64(ob) / float64(la), dil, true
}

// permutations returns every ordering of 0..n-1, identity first.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := len(p); i >= 0; i-- {
			q := make([]int, 0, n)
			q = append(q, p[:i]...)
			q = append(q, n-1)
			q = append(q, p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

func sides(dims []int) string {
	s := make([]string, len(dims))
	for i, k := range dims {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, "x")
}

// foldSame maps obj onto a host of the same number of axes by the best
// fold plan, or else by two folds through an intermediate grid (see
// planFolds). O(n·c).
func foldSame(obj []int, h Box) ([]int, error) {
	p, err := planFold(obj, h)
	if err == nil {
		return foldBy(p, obj, h), nil
	}
	mid, ok := planFolds(obj, h)
	if !ok {
		return nil, err
	}
	m := Mesh(mid...)
	first, _ := planFold(obj, m)
	second, _ := planFold(mid, h)
	place, inner := foldBy(first, obj, m), foldBy(second, mid, h)
	for v := range place {
		place[v] = inner[place[v]]
	}
	return place, nil
}

// maxFoldsExtra bounds the extra hops per object of two folds in a row
// (the sum of the two plans'): any two grids of two axes and one size are
// two folds apart (through a line), but a fold worth the name keeps most
// edges at one hop. 64x64x8 onto 32x32x32 through 32x64x16: 0.34, 1.121
// hops per byte (PAIRS alone stayed at 2.253); 9x8 onto 6x12 at best
// 1.22, 32x32x32 onto 128x16x16 1.95: refused.
const maxFoldsExtra = 1.0

// planFolds returns the grid between obj and h through which two folds
// (each as planFold plans it) map obj onto h with the fewest extra hops,
// if there are at most maxFoldsExtra per object: obj with one side
// divided by some k ≥ 2 and another multiplied by k. O(c²·sides).
func planFolds(obj []int, h Box) ([]int, bool) {
	var best []int
	bestExtra := maxFoldsExtra
	for a, sa := range obj {
		for k := 2; k <= sa; k++ {
			if sa%k != 0 {
				continue
			}
			for b := range obj {
				if b == a {
					continue
				}
				mid := slices.Clone(obj)
				mid[a], mid[b] = sa/k, obj[b]*k
				first, err1 := planFold(obj, Mesh(mid...))
				second, err2 := planFold(mid, h)
				if err1 == nil && err2 == nil && first.extra+second.extra <= bestExtra {
					best, bestExtra = mid, first.extra+second.extra
				}
			}
		}
	}
	return best, best != nil
}

// foldBy maps obj onto h by fold plan p. O(n·c).
func foldBy(p foldPlan, obj []int, h Box) []int {
	n := product(obj)
	place := make([]int, n)
	c := len(obj)
	oc := make([]int, c)
	hc := make([]int, c)
	pa := h.Dims[p.perm[p.a]]
	for v := range n {
		x := v
		for i, k := range obj {
			oc[i] = x % k
			x /= k
		}
		for i := range c {
			hc[p.perm[i]] = oc[i]
		}
		if p.k > 1 {
			layer, u := oc[p.a]/pa, oc[p.a]%pa
			if layer%2 == 1 {
				u = pa - 1 - u
			}
			hc[p.perm[p.a]] = u
			switch {
			case p.interleave:
				hc[p.perm[p.b]] = p.k*oc[p.b] + layer
			case p.mirror && layer == 1:
				hc[p.perm[p.b]] = 2*obj[p.b] - 1 - oc[p.b]
			default:
				hc[p.perm[p.b]] = layer*obj[p.b] + oc[p.b]
			}
		}
		node := 0
		for i := c - 1; i >= 0; i-- {
			node = node*h.Dims[i] + hc[i]
		}
		place[v] = node
	}
	return place
}
