package solve

import (
	"context"
	"fmt"

	"topomap/algorithms/gridmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/reason"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// The grid heuristics of Bhatele's thesis, chapter 9, and the cheap
// defaults row-major and snake (package gridmap).
func init() {
	register(
		withIndexOrder(gridHeuristic("rowmajor", gridmap.RowMajor, anyGrid, Notes{
			Title:      "Row-major",
			Confidence: "P",
		})),
		gridHeuristic("snake", gridmap.Snake, anyGrid, Notes{
			Title:      "Snake (boustrophedon)",
			Confidence: "P",
		}),
		gridHeuristic("mxovlp", gridmap.MaxOverlap, grid2Dto2D, Notes{
			Title:      "MXOVLP: maximum overlap",
			Confidence: "P",
		}),
		gridHeuristic("mxoval", gridmap.MaxOverlapAligned, grid2Dto2D, Notes{
			Title:      "MXOV+AL: maximum overlap with alignment",
			Confidence: "P",
		}),
		gridHeuristic("exco", gridmap.ExpandFromCorner, grid2Dto2D, Notes{
			Title:      "EXCO: expand from corner",
			Confidence: "P",
		}),
		gridHeuristic("coce", gridmap.CornersToCenter, grid2Dto2D, Notes{
			Title:      "COCE: corners to center",
			Confidence: "P",
		}),
		gridHeuristic("affn", gridmap.Affine, grid2Dto2D, Notes{
			Title:      "AFFN: affine mapping",
			Confidence: "V",
		}),
		Algorithm{
			Name: "step",
			Notes: Notes{
				Title:      "STEP: band (step) embedding (our band construction after Aleliunas & Rosenberg, not their text)",
				Confidence: "P",
				Summary:    coresNote,
			},
			Guests:     "grid:AxB[:wrap]",
			Hosts:      "mesh or torus AxB with at least as many processors (may be larger than the grid)",
			LargerHost: true,
			Applies: onNodes(func(g spec.Guest, h topology.Host) error {
				if err := gridShape(g, h, 2, 2, false); err != nil {
					return err
				}
				if g.Order() > h.Size() {
					return fmt.Errorf("needs at least as many processors as objects, not %s for %s", metric.Count(h.Size()), metric.Count(g.Order()))
				}
				return nil
			}),
			Map: onNodesMap(gridMap("step", gridmap.Step)),
		},
		gridHeuristic("bisect", gridmap.Bisect, sameRank, Notes{
			Title:      "Scaled bisection",
			Confidence: "P",
		}),
		gridHeuristic("stack", gridmap.Stack, stackable, Notes{
			Title:      "Stacking",
			Confidence: "P",
		}),
		gridHeuristic("fold", gridmap.Fold, foldable, Notes{
			Title:      "Folding",
			Confidence: "P",
		}),
		gridHeuristic("sfc", gridmap.Curve, grid2Dto3D, Notes{
			Title:      "Space-filling curves",
			Confidence: "P",
		}),
		gridHeuristic("affn3d", gridmap.Affine3D, grid3Dto3D, Notes{
			Title:      "Affine mapping in 3-D",
			Confidence: "V",
		}),
	)
}

// gridShapes are the guests and hosts a grid heuristic takes: the texts
// for listings and the check whose error says what is wrong.
type gridShapes struct {
	guests, hosts string
	check         func(g spec.Guest, h topology.Host) error
}

// gridHeuristic wraps an equal-size mapper of package gridmap.
func gridHeuristic(name string, f func([]int, gridmap.Box) ([]int, error), shapes gridShapes, notes Notes) Algorithm {
	notes.Summary += coresNote
	return Algorithm{
		Name:    name,
		Notes:   notes,
		Guests:  shapes.guests,
		Hosts:   shapes.hosts,
		Applies: onNodes(shapes.check),
		Map:     onNodesMap(gridMap(name, f)),
	}
}

// The shapes each family takes; sizes must be equal (checked by Check).
var (
	grid2Dto2D = gridShapes{"grid:AxB[:wrap]", "mesh or torus AxB of the same size",
		func(g spec.Guest, h topology.Host) error { return gridShape(g, h, 2, 2, true) }}
	grid2Dto3D = gridShapes{"grid:AxB[:wrap]", "mesh or torus AxBxC of the same size",
		func(g spec.Guest, h topology.Host) error { return gridShape(g, h, 2, 3, true) }}
	grid3Dto3D = gridShapes{"grid:AxBxC[:wrap]", "mesh or torus AxBxC of the same size",
		func(g spec.Guest, h topology.Host) error { return gridShape(g, h, 3, 3, true) }}
	sameRank = gridShapes{"grid:AxB[:wrap] or grid:AxBxC[:wrap]", "mesh or torus of the grid's rank, same size",
		func(g spec.Guest, h topology.Host) error {
			if err := gridShape(g, h, 0, 0, true); err != nil {
				return err
			}
			if r := h.(topology.Grid).Rank(); r != len(g.Dims) {
				return fmt.Errorf("needs a host of the grid's %d dimensions, not %d", len(g.Dims), r)
			}
			return nil
		}}
	anyGrid = gridShapes{"grid:AxB[:wrap] or grid:AxBxC[:wrap]", "mesh or torus of 2 or 3 dimensions, same size",
		func(g spec.Guest, h topology.Host) error { return gridShape(g, h, 0, 0, true) }}
	foldable = gridShapes{"grid:AxB[:wrap] or grid:AxBxC[:wrap]",
		"mesh or torus of the same size: AxBxC whose smallest side divides the grid's longer side, a host of the grid's rank whose sides are the grid's up to order and one factor k (or two), or a host of more axes (up to 6) onto which the grid's sides, cut into host sides, fold so",
		func(g spec.Guest, h topology.Host) error {
			grid, ok := h.(topology.Grid)
			if !ok {
				return gridShape(g, h, 0, 0, true)
			}
			if err := gridShape(g, h, len(g.Dims), grid.Rank(), true); err != nil {
				return err
			}
			return reason.Plain(gridmap.CheckFold(g.Dims, gridmap.BoxOf(context.Background(), grid)))
		}}
	stackable = gridShapes{"grid:AxB[:wrap]",
		"mesh or torus AxBxC of the same size whose smallest side divides the grid's longer side",
		func(g spec.Guest, h topology.Host) error {
			if err := gridShape(g, h, 2, 3, true); err != nil {
				return err
			}
			return reason.Plain(gridmap.CheckStack(g.Dims, gridmap.BoxOf(context.Background(), h.(topology.Grid))))
		}}
)

// gridShape checks for a grid guest of og dimensions and a mesh or torus
// host of hg dimensions (0: 2 or 3), with as many processors as objects if
// equal is set.
func gridShape(g spec.Guest, h topology.Host, og, hg int, equal bool) error {
	if g.Kind != guest.Grid {
		return fmt.Errorf("needs an object grid guest (grid:AxB or grid:AxBxC), not %s", g)
	}
	grid, ok := h.(topology.Grid)
	if !ok || grid.Rank() < 2 || topology.IsHypercube(h) {
		return fmt.Errorf("needs a mesh or torus host of 2 or 3 dimensions, not %s", h)
	}
	switch rank := grid.Rank(); {
	case og == 0 && rank != 2 && rank != 3:
		return fmt.Errorf("needs a host of 2 or 3 dimensions, not %d", rank)
	case og != 0 && len(g.Dims) != og:
		return fmt.Errorf("needs a %d-D object grid, not a %d-D one", og, len(g.Dims))
	case og != 0 && rank != hg:
		return fmt.Errorf("needs a %d-D host, not a %d-D one", hg, rank)
	case equal && g.Order() != h.Size():
		return fmt.Errorf("needs as many processors as objects, not %s for %s", metric.Count(h.Size()), metric.Count(g.Order()))
	}
	return nil
}

// gridMap adapts a gridmap mapper to Algorithm.Map. The host carries ctx:
// the nearest-free searches, the only part that can run long, check it
// every few queries; the linear ones run for milliseconds.
func gridMap(name string, f func([]int, gridmap.Box) ([]int, error)) func(context.Context, *Problem) ([]int, error) {
	return func(ctx context.Context, p *Problem) ([]int, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p.Guest.Kind != guest.Grid {
			return nil, fmt.Errorf("solve: %s needs an object grid guest, not %s", name, p.Guest)
		}
		grid, ok := p.Host.(topology.Grid)
		if !ok {
			return nil, fmt.Errorf("solve: %s needs a mesh or torus host, not %s", name, p.Host)
		}
		place, err := f(p.Guest.Dims, gridmap.BoxOf(ctx, grid))
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		if err != nil {
			return nil, fmt.Errorf("solve: %s: %w", name, err)
		}
		return place, nil
	}
}
