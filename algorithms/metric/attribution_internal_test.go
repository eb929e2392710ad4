package metric

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeepHeaviestKeepsTheHeaviestInOrder: messages added one by one, in
// any order, leave the k that sorting them all (heaviest first, ties by
// source then target) puts first.
func TestKeepHeaviestKeepsTheHeaviestInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for trial := range 300 {
		n, k := 1+rng.IntN(30), rng.IntN(10)
		var all, top []Message
		for i := range n {
			m := Message{From: i % 7, To: i, Volume: float64(rng.IntN(4))}
			all = append(all, m)
		}
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		for _, m := range all {
			top = keepHeaviest(top, m, k)
		}
		slices.SortFunc(all, func(a, b Message) int {
			switch {
			case a.Volume != b.Volume && a.Volume > b.Volume:
				return -1
			case a.Volume != b.Volume:
				return 1
			case a.From != b.From:
				return a.From - b.From
			}
			return a.To - b.To
		})
		if want := all[:min(len(all), k)]; !slices.Equal(top, want) {
			t.Fatalf("trial %d, k %d: got %v, want %v", trial, k, top, want)
		}
	}
}
