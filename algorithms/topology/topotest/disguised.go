package topotest

import "topomap/algorithms/topology"

// Disguised is a lattice under another type, as a new host kind with a
// lattice's capabilities would be: it has every method of the lattice
// (Grid, Router, AxisRouter, Family, Kind…) but is no *topology.Lattice,
// so code that serves lattices by their capabilities serves it alike,
// and code that asserts the concrete type does not. Routes, when set,
// counts its calls of Route (a fast path that walks the axes makes
// none).
type Disguised struct {
	*topology.Lattice
	Routes *int
}

// Route appends the lattice's route from a to b to dst, counted.
func (d Disguised) Route(a, b int, dst []int) []int {
	count(d.Routes)
	return d.Lattice.Route(a, b, dst)
}

// RoutedGrid is a grid with a lattice's routes that promises nothing more
// (Grid and Router, without AxisRouter, Family or Kind): code must route
// it message by message and draw it generically. Routes, when set,
// counts its calls of Route.
type RoutedGrid struct {
	topology.Grid
	r      topology.Router
	Routes *int
}

// NewRoutedGrid returns l as a RoutedGrid whose calls of Route routes
// counts (nil: not counted).
func NewRoutedGrid(l *topology.Lattice, routes *int) RoutedGrid { return RoutedGrid{l, l, routes} }

// Routing returns the lattice's rule.
func (g RoutedGrid) Routing() string { return g.r.Routing() }

// LinkSlots returns the size of the lattice's link numbering.
func (g RoutedGrid) LinkSlots() int { return g.r.LinkSlots() }

// Links returns the number of the lattice's links.
func (g RoutedGrid) Links() int { return g.r.Links() }

// Link returns the ends of the lattice's link id.
func (g RoutedGrid) Link(id int) (tail, head int, ok bool) { return g.r.Link(id) }

// Route appends the lattice's route from a to b to dst, counted.
func (g RoutedGrid) Route(a, b int, dst []int) []int {
	count(g.Routes)
	return g.r.Route(a, b, dst)
}

// count adds one to *n, if n is set.
func count(n *int) {
	if n != nil {
		*n++
	}
}

var (
	_ topology.AxisRouter = Disguised{}
	_ topology.Router     = RoutedGrid{}
	_ topology.Grid       = RoutedGrid{}
)
