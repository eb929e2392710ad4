package draw_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/web/draw"
)

// TestMostLoadedKeepsTheHeaviestInOrder: on random loads with many ties,
// MostLoaded returns what sorting every link with messages (heaviest
// first, ties by link number) and keeping the first k gives (none for
// k = 0, which indexed the list at -1).
func TestMostLoadedKeepsTheHeaviestInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 300 {
		n, k := 1+rng.IntN(40), rng.IntN(12)
		load, msgs := make([]float64, n), make([]int32, n)
		var want []draw.LinkLoad
		for id := range n {
			load[id] = float64(rng.IntN(5))
			if rng.IntN(4) > 0 {
				msgs[id] = int32(1 + rng.IntN(3))
				want = append(want, draw.LinkLoad{Link: id, Load: load[id], Messages: int(msgs[id])})
			}
		}
		slices.SortStableFunc(want, func(a, b draw.LinkLoad) int {
			switch {
			case a.Load > b.Load:
				return -1
			case a.Load < b.Load:
				return 1
			}
			return a.Link - b.Link
		})
		want = want[:min(len(want), k)]
		if got := draw.MostLoaded(load, msgs, k); !slices.Equal(got, want) {
			t.Fatalf("trial %d, k %d: got %v, want %v", trial, k, got, want)
		}
	}
}
