package optimal_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/optimal"
	"topomap/algorithms/topology"
)

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func TestRingMinima(t *testing.T) {
	// [V-num] (package doc): minimum Σ D_i = 2, 5, 11, 23 for d = 2..5,
	// which is the Xor value 3·2^(d-2) - 1; d = 6 (47) extends the check.
	want := map[int]int{2: 2, 3: 5, 4: 11, 5: 23, 6: 47}
	for d := 2; d <= optimal.MaxDim; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			r, err := optimal.Ring(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			if r.MinSum != want[d] || r.XorBound != want[d] || sum(r.XorDistances) != r.MinSum {
				t.Errorf("min Σ = %d, xor bound %d, xor measured %v; want %d", r.MinSum, r.XorBound, r.XorDistances, want[d])
			}
			if r.MinAvg != float64(want[d])/float64(d) {
				t.Errorf("D_a = %v", r.MinAvg)
			}
			// The attaining embedding is a bijection onto the ring with the
			// reported constant distances.
			ring, _ := topology.NewRing(1 << d)
			cube, _ := guest.NewHypercube(d)
			if err := (&mapping.Mapping{Guest: cube, Host: ring, Place: r.Place}).Validate(); err != nil {
				t.Fatal(err)
			}
			if got := optimal.Distances(d, r.Place); !slices.Equal(got, r.Distances) || sum(got) != r.MinSum {
				t.Errorf("placement has distances %v, reported %v", got, r.Distances)
			}
			if r.StandardSum != 1<<d-1 || r.StandardSum < r.MinSum {
				t.Errorf("standard Σ = %d", r.StandardSum)
			}
			t.Logf("d=%d: %d vectors, %d steps, optimal %v", d, r.Vectors, r.Steps, r.Optimal)
		})
	}
}

func TestRingOptimalVectors(t *testing.T) {
	// For d = 4 the optimal multiset is unique: {1,2,4,4} (package doc).
	r, err := optimal.Ring(context.Background(), 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Optimal) != 1 || !slices.Equal(r.Optimal[0], []int{1, 2, 4, 4}) {
		t.Errorf("optimal vectors %v, want [[1 2 4 4]]", r.Optimal)
	}
}

func TestAchievable(t *testing.T) {
	// [V-num] (package doc): the multisets of d = 3, and for d = 4 24
	// multisets giving 480 distinct D-vectors.
	got3, err := optimal.Achievable(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	want3 := [][]int{{1, 2, 2}, {1, 2, 3}, {1, 2, 4}, {2, 2, 3}, {2, 3, 4}}
	if !slices.EqualFunc(got3, want3, slices.Equal) {
		t.Errorf("d=3 achievable %v, want %v", got3, want3)
	}
	got4, err := optimal.Achievable(context.Background(), 4)
	if err != nil {
		t.Fatal(err)
	}
	ordered := 0
	for _, D := range got4 {
		ordered += permutations(D)
	}
	if len(got4) != 24 || ordered != 480 {
		t.Errorf("d=4: %d multisets, %d vectors; want 24, 480", len(got4), ordered)
	}
	got5, err := optimal.Achievable(context.Background(), 5)
	if err != nil {
		t.Fatal(err)
	}
	// The candidate lemmas of the package doc [P]: every (d-1)-subset sum
	// is at least 2^(d-1) - 1 and the largest distance at least 2^(d-2);
	// for a sorted vector the smallest subset sum is that of the first d-1
	// entries. An exhaustive enumeration checked d ≤ 4; d = 5 extends it.
	for d, all := range map[int][][]int{3: got3, 4: got4, 5: got5} {
		for _, D := range all {
			if sum(D[:d-1]) < 1<<(d-1)-1 || D[d-1] < 1<<(d-2) {
				t.Errorf("d=%d: %v breaks a candidate lemma", d, D)
			}
		}
	}
}

// permutations counts the distinct orderings of a sorted multiset.
func permutations(D []int) int {
	p := factorial(len(D))
	for i := 0; i < len(D); {
		j := i
		for j < len(D) && D[j] == D[i] {
			j++
		}
		p /= factorial(j - i)
		i = j
	}
	return p
}

func factorial(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial(n-1)
}

// TestBruteForce compares the search with a plain enumeration of every
// placement with vertex 0 at position 0, for d = 2 and 3.
func TestBruteForce(t *testing.T) {
	for d := 2; d <= 3; d++ {
		n := 1 << d
		best := -1
		seen := map[string]bool{}
		rest := make([]int, n-1)
		for i := range rest {
			rest[i] = i + 1
		}
		permute(rest, 0, func(p []int) {
			place := append([]int{0}, p...)
			if D := optimal.Distances(d, place); D != nil {
				if best < 0 || sum(D) < best {
					best = sum(D)
				}
				s := slices.Clone(D)
				slices.Sort(s)
				seen[fmt.Sprint(s)] = true
			}
		})
		r, _ := optimal.Ring(context.Background(), d)
		all, _ := optimal.Achievable(context.Background(), d)
		if best != r.MinSum || len(seen) != len(all) {
			t.Errorf("d=%d: brute force min %d over %d multisets, search %d over %d", d, best, len(seen), r.MinSum, len(all))
		}
	}
}

func permute(a []int, k int, f func([]int)) {
	if k == len(a) {
		f(a)
		return
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		permute(a, k+1, f)
		a[k], a[i] = a[i], a[k]
	}
}

func TestErrors(t *testing.T) {
	for _, d := range []int{-1, 0, 1, 7, 20} {
		_, err := optimal.Ring(context.Background(), d)
		if !errors.Is(err, optimal.ErrInvalid) || !strings.HasPrefix(err.Error(), "optimal: ") {
			t.Errorf("d=%d: err = %v", d, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := optimal.Ring(ctx, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: err = %v", err)
	}
	if _, err := optimal.Achievable(ctx, 4); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled enumeration: err = %v", err)
	}
}
