package topology

import (
	"slices"
	"strconv"
)

// DModK names the routing rule of fat trees: destination-mod-k (see the
// package doc, Fat trees).
const DModK = "d-mod-k"

// Routing returns DModK.
func (t *FatTree) Routing() string { return DModK }

// LinkSlots returns 2·N·K^N, the size of the link numbering, in which
// every number is a link. It runs in blocks of n = K^N: block 0 holds
// the links node x → its leaf switch (number x), block 1 leaf switch →
// node x (n + x); for 1 ≤ ℓ < N, block 2ℓ holds the up-links of level ℓ,
// from switch w through port p (number 2ℓ·n + w·K + p), and block 2ℓ+1
// the down-links from level ℓ+1 to ℓ, from switch w through port q
// (number (2ℓ+1)·n + w·K + q).
func (t *FatTree) LinkSlots() int { return 2 * t.n * t.Size() }

// Links returns 2·N·K^N: each node–leaf and switch–switch wire, once per
// direction.
func (t *FatTree) Links() int { return t.LinkSlots() }

// digit returns digit d (position d-1, d ≥ 1) of switch number w.
func (t *FatTree) digit(w, d int) int { return w / t.pow[d-1] % t.k }

// withDigit returns w with digit d (position d-1) set to x.
func (t *FatTree) withDigit(w, d, x int) int { return w + (x-t.digit(w, d))*t.pow[d-1] }

// Link returns the tail and head of link id as wiring vertices (nodes,
// then switches: Switch(ℓ, w)); ok is false out of range. An up-link of
// level ℓ through port p sets digit ℓ of the switch number to p, a
// down-link through port q sets it to q. O(1).
func (t *FatTree) Link(id int) (tail, head int, ok bool) {
	n := t.Size()
	if id < 0 || id >= t.LinkSlots() {
		return 0, 0, false
	}
	block, r := id/n, id%n
	switch l := block / 2; {
	case block == 0:
		return r, t.Switch(1, r/t.k), true
	case block == 1:
		return t.Switch(1, r/t.k), r, true
	case block%2 == 0: // up from level l
		w, p := r/t.k, r%t.k
		return t.Switch(l, w), t.Switch(l+1, t.withDigit(w, l, p)), true
	default: // down from level l+1
		w, q := r/t.k, r%t.k
		return t.Switch(l+1, w), t.Switch(l, t.withDigit(w, l, q)), true
	}
}

// Route appends to dst the links of the D-mod-k route from node a to node
// b (see the package doc) and returns it: up from a's leaf switch taking
// at level i the port b's digit i-1, then down the one way to b; 2ℓ
// links under a lowest common switch of level ℓ. O(ℓ), without a
// division: the route is the bulk of the link loads on a fat tree.
//
// In closed form, the switch left upwards at level i (1 ≤ i < ℓ) has the
// digits of b below i-1 and of a from i on, number (b mod K^(i-1)) +
// ⌊a/K^i⌋·K^(i-1); the switch left downwards at level i (2 ≤ i ≤ ℓ) has
// the digits of b but digit i-1 (its port's digit), number (b mod
// K^(i-1)) + ⌊b/K^i⌋·K^(i-1). Both leave through port b_{i-1}.
func (t *FatTree) Route(a, b int, dst []int) []int {
	if a == b {
		return dst
	}
	l, n, k, s := t.Hops(a, b)/2, t.Size(), t.k, len(dst)
	dst = slices.Grow(dst, 2*l)[:s+2*l]
	dst[s], dst[s+2*l-1] = a, n+b
	qa, qb, low := a, b, 0 // ⌊a/K^i⌋, ⌊b/K^i⌋, b mod K^(i-1)
	for i := 1; i <= l; i++ {
		var bi int // b_{i-1}
		qa, _ = t.div.divmod(qa)
		qb, bi = t.div.divmod(qb)
		p := t.pow[i-1]
		if i < l {
			dst[s+i] = 2*i*n + (low+qa*p)*k + bi
		}
		if i > 1 {
			dst[s+2*l-i] = (2*i-1)*n + (low+qb*p)*k + bi
		}
		low += bi * p
	}
	return dst
}

// SwitchName names switch s (wiring vertex Size()+s) by its level, its
// number among its subtree's parallel switches and the nodes below it, a
// node's coordinates with "·" for the digits that vary: "L2 #1 (·,·,3)"
// is parallel switch 1 of level 2 over the nodes whose last digit is 3,
// "L1 (·,0,3)" a leaf (see the package doc).
func (t *FatTree) SwitchName(s int) string {
	per := t.pow[t.n-1]
	l, w := s/per+1, s%per
	b := []byte("L" + strconv.Itoa(l))
	if l > 1 {
		b = append(b, " #"...)
		b = strconv.AppendInt(b, int64(w%t.pow[l-1]), 10)
	}
	b = append(b, " ("...)
	for d := range t.n {
		if d > 0 {
			b = append(b, ',')
		}
		if d < l {
			b = append(b, "·"...)
		} else {
			b = strconv.AppendInt(b, int64(t.digit(w, d)), 10)
		}
	}
	return string(append(b, ')'))
}

var _ Router = (*FatTree)(nil)
