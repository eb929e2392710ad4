package guest

import (
	"context"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/internal/dims"
)

// kingLabels recognises the 9-point stencil of an a×b grid, a and b of 3
// or more, unwrapped (each vertex talks to the 8 around it, a king's
// moves), under some numbering, for GridLabels: its dims and each
// vertex's grid index, nil if g is not one.
//
// Its corners have 3 neighbours, its border 5 and the rest 8. From a
// corner, each of its two border neighbours starts a side, walked along
// the border to the next corner; so are the first row, the first column
// and the last. Each further row is then the vertices that border three
// consecutive ones of the row before, not yet labelled. The labels are
// checked in full (kingFits). O(n) on such a graph.
func kingLabels(ctx context.Context, g *Graph) ([]int, []int32) {
	k := king{g}
	corner := k.corner()
	if corner < 0 {
		return nil, nil
	}
	var sides [][]int32
	for _, s := range g.Neighbors(int(corner)) {
		if k.border(s) {
			sides = append(sides, k.side(corner, s))
		}
	}
	if len(sides) != 2 || sides[0] == nil || sides[1] == nil {
		return nil, nil
	}
	a, b := len(sides[0]), len(sides[1])
	if a < 3 || b < 3 || a*b != g.Order() {
		return nil, nil
	}
	last := k.lastColumn(sides[0], b)
	if last == nil {
		return nil, nil
	}
	cells := k.rows(ctx, sides[0], sides[1], last)
	if cells == nil {
		return nil, nil
	}
	pos := labelsOf(cells, g.Order())
	if pos == nil || !kingFits(g, []int{a, b}, false, pos) {
		return nil, nil
	}
	return []int{a, b}, pos
}

// wrappedKingLabels recognises the 9- or 27-point stencil (axes 2 or 3)
// of a wrapped grid, every axis MinWrappedAxis or longer, under some
// numbering, for GridLabels: its dims and each vertex's grid index, nil
// if g is not one.
//
// Every vertex has 3^axes − 1 neighbours, so there is no corner to start
// from; but an edge along one axis is told from a diagonal by how much
// its two ends' closed neighbourhoods overlap (orthogonal). Those edges
// are the wrapped grid's nearest-neighbour stencil, which the walker
// labels; the labels are then checked against every arc (kingFits).
// O(n·d²), d the degree: 1.5 s on a 27-point stencil of a 48×48×48 torus
// renumbered at random (2.9M arcs).
func wrappedKingLabels(ctx context.Context, g *Graph, axes int) ([]int, []int32) {
	orth := orthogonal(ctx, g)
	if orth == nil {
		return nil, nil
	}
	shape, pos := walker{g: orth, wrap: true}.label(ctx, 2*axes)
	if pos == nil || !kingFits(g, shape, true, pos) {
		return nil, nil
	}
	return shape, pos
}

// orthogonal returns the graph of g's arcs whose two ends' closed
// neighbourhoods share at least 2/5 of their union. On a wrapped grid's
// 9- or 27-point stencil those are the arcs along one axis, whose ends
// share half of their union (6 of 12 cells, 18 of 36), and no diagonal,
// whose ends share at most 2/7 (4 of 14, 12 of 42, 8 of 46). nil if ctx
// ends.
func orthogonal(ctx context.Context, g *Graph) *Graph {
	n := g.Order()
	mark := make([]int32, n) // v+1 on N[v] while v's arcs are read
	off, adj := make([]int32, 1, n+1), make([]int32, 0, g.Arcs()/4)
	for v := range n {
		if v%1024 == 0 && ctx.Err() != nil {
			return nil
		}
		nb, stamp := g.Neighbors(v), int32(v+1)
		mark[v] = stamp
		for _, u := range nb {
			mark[u] = stamp
		}
		for _, u := range nb {
			shared := 1 // u itself
			for _, x := range g.Neighbors(int(u)) {
				if mark[x] == stamp {
					shared++
				}
			}
			union := len(nb) + len(g.Neighbors(int(u))) + 2 - shared
			if 5*shared >= 2*union {
				adj = append(adj, u)
			}
		}
		off = append(off, int32(len(adj)))
	}
	return &Graph{Kind: Custom, Offsets: off, Adj: adj}
}

// king walks a king's graph (kingLabels).
type king struct{ g *Graph }

func (k king) degree(v int32) int { return len(k.g.Neighbors(int(v))) }

// border reports whether v lies on the border: 5 neighbours, or 3 at a
// corner.
func (k king) border(v int32) bool { d := k.degree(v); return d == 3 || d == 5 }

// corner returns a vertex of 3 neighbours, after checking that every
// vertex has 3, 5 or 8; -1 if there is none or a vertex has another
// number.
func (k king) corner() int32 {
	c := int32(-1)
	for v := range int32(k.g.Order()) {
		switch k.degree(v) {
		case 3:
			if c < 0 {
				c = v
			}
		case 5, 8:
		default:
			return -1
		}
	}
	return c
}

func (k king) adjacent(u, v int32) bool {
	for _, x := range k.g.Neighbors(int(u)) {
		if x == v {
			return true
		}
	}
	return false
}

// side walks the border from corner c through s to the next corner: each
// next vertex a border neighbour not adjacent to the one before (a step
// back or across the corner is), the corner whenever it is one of them;
// nil if the walk is not unique or runs past n vertices.
func (k king) side(c, s int32) []int32 {
	out := []int32{c, s}
	for len(out) <= k.g.Order() {
		prev, cur := out[len(out)-2], out[len(out)-1]
		if k.degree(cur) == 3 {
			return out
		}
		next := int32(-1)
		for _, x := range k.g.Neighbors(int(cur)) {
			switch {
			case x == prev || !k.border(x) || k.adjacent(x, prev):
			case k.degree(x) == 3:
				next = x
			case next >= 0 && k.degree(next) != 3:
				return nil
			case next < 0:
				next = x
			}
		}
		if next < 0 {
			return nil
		}
		out = append(out, next)
	}
	return nil
}

// lastColumn returns the side from the first row's last corner that does
// not run back along the row, of b vertices; nil if there is none.
func (k king) lastColumn(row []int32, b int) []int32 {
	c, back := row[len(row)-1], row[len(row)-2]
	for _, s := range k.g.Neighbors(int(c)) {
		if s != back && k.border(s) {
			if col := k.side(c, s); len(col) == b {
				return col
			}
		}
	}
	return nil
}

// rows fills the grid row by row (index order) from its first row and its
// first and last columns; nil if a cell is not found once.
func (k king) rows(ctx context.Context, first, col0, colLast []int32) []int32 {
	a, b := len(first), len(col0)
	cells := make([]int32, 0, a*b)
	cells = append(cells, first...)
	taken := make([]bool, a*b)
	for _, v := range first {
		taken[v] = true
	}
	for y := 1; y < b; y++ {
		if ctx.Err() != nil {
			return nil
		}
		above := cells[(y-1)*a : y*a]
		row := make([]int32, a)
		row[0], row[a-1] = col0[y], colLast[y]
		for x := 1; x < a-1; x++ {
			if row[x] = k.below(above[x-1], above[x], above[x+1], taken); row[x] < 0 {
				return nil
			}
		}
		for _, v := range row {
			if taken[v] {
				return nil
			}
			taken[v] = true
		}
		cells = append(cells, row...)
	}
	return cells
}

// below returns the one vertex not taken that borders l, m and r; -1 if
// none or several.
func (k king) below(l, m, r int32, taken []bool) int32 {
	found := int32(-1)
	for _, v := range k.g.Neighbors(int(m)) {
		if !taken[v] && k.adjacent(v, l) && k.adjacent(v, r) {
			if found >= 0 {
				return -1
			}
			found = v
		}
	}
	return found
}

// labelsOf returns each vertex's index in cells; nil unless cells holds
// every vertex of n once.
func labelsOf(cells []int32, n int) []int32 {
	if len(cells) != n {
		return nil
	}
	pos := make([]int32, n)
	for i := range pos {
		pos[i] = -1
	}
	for i, v := range cells {
		if pos[v] >= 0 {
			return nil
		}
		pos[v] = int32(i)
	}
	return pos
}

// kingFits reports whether pos maps every arc of g onto two cells of the
// grid of sides (wrapped if wrap) at most 1 apart along every axis, with
// as many arcs as its 9- or 27-point stencil has, and every side 3 or
// more (MinWrappedAxis wrapped): then g is that stencil.
func kingFits(g *Graph, sides []int, wrap bool, pos []int32) bool {
	for _, d := range sides {
		if d < 3 || wrap && d < MinWrappedAxis {
			return false
		}
	}
	return g.Arcs() == KingArcs(sides, wrap) && everyArc(g, pos, func(p, q int) bool {
		return p != q && withinOne(p, q, sides, wrap)
	})
}

// KingArcs returns the number of arcs of the stencil of a grid of sides
// (wrapped if wrap) in which each cell talks to every other cell at
// most 1 apart along every axis (9-point in 2-D, 27-point in 3-D), each
// pair both ways; every side 3 or more. Along one axis of d cells, 3d − 2
// ordered pairs of cells are at most 1 apart (3d wrapped); the stencil's
// arcs are the grid's such pairs but each cell with itself.
func KingArcs(sides []int, wrap bool) int {
	pairs := 1
	for _, d := range sides {
		if wrap {
			pairs *= 3 * d
		} else {
			pairs *= 3*d - 2
		}
	}
	return pairs - dims.Product(sides)
}

// withinOne reports whether grid indices a and b are at most 1 apart
// along every axis of sides (either way round if wrap).
func withinOne(a, b int, sides []int, wrap bool) bool {
	for _, d := range sides {
		span := int32(axis.NoWrap)
		if wrap {
			span = int32(d)
		}
		if axis.Hops(int32(a%d-b%d), span) > 1 {
			return false
		}
		a, b = a/d, b/d
	}
	return true
}
