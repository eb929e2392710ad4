package guest

// Undirected returns the undirected view of g, as mappers that weigh an
// edge by the bytes crossing it both ways see it: a custom graph with one
// edge {u,v}, listed at both ends, for every pair joined by an arc in
// either direction, of volume w(u→v) + w(v→u). An error if those volumes
// add up beyond float64. O(n + arcs).
func (g *Graph) Undirected() (*Graph, error) {
	n := g.Order()
	b := newBuilder(n)
	for v := range n {
		for _, u := range g.Neighbors(v) {
			b.count(v)
			b.count(int(u))
		}
	}
	b.alloc()
	for v := range n {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u, w := int(g.Adj[e]), g.Volume(int(e))
			b.place(v, u, w)
			b.place(u, v, w)
		}
	}
	return b.graph()
}

// Transpose returns the in-arcs of every vertex: vertex v's arcs u→v are
// from[offsets[v]:offsets[v+1]], their volumes at the same places in
// volume, sources in increasing order. O(n + arcs).
func (g *Graph) Transpose() (offsets, from []int32, volume []float64) {
	n := g.Order()
	offsets = make([]int32, n+1)
	for _, u := range g.Adj {
		offsets[u+1]++
	}
	for v := range n {
		offsets[v+1] += offsets[v]
	}
	from = make([]int32, len(g.Adj))
	volume = make([]float64, len(g.Adj))
	fill := append([]int32(nil), offsets[:n]...)
	for u := range n {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Adj[e]
			from[fill[v]], volume[fill[v]] = int32(u), g.Volume(int(e))
			fill[v]++
		}
	}
	return offsets, from, volume
}
