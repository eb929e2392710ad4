package guest

import (
	"context"

	"topomap/algorithms/internal/dims"
)

// kingLabels recognises the 9- or 27-point stencil of a 2-D or 3-D grid
// (each cell talks to every cell at most 1 apart along every axis, a
// king's moves), unwrapped with sides of 3 or more or wrapped with sides
// of MinWrappedAxis or more, under some numbering, for GridLabels: its
// dims, whether it wraps and each vertex's grid index; ok false if g is
// not one.
//
// Such a stencil is the strong product of paths or cycles, and the edges
// along one axis are its Cartesian skeleton (skeleton): the grid's
// nearest-neighbour stencil, which nearestLabels walks. The labels are
// then checked against every arc of g (kingFits). O(n·d²), d the degree:
// 0.8 s on a 9-point stencil of grid:512x512 (2.1M arcs) and 2.0 s on a
// 27-point one of a 48×48×48 torus (2.9M arcs), renumbered at random, on
// a machine where the 5-point stencil of grid:1024x1024 takes 0.77 s
// (BenchmarkGridLabels).
func kingLabels(ctx context.Context, g *Graph) (sides []int, wrap bool, pos []int32, ok bool) {
	s := skeleton(ctx, g)
	if s == nil {
		return nil, false, nil, false
	}
	if sides, wrap, pos, ok = nearestLabels(ctx, s); !ok || !kingFits(g, sides, wrap, pos) {
		return nil, false, nil, false
	}
	return sides, wrap, pos, true
}

// kingDegrees reports whether the least and most neighbours of a vertex,
// lo and hi, are those of a 9- or 27-point stencil: 3 and 8, or 7 and
// 26, unwrapped; 8 or 26 everywhere wrapped.
func kingDegrees(lo, hi int) bool {
	return hi == 8 && (lo == 3 || lo == 8) || hi == 26 && (lo == 7 || lo == 26)
}

// skeleton returns the graph of g's arcs that are not dispensable, after
// the Cartesian skeleton of Hammack and Imrich ("On Cartesian skeletons
// of graphs", Ars Mathematica Contemporanea 2, 2009), our reading [P]:
// with N[v] the closed neighbourhood of v and ⊂ strict, the edge xy is
// dispensable when some z other than x and y has
//
//	N[x]∩N[y] ⊂ N[x]∩N[z]  or  N[x] ⊂ N[z] ⊂ N[y],  and
//	N[y]∩N[x] ⊂ N[y]∩N[z]  or  N[y] ⊂ N[z] ⊂ N[x].
//
// Either way z neighbours both x and y, so only their common neighbours
// are tried. On a 9- or 27-point stencil, wrapped or not, the edges that
// remain are exactly those along one axis (on every shape the tests
// try). nil if ctx ends.
func skeleton(ctx context.Context, g *Graph) *Graph {
	n := g.Order()
	k := closedSets{g: g, in: make([][2]int32, n)}
	var kept [][2]int32 // x < y
	for i, x := range breadthFirst(g) {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil
		}
		k.mark(0, x)
		for _, y := range g.Neighbors(int(x)) {
			if x < y && !k.dispensable(x, y) {
				kept = append(kept, [2]int32{x, y})
			}
		}
	}
	b := newBuilder(n)
	for _, e := range kept {
		b.count(int(e[0]))
		b.count(int(e[1]))
	}
	b.alloc()
	for _, e := range kept {
		b.place(int(e[0]), int(e[1]), 1)
		b.place(int(e[1]), int(e[0]), 1)
	}
	s, err := b.graph()
	if err != nil { // unit volumes do not overflow
		return nil
	}
	return s
}

// breadthFirst returns g's vertices in breadth-first order from vertex
// 0, then from the least vertex not reached, and so on: one after
// another, they and their neighbours lie close on a grid, so skeleton
// finds them in the caches whatever the numbering (1.35 → 0.77 s on a
// renumbered grid:512x512's 9-point stencil, BenchmarkGridLabels, both
// on a loaded machine).
func breadthFirst(g *Graph) []int32 {
	n := g.Order()
	order, seen := make([]int32, 0, n), make([]bool, n)
	for root := range int32(n) {
		if seen[root] {
			continue
		}
		seen[root] = true
		order = append(order, root)
		for head := len(order) - 1; head < len(order); head++ {
			for _, u := range g.Neighbors(int(order[head])) {
				if !seen[u] {
					seen[u] = true
					order = append(order, u)
				}
			}
		}
	}
	return order
}

// closedSets tests the closed neighbourhoods of g (skeleton): in[w][0]
// is x+1 and in[w][1] y+1 on N[x] and N[y], x and y the ends of the
// edge under test (side by side: one cache line read for both).
type closedSets struct {
	g  *Graph
	in [][2]int32
}

// mark sets v+1 on N[v] in the side'th marks.
func (k closedSets) mark(side int, v int32) {
	k.in[v][side] = v + 1
	for _, u := range k.g.Neighbors(int(v)) {
		k.in[u][side] = v + 1
	}
}

// dispensable reports whether edge xy is dispensable (skeleton), N[x]
// being marked.
func (k closedSets) dispensable(x, y int32) bool {
	k.mark(1, y)
	X, Y := len(k.g.Neighbors(int(x)))+1, len(k.g.Neighbors(int(y)))+1
	xy := k.count(y, x, y).xy
	for _, z := range k.g.Neighbors(int(x)) {
		if z == y || k.in[z][1] != y+1 {
			continue
		}
		c, Z := k.count(z, x, y), len(k.g.Neighbors(int(z)))+1
		fromX := c.xy == xy && c.x > xy || c.x == X && c.y == Z && X < Z && Z < Y
		fromY := c.xy == xy && c.y > xy || c.y == Y && c.x == Z && Y < Z && Z < X
		if fromX && fromY {
			return true
		}
	}
	return false
}

// overlap counts the members of a closed neighbourhood N[z] in N[x], in
// N[y], and in both.
type overlap struct{ x, y, xy int }

// count returns how N[z] overlaps N[x] and N[y] (marked).
func (k closedSets) count(z, x, y int32) overlap {
	c := overlap{x: 1, y: 1, xy: 1} // z neighbours x and y, or is y
	for _, w := range k.g.Neighbors(int(z)) {
		m := k.in[w]
		inX, inY := b2i(m[0] == x+1), b2i(m[1] == y+1)
		c.x += inX
		c.y += inY
		c.xy += inX & inY
	}
	return c
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
		_, most := cellHops(p, q, sides, wrap)
		return p != q && most <= 1
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
