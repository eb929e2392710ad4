package topotest

import (
	"slices"

	"topomap/algorithms/topology"
)

// checkWiring checks a Network's distances against its wiring: from a few
// sources, a breadth-first search over (vertex, global wires crossed)
// states, at most one global wire, must reach every node at Hops; and the
// wiring is symmetric (every wire is listed at both ends).
func checkWiring(h topology.Network) error {
	var c collector
	n, total := h.Size(), h.Size()+h.Switches()
	if total > 1<<16 {
		return nil
	}
	var ws, back []topology.Wire
	for v := range total {
		for _, w := range h.Wires(v, ws[:0]) {
			found := false
			for _, b := range h.Wires(w.To, back[:0]) {
				found = found || b.To == v && b.Global == w.Global
			}
			if w.To < 0 || w.To >= total || !found {
				if !c.add("wire %d→%d has no wire back", v, w.To) {
					return c.err()
				}
			}
		}
	}
	dist := make([]int, 2*total) // state v + total·globals
	var queue []int
	for _, s := range []int{0, n / 2, n - 1} {
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			st := queue[0]
			queue = queue[1:]
			v, g := st%total, st/total
			for _, w := range h.Wires(v, ws[:0]) {
				if w.Global && g == 1 {
					continue
				}
				next := w.To
				if w.Global || g == 1 {
					next += total
				}
				if dist[next] < 0 {
					dist[next] = dist[st] + 1
					queue = append(queue, next)
				}
			}
		}
		for v := range n {
			d := dist[v]
			if e := dist[v+total]; d < 0 || e >= 0 && e < d {
				d = e
			}
			if d != h.Hops(s, v) {
				if !c.add("shortest path from %d to %d (at most one global wire) has %d wires, Hops says %d", s, v, d, h.Hops(s, v)) {
					return c.err()
				}
			}
		}
	}
	return c.err()
}

// checkSlots checks a host with cores against its inner host (package
// topology's doc, Cores per node): slot t of node u is t + C·u, its
// coordinates are u's followed by t, and slots are as far apart as their
// nodes.
func checkSlots(h Host) error {
	inner, cores := topology.SplitCores(h)
	if cores == 1 {
		return nil
	}
	var c collector
	if h.Size() != inner.Size()*cores {
		c.add("%d slots for %d nodes of %d cores", h.Size(), inner.Size(), cores)
	}
	var xs, ys []int
	nodes(h, func(s int) bool {
		xs = h.Coords(s, xs[:0])
		ys = append(inner.Coords(s/cores, ys[:0]), s%cores)
		if !slices.Equal(xs, ys) {
			return c.add("slot %d has coordinates %v, want node %d's then core %d: %v", s, xs, s/cores, s%cores, ys)
		}
		return true
	})
	pairs(h, func(a, b int) bool {
		if h.Hops(a, b) != inner.Hops(a/cores, b/cores) {
			return c.add("slots %d and %d are %d hops apart, their nodes %d", a, b, h.Hops(a, b), inner.Hops(a/cores, b/cores))
		}
		return true
	})
	return c.err()
}

// checkBalls checks a host's closed-form ball sizes (topology.Balls)
// against Hops: on a small host, the largest count of nodes within r hops
// of one node, over all nodes, for every r up to the largest distance.
func checkBalls(host Host) error {
	h, ok := host.(topology.Balls)
	if !ok || h.Size() > SmallHost {
		return nil
	}
	var c collector
	n := h.Size()
	var most []int
	for a := range n {
		count := []int{}
		for b := range n {
			d := h.Hops(a, b)
			for len(count) <= d {
				count = append(count, 0)
			}
			count[d]++
		}
		for r := 1; r < len(count); r++ {
			count[r] += count[r-1]
		}
		for r, k := range count {
			if r == len(most) {
				most = append(most, 0)
			}
			most[r] = max(most[r], k)
		}
	}
	for r := 1; r < len(most); r++ {
		most[r] = max(most[r], most[r-1])
	}
	for r := range len(most) + 2 {
		want := n
		if r < len(most) {
			want = most[r]
		}
		if got := h.Ball(r); got != want {
			c.add("Ball(%d) = %d, largest ball of radius %d has %d nodes", r, got, r, want)
		}
	}
	return c.err()
}
