package solve

import (
	"context"
	"fmt"
	"slices"

	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// The mappers of any communication graph onto any host (package
// graphmap). This file registers after grids.go (files initialise in name
// order), so that for grids and d-cubes the heuristics made for them come
// first in listings and as the default, and for other graphs rb, the
// better of the two, is the first that applies: the page's default.
func init() {
	const hosts = "any host with at least as many nodes as the guest has vertices (the others stay empty)"
	register(Algorithm{
		Name: "rb",
		Notes: Notes{
			Title: "Dual recursive bipartitioning (Scotch style)",
			Source: "Pellegrini, \"Static mapping by dual recursive bipartitioning of process and architecture graphs\", " +
				"SHPCC 1994; Pellegrini & Roman, Scotch, HPCN 1996 (texts not in our sources: our implementation of the method)",
			Confidence: "P",
			Complexity: "O((n + m)·log n): about log2 n levels of bisection, each O(n + m) for the parts' graphs and " +
				"coarsening and O(n log n + m) per refinement pass; min(8, 16384/n) restarts below 16384 vertices; plus " +
				"O(N log² N) on a host without grid coordinates (its nodes sorted at every level); memory O(n + m)",
			Measured: measured(largestGraph + " → torus:128x128x64: 35 CPU-s, 650 MB"),
			Summary: "The host is cut in two across its longest axis (other hosts: the coordinate of largest extent) and " +
				"the guest in two parts of exactly the halves' capacities, recursively down to single nodes. Each guest " +
				"bisection is multilevel: heavy-edge matching, greedy graph growing from seeded starts, Fiduccia–Mattheyses " +
				"refinement at every level. It minimises the bytes cut (priced at half the distance between the halves' " +
				"centres, our choice: Scotch prices the whole distance) plus, for edges to vertices already sent elsewhere, " +
				"their bytes times the distance from each half to where they went. A larger host is filled half by half. " +
				"Small guests are mapped min(8, 16384/n) times with different seeds and the lowest hop-bytes kept (our " +
				"choice). Deterministic (fixed seeds).",
		},
		Guests:     "any guest (a graph, a grid, a d-cube)",
		Hosts:      hosts,
		LargerHost: true,
		Applies:    anyGuest,
		Map:        graphMapper(graphmap.Bipartition),
	}, Algorithm{
		Name: "greedy",
		Notes: Notes{
			Title: "Greedy graph growing (Hoefler & Snir)",
			Source: "Hoefler & Snir, \"Generic topology mapping strategies for large-scale parallel architectures\", " +
				"ICS 2011, §4.1 (text not in our sources: our implementation of the method)",
			Confidence: "P",
			Complexity: "O(m log n) for the queue plus, per vertex, a breadth-first search of the host around its " +
				"placed partners (at most 256 nodes, then the free nodes nearest in index order) and at most 64 " +
				"candidates priced over its edges; tables of every host node (O(N)) only on a host of at most 16 times " +
				"the guest's size, so that a small guest on a large host costs what the guest does",
			Measured: measured(largestGraph + " → torus:128x128x64: 15 CPU-s, 320 MB"),
			Summary: "The vertex of most volume goes to the host's centre; then the unplaced vertex with the most volume to " +
				"placed ones goes to the free node that adds the fewest hop-bytes. Our choices: the candidates are the free " +
				"nodes of the first breadth-first shell around its placed partners that has one, and of the next shell (past " +
				"256 nodes searched, the free nodes nearest in index order); " +
				"ties go to the lower vertex and node. Fast, but it leaves holes that far vertices fill late: much worse " +
				"than rb on grids.",
		},
		Guests:     "any guest (a graph, a grid, a d-cube)",
		Hosts:      hosts,
		LargerHost: true,
		Applies:    anyGuest,
		Map:        graphMapper(graphmap.Greedy),
	})
}

// anyGuest applies to every guest and host (the sizes are checked apart).
func anyGuest(spec.Guest, topology.Host) error { return nil }

// graphMapper wraps a mapper of package graphmap.
func graphMapper(f func(context.Context, *guest.Graph, topology.Host) ([]int, error)) func(context.Context, *Problem) ([]int, error) {
	return func(ctx context.Context, p *Problem) ([]int, error) {
		place, err := f(ctx, p.Guest, p.Host)
		if err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return nil, cerr
			}
			return nil, fmt.Errorf("solve: %w", err)
		}
		return place, nil
	}
}

// graphMappers are the algorithms of this file by name.
var graphMappers = []string{"rb", "greedy"}

// defaultStarts returns the starts PAIRS tries when none is named: the
// heuristics made for the guest's shape where some apply (on grids and
// d-cubes they are better and cheaper than the graph mappers), else the
// graph mappers, so that PAIRS starts from the better of rb and greedy on
// a graph.
func defaultStarts(algos []Algorithm) []Algorithm {
	shaped := slices.DeleteFunc(slices.Clone(algos), func(a Algorithm) bool { return slices.Contains(graphMappers, a.Name) })
	if len(shaped) > 0 {
		return shaped
	}
	return algos
}
