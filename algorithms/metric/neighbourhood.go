package metric

import (
	"sort"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// neighbourhood is the lower bound of the package doc for any guest on any
// host: each vertex v's partners, their volumes merged both ways (W_v(u) =
// w(v→u) + w(u→v)) and sorted heaviest first, sit on distinct nodes, so the
// k-th heaviest is at least δ_k hops away, δ the sorted distances from a
// best-placed node (rearrangement inequality); every message is counted at
// both of its ends, hence the half:
//
//	hop-bytes ≥ ½ Σ_v Σ_k W_k·δ_k.
//
// On a graph whose volumes are symmetric (a stencil, a d-cube) W = 2w, and
// this is Σ_v Σ_k w_k·δ_k, the stencils' neighbourhood bound. A graph
// without volumes (Weight nil: NewGrid, NewHypercube) lists every edge both
// ways, so W = 2 for every partner. δ comes from hostProfile. O(n + arcs·log Δ) with volumes, O(n) without,
// plus the profile.
func neighbourhood(g *guest.Graph, h topology.Host) Bound {
	var deg int
	var merged func(v int, dst []float64) []float64
	if g.Weight == nil {
		deg = maxDegree(g)
	} else {
		merged, deg = partnerVolumes(g)
	}
	dist := hostProfile(h, deg)
	// prefix[k] = sum of the k smallest distances
	prefix := make([]int, len(dist)+1)
	for k, d := range dist {
		prefix[k+1] = prefix[k] + d
	}
	var lb, vol float64
	var w []float64
	for v := range g.Order() {
		if g.Weight == nil {
			k := int(g.Offsets[v+1] - g.Offsets[v])
			lb += float64(prefix[min(k, len(dist))])
			vol += float64(k)
			continue
		}
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			vol += g.Weight[e]
		}
		w = merged(v, w[:0])
		lb += nearest(w, dist) / 2
	}
	b := Bound{Name: "neighbourhood", Scope: AllMappings,
		Source: "ours: each vertex's neighbours occupy distinct nodes, so their hops are at least the host's smallest distances"}
	if vol > 0 {
		b.Value = lb / vol
	}
	return b
}

// partnerVolumes returns a function that appends to dst the merged volumes
// W_v(u) = w(v→u) + w(u→v) of v's partners u (in any order), and the
// largest number of partners of a vertex. Not safe for concurrent calls.
// O(n + arcs) to prepare, O(partners) per call.
func partnerVolumes(g *guest.Graph) (func(v int, dst []float64) []float64, int) {
	n := g.Order()
	in, src, wt := g.Transpose()
	// stamp[u] == v marks u as a partner of v seen in this call, its
	// volume at dst[at[u]]
	stamp := make([]int32, n)
	for i := range stamp {
		stamp[i] = -1
	}
	at := make([]int32, n)
	maxPartners := 0
	for v := range n {
		c := 0
		for _, us := range [2][]int32{g.Adj[g.Offsets[v]:g.Offsets[v+1]], src[in[v]:in[v+1]]} {
			for _, u := range us {
				if stamp[u] != int32(v) {
					stamp[u] = int32(v)
					c++
				}
			}
		}
		maxPartners = max(maxPartners, c)
	}
	for i := range stamp {
		stamp[i] = -1
	}
	return func(v int, dst []float64) []float64 {
		add := func(u int32, x float64) {
			if stamp[u] == int32(v) {
				dst[at[u]] += x
				return
			}
			stamp[u], at[u] = int32(v), int32(len(dst))
			dst = append(dst, x)
		}
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			add(g.Adj[e], g.Weight[e])
		}
		for i := in[v]; i < in[v+1]; i++ {
			add(src[i], wt[i])
		}
		return dst
	}, maxPartners
}

// hostProfile returns δ_1 ≤ … ≤ δ_upto, the distances from a best-placed
// slot to its upto nearest others: from distanceProfile on grid hosts,
// from machineProfile on hosts with cores and indirect networks, and from
// ballProfile on others.
func hostProfile(h topology.Host, upto int) []int {
	if grid, ok := h.(topology.Grid); ok {
		return distanceProfile(grid, upto)
	}
	if closed, ok := machineProfile(h, upto); ok {
		return closed
	}
	return ballProfile(h, upto)
}

// ballProfile returns δ_1 ≤ … ≤ δ_upto for a host without closed forms:
// with B(r) the largest number of nodes within r hops of one node, over all
// nodes (the package doc: a host need not look the same from every node),
// δ_k is the least r with B(r) > k, so that no node has a k-th nearest
// other node closer. Each node's breadth-first search over Neighbors (the
// Host contract: its shortest paths are the hop distance) stops once it has
// counted upto+1 nodes; a node it finds r steps away that Hops does not put
// at r hops breaks the contract, and the profile is then empty (a bound of
// 0, never a wrong one). O(N·upto·degree).
func ballProfile(h topology.Host, upto int) []int {
	n := h.Size()
	upto = min(upto, n-1)
	if upto <= 0 {
		return nil
	}
	// most[r]: the largest count of nodes within r hops, capped at upto+1
	most := []int{1}
	seen := make([]int32, n)
	for i := range seen {
		seen[i] = -1
	}
	var shell, next, buf []int
	for x := range n {
		seen[x] = int32(x)
		shell = append(shell[:0], x)
		count := 1
		for r := 1; count <= upto && len(shell) > 0; r++ {
			next = next[:0]
			for _, y := range shell {
				buf = h.Neighbors(y, buf[:0])
				for _, z := range buf {
					if seen[z] != int32(x) && count <= upto {
						if h.Hops(x, z) != r {
							return nil // not the Host contract: no bound rather than a wrong one
						}
						seen[z] = int32(x)
						next = append(next, z)
						count++
					}
				}
			}
			if r == len(most) {
				most = append(most, most[r-1])
			}
			most[r] = max(most[r], count)
			shell, next = next, shell
		}
	}
	// a larger radius holds at least as many nodes
	for r := 1; r < len(most); r++ {
		most[r] = max(most[r], most[r-1])
	}
	out := make([]int, 0, upto)
	for r := 1; r < len(most) && len(out) < upto; r++ {
		for len(out) < upto && len(out)+1 < most[r] {
			out = append(out, r)
		}
	}
	return out
}

// nearest returns Σ_k W_k·δ_k, the volumes w heaviest first against the
// distances dist nearest first: the least hop-bytes of messages of those
// volumes to partners on distinct slots (the rearrangement inequality).
// Volumes beyond len(dist) count 0. It sorts w. O(len(w)·log len(w)).
func nearest(w []float64, dist []int) float64 {
	sortVolumes(w)
	sum := 0.0
	for k, x := range w {
		if j := len(w) - 1 - k; j < len(dist) {
			sum += x * float64(dist[j])
		}
	}
	return sum
}

// sortVolumes sorts volumes in increasing order. It is sort.Sort, not
// slices.Sort: the browser's client then holds no generic sort of
// float64 (some 3 KB of its compressed download).
func sortVolumes(w []float64) { sort.Sort(sort.Float64Slice(w)) }
