package topology

import (
	"errors"
	"fmt"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// FatTree is the k-ary n-tree of Petrini & Vanneschi (IPPS 1997), the
// fat tree of most clusters: K^N processing nodes under N levels of
// K^(N-1) switches of 2K ports (K down, K up; the top level's up ports
// are unused). Node x has N base-K digits x_0 (least significant) ...
// x_{N-1}, which are its coordinates, first coordinate fastest
// (see the package doc). Two distinct nodes whose most significant differing
// digit is j meet at a switch of level j+1 and are 2(j+1) hops apart.
//
// The wiring (Network): leaf switch w (level 1) serves the nodes x with
// x div K = w; a switch of level ℓ whose N-1 digits w_1..w_{N-1} (w_i at
// position i-1 of its number) are w is wired to the K switches of level
// ℓ+1 that agree with it except in digit ℓ.
type FatTree struct {
	k, n int
	pow  []int   // pow[i] = K^i, i = 0..N
	div  divisor // by K, for the routes
}

// NewFatTree returns the k-ary n-tree, k ≥ 2, n ≥ 1, of at most MaxNodes
// nodes.
func NewFatTree(k, n int) (*FatTree, error) {
	if k < 2 || n < 1 {
		return nil, reason.New(ErrInvalid, "a fat tree needs K ≥ 2 ports down and N ≥ 1 levels, not %s and %s", numtext.Count(k), numtext.Count(n))
	}
	pow := []int{1}
	for range n {
		if pow[len(pow)-1] > MaxNodes/k {
			return nil, reason.New(ErrInvalid, "more than %s nodes", numtext.Count(MaxNodes))
		}
		pow = append(pow, pow[len(pow)-1]*k)
	}
	return &FatTree{k: k, n: n, pow: pow, div: newDivisor(k)}, nil
}

func parseFatTree(args string) (Host, error) {
	ps, err := parseParams(args, MaxNodes, "K", "N")
	if err != nil {
		return nil, err
	}
	if ps[0] < 2 {
		return nil, errors.New("K = 1: a fat tree needs at least 2 ports down per switch")
	}
	pow := make([]int, ps[1])
	for i := range pow {
		pow[i] = ps[0]
	}
	if _, err := checkedProduct(pow...); err != nil {
		return nil, err
	}
	return NewFatTree(ps[0], ps[1])
}

// Arity returns K, the number of children of every switch.
func (t *FatTree) Arity() int { return t.k }

// Levels returns N, the number of switch levels.
func (t *FatTree) Levels() int { return t.n }

// Radices returns N times K: the nodes under one switch of level ℓ are a
// group of level ℓ (the Hierarchy capability).
func (t *FatTree) Radices() []int {
	r := make([]int, t.n)
	for i := range r {
		r[i] = t.k
	}
	return r
}

// LevelCost returns 2i, the hops between two nodes whose lowest common
// switch is of level i (the LevelCosts capability: a Scotch tleaf target
// writes a fat tree as its levels, each adding 2).
func (t *FatTree) LevelCost(i int) int { return 2 * i }

// Size returns K^N.
func (t *FatTree) Size() int { return t.pow[t.n] }

// String returns "fattree:K,N".
func (t *FatTree) String() string { return fmt.Sprintf("fattree:%d,%d", t.k, t.n) }

// Coords writes the N base-K digits of node idx, least significant first.
func (t *FatTree) Coords(idx int, dst []int) []int {
	if idx < 0 || idx >= t.Size() {
		panic(fmt.Sprintf("topology: node %d out of range [0, %d)", idx, t.Size()))
	}
	dst = dst[:0]
	for range t.n {
		dst = append(dst, idx%t.k)
		idx /= t.k
	}
	return dst
}

// Index returns the node of the given digits.
func (t *FatTree) Index(coords []int) (int, error) {
	if len(coords) != t.n {
		return 0, reason.New(ErrInvalid, "%d coordinates for %d levels", len(coords), t.n)
	}
	idx := 0
	for j, x := range coords {
		if x < 0 || x >= t.k {
			return 0, reason.New(ErrInvalid, "digit %d is %d, want [0, %d)", j+1, x, t.k)
		}
		idx += x * t.pow[j]
	}
	return idx, nil
}

// Hops returns 2ℓ, ℓ the level of the lowest switch above both a and b
// (0 when a = b): the number of low digits to drop before they agree.
// O(ℓ), without a division.
func (t *FatTree) Hops(a, b int) int {
	l := 0
	for ; a != b; l++ {
		a, _ = t.div.divmod(a)
		b, _ = t.div.divmod(b)
	}
	return 2 * l
}

// Neighbors lists nothing: no two nodes of a fat tree share a wire.
func (t *FatTree) Neighbors(idx int, dst []int) []int { return dst }

// Switches returns N·K^(N-1).
func (t *FatTree) Switches() int { return t.n * t.pow[t.n-1] }

// Family returns "fattree", the drawing family of fat trees.
func (t *FatTree) Family() string { return "fattree" }

// Switch returns the wiring vertex of switch w of level l (1..N).
func (t *FatTree) Switch(l, w int) int { return t.Size() + (l-1)*t.pow[t.n-1] + w }

// Wires appends the wires at vertex v: a node's one wire to its leaf
// switch; a switch's wires down (nodes or the switches of the level below
// that differ in digit l-1) and up (those of the level above that differ
// in digit l).
func (t *FatTree) Wires(v int, dst []Wire) []Wire {
	n := t.Size()
	if v < n {
		return append(dst, Wire{To: t.Switch(1, v/t.k)})
	}
	per := t.pow[t.n-1]
	l, w := (v-n)/per+1, (v-n)%per
	if l == 1 {
		for x := range t.k {
			dst = append(dst, Wire{To: w*t.k + x})
		}
	} else {
		dst = t.digitWires(dst, l-1, w, l-1)
	}
	if l < t.n {
		dst = t.digitWires(dst, l+1, w, l)
	}
	return dst
}

// digitWires appends the switches of level l whose numbers differ from w
// in digit d at most (position d-1 of the number).
func (t *FatTree) digitWires(dst []Wire, l, w, d int) []Wire {
	p := t.pow[d-1]
	base := w - (w/p)%t.k*p
	for x := range t.k {
		dst = append(dst, Wire{To: t.Switch(l, base+x*p)})
	}
	return dst
}

// Ball returns K^⌊r/2⌋ (at most K^N): the nodes under one switch of
// level ⌊r/2⌋, the same from every node.
func (t *FatTree) Ball(r int) int {
	if r < 0 {
		return 0
	}
	return t.pow[min(r/2, t.n)]
}
