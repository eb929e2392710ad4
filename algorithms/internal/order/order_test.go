package order

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestInt32sSortsByTheGivenOrder: descending keys with ties broken by
// index, on random inputs, agree with slices.SortFunc under the same
// total order.
func TestInt32sSortsByTheGivenOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 200 {
		key := make([]int, n)
		s := make([]int32, n)
		for i := range n {
			key[i], s[i] = r.IntN(5), int32(i)
		}
		r.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
		want := slices.Clone(s)
		slices.SortFunc(want, func(a, b int32) int {
			if key[a] != key[b] {
				return key[b] - key[a]
			}
			return int(a - b)
		})
		Int32s(s, func(a, b int32) bool { return key[a] > key[b] || key[a] == key[b] && a < b })
		if !slices.Equal(s, want) {
			t.Fatalf("n=%d: %v, want %v", n, s, want)
		}
	}
}
