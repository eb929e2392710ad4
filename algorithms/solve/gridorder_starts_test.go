package solve_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology/topotest"
)

// around returns the 32x32 grid of ranks (index order) as an uploaded
// graph: each rank sends volume near(dx, dy) to the rank dx, dy away
// (|dx|, |dy| ≤ 3), none where it is 0.
func around(t *testing.T, near func(dx, dy int) float64) *guest.Graph {
	return aroundWrapped(t, near, false)
}

// aroundWrapped is around on a grid whose axes wrap if wrap.
func aroundWrapped(t *testing.T, near func(dx, dy int) float64, wrap bool) *guest.Graph {
	t.Helper()
	const side = 32
	var arcs []guest.Arc
	for v := range side * side {
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				x, y := v%side+dx, v/side+dy
				if wrap {
					x, y = (x+side)%side, (y+side)%side
				}
				if w := near(dx, dy); w > 0 && x >= 0 && x < side && y >= 0 && y < side {
					arcs = append(arcs, guest.Arc{From: v, To: x + side*y, Volume: w})
				}
			}
		}
	}
	g, _, err := guest.FromArcs(side*side, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}

// A weighted graph whose ranks are a grid in index order starts PAIRS from
// its grid's heuristics too: onto torus:8x8x16 a 32x32 stencil is folded
// as grid:32x32 is (1.0645 hops per byte; from the graph mappers' starts
// PAIRS reached 1.4451), and so is a denser one (1.4043, against 1.6386),
// while ranks that talk further apart get no grid starts.
func TestAGridOrderedGraphStartsFromItsGridsHeuristics(t *testing.T) {
	host := topotest.MustParse(t, "torus:8x8x16")
	fold, err := solve.Map(context.Background(), spec.Instance{Guest: spec.Guest{Kind: guest.Grid, Dims: []int{32, 32}},
		Host: host, Algo: "fold"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		g         *guest.Graph
		gridStart bool
	}{
		{"the 5-point stencil", around(t, func(dx, dy int) float64 { return b2f(dx*dx+dy*dy == 1) }), true},
		{"4 to the nearest 4, 1 to the 8 around and the 4 two steps away", around(t, func(dx, dy int) float64 {
			switch {
			case dx*dx+dy*dy == 1:
				return 4
			case dx*dx == 1 && dy*dy == 1 || dx*dx+dy*dy == 4:
				return 1
			}
			return 0
		}), true},
		{"ranks 3 apart talk too", around(t, func(dx, dy int) float64 { return b2f(dx*dx+dy*dy == 1 || dx*dx+dy*dy == 9) }),
			false},
	}
	for _, c := range cases {
		res, err := solve.Map(context.Background(), spec.Instance{Guest: guest.SpecOf(c.g), Host: host, Algo: "pairs",
			Moves: 100_000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		starts, want := strings.Join(res.Pairs.Starts, ", "), "fold on grid:32x32"
		if !c.gridStart {
			want = " on grid:" // no grid of any shape
		}
		if got := strings.Contains(starts, want); got != c.gridStart {
			t.Errorf("%s: starts %s: %q among them %v, want %v", c.name, starts, want, got, c.gridStart)
		}
		folded := metric.HopBytes(&mapping.Mapping{Guest: c.g, Host: host, Place: fold.Mapping.Place}) / c.g.TotalVolume()
		if c.gridStart && res.Metrics.HopsPerByte > folded {
			t.Errorf("%s: %.4f hops per byte, above the grid's fold (%.4f)", c.name, res.Metrics.HopsPerByte, folded)
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// A graph that is a grid under another numbering (guest.GridLabels) starts
// PAIRS from its grid's heuristics, each placement read through the
// numbering: a 32x32 5-point stencil of uneven volumes, a 9-point one and
// a periodic 9-point one, renumbered at random, onto torus:8x8x16 end at
// or below the fold of their grid (with the default work 1.0161, 1.5156
// and 1.5918 hops per byte, as in index order; from the graph mappers'
// starts alone 1.3810, 1.6685 and 1.7695).
func TestARenumberedGridStartsFromItsGridsHeuristics(t *testing.T) {
	host := topotest.MustParse(t, "torus:8x8x16")
	king := func(dx, dy int) float64 {
		return b2f(dx*dx <= 1 && dy*dy <= 1 && dx*dx+dy*dy > 0) * float64(1+(dx+2*dy+4)%3)
	}
	for _, tc := range []struct {
		name string
		near func(dx, dy int) float64
		wrap bool
	}{
		{"5-point", func(dx, dy int) float64 { return b2f(dx*dx+dy*dy == 1) * float64(1+(dx+2*dy+4)%3) }, false},
		{"9-point", king, false},
		{"periodic 9-point", king, true},
	} {
		grid := spec.Guest{Kind: guest.Grid, Dims: []int{32, 32}, Wrap: tc.wrap}
		fold, err := solve.Map(context.Background(), spec.Instance{Guest: grid, Host: host, Algo: "fold"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ordered := aroundWrapped(t, tc.near, tc.wrap)
		folded := metric.HopBytes(&mapping.Mapping{Guest: ordered, Host: host, Place: fold.Mapping.Place}) / ordered.TotalVolume()
		res, err := solve.Map(context.Background(), spec.Instance{Guest: guest.SpecOf(renumber(t, ordered, 3)), Host: host,
			Algo: "pairs", Moves: 100_000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if starts, want := strings.Join(res.Pairs.Starts, ", "), "fold on "+grid.String()+" (renumbered)"; !strings.Contains(starts, want) {
			t.Errorf("%s: starts %s: no %s", tc.name, starts, want)
		}
		if res.Metrics.HopsPerByte > folded {
			t.Errorf("%s: %.4f hops per byte, above the grid's fold (%.4f)", tc.name, res.Metrics.HopsPerByte, folded)
		}
	}
}

// renumber is g with vertex v renamed by a random permutation of seed,
// its volumes kept, as an uploaded graph.
func renumber(t *testing.T, g *guest.Graph, seed uint64) *guest.Graph {
	t.Helper()
	perm := rand.New(rand.NewPCG(seed, 1)).Perm(g.Order())
	var arcs []guest.Arc
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			arcs = append(arcs, guest.Arc{From: perm[v], To: perm[g.Adj[e]], Volume: g.Volume(int(e))})
		}
	}
	r, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(r)
}
