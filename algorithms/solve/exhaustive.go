package solve

import (
	"context"
	"math"

	"topomap/algorithms/spec"
)

// Exhaustive search of tiny instances (ours): where a guest of n ≥ 2
// objects has at most exhaustiveLimit placements on the host's N ≤
// exhaustiveSlots slots (N!/(N−n)!: 43,680 for 4 objects on 16 slots),
// PAIRS tries them all, by branch and bound, instead of annealing (which
// made 4.2M moves, 6.6 s in a browser, for a 4-vertex graph on a ring of
// 16, and could not tell that its answer was optimal).
const (
	exhaustiveLimit = 1 << 20
	exhaustiveSlots = 256
)

// placementCount returns N!/(N−n)!, the placements of n objects on N
// slots, or exhaustiveLimit+1 if there are more.
func placementCount(slots, n int) int64 {
	count := int64(1)
	for i := range n {
		count *= int64(slots - i)
		if count > exhaustiveLimit {
			return exhaustiveLimit + 1
		}
	}
	return count
}

// exhaustive returns a placement of p of least hop-bytes, the first in
// the search's order (object 0 first, slots in index order), and the
// number of placements it stands for; nil where p is not tiny (see
// exhaustiveLimit) or its objective is not hop-bytes.
func exhaustive(ctx context.Context, p *Problem) ([]int, int64, error) {
	n, slots := p.Guest.Order(), p.Host.Size()
	count := placementCount(slots, n)
	if n < 2 || slots > exhaustiveSlots || count > exhaustiveLimit || p.Instance.Objective == spec.ObjectiveCongestion {
		return nil, 0, nil
	}
	b := newBranch(p)
	b.search(ctx, 0, 0)
	return b.best, count, ctx.Err()
}

// branch is the state of an exhaustive search: the volume between every
// two objects (both directions), the hops between every two slots, the
// partial placement and the best complete one.
type branch struct {
	n, slots int
	volume   []float64 // n×n
	hops     []int32   // slots×slots
	place    []int
	used     []bool
	best     []int
	bestCost float64
	visits   int
	stopped  bool // ctx ended: the search unwinds
}

func newBranch(p *Problem) *branch {
	g, h := p.Guest, p.Host
	n, slots := g.Order(), h.Size()
	b := &branch{n: n, slots: slots, volume: make([]float64, n*n), hops: make([]int32, slots*slots),
		place: make([]int, n), used: make([]bool, slots), bestCost: math.Inf(1)}
	for v := range n {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u := int(g.Adj[e])
			b.volume[v*n+u] += g.Volume(int(e))
			b.volume[u*n+v] += g.Volume(int(e))
		}
	}
	for a := range slots {
		for c := range slots {
			b.hops[a*slots+c] = int32(h.Hops(a, c))
		}
	}
	return b
}

// search places objects v.. on the free slots, the objects before v
// placed at cost; it keeps a complete placement of lower cost than the
// best, and prunes a partial one that costs as much already.
func (b *branch) search(ctx context.Context, v int, cost float64) {
	if b.visits++; b.visits%4096 == 0 && ctx.Err() != nil {
		b.stopped = true
		return
	}
	if v == b.n {
		b.best, b.bestCost = append(b.best[:0], b.place...), cost
		return
	}
	for s := range b.slots {
		if b.used[s] {
			continue
		}
		c := cost
		for u := range v {
			c += b.volume[v*b.n+u] * float64(b.hops[s*b.slots+b.place[u]])
		}
		if c >= b.bestCost {
			continue
		}
		b.place[v], b.used[s] = s, true
		b.search(ctx, v+1, c)
		b.used[s] = false
		if b.stopped {
			return
		}
	}
}
