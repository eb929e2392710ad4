package metric

import (
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// MaxTriangleWork caps the steps of the triangles bound's search (the
// pairs b–c looked at); past it the packing stops where it is, which
// keeps the bound valid, only weaker.
const MaxTriangleWork = 1 << 22

// triangles returns the triangles bound of the package doc, and whether
// it says more than one hop per byte: the host is a grid without three
// nodes pairwise 1 hop apart and the guest has triangles (a guest whose
// kind says it is bipartite, a grid or a d-cube, has none).
// O(n + arcs·log Δ), plus at most MaxTriangleWork steps.
func triangles(g *guest.Graph, h topology.Host) (Bound, bool) {
	if !triangleFree(h) || g.Bipartite() || g.Arcs() > 1<<22 {
		return Bound{}, false
	}
	u, err := g.Undirected()
	if err != nil {
		return Bound{}, false
	}
	off, adj, w := forward(u)
	vol := 0.0 // Σ_e W_e, the volume of every arc
	for _, x := range w {
		vol += x
	}
	packed := packTriangles(off, adj, w)
	if packed == 0 { // no triangle (a packed one weighs its volume in vol)
		return Bound{}, false
	}
	return Bound{Name: "triangles", Value: (4*packed + spread(off, adj, w, h)) / vol, Scope: AllMappings,
		Source: "ours: no three nodes of the host are pairwise 1 hop apart, so the three processes of every triangle of the guest span at least 4 hops"}, true
}

// triangleFree reports whether h is a grid (one process per node, each
// pair at least 1 hop apart) without three nodes pairwise 1 hop apart:
// no axis is a ring of 3. Hosts with cores, routers or an allocation are
// not grids and do not qualify. O(rank).
func triangleFree(h topology.Host) bool {
	grid, ok := h.(topology.Grid)
	if !ok {
		return false
	}
	for j := range grid.Rank() {
		if grid.Wraps(j) && grid.Dim(j) == 3 {
			return false
		}
	}
	return true
}

// forward lists each pair of an undirected graph u once, at its smaller
// end: vertex v's partners above v are adj[off[v]:off[v+1]], with their
// volumes in w. O(n + arcs).
func forward(u *guest.Graph) (off, adj []int32, w []float64) {
	n := u.Order()
	off = make([]int32, n+1)
	for v := range n {
		for e := u.Offsets[v]; e < u.Offsets[v+1]; e++ {
			if x := u.Adj[e]; int(x) > v && u.Weight[e] > 0 {
				adj, w = append(adj, x), append(w, u.Weight[e])
			}
		}
		off[v+1] = int32(len(adj))
	}
	return off, adj, w
}

// spread is the neighbourhood bound's hop-bytes, ½ Σ_v Σ_k W_k·δ_k, of
// the volumes w of the forward lists. O(n + arcs·log Δ) plus the host's
// profile.
func spread(off, adj []int32, w []float64, h topology.Host) float64 {
	n := len(off) - 1
	deg := make([]int32, n+1)
	for a := range n {
		for ab := off[a]; ab < off[a+1]; ab++ {
			deg[a+1]++
			deg[adj[ab]+1]++
		}
	}
	most := int32(0)
	for v := range n {
		most = max(most, deg[v+1])
		deg[v+1] += deg[v]
	}
	both, fill := make([]float64, deg[n]), append([]int32(nil), deg[:n]...)
	for a := range n {
		for ab := off[a]; ab < off[a+1]; ab++ {
			b := adj[ab]
			both[fill[a]], both[fill[b]] = w[ab], w[ab]
			fill[a]++
			fill[b]++
		}
	}
	dist, lb := hostProfile(h, int(most)), 0.0
	for v := range n {
		lb += nearest(both[deg[v]:deg[v+1]], dist) / 2
	}
	return lb
}

// packTriangles packs the triangles a < b < c of the forward lists
// greedily, in the order it finds them: each takes y, the least volume
// its three pairs have left, and leaves each of them y less. It returns
// Σ y, the packing's value, having looked at most MaxTriangleWork pairs b–c.
// The volumes in w are spent: what is left of them stays.
func packTriangles(off, adj []int32, w []float64) float64 {
	n := len(off) - 1
	// at[c] is the place of the pair a–c in adj while a is the stamp
	at, stamp := make([]int32, n), make([]int32, n)
	for i := range stamp {
		stamp[i] = -1
	}
	total, work := 0.0, 0
	for a := range n {
		for ac := off[a]; ac < off[a+1]; ac++ {
			stamp[adj[ac]], at[adj[ac]] = int32(a), ac
		}
		for ab := off[a]; ab < off[a+1] && work < MaxTriangleWork; ab++ {
			b := adj[ab]
			for bc := off[b]; bc < off[b+1]; bc++ {
				work++
				c := adj[bc]
				if stamp[c] != int32(a) {
					continue
				}
				ac := at[c]
				y := min(w[ab], w[bc], w[ac])
				w[ab], w[bc], w[ac] = w[ab]-y, w[bc]-y, w[ac]-y
				total += y
			}
		}
	}
	return total
}
