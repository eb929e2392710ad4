package solve

import (
	"context"
	"fmt"
	"slices"
	"time"

	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
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
			Title:      "Dual recursive bipartitioning (Scotch style)",
			Confidence: "P",
		},
		Guests:     "any guest (a graph, a grid, a d-cube)",
		Hosts:      hosts,
		LargerHost: true,
		Applies:    anyGuest,
		Map:        rankOrderFloor(graphMapper(graphmap.Bipartition)),
	}, Algorithm{
		Name: "multisection",
		Notes: Notes{
			Title:      "Hierarchical multisection (KaHIP process mapping style)",
			Confidence: "P",
		},
		Guests: "any guest (a graph, a grid, a d-cube)",
		Hosts: "a host of nested groups (a fat tree, a dragonfly, a tree:, a machine read from a file, cores or a node inside over one) with at " +
			"least as many slots as the guest has vertices",
		LargerHost: true,
		Applies:    hierarchical,
		Map:        rankOrderFloor(graphMapper(graphmap.Multisection)),
	}, Algorithm{
		Name: "greedy",
		Notes: Notes{
			Title:      "Greedy graph growing (Hoefler & Snir)",
			Confidence: "P",
		},
		Guests:     "any guest (a graph, a grid, a d-cube)",
		Hosts:      hosts,
		LargerHost: true,
		Applies:    anyGuest,
		Map:        graphMapper(graphmap.Greedy),
	})
	register(launcherAlgorithms()...)
}

// rankOrderFloor makes a mapper answer a launcher's default placement
// (Launchers: rank order, block, cyclic) when it has fewer hop-bytes than
// the mapper's own placement, and say so in the problem's note: the
// default of graph guests is never worse than what a launcher does
// unasked. O(arcs + n·c) per launcher beyond the mapper.
func rankOrderFloor(m func(context.Context, *Problem) ([]int, error)) func(context.Context, *Problem) ([]int, error) {
	return func(ctx context.Context, p *Problem) ([]int, error) {
		place, err := m(ctx, p)
		if err != nil {
			return nil, err
		}
		hopBytes := func(place []int) float64 {
			return metric.HopBytes(&mapping.Mapping{Guest: p.Guest, Host: p.Host, Place: place})
		}
		own := hopBytes(place)
		best, label := own, ""
		names, places := launcherPlaces(p.Guest.Order(), p.Host)
		for i, lp := range places {
			if hb := hopBytes(lp); hb < best {
				best, place, label = hb, lp, launcherLabel(names[i])
			}
		}
		if label != "" && p.Note != nil {
			*p.Note = fmt.Sprintf("%s answered: %s hop-bytes against %s for %s's own placement",
				label, metric.Number(best), metric.Number(own), p.Instance.Algo)
		}
		return place, nil
	}
}

// hierarchical applies to hosts of nested groups (graphmap.HasGroups).
func hierarchical(_ spec.Guest, h topology.Host) error {
	if !graphmap.HasGroups(h) {
		return fmt.Errorf("%s has no nested groups to split along (a fat tree, a dragonfly, a tree:, a machine file have)", h)
	}
	return nil
}

// anyGuest applies to every guest and host (the sizes are checked apart).
func anyGuest(spec.Guest, topology.Host) error { return nil }

// graphMapper wraps a mapper of package graphmap, which reports the share
// of its work done as the problem's progress (graphmap.WithProgress).
func graphMapper(f func(context.Context, *guest.Graph, topology.Host) ([]int, error)) func(context.Context, *Problem) ([]int, error) {
	return func(ctx context.Context, p *Problem) ([]int, error) {
		if p.Progress != nil {
			begin := time.Now()
			ctx = graphmap.WithProgress(ctx, func(done float64) {
				p.Progress(Progress{Fraction: done, Elapsed: time.Since(begin)})
			})
		}
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
var graphMappers = []string{"rb", "multisection", "greedy", "identity", "block", "cyclic"}

// defaultStarts returns the starts PAIRS tries when none is named, for a
// guest of n vertices: on a graph every mapper that applies (rb,
// multisection on a host of nested groups up to graphStartLimit
// vertices, greedy and the launchers' defaults); on grids and d-cubes the
// heuristics made for their shape, the launchers' defaults, and rb and
// multisection up to shapeStartLimit vertices (rb beats them on some
// shapes: grid:16x16 onto torus:64x4), so that PAIRS never ends worse
// than any launcher's default or, on those sizes, rb and multisection.
// greedy starts only graphs: on shapes it is worse than rb and the
// shaped heuristics. pairsStarts skips block and cyclic where they place
// as rank order (without cores, or on a full machine for block).
func defaultStarts(algos []Algorithm, n int) []Algorithm {
	shaped := slices.DeleteFunc(slices.Clone(algos), func(a Algorithm) bool { return slices.Contains(graphMappers, a.Name) })
	if len(shaped) == 0 {
		if n <= graphStartLimit {
			return algos
		}
		return slices.DeleteFunc(slices.Clone(algos), func(a Algorithm) bool { return a.Name == "multisection" })
	}
	for _, a := range algos {
		if isLauncher(a.Name) || (a.Name == "rb" || a.Name == "multisection") && n <= shapeStartLimit {
			shaped = append(shaped, a)
		}
	}
	return shaped
}

// graphStartLimit is the largest graph that multisection starts PAIRS on
// (rb starts every graph: nothing else but greedy and the launchers'
// defaults does); shapeStartLimit the largest grid or d-cube that rb and
// multisection start PAIRS on. rb maps a guest of n ≤ 32,768 vertices
// min(8, 32768/n) times (fewer for a dense guest: see graphmap's
// restarts), about 0.4 CPU-s at every size from 4,096 up; its one run
// at 65,536 costs twice as much, 1.0 CPU-s on 40x40x40 onto
// torus:50x40x32, whose run takes 1.7 CPU-s without it, and rb's start won none of seven such grids (on meshes and
// toruses, of the same aspect or not, and on fattree:16,4).
const (
	graphStartLimit = 1 << 16
	shapeStartLimit = 1 << 15
)
