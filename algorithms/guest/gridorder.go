package guest

import "context"

// GridReach is how far apart along any axis two vertices that talk may be
// for GridOrder: 2 takes 9-point and 27-point stencils and the 5×5 and
// 5×5×5 ones.
const GridReach = 2

// GridOrder returns the 2-D or 3-D grid whose index order (the first
// coordinate fastest) g's vertices follow: every arc joins two vertices
// at most GridReach apart along every axis, wrapped on a wrapped grid
// (wrap is set when some arc takes the way round). It weighs the shapes
// by Σ volume·grid distance over the arcs of gridSample vertices spread
// over g (all of them in a small graph) and answers the least, ok if it
// qualifies in full. A stencil (Stencil) qualifies, and so do the denser
// stencils of application codes (a 27-point stencil, MPI_Cart_create's
// numbering); so may a graph of another shape (a ring is a grid whose
// rows it runs along, wrapped), which only costs a caller that uses the
// grid's placements as starts an extra start. O(arcs of the sample) per
// shape, most of them given up on within a few vertices, and O(arcs);
// it gives up when ctx ends (read between shapes).
func GridOrder(ctx context.Context, g *Graph) (dims []int, wrap, ok bool) {
	best, step := 0.0, max(1, g.Order()/gridSample)
	for _, d := range factorisations(g.Order()) {
		if ctx.Err() != nil {
			return nil, false, false
		}
		if cost, _, fits := gridCost(g, d, step); fits && (dims == nil || cost < best) {
			best, dims = cost, d
		}
	}
	if dims != nil {
		_, wrap, ok = gridCost(g, dims, 1)
	}
	return dims, wrap, ok
}

// gridSample is how many vertices' arcs GridOrder weighs the shapes by.
const gridSample = 4096

// gridCost returns Σ volume·grid distance over the arcs of vertices 0,
// step, 2·step, ... in the grid of dims, whether an arc went the way
// round, and false if an arc joins vertices more than GridReach apart
// along an axis either way.
func gridCost(g *Graph, dims []int, step int) (cost float64, wrap, fits bool) {
	for v := 0; v < g.Order(); v += step {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			hops := 0
			for x, y, i := v, int(g.Adj[e]), 0; i < len(dims); x, y, i = x/dims[i], y/dims[i], i+1 {
				a := max(x%dims[i]-y%dims[i], y%dims[i]-x%dims[i])
				if a > GridReach {
					if a = dims[i] - a; a > GridReach {
						return 0, false, false
					}
					wrap = true
				}
				hops += a
			}
			cost += g.Volume(int(e)) * float64(hops)
		}
	}
	return cost, wrap, true
}
