package solve

import (
	"context"
	"fmt"

	"topomap/algorithms/gridmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// perNode reduces an instance on a host with cores to one on its nodes
// for the grid heuristics: the grid guest is cut into bricks of C objects
// (gridmap.Brick), one per node. On a host without cores it returns g
// and h unchanged and a nil brick.
func perNode(g spec.Guest, h topology.Host) (spec.Guest, topology.Host, []int, error) {
	inner, c := topology.SplitCores(h)
	if c == 1 {
		return g, h, nil, nil
	}
	if g.Kind != guest.Grid {
		return g, h, nil, fmt.Errorf("needs an object grid guest (grid:AxB or grid:AxBxC), not %s", g)
	}
	if _, ok := inner.(topology.Grid); !ok {
		return g, h, nil, fmt.Errorf("needs a mesh or torus under the cores, not %s", inner)
	}
	brick, ok := gridmap.Brick(g.Dims, c)
	if !ok {
		return g, h, nil, fmt.Errorf("no brick of %s objects (one per core) has sides that divide grid %s", metric.Count(c), g)
	}
	coarse := g
	coarse.Dims = gridmap.Coarse(g.Dims, brick)
	return coarse, inner, brick, nil
}

// onNodes lifts a grid heuristic's check to hosts with cores: it applies
// when it maps the grid of bricks onto the nodes.
func onNodes(check func(spec.Guest, topology.Host) error) func(spec.Guest, topology.Host) error {
	return func(g spec.Guest, h topology.Host) error {
		coarse, inner, _, err := perNode(g, h)
		if err != nil {
			return err
		}
		return check(coarse, inner)
	}
}

// onNodesMap lifts a grid heuristic's mapper likewise: it maps the grid
// of bricks onto the nodes, then each brick's objects onto its node's
// cores.
func onNodesMap(m func(context.Context, *Problem) ([]int, error)) func(context.Context, *Problem) ([]int, error) {
	return func(ctx context.Context, p *Problem) ([]int, error) {
		coarse, inner, brick, err := perNode(p.Instance.Guest, p.Host)
		if err != nil || brick == nil {
			return m(ctx, p)
		}
		g, err := coarse.Build()
		if err != nil {
			return nil, err
		}
		place, err := m(ctx, p.on(coarse, g, inner))
		if err != nil {
			return nil, err
		}
		return gridmap.ExpandBricks(place, p.Guest.Dims, brick), nil
	}
}

// withIndexOrder extends a grid baseline to hosts without grid
// coordinates (fat trees, dragonflies, with or without cores): there the
// k-th object in index order goes to the k-th slot in index order, which
// keeps neighbours in index order under one switch or router.
func withIndexOrder(a Algorithm) Algorithm {
	applies, mapper := a.Applies, a.Map
	a.Hosts += "; any host without grid coordinates (fat tree, dragonfly) of the same size, in index order"
	a.Notes.Summary += indexOrderNote
	a.Applies = func(g spec.Guest, h topology.Host) error {
		err := applies(g, h)
		if err != nil && g.Kind == guest.Grid && !gridded(h) {
			return nil
		}
		return err
	}
	a.Map = func(ctx context.Context, p *Problem) ([]int, error) {
		if gridded(p.Host) {
			return mapper(ctx, p)
		}
		return rankOrder(p.Guest.Order()), ctx.Err()
	}
	return a
}

// gridded reports whether h, or the host of its nodes, has grid
// coordinates.
func gridded(h topology.Host) bool {
	inner, _ := topology.SplitCores(h)
	_, ok := inner.(topology.Grid)
	return ok
}
