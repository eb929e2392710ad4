package guest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/guest"
)

// renumbered is g with vertex v renamed perm[v], a random permutation of
// seed, and volumes 1 + (u+v)%7, as a Custom graph.
func renumbered(t testing.TB, g *guest.Graph, seed uint64) *guest.Graph {
	t.Helper()
	perm := rand.New(rand.NewPCG(seed, 1)).Perm(g.Order())
	var arcs []guest.Arc
	for u := range g.Order() {
		for _, v := range g.Neighbors(u) {
			arcs = append(arcs, guest.Arc{From: perm[u], To: perm[v], Volume: float64(1 + (u+int(v))%7)})
		}
	}
	out, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkLabels fails unless pos is a bijection onto the grid of dims under
// which every arc of g joins grid neighbours (the way round if wrap), and
// the grid has as many arcs as g: the definition of "g is that grid".
func checkLabels(t *testing.T, name string, g *guest.Graph, dims []int, wrap bool, pos []int32) {
	t.Helper()
	checkBijection(t, name, pos)
	if g.Arcs() != guest.GridArcs(dims, wrap) {
		t.Fatalf("%s: %d arcs, grid %v has %d", name, g.Arcs(), dims, guest.GridArcs(dims, wrap))
	}
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			if !near(int(pos[v]), int(pos[u]), dims, wrap, 1) || pos[v] == pos[u] || !oneAxis(int(pos[v]), int(pos[u]), dims) {
				t.Fatalf("%s: arc %d→%d lands on cells %d, %d of %v: not neighbours", name, v, u, pos[v], pos[u], dims)
			}
		}
	}
}

// checkBijection fails unless pos maps the vertices one to one onto the
// grid's cells.
func checkBijection(t *testing.T, name string, pos []int32) {
	t.Helper()
	seen := make([]bool, len(pos))
	for _, p := range pos {
		if p < 0 || int(p) >= len(seen) || seen[p] {
			t.Fatalf("%s: labels are not a bijection onto the grid (%d)", name, p)
		}
		seen[p] = true
	}
}

// oneAxis reports whether cells a and b differ along one axis only.
func oneAxis(a, b int, dims []int) bool {
	k := 0
	for _, d := range dims {
		if a%d != b%d {
			k++
		}
		a, b = a/d, b/d
	}
	return k == 1
}

// TestGridLabelsFindsAGridWhateverItsNumbering: every mesh and every
// torus of axes of 5 or more, 2-D and 3-D, renumbered at random and
// weighted unevenly, its arcs listed both ways or one way, is read as its
// grid: the same sides (in some order), the same wrap, and labels under
// which each edge is a grid edge.
func TestGridLabelsFindsAGridWhateverItsNumbering(t *testing.T) {
	for i, s := range []string{"grid:2x2", "grid:2x7", "grid:5x3", "grid:16x16", "grid:32x32", "grid:64x4",
		"grid:2x2x2", "grid:3x4x5", "grid:8x8x8", "grid:2x9x3",
		"grid:5x5:wrap", "grid:6x9:wrap", "grid:8x8x8:wrap", "grid:5x6x7:wrap"} {
		want := built(t, s)
		g := renumbered(t, want, uint64(i))
		dims, wrap, pos, ok := guest.GridLabels(context.Background(), g)
		if !ok {
			t.Errorf("%s renumbered: not recognised", s)
			continue
		}
		if a, b := slices.Sorted(slices.Values(dims)), slices.Sorted(slices.Values(want.Dims)); !slices.Equal(a, b) || wrap != want.Wrap {
			t.Errorf("%s renumbered: read as %v wrap %v", s, dims, wrap)
			continue
		}
		checkLabels(t, s, g, dims, wrap, pos)
	}
	for _, s := range []string{"grid:9x7", "grid:6x7:wrap", "grid:4x3x5", "grid:5x6x5:wrap"} {
		g := oneWay(t, renumbered(t, built(t, s), 9))
		dims, wrap, pos, ok := guest.GridLabels(context.Background(), g)
		if !ok {
			t.Errorf("%s renumbered, its arcs listed one way: not recognised", s)
			continue
		}
		u, err := g.Undirected()
		if err != nil {
			t.Fatal(err)
		}
		checkLabels(t, s+" one way", u, dims, wrap, pos)
	}
}

// TestGridLabelsFindsANinePointStencilWhateverItsNumbering: the 9- and
// 27-point stencils of unwrapped grids of sides of 3 or more and of
// wrapped ones of sides of 5 or more, renumbered at random and weighted
// unevenly, are read as their grid, with labels under which every arc
// joins cells at most 1 apart along every axis.
func TestGridLabelsFindsANinePointStencilWhateverItsNumbering(t *testing.T) {
	for i, tc := range []struct {
		dims []int
		wrap bool
	}{
		{[]int{3, 3}, false}, {[]int{3, 7}, false}, {[]int{8, 3}, false}, {[]int{12, 10}, false},
		{[]int{32, 32}, false}, {[]int{64, 5}, false},
		{[]int{5, 5}, true}, {[]int{8, 7}, true}, {[]int{32, 32}, true}, {[]int{64, 5}, true},
		{[]int{5, 5, 5}, true}, {[]int{6, 5, 7}, true}, {[]int{16, 16, 16}, true},
		{[]int{3, 3, 3}, false}, {[]int{4, 3, 5}, false}, {[]int{9, 8, 7}, false}, {[]int{16, 4, 3}, false},
	} {
		g := renumbered(t, box(t, tc.dims, tc.wrap, 1), uint64(20+i))
		got, wrap, pos, ok := guest.GridLabels(context.Background(), g)
		if !ok || wrap != tc.wrap || !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.dims))) {
			t.Errorf("%d-point %v wrap %v renumbered: read as %v wrap %v, ok %v", g.Arcs()/g.Order()+1, tc.dims, tc.wrap, got, wrap, ok)
			continue
		}
		checkKing(t, fmt.Sprint(tc.dims), g, got, wrap, pos)
	}
}

// checkKing fails unless pos is a bijection onto the grid of dims (wrapped
// if wrap) under which every arc of g joins cells at most 1 apart along
// every axis, and g has as many arcs as the grid's 9- or 27-point stencil.
func checkKing(t *testing.T, name string, g *guest.Graph, dims []int, wrap bool, pos []int32) {
	t.Helper()
	if g.Arcs() != guest.KingArcs(dims, wrap) {
		t.Fatalf("%s: %d arcs, not the 9- or 27-point stencil of %v wrap %v", name, g.Arcs(), dims, wrap)
	}
	checkBijection(t, name, pos)
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			if pos[v] == pos[u] || !near(int(pos[v]), int(pos[u]), dims, wrap, 1) {
				t.Fatalf("%s: arc %d→%d lands on cells %d, %d of %v", name, v, u, pos[v], pos[u], dims)
			}
		}
	}
}

// TestKingArcsCountsTheStencil: KingArcs is the number of arcs of the
// stencils that box builds.
func TestKingArcsCountsTheStencil(t *testing.T) {
	for _, tc := range []struct {
		dims []int
		wrap bool
	}{{[]int{3, 3}, false}, {[]int{7, 4}, false}, {[]int{5, 6}, true}, {[]int{3, 4, 5}, false}, {[]int{5, 6, 7}, true}} {
		if got, want := guest.KingArcs(tc.dims, tc.wrap), box(t, tc.dims, tc.wrap, 1).Arcs(); got != want {
			t.Errorf("KingArcs(%v, %v) = %d, the stencil has %d", tc.dims, tc.wrap, got, want)
		}
	}
}

// TestGridLabelsRefusesWhatIsNoGrid: graphs that are not a nearest-
// neighbour grid, some of them close to one, are not read as one (and
// wrapped axes under MinWrappedAxis are not tried).
func TestGridLabelsRefusesWhatIsNoGrid(t *testing.T) {
	grid := renumbered(t, built(t, "grid:12x10"), 7)
	for _, tc := range []struct {
		name string
		g    *guest.Graph
	}{
		{"a 9-point stencil less one edge", withoutFirstArc(t, renumbered(t, box(t, []int{12, 10}, false, 1), 1))},
		{"a 9-point stencil and a chord", withChord(t, box(t, []int{12, 10}, false, 1))},
		{"a periodic 9-point stencil less one edge", withoutFirstArc(t, renumbered(t, box(t, []int{8, 7}, true, 1), 1))},
		{"a periodic 9-point stencil and a chord", withChord(t, box(t, []int{8, 7}, true, 1))},
		{"a periodic 9-point stencil of a side of 4", renumbered(t, box(t, []int{8, 4}, true, 1), 1)},
		{"a periodic 27-point stencil less one edge", withoutFirstArc(t, renumbered(t, box(t, []int{5, 6, 5}, true, 1), 1))},
		{"a periodic 27-point stencil of a side of 4", renumbered(t, box(t, []int{5, 4, 6}, true, 1), 1)},
		{"a 27-point stencil less one edge", withoutFirstArc(t, renumbered(t, box(t, []int{4, 3, 5}, false, 1), 1))},
		{"a 27-point stencil and a chord", withChord(t, box(t, []int{4, 3, 5}, false, 1))},
		{"a grid less one edge", without(t, grid, 0, int(grid.Neighbors(0)[0]))},
		{"a grid and a chord", withChord(t, built(t, "grid:12x10"))},
		{"a ring", ring(40)},
		{"a 4-cube (a 4x4 torus)", custom(t, "hypercube:4")},
		{"a 6-cube", custom(t, "hypercube:6")},
		{"a 4x4x4 torus", renumbered(t, built(t, "grid:4x4x4:wrap"), 2)},
		{"two grids side by side", twice(t, built(t, "grid:4x5"))},
		{"a Klein bottle", klein(t, 8, 6)},
	} {
		if dims, wrap, _, ok := guest.GridLabels(context.Background(), tc.g); ok {
			t.Errorf("%s: read as grid %v wrap %v", tc.name, dims, wrap)
		}
	}
}

// withChord is g (a grid) and one edge between cell 0 and the middle
// cell, far apart on every grid, as a Custom graph.
func withChord(t *testing.T, g *guest.Graph) *guest.Graph {
	var arcs []guest.Arc
	for u := range g.Order() {
		for _, v := range g.Neighbors(u) {
			arcs = append(arcs, guest.Arc{From: u, To: int(v), Volume: 1})
		}
	}
	mid := g.Order() / 2
	arcs = append(arcs, guest.Arc{From: 0, To: mid, Volume: 1}, guest.Arc{From: mid, To: 0, Volume: 1})
	out, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// twice is two copies of g that do not talk.
func twice(t *testing.T, g *guest.Graph) *guest.Graph {
	n := g.Order()
	var arcs []guest.Arc
	for u := range n {
		for _, v := range g.Neighbors(u) {
			arcs = append(arcs, guest.Arc{From: u, To: int(v), Volume: 1}, guest.Arc{From: u + n, To: int(v) + n, Volume: 1})
		}
	}
	out, _, err := guest.FromArcs(2*n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// klein is an a×b grid whose rows wrap and whose last row joins the
// first mirrored, (x, b-1) to (-x, 0): every vertex has 4 neighbours and
// every square closes, but its lines across the rows are of two lengths,
// and it is no torus.
func klein(t *testing.T, a, b int) *guest.Graph {
	var arcs []guest.Arc
	link := func(u, v int) {
		arcs = append(arcs, guest.Arc{From: u, To: v, Volume: 1}, guest.Arc{From: v, To: u, Volume: 1})
	}
	for y := range b {
		for x := range a {
			link(x+a*y, (x+1)%a+a*y)
			if y+1 < b {
				link(x+a*y, x+a*(y+1))
			} else {
				link(x+a*y, (a-x)%a)
			}
		}
	}
	out, _, err := guest.FromArcs(a*b, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// FuzzGridLabels: whatever the graph, GridLabels does not panic, and what
// it reads as a grid is one (checkLabels, or checkKing for a 9- or
// 27-point stencil).
func FuzzGridLabels(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2, 2, 3, 3, 0}, uint8(3))
	f.Add([]byte{0, 1, 1, 2, 3, 4, 4, 5, 0, 3, 1, 4, 2, 5}, uint8(6))
	f.Add([]byte{0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 0, 3, 3, 6, 1, 4, 4, 7, 2, 5, 5, 8, 0, 4, 1, 3, 1, 5, 2, 4, 3, 7, 4, 6, 4, 8, 5, 7}, uint8(8))
	f.Add(wrappedKingArcs(5, 5), uint8(24))
	f.Fuzz(func(t *testing.T, edges []byte, order uint8) {
		n := int(order%64) + 1
		var arcs []guest.Arc
		for i := 0; i+1 < len(edges); i += 2 {
			u, v := int(edges[i])%n, int(edges[i+1])%n
			if u != v {
				arcs = append(arcs, guest.Arc{From: u, To: v, Volume: 1})
			}
		}
		g, _, err := guest.FromArcs(n, arcs)
		if err != nil {
			return
		}
		if dims, wrap, pos, ok := guest.GridLabels(context.Background(), g); ok {
			u, err := g.Undirected()
			if err != nil {
				t.Fatal(err)
			}
			if u.Arcs() != guest.GridArcs(dims, wrap) {
				checkKing(t, "fuzzed", u, dims, wrap, pos)
			} else {
				checkLabels(t, "fuzzed", u, dims, wrap, pos)
			}
		}
	})
}

// wrappedKingArcs returns the arcs of the 9-point stencil of the wrapped
// a×b grid, both ways, as FuzzGridLabels reads them: a byte per end.
func wrappedKingArcs(a, b int) []byte {
	var out []byte
	for v := range a * b {
		x, y := v%a, v/a
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if dx != 0 || dy != 0 {
					out = append(out, byte(v), byte((x+dx+a)%a+(y+dy+b)%b*a))
				}
			}
		}
	}
	return out
}

// BenchmarkGridLabels reads a renumbered grid of 1M vertices, the largest
// job's guest, and the renumbered 9-point stencil of a 512x512 grid and
// 27-point one of a 48x48x48 torus (2.1M and 2.9M arcs), as their grids.
func BenchmarkGridLabels(b *testing.B) {
	sp, err := guest.Parse("grid:1024x1024")
	if err != nil {
		b.Fatal(err)
	}
	g0, err := sp.Build()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		g    *guest.Graph
	}{
		{"grid:1024x1024-renumbered", renumbered(b, g0, 1)},
		{"9-point-512x512-renumbered", renumbered(b, box(b, []int{512, 512}, false, 1), 2)},
		{"27-point-48x48x48-wrapped-renumbered", renumbered(b, box(b, []int{48, 48, 48}, true, 1), 3)},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, _, ok := guest.GridLabels(context.Background(), c.g); !ok {
					b.Fatal("not read as a grid")
				}
			}
		})
	}
}

// TestGridLabelsStopsWhenCancelled: a cancelled context ends the walk,
// which then reads no grid.
func TestGridLabelsStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, ok := guest.GridLabels(ctx, renumbered(t, built(t, "grid:64x64"), 4)); ok {
		t.Error("read as a grid under a cancelled context")
	}
}

// withoutFirstArc is g without the edge of its first arc.
func withoutFirstArc(t *testing.T, g *guest.Graph) *guest.Graph {
	return without(t, g, 0, int(g.Neighbors(0)[0]))
}
