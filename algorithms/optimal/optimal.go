package optimal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"topomap/algorithms/embedding"
	"topomap/algorithms/topology"
)

// MaxDim is the largest cube dimension Ring accepts: the ring of 64 nodes
// (about 10 ms; d = 7 would take seconds, 146 million steps).
const MaxDim = 6

// ErrInvalid is wrapped by the errors about the requested size.
var ErrInvalid = errors.New("optimal: invalid size")

// Result is the outcome of the exhaustive search on the ring of 2^D nodes.
type Result struct {
	D     int `json:"d"`
	Nodes int `json:"nodes"`
	// MinSum is the minimum of Σ D_i over all constant-distance embeddings;
	// MinAvg = MinSum / D is the minimum average distance D_a.
	MinSum int     `json:"minSum"`
	MinAvg float64 `json:"minAvgDistance"`
	// Optimal lists every nondecreasing distance vector with sum MinSum that
	// a constant-distance embedding realises.
	Optimal [][]int `json:"optimalVectors"`
	// Place is an attaining embedding: Place[v] is the ring position of
	// vertex v, and Distances its D_i (= Optimal[0]).
	Place     []int `json:"placement"`
	Distances []int `json:"distances"`
	// Xor: the theorem's value 3·2^(D-2) - 1 and the distances of the Xor
	// embedding, measured. Standard: Σ D_i = 2^D - 1 of the standard one.
	XorBound     int   `json:"xorBound"`
	XorDistances []int `json:"xorDistances"`
	StandardSum  int   `json:"standardSum"`
	// Vectors counts the distance vectors tested and Steps the positions
	// tried by the backtracking, as a measure of the search's size.
	Vectors int64 `json:"vectorsTested"`
	Steps   int64 `json:"steps"`
}

// Ring searches the ring of 2^d nodes, 2 ≤ d ≤ MaxDim. It honours ctx.
// Cost: d = 5 tests 762 vectors in 6188 steps; d = 6, 36270 in 0.56 million.
func Ring(ctx context.Context, d int) (Result, error) {
	if d < 2 || d > MaxDim {
		return Result{}, fmt.Errorf("%w: the exhaustive check takes rings of 2^d nodes with 2 ≤ d ≤ %d, got d = %d", ErrInvalid, MaxDim, d)
	}
	n := 1 << d
	r := Result{D: d, Nodes: n, XorBound: 3<<(d-2) - 1, StandardSum: n - 1}
	s := newSearch(d)
	for sum := d; sum <= d*n/2 && r.Optimal == nil; sum++ {
		err := vectors(d, sum, n/2, func(D []int) error {
			if s.vectors&1023 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if place, ok := s.realise(D); ok {
				if r.Optimal == nil {
					r.Place, r.Distances = place, slices.Clone(D)
				}
				r.Optimal = append(r.Optimal, slices.Clone(D))
			}
			return nil
		})
		if err != nil {
			return Result{}, err
		}
		r.MinSum = sum
	}
	r.MinAvg = float64(r.MinSum) / float64(d)
	r.Vectors, r.Steps = s.vectors, s.steps
	ring, _ := topology.NewRing(n)
	xor, err := embedding.Xor(d, ring)
	if err != nil {
		return Result{}, err
	}
	r.XorDistances = Distances(d, xor)
	return r, nil
}

// Achievable returns every nondecreasing distance vector realised by some
// constant-distance embedding of the d-cube onto the ring of 2^d nodes, in
// order of sum then lexicographically. 1 ≤ d ≤ MaxDim. It tests every
// vector: d = 5 (224 vectors realised) takes about 15 ms, d = 6 seconds.
func Achievable(ctx context.Context, d int) ([][]int, error) {
	if d < 1 || d > MaxDim {
		return nil, fmt.Errorf("%w: d = %d, want 1 ≤ d ≤ %d", ErrInvalid, d, MaxDim)
	}
	n := 1 << d
	s := newSearch(d)
	var out [][]int
	for sum := d; sum <= d*max(1, n/2); sum++ {
		err := vectors(d, sum, max(1, n/2), func(D []int) error {
			if s.vectors&1023 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if _, ok := s.realise(D); ok {
				out = append(out, slices.Clone(D))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Distances returns D_i of a ring placement of the d-cube if they are
// constant, else nil.
func Distances(d int, place []int) []int {
	n := len(place)
	D := make([]int, d)
	for i := range d {
		D[i] = ringDist(place[0], place[1<<i], n)
		for v := range place {
			if ringDist(place[v], place[v^1<<i], n) != D[i] {
				return nil
			}
		}
	}
	return D
}

// ringDist is the hop distance of positions a and b on the ring of n
// nodes: one wrapped axis of topology's hop distance.
func ringDist(a, b, n int) int { return topology.AxisHops(a, b, n, true) }

// vectors calls f with every nondecreasing vector of d entries in
// [1, top] with the given sum, in lexicographic order (f must not keep D).
func vectors(d, sum, top int, f func(D []int) error) error {
	D := make([]int, d)
	var rec func(i, lo, left int) error
	rec = func(i, lo, left int) error {
		if i == d-1 {
			if left >= lo && left <= top {
				D[i] = left
				return f(D)
			}
			return nil
		}
		rest := d - i - 1
		for x := lo; x <= top && x*(rest+1) <= left; x++ {
			if left-x > rest*top {
				continue
			}
			D[i] = x
			if err := rec(i+1, x, left-x); err != nil {
				return err
			}
		}
		return nil
	}
	return rec(0, 1, sum)
}

// search is the backtracking state, reused across vectors.
type search struct {
	d, n           int
	D              []int
	pos            []int
	used           []bool
	vectors, steps int64
}

func newSearch(d int) *search {
	n := 1 << d
	return &search{d: d, n: n, pos: make([]int, n), used: make([]bool, n)}
}

// realise returns a ring placement with constant distances D, if any.
func (s *search) realise(D []int) ([]int, bool) {
	s.vectors++
	s.D = D
	clear(s.used)
	s.pos[0], s.used[0] = 0, true
	if s.n == 1 || s.place(1) {
		return slices.Clone(s.pos), true
	}
	return nil, false
}

// place puts vertices v, v+1, ... and reports whether it succeeded. Every
// edge is checked when its larger end is placed, so a full placement has
// constant distances D.
func (s *search) place(v int) bool {
	if v == s.n {
		return true
	}
	low := bits.TrailingZeros(uint(v))
	base, step := s.pos[v^1<<low], s.D[low]
	cands := [2]int{(base + step) % s.n, (base - step + s.n) % s.n}
	k := 2
	if v == 1 || cands[0] == cands[1] {
		k = 1 // reflection symmetry for vertex 1; one position when step = n/2
	}
	for _, c := range cands[:k] {
		if s.used[c] || !s.fits(v, c, low) {
			continue
		}
		s.steps++
		s.pos[v], s.used[c] = c, true
		if s.place(v + 1) {
			return true
		}
		s.used[c] = false
	}
	return false
}

// fits checks c against v's placed neighbours other than through low.
func (s *search) fits(v, c, low int) bool {
	for m := uint(v) &^ (1 << low); m != 0; m &= m - 1 {
		j := bits.TrailingZeros(m)
		if ringDist(c, s.pos[v^1<<j], s.n) != s.D[j] {
			return false
		}
	}
	return true
}
