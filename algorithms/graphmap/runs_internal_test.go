package graphmap

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestDenseGuestsRunFewerTimes: rb maps a guest of 480 vertices and
// 183,744 arcs min(8, 2^20/m) = 5 times on a torus, a guest of 310
// vertices and 76,584 arcs min(8, 2^19/m) = 6 times on a fat tree (a
// host of groups), and each placement is the best of its first seeds'
// where the best of 8 is another; a guest of 360 vertices and 103,482
// arcs runs 8 times on the torus (the best of its first 5 is another),
// and a sparse guest 8 times on the fat tree.
func TestDenseGuestsRunFewerTimes(t *testing.T) {
	fat, torus := must(topology.Parse("fattree:8,3")), must(topology.Parse("torus:8x8x8"))
	for _, c := range []struct {
		g    *guest.Graph
		h    topology.Host
		runs int
	}{
		{randomDense(480, 0.8), torus, 5}, {randomDense(310, 0.8), fat, 6},
		{randomDense(360, 0.8), torus, 8}, {randomDense(310, 0.02), fat, 8},
	} {
		got, err := Bipartition(context.Background(), c.g, c.h)
		if err != nil {
			t.Fatal(err)
		}
		if want := bestOfSeeds(t, c.g, c.h, c.runs); !slices.Equal(got, want) {
			t.Errorf("%s, %d arcs: rb is not the best of its first %d seeds", c.h, len(c.g.Adj), c.runs)
		}
	}
}

// bestOfSeeds returns the best of rb's runs of the first k seeds.
func bestOfSeeds(t *testing.T, g *guest.Graph, h topology.Host, k int) []int {
	s, sp := must2(prepare(g, h))
	var best []int
	bestHB := 0.0
	for i := range k {
		p, err := bipartition(context.Background(), s, sp, rbSeed+uint64(i), newProgress(context.Background(), 1))
		if err != nil {
			t.Fatal(err)
		}
		if hb := hopBytes(s, sp, p); best == nil || hb < bestHB {
			best, bestHB = p, hb
		}
	}
	return best
}

// randomDense returns a graph of n vertices, each pair joined with
// probability p by an edge of volume 1 to 9.
func randomDense(n int, p float64) *guest.Graph {
	rng := rand.New(rand.NewPCG(3, uint64(n)))
	var edges []guest.Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < p {
				edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(1 + rng.IntN(9))})
			}
		}
	}
	return must(guest.FromEdges(n, edges))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}
