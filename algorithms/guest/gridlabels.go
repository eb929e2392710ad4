package guest

import (
	"context"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/internal/dims"
)

// MinWrappedAxis is the shortest axis of a wrapped grid that GridLabels
// recognises: on a ring of 4 or fewer, the two neighbours of a vertex
// along it share another neighbour, or are one, and a line can no longer
// be told from a turn.
const MinWrappedAxis = 5

// GridLabels recognises a graph that is a 2-D or 3-D grid of objects
// under some numbering: its edges, read both ways and whatever their
// volumes, are exactly those of the nearest-neighbour stencil (5-point,
// 7-point) of a grid with every axis of 2 or more, or of a wrapped one
// with every axis of MinWrappedAxis or more, or those of the 9- or
// 27-point stencil of a 2-D or 3-D grid, unwrapped with sides of 3 or
// more or wrapped with sides of MinWrappedAxis or more (kingLabels). It answers the grid's dims,
// whether it wraps, and pos, the grid index (the first coordinate
// fastest) of each vertex; ok is false for any other graph. GridOrder
// recognises grids in their own index order, denser stencils included;
// this one, the grids a renumbering hid (a trace of ranks that
// MPI_Cart_create reordered, a file numbered by its writer).
//
// It walks lines: from a corner (or any vertex of a wrapped grid) along
// each of its edges, the next vertex of a line through v, coming from p,
// is v's neighbour that shares no neighbour with p but v (a turn would
// close a square). The sub-grid found so far is then swept along the
// next axis: the origin's line along it, and beside each line the next,
// square by square. The labels are then checked in full: a bijection
// that maps every arc onto a grid edge, and as many arcs as the grid
// has. A graph whose arcs are listed one way (at most 3 per vertex, each
// vertex with 2 to 12 in and out) is read both ways if it is not a grid
// as listed. O(n + arcs) on a graph of bounded degree (0.4 s on a
// renumbered grid:1024x1024, BenchmarkGridLabels, most of it reading
// neighbours scattered in memory); it gives up at once on degrees no
// grid has, and when ctx ends.
func GridLabels(ctx context.Context, g *Graph) (dims []int, wrap bool, pos []int32, ok bool) {
	n := g.Order()
	if n < 4 || g.Arcs() > 26*n {
		return nil, false, nil, false
	}
	if dims, wrap, pos, ok = gridLabels(ctx, g); ok || g.Arcs() > 3*n || !twoWayDegrees(g) {
		return dims, wrap, pos, ok
	}
	u, err := g.Undirected() // arcs listed one way (a grid's has at most 3 per vertex)
	if err != nil {
		return nil, false, nil, false
	}
	return gridLabels(ctx, u)
}

// gridLabels is GridLabels on g's arcs as they are listed.
func gridLabels(ctx context.Context, g *Graph) (dims []int, wrap bool, pos []int32, ok bool) {
	if kingDegrees(degrees(g)) {
		return kingLabels(ctx, g)
	}
	return nearestLabels(ctx, g)
}

// nearestLabels recognises g as a grid's nearest-neighbour stencil, for
// gridLabels (see GridLabels).
func nearestLabels(ctx context.Context, g *Graph) (dims []int, wrap bool, pos []int32, ok bool) {
	lo, hi := degrees(g)
	switch {
	case lo == hi && (lo == 4 || lo == 6):
		wrap = true
	case lo != 2 && lo != 3, hi > 2*lo:
		return nil, false, nil, false
	}
	w := walker{g: g, wrap: wrap}
	if dims, pos = w.label(ctx, lo); pos == nil || !fits(g, dims, wrap, pos) {
		return nil, false, nil, false
	}
	return dims, wrap, pos, true
}

// twoWayDegrees reports whether every vertex of g has from 2 to 12 arcs
// in and out together, as every vertex of a grid of 2 or more along
// every axis has (2 to 6 neighbours, each listed one way or both).
func twoWayDegrees(g *Graph) bool {
	d := make([]int32, g.Order())
	for v := range g.Order() {
		d[v] += g.Offsets[v+1] - g.Offsets[v]
		for _, u := range g.Neighbors(v) {
			d[u]++
		}
	}
	for _, k := range d {
		if k < 2 || k > 12 {
			return false
		}
	}
	return true
}

// degrees returns the least and the most neighbours of a vertex of g.
func degrees(g *Graph) (lo, hi int) {
	lo = g.Order()
	for v := range g.Order() {
		d := len(g.Neighbors(v))
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// walker labels a graph by walking its lines (see GridLabels).
type walker struct {
	g    *Graph
	wrap bool
}

// common counts the neighbours that a and b share.
func (w walker) common(a, b int32) int {
	k := 0
	for _, x := range w.g.Neighbors(int(a)) {
		for _, y := range w.g.Neighbors(int(b)) {
			if x == y {
				k++
			}
		}
	}
	return k
}

// origin returns where the labels start, and the first step along each
// axis from it: a vertex of the fewest neighbours (a corner) and its
// neighbours; on a wrapped grid vertex 0 and one neighbour of each pair
// that share no other neighbour (the two ways along one axis). nil if
// the neighbours do not pair up so.
func (w walker) origin(degree int) (int32, []int32) {
	if !w.wrap {
		for v := range w.g.Order() {
			if nb := w.g.Neighbors(v); len(nb) == degree {
				return int32(v), nb
			}
		}
	}
	var steps []int32
	nb := w.g.Neighbors(0)
	for i, a := range nb {
		partners, first := 0, true
		for j, b := range nb {
			if i != j && w.common(a, b) == 1 {
				partners++
				first = first && i < j
			}
		}
		if partners != 1 {
			return 0, nil
		}
		if first {
			steps = append(steps, a)
		}
	}
	return 0, steps
}

// straight returns the vertex after v on the line from p through v: the
// neighbour of v but p that shares no neighbour with p but v; -1 if none
// or several.
func (w walker) straight(p, v int32) int32 {
	next := int32(-1)
	for _, x := range w.g.Neighbors(int(v)) {
		if x != p && w.common(p, x) == 1 {
			if next >= 0 {
				return -1
			}
			next = x
		}
	}
	return next
}

// line returns the line from start through step: until it ends on an
// unwrapped grid, until it comes back to start on a wrapped one; nil if
// it does not (or runs past limit vertices).
func (w walker) line(start, step int32, limit int) []int32 {
	out := []int32{start, step}
	for len(out) <= limit {
		next := w.straight(out[len(out)-2], out[len(out)-1])
		switch {
		case w.wrap && next == start:
			return out
		case !w.wrap && next < 0:
			return out
		case next < 0:
			return nil
		}
		out = append(out, next)
	}
	return nil
}

// closing returns the fourth corner of the square v, p, sp: the neighbour
// of v and sp but p; -1 if there is none or several.
func (w walker) closing(v, p, sp int32) int32 {
	found := int32(-1)
	for _, x := range w.g.Neighbors(int(v)) {
		if x == p {
			continue
		}
		for _, y := range w.g.Neighbors(int(sp)) {
			if x == y {
				if found >= 0 {
					return -1
				}
				found = x
			}
		}
	}
	return found
}

// label sweeps the grid axis by axis from the origin and returns its
// dims and each vertex's grid index; nil pos if the walk fails.
func (w walker) label(ctx context.Context, degree int) ([]int, []int32) {
	n := w.g.Order()
	axes := degree
	if w.wrap {
		axes = degree / 2
	}
	o, steps := w.origin(degree)
	if len(steps) != axes {
		return nil, nil
	}
	cells, shape := []int32{o}, []int(nil)
	for _, first := range steps {
		var ok bool
		if cells, ok = w.sweep(ctx, cells, shape, first); !ok {
			return nil, nil
		}
		shape = append(shape, len(cells)/dims.Product(shape))
	}
	if pos := labelsOf(cells, n); pos != nil {
		return shape, pos
	}
	return nil, nil
}

// sweep extends cells, the sub-grid of dims labelled so far (index order),
// along the next axis, whose first step from cells[0] is first: cells[0]'s
// line along it, then each cell's line beside its neighbour's towards the
// origin, square by square; the cells of the k-th step after the
// sub-grid's. false if the line fails, a square does not close, or ctx
// ends.
func (w walker) sweep(ctx context.Context, cells []int32, dims []int, first int32) ([]int32, bool) {
	m := len(cells)
	line := w.line(cells[0], first, w.g.Order()/m)
	if line == nil || ctx.Err() != nil {
		return nil, false
	}
	out := make([]int32, m*len(line))
	for k, v := range line {
		out[k*m] = v
	}
	for c := 1; c < m; c++ {
		if c%1024 == 0 && ctx.Err() != nil {
			return nil, false
		}
		prev := c - stride(c, dims)
		out[c] = cells[c]
		for k := m; k < len(out); k += m {
			if out[k+c] = w.closing(out[k-m+c], out[k-m+prev], out[k+prev]); out[k+c] < 0 {
				return nil, false
			}
		}
	}
	return out, true
}

// stride returns the index step of the first axis along which cell c
// (of the grid of dims, index order) is not at 0: c minus it is c's
// neighbour towards the origin.
func stride(c int, dims []int) int {
	s := 1
	for _, d := range dims {
		if c%d != 0 {
			return s
		}
		c /= d
		s *= d
	}
	return s
}

// fits reports whether pos maps every edge of g onto an edge of the grid
// of dims (wrapped if wrap), with as many edges as the grid has, and
// every axis at least its least length: then g is that grid.
func fits(g *Graph, dims []int, wrap bool, pos []int32) bool {
	for _, d := range dims {
		if d < 2 || wrap && d < MinWrappedAxis {
			return false
		}
	}
	return g.Arcs() == GridArcs(dims, wrap) &&
		everyArc(g, pos, func(p, q int) bool { sum, _ := cellHops(p, q, dims, wrap); return sum == 1 })
}

// everyArc reports whether ok holds for the labels of the two ends of
// every arc of g.
func everyArc(g *Graph, pos []int32, ok func(p, q int) bool) bool {
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			if !ok(int(pos[v]), int(pos[u])) {
				return false
			}
		}
	}
	return true
}

// cellHops returns the sum and the most of the hops between grid indices
// a and b along the axes of sides (either way round if wrap): 1 and 1
// for grid neighbours, at most 1 along every axis within a 9- or
// 27-point stencil.
func cellHops(a, b int, sides []int, wrap bool) (sum, most int32) {
	for _, d := range sides {
		span := int32(axis.NoWrap)
		if wrap {
			span = int32(d)
		}
		h := axis.Hops(int32(a%d-b%d), span)
		sum, most = sum+h, max(most, h)
		a, b = a/d, b/d
	}
	return sum, most
}
