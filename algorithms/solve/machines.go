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

// Nested bricks: the grid heuristic of indirect networks.
func init() {
	register(Algorithm{
		Name: "bricks",
		Notes: Notes{
			Title:      "Nested bricks (fat trees, dragonflies, trees)",
			Confidence: "P",
		},
		Guests:  "grid:AxB[:wrap] or grid:AxBxC[:wrap]",
		Hosts:   "fattree:K,N, dragonfly:A,P,H,G, tree:S1xS2x…:dist=… or a regular machine file (with or without cores or a node inside) of the same size, when bricks divide the grid",
		Applies: func(g spec.Guest, h topology.Host) error { _, err := nestedFactors(g, h); return err },
		Map:     rankOrderFloor(nestedBricks),
	})
}

// nestedBricks maps a grid by nested bricks of h's groups.
func nestedBricks(ctx context.Context, p *Problem) ([]int, error) {
	factors, err := nestedFactors(p.Instance.Guest, p.Host)
	if err != nil {
		return nil, err
	}
	place, _ := gridmap.NestedBricks(p.Guest.Dims, factors)
	return place, ctx.Err()
}

// nestedFactors returns the sizes of the groups that h's index order
// nests (metric.Groups: the cores of a node or the levels of its inside,
// then the network's levels), checking that bricks of them divide grid g.
func nestedFactors(g spec.Guest, h topology.Host) ([]int, error) {
	if g.Kind != guest.Grid {
		return nil, fmt.Errorf("needs an object grid guest (grid:AxB or grid:AxBxC), not %s", g)
	}
	factors, ok := metric.Groups(h)
	if !ok {
		return nil, fmt.Errorf("needs a host of nested groups (a fat tree, a dragonfly, a tree: or a regular machine file, with or without cores), not %s", h)
	}
	if _, ok := gridmap.NestedBricks(g.Dims, factors); !ok {
		return nil, fmt.Errorf("the groups of %v objects that %s nests cannot be cut as bricks from grid %s", factors, h, g)
	}
	return factors, nil
}
