package solve

import (
	"math"

	"topomap/algorithms/guest"
)

// Sampling of growth: at most growthSources sources, each read within
// growthArcs arcs (a denser ball is left out), so that it costs
// O(growthSources·growthArcs) on any guest.
const (
	growthSources = 64
	growthArcs    = 1 << 16
)

// growth returns how fast g's balls grow, in dimensions: the mean of
// log2(|B4|/|B2|) over up to growthSources vertices with neighbours,
// spread evenly over g, B_r being the vertices within r hops (ignoring
// volumes and directions: arcs are read as edges out). An interior
// vertex of a 2-D lattice gives 1.66 (41/13), of a 3-D one 2.37
// (129/25). 0 when no source counts.
func growth(g *guest.Graph) float64 {
	n := g.Order()
	step := max(1, n/growthSources)
	seen := make([]int32, n) // the source that reached a vertex, +1
	var ball []int32
	sum, counted := 0.0, 0
	for src := 0; src < n; src += step {
		if len(g.Neighbors(src)) == 0 {
			continue
		}
		var b2, b4 int
		var ok bool
		ball, b2, b4, ok = ballSizes(g, int32(src), seen, ball[:0])
		if ok {
			sum += math.Log2(float64(b4) / float64(b2))
			counted++
		}
	}
	if counted == 0 {
		return 0
	}
	return sum / float64(counted)
}

// ballSizes returns |B2| and |B4| around src by breadth-first search,
// marking the vertices it reaches in seen with src+1; false if the ball
// takes more than growthArcs arcs to read. ball is its queue's storage.
func ballSizes(g *guest.Graph, src int32, seen, ball []int32) ([]int32, int, int, bool) {
	mark := src + 1
	seen[src] = mark
	ball = append(ball, src)
	b2, arcs := 0, 0
	for r, from := 0, 0; r < 4; r++ {
		to := len(ball)
		if r == 2 {
			b2 = to
		}
		for _, v := range ball[from:to] {
			nb := g.Neighbors(int(v))
			if arcs += len(nb); arcs > growthArcs {
				return ball, 0, 0, false
			}
			for _, u := range nb {
				if seen[u] != mark {
					seen[u] = mark
					ball = append(ball, u)
				}
			}
		}
		from = to
	}
	return ball, b2, len(ball), true
}
