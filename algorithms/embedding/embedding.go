package embedding

import (
	"errors"
	"math/bits"
	"strings"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
	"topomap/algorithms/topology"
)

// ErrNotApplicable is wrapped by every error saying that an embedding does
// not apply to a host.
var ErrNotApplicable = errors.New("embedding: not applicable")

// MaxDim bounds the cube dimension (the placement has 2^d entries).
const MaxDim = 26

// notApplicable returns an error of kind ErrNotApplicable whose reason
// (reason.Of) is the sentence without the package prefix.
func notApplicable(format string, args ...any) error {
	return reason.New(ErrNotApplicable, format, args...)
}

// checkSize rejects a dimension out of range and a host of the wrong size.
func checkSize(d int, host topology.Grid) error {
	if d < 0 || d > MaxDim {
		return notApplicable("cube dimension %d out of [0, %d]", d, MaxDim)
	}
	if host == nil {
		return notApplicable("no host")
	}
	if host.Size() != 1<<d {
		return notApplicable("host %s has %s nodes, the %d-cube has %s vertices", host, numtext.Count(host.Size()), d, numtext.Count(1<<d))
	}
	return nil
}

// fieldWidths returns log2 of every side of a line, ring, mesh or torus whose
// sides are powers of two: the widths of the bit fields that hold the
// coordinates in a node index.
func fieldWidths(name string, host topology.Grid) ([]int, error) {
	if topology.IsHypercube(host) {
		return nil, notApplicable("%s needs a line, ring, mesh or torus, not a hypercube (use identity)", name)
	}
	w := make([]int, host.Rank())
	for j := range w {
		k := host.Dim(j)
		if k&(k-1) != 0 {
			return nil, notApplicable("%s needs sides that are powers of two; side %d of %s is %d", name, j+1, host, k)
		}
		w[j] = bits.TrailingZeros(uint(k))
	}
	return w, nil
}

// perField builds the placement that applies f to every coordinate field of
// the vertex label independently: field j (width w[j], coordinate j+1) of
// vertex n becomes coordinate f(field, w[j]). O(c·2^d).
func perField(d int, w []int, f func(x uint, width int) uint) []int {
	place := make([]int, 1<<d)
	for n := range place {
		m, shift := uint(0), 0
		for _, width := range w {
			mask := uint(1)<<width - 1
			m |= f(uint(n)>>shift&mask, width) << shift
			shift += width
		}
		place[n] = int(m)
	}
	return place
}

// CheckIdentity returns nil if Identity applies: the host is the d-cube.
func CheckIdentity(d int, host topology.Grid) error {
	if err := checkSize(d, host); err != nil {
		return err
	}
	if !topology.IsHypercube(host) {
		return notApplicable("identity needs a hypercube host, not %s", host)
	}
	return nil
}

// Identity embeds the d-cube onto the hypercube host of the same dimension:
// vertex n on node n, every edge on one link (D_i = 1, T = d(T_a + t_c),
// [XOR] §2.1). O(2^d).
func Identity(d int, host topology.Grid) ([]int, error) {
	if err := CheckIdentity(d, host); err != nil {
		return nil, err
	}
	place := make([]int, 1<<d)
	for n := range place {
		place[n] = n
	}
	return place, nil
}

// CheckStandard returns nil if Standard applies: a line, ring, mesh or torus
// (any wrap-around) of 2^d nodes, hence with power-of-two sides.
func CheckStandard(d int, host topology.Grid) error {
	if err := checkSize(d, host); err != nil {
		return err
	}
	_, err := fieldWidths("standard", host)
	return err
}

// Standard returns the standard embedding S of [XOR] §2.3: on a line or ring
// S(n) = n; on a (k_1,...,k_c) mesh or torus S(n) = (p_1,...,p_c) with
// p_i = (n mod Π_{j≤i} k_j) div Π_{j<i} k_j, the mixed-radix digits of n,
// p_1 least significant. With the first coordinate varying fastest that is
// node index n. Distances: D_i = 2^(i - offset of i's field). O(2^d).
func Standard(d int, host topology.Grid) ([]int, error) {
	if err := CheckStandard(d, host); err != nil {
		return nil, err
	}
	place := make([]int, 1<<d)
	for n := range place {
		place[n] = n
	}
	return place, nil
}

// CheckByWeight returns nil if ByWeight applies: a line or a ring of 2^d
// nodes, or a mesh or torus that is one (every axis but one of size 1, as
// mesh:16x1 or torus:1x16, whose node index is the position along that
// axis). Lai & Sprague's extension to 2-D meshes is not specified by our
// source, so meshes are refused with a message saying so.
func CheckByWeight(d int, host topology.Grid) error {
	if err := checkSize(d, host); err != nil {
		return err
	}
	if topology.IsHypercube(host) {
		return notApplicable("byweight needs a line or ring, not %s", host)
	}
	if r := longAxes(host); r > 1 { // a mesh or torus: its spec's kind
		kind, _, _ := strings.Cut(host.String(), ":")
		return notApplicable("byweight onto a %d-dimensional %s (Lai & Sprague) is not specified: the paper's figure is unreadable; use a line or ring", r, kind)
	}
	return nil
}

// longAxes returns the number of host axes of size 2 or more: a mesh or
// torus with at most one is a line or ring.
func longAxes(host topology.Grid) int {
	r := 0
	for _, k := range topology.DimsOf(host) {
		if k > 1 {
			r++
		}
	}
	return r
}

// ByWeight returns the byweight embedding of [XOR] §2.3 (Harper; Lai &
// Sprague): labels sorted by weight (number of one bits) ascending, equal
// weights in descending order, placed on positions 0, 1, ... of the line or
// ring. For d = 3 the positions hold 000 100 010 001 110 101 011 111 (Fig.
// 3.a). It minimises the dilation on a line but is not constant-distance.
// O(2^d): the labels of each weight are enumerated directly, no sort.
func ByWeight(d int, host topology.Grid) ([]int, error) {
	if err := CheckByWeight(d, host); err != nil {
		return nil, err
	}
	place := make([]int, 1<<d)
	pos := 0
	for w := 0; w <= d; w++ {
		// Gosper's hack visits the labels of weight w in ascending order;
		// they take the block of positions from its end backwards.
		count := binomial(d, w)
		p := pos + count - 1
		for x := uint(1)<<w - 1; x < uint(1)<<d; {
			place[x] = p
			p--
			if x == 0 {
				break
			}
			c := x & -x
			r := x + c
			x = (r^x)>>2/c | r
		}
		pos += count
	}
	return place, nil
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// CheckGray returns nil if Gray applies: a line, ring, mesh or torus of 2^d
// nodes (power-of-two sides).
func CheckGray(d int, host topology.Grid) error {
	if err := checkSize(d, host); err != nil {
		return err
	}
	_, err := fieldWidths("gray", host)
	return err
}

// Gray returns the binary-reflected Gray code embedding, applied to each
// coordinate field: on a line or ring position p holds vertex
// gray(p) = p XOR (p>>1); on a mesh or torus with power-of-two sides the
// vertex's label is cut into one field per coordinate (coordinate 1 in the
// least significant bits) and coordinate j holds the Gray rank of field j
// (the classic Gray-code embedding of a power-of-two torus into the cube,
// read backwards: neighbours along a coordinate differ in one bit).
//
// This is our proposal ([P], see the package doc) standing in for Ma & Tao's
// mixed-radix construction, which we could not obtain. It is not
// constant-distance on rings (flipping bit 1 moves a vertex 1 or 3 steps).
// O(c·2^d).
func Gray(d int, host topology.Grid) ([]int, error) {
	if err := CheckGray(d, host); err != nil {
		return nil, err
	}
	w, _ := fieldWidths("gray", host)
	return perField(d, w, func(x uint, _ int) uint { return GrayRank(x) }), nil
}

// GrayCode returns the p-th word of the binary-reflected Gray code,
// p XOR (p>>1).
func GrayCode(p uint) uint { return p ^ p>>1 }

// GrayRank returns the position of word g in the binary-reflected Gray
// code: the inverse of GrayCode (prefix XOR of the bits). O(log bits).
func GrayRank(g uint) uint {
	for s := 1; s < bits.UintSize; s <<= 1 {
		g ^= g >> s
	}
	return g
}

// CheckXor returns nil if Xor applies: a ring of 2^d nodes or a torus with
// sides 2^(d_j), every axis longer than 2 wrapping around (on an axis of 1
// or 2 nodes wrap-around adds no link, so mesh:8x2:wrap=10 is the torus
// 8x2 and mesh:16x1:wrap=10 the ring of 16).
func CheckXor(d int, host topology.Grid) error {
	if err := checkSize(d, host); err != nil {
		return err
	}
	if topology.IsHypercube(host) || !wrapsLongAxes(host) {
		return notApplicable("xor needs a ring or torus whose sides are powers of two, not %s", host)
	}
	if _, err := fieldWidths("xor", host); err != nil {
		return notApplicable("xor needs a ring or torus whose sides are powers of two; %s has a side that is not", host)
	}
	return nil
}

// Xor returns the Xor embedding of [XOR]. On a ring of 2^d nodes (§3,
// d > 1) vertex n goes to node X_d(n) = n XOR (n_{d-1} << (d-2)): every bit
// is kept except bit d-2, which becomes n_{d-1} XOR n_{d-2}. Fig. 5 (d = 4):
// positions 0..15 hold 0 1 2 3 4 5 6 7 12 13 14 15 8 9 10 11. Distances are
// constant: D_i = 2^i for i ≤ d-2, D_{d-1} = 2^(d-2), so
// D_a = (3·2^(d-2) - 1)/d, the minimum over constant-distance ring
// embeddings (the paper's theorem).
//
// On a (2^(d_1),...,2^(d_c)) torus (§4) the label is cut into c bit fields,
// field 1 the least significant d_1 bits, and X_(d_j) is applied to field j
// to give coordinate j. A field of one bit is copied ([P]: the formula is
// undefined there; a 2-node ring has nothing to choose). O(c·2^d).
func Xor(d int, host topology.Grid) ([]int, error) {
	if err := CheckXor(d, host); err != nil {
		return nil, err
	}
	w, _ := fieldWidths("xor", host)
	return perField(d, w, xorField), nil
}

// wrapsLongAxes reports whether every axis of host longer than 2 wraps
// around.
func wrapsLongAxes(host topology.Grid) bool {
	for j, k := range topology.DimsOf(host) {
		if k > 2 && !host.Wraps(j) {
			return false
		}
	}
	return true
}

// xorField is X_w on a field of w bits; the identity for w < 2.
func xorField(x uint, w int) uint {
	if w < 2 {
		return x
	}
	return x ^ (x>>(w-1)&1)<<(w-2)
}
