package graphmap

import "topomap/algorithms/guest"

// graph is the undirected view of a guest: every pair {u,v} joined by an
// arc in either direction is one edge listed at both ends, with weight
// w(u→v)+w(v→u), the bytes that cross it both ways.
type graph struct {
	xadj []int32
	adj  []int32
	ew   []float64
}

func (g *graph) order() int { return len(g.xadj) - 1 }

// undirected builds the undirected view of g. O(n + arcs).
func undirected(g *guest.Graph) *graph {
	n := g.Order()
	deg := make([]int32, n+1)
	for v := range n {
		for _, u := range g.Neighbors(v) {
			deg[v+1]++
			deg[u+1]++
		}
	}
	for v := range n {
		deg[v+1] += deg[v]
	}
	fill := append([]int32(nil), deg[:n]...)
	adj := make([]int32, deg[n])
	ew := make([]float64, deg[n])
	put := func(a, b int32, w float64) {
		adj[fill[a]], ew[fill[a]] = b, w
		fill[a]++
	}
	for v := range n {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u, w := g.Adj[e], g.Volume(int(e))
			put(int32(v), u, w)
			put(u, int32(v), w)
		}
	}
	// merge the two copies of each pair (and parallel arcs), in place
	s := &graph{xadj: make([]int32, n+1)}
	at := make([]int32, n)
	for i := range at {
		at[i] = -1
	}
	k := int32(0)
	for v := range n {
		first := k
		for e := deg[v]; e < deg[v+1]; e++ {
			u := adj[e]
			if i := at[u]; i >= first {
				ew[i] += ew[e]
				continue
			}
			at[u] = k
			adj[k], ew[k] = u, ew[e]
			k++
		}
		s.xadj[v+1] = k
	}
	s.adj, s.ew = adj[:k:k], ew[:k:k]
	return s
}
