package guest_test

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
)

// checkCSR checks the invariants every Graph has: well-formed offsets,
// in-range arcs without self-loops or duplicates, and every arc matched by
// its reverse with the same volume and label.
func checkCSR(t *testing.T, g *guest.Graph) {
	t.Helper()
	n := g.Order()
	if g.Offsets[0] != 0 || int(g.Offsets[n]) != len(g.Adj) {
		t.Fatalf("%v: offsets [%d..%d] for %d arcs", g, g.Offsets[0], g.Offsets[n], len(g.Adj))
	}
	if g.Label != nil && len(g.Label) != len(g.Adj) || g.Weight != nil && len(g.Weight) != len(g.Adj) {
		t.Fatalf("%v: %d labels, %d weights for %d arcs", g, len(g.Label), len(g.Weight), len(g.Adj))
	}
	type key struct{ u, v int32 }
	arcs := map[key]int{}
	for v := range n {
		if g.Offsets[v] > g.Offsets[v+1] {
			t.Fatalf("%v: offsets decrease at %d", g, v)
		}
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u := g.Adj[e]
			switch {
			case u < 0 || int(u) >= n:
				t.Fatalf("%v: arc %d->%d out of range", g, v, u)
			case int(u) == v:
				t.Fatalf("%v: self-loop at %d", g, v)
			}
			if _, dup := arcs[key{int32(v), u}]; dup {
				t.Fatalf("%v: arc %d->%d twice", g, v, u)
			}
			arcs[key{int32(v), u}] = int(e)
		}
	}
	for k, e := range arcs {
		r, ok := arcs[key{k.v, k.u}]
		if !ok {
			t.Fatalf("%v: arc %d->%d has no reverse", g, k.u, k.v)
		}
		if g.Volume(e) != g.Volume(r) {
			t.Errorf("%v: arc %d->%d volume %v, reverse %v", g, k.u, k.v, g.Volume(e), g.Volume(r))
		}
		if g.Label != nil && g.Label[e] != g.Label[r] {
			t.Errorf("%v: arc %d->%d label %d, reverse %d", g, k.u, k.v, g.Label[e], g.Label[r])
		}
	}
}

func TestHypercube(t *testing.T) {
	for d := range 9 {
		g, err := guest.NewHypercube(d)
		if err != nil {
			t.Fatal(err)
		}
		checkCSR(t, g)
		if g.Order() != 1<<d || g.Arcs() != d<<d || guest.CubeArcs(d) != g.Arcs() {
			t.Errorf("hypercube %d: %d vertices, %d arcs; want %d, %d", d, g.Order(), g.Arcs(), 1<<d, d<<d)
		}
		for v := range g.Order() {
			nb := g.Neighbors(v)
			if len(nb) != d {
				t.Fatalf("hypercube %d: vertex %d has degree %d", d, v, len(nb))
			}
			for i, u := range nb {
				e := int(g.Offsets[v]) + i
				// N_i(n) = n XOR 2^i, dimension order (González & Valero-García 1993, §2)
				if int(u) != v^1<<i || g.Label[e] != int8(i) || g.Volume(e) != 1 {
					t.Fatalf("hypercube %d: arc %d of vertex %d goes to %d label %d; want %d label %d", d, i, v, u, g.Label[e], v^1<<i, i)
				}
			}
		}
		if want := "hypercube:" + strconv.Itoa(d); g.String() != want {
			t.Errorf("String() = %q, want %q", g.String(), want)
		}
	}
}

// gridNeighbours lists by coordinates the objects one step from v along
// each axis, with the label of that axis, in the documented order.
func gridNeighbours(dims []int, wrap bool, v int) (adj []int32, labels []int8) {
	xs := make([]int, len(dims))
	for a, x := 0, v; a < len(dims); a++ {
		xs[a], x = x%dims[a], x/dims[a]
	}
	index := func(ys []int) int32 {
		i := 0
		for a := len(dims) - 1; a >= 0; a-- {
			i = i*dims[a] + ys[a]
		}
		return int32(i)
	}
	for a, k := range dims {
		var seen []int
		for _, s := range []int{-1, 1} {
			y := xs[a] + s
			if wrap {
				y = (y + k) % k
			}
			if y < 0 || y >= k || y == xs[a] || slices.Contains(seen, y) {
				continue
			}
			seen = append(seen, y)
			ys := slices.Clone(xs)
			ys[a] = y
			adj = append(adj, index(ys))
			labels = append(labels, int8(a))
		}
	}
	return adj, labels
}

func TestGrid(t *testing.T) {
	tests := []struct {
		dims []int
		wrap bool
		arcs int // hand count of directed stencil edges
	}{
		{[]int{1, 1}, false, 0},
		{[]int{1, 1}, true, 0},
		{[]int{2, 1}, true, 2},   // size 2 wraps onto the same neighbour: one edge
		{[]int{2, 2}, true, 8},   // = the non-periodic 2x2
		{[]int{3, 3}, true, 36},  // size 3: every object has 4 distinct neighbours
		{[]int{3, 1}, true, 6},   // a 3-ring
		{[]int{6, 5}, false, 98}, // 5·5·2 x-arcs + 6·4·2 y-arcs
		{[]int{9, 8}, false, 254},
		{[]int{9, 8}, true, 288},
		{[]int{4, 3, 2}, false, 2 * (3*3*2 + 4*2*2 + 4*3*1)},
		{[]int{4, 3, 2}, true, 2*(4*3*2)*2 + 4*3*2},
		{[]int{7}, false, 12},
		{[]int{2, 2, 2, 2}, false, 64},
	}
	for _, tt := range tests {
		g, err := guest.NewGrid(tt.dims, tt.wrap)
		if err != nil {
			t.Fatal(err)
		}
		name := g.String()
		checkCSR(t, g)
		if g.Arcs() != tt.arcs || guest.GridArcs(tt.dims, tt.wrap) != tt.arcs {
			t.Errorf("%s: %d arcs, want %d", name, g.Arcs(), tt.arcs)
		}
		for v := range g.Order() {
			adj, labels := gridNeighbours(tt.dims, tt.wrap, v)
			lo, hi := g.Offsets[v], g.Offsets[v+1]
			if !slices.Equal(g.Neighbors(v), adj) || !slices.Equal(g.Label[lo:hi], labels) {
				t.Fatalf("%s: object %d has neighbours %v labels %v; want %v %v", name, v, g.Neighbors(v), g.Label[lo:hi], adj, labels)
			}
		}
	}
}

func TestGridString(t *testing.T) {
	tests := []struct {
		dims []int
		wrap bool
		want string
	}{
		{[]int{9, 8}, false, "grid:9x8"},
		{[]int{8, 8, 8}, true, "grid:8x8x8:wrap"},
	}
	for _, tt := range tests {
		g, _ := guest.NewGrid(tt.dims, tt.wrap)
		if g.String() != tt.want {
			t.Errorf("String() = %q, want %q", g.String(), tt.want)
		}
	}
	g, _ := guest.FromEdges(5, nil)
	if g.String() != "graph:5" {
		t.Errorf("String() = %q, want graph:5", g.String())
	}
}

func TestFromEdges(t *testing.T) {
	g, err := guest.FromEdges(4, []guest.Edge{
		{0, 1, 2}, {1, 2, 1}, {1, 0, 3}, {3, 0, 0.5}, {0, 1, 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkCSR(t, g)
	// neighbours in order of first edge; parallel volumes added: 2+3+1 = 6
	want := []struct {
		adj []int32
		vol []float64
	}{
		{[]int32{1, 3}, []float64{6, 0.5}},
		{[]int32{0, 2}, []float64{6, 1}},
		{[]int32{1}, []float64{1}},
		{[]int32{0}, []float64{0.5}},
	}
	for v, w := range want {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		if !slices.Equal(g.Neighbors(v), w.adj) || !slices.Equal(g.Weight[lo:hi], w.vol) {
			t.Errorf("vertex %d: neighbours %v volumes %v; want %v %v", v, g.Neighbors(v), g.Weight[lo:hi], w.adj, w.vol)
		}
	}
	if g.Kind != guest.Custom || g.Label != nil || g.Arcs() != 6 {
		t.Errorf("kind %v, labels %v, %d arcs", g.Kind, g.Label, g.Arcs())
	}
}

// TestFromEdgesMatchesGrid rebuilds grids from their edge lists.
func TestFromEdgesMatchesGrid(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		grid, _ := guest.NewGrid([]int{5, 4, 3}, wrap)
		var edges []guest.Edge
		for v := range grid.Order() {
			for _, u := range grid.Neighbors(v) {
				if int(u) > v {
					edges = append(edges, guest.Edge{U: v, V: int(u), Volume: 1}, guest.Edge{U: int(u), V: v, Volume: 2})
				}
			}
		}
		g, err := guest.FromEdges(grid.Order(), edges)
		if err != nil {
			t.Fatal(err)
		}
		checkCSR(t, g)
		for v := range g.Order() {
			got := slices.Sorted(slices.Values(g.Neighbors(v)))
			want := slices.Sorted(slices.Values(grid.Neighbors(v)))
			if !slices.Equal(got, want) {
				t.Fatalf("vertex %d: %v, want %v", v, got, want)
			}
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				if g.Weight[e] != 3 {
					t.Fatalf("vertex %d: volume %v, want 1+2", v, g.Weight[e])
				}
			}
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		make func() (*guest.Graph, error)
		want string
	}{
		{"cube -1", func() (*guest.Graph, error) { return guest.NewHypercube(-1) }, "hypercube dimension -1 out of [0, 21]"},
		{"cube 22", func() (*guest.Graph, error) { return guest.NewHypercube(22) }, "hypercube dimension 22 out of [0, 21]"},
		{"cube 64", func() (*guest.Graph, error) { return guest.NewHypercube(64) }, "hypercube dimension 64"},
		{"cube 200", func() (*guest.Graph, error) { return guest.NewHypercube(200) }, "hypercube dimension 200"},
		{"grid without sizes", func() (*guest.Graph, error) { return guest.NewGrid(nil, false) }, "grid without dimensions"},
		{"grid with 0", func() (*guest.Graph, error) { return guest.NewGrid([]int{3, 0}, false) }, "grid dimension 2 has size 0"},
		{"grid too large", func() (*guest.Graph, error) { return guest.NewGrid([]int{1 << 13, 1 << 12}, true) }, "more than 16,777,216 objects"},
		{"grid with too many arcs", func() (*guest.Graph, error) { return guest.NewGrid([]int{256, 256, 256}, false) }, "grid of 100,270,080 arcs, more than 67,108,864"}, // 3 axes · 2 · 256² lines · 255 edges
		{"grid overflow", func() (*guest.Graph, error) { return guest.NewGrid([]int{1 << 40, 1 << 40}, true) }, "more than 16,777,216 objects"},
		{"no vertices", func() (*guest.Graph, error) { return guest.FromEdges(0, nil) }, "0 vertices, want 1 to 16,777,216"},
		{"edge outside", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{0, 3, 1}}) }, "edge (0,3) outside [0, 3)"},
		{"negative vertex", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{-1, 2, 1}}) }, "edge (-1,2) outside"},
		{"self-loop", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{0, 1, 1}, {2, 2, 1}}) }, "self-loop at 2"},
		{"zero volume", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{0, 1, 0}}) }, "edge (0,1) has volume 0"},
		{"NaN volume", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{0, 1, math.NaN()}}) }, "has volume NaN"},
		{"infinite volume", func() (*guest.Graph, error) { return guest.FromEdges(3, []guest.Edge{{0, 1, math.Inf(1)}}) }, "has volume +Inf"},
		{"volumes overflow", func() (*guest.Graph, error) {
			return guest.FromEdges(3, []guest.Edge{{0, 1, math.MaxFloat64}, {1, 0, math.MaxFloat64}})
		}, "the volumes from 0 to 1 add up to more than 1.7976931348623157e+308"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.make()
			if err == nil {
				t.Fatalf("got %v, want an error", g)
			}
			msg := err.Error()
			if !errors.Is(err, guest.ErrInvalid) || !strings.HasPrefix(msg, "guest: ") || strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line, prefix \"guest: \", wrapping ErrInvalid, containing %q", msg, tt.want)
			}
		})
	}
}

// TestCaps checks that the limits admit what they promise and no more.
func TestCaps(t *testing.T) {
	d := guest.MaxCubeDim
	if 1<<d > guest.MaxVertices || guest.CubeArcs(d) > guest.MaxArcs || 1<<(d+1) <= guest.MaxVertices && guest.CubeArcs(d+1) <= guest.MaxArcs {
		t.Errorf("MaxCubeDim = %d is not the largest d-cube within the limits", d)
	}
	// the largest square 2-D grid, with wrap-around, fits
	if a := guest.GridArcs([]int{4096, 4096}, true); a > guest.MaxArcs {
		t.Errorf("grid:4096x4096:wrap has %d arcs, more than MaxArcs", a)
	}
}

func TestFromArcs(t *testing.T) {
	g, loops, err := guest.FromArcs(4, []guest.Arc{
		{0, 1, 2}, {1, 1, 7}, {1, 0, 3}, {2, 3, 0.5}, {0, 1, 1}, {3, 3, 1}, {0, 2, 4},
	})
	if err != nil {
		t.Fatal(err)
	}
	if loops != 2 {
		t.Errorf("%d self-loops dropped, want 2", loops)
	}
	// out-arcs in order of first arc; parallel volumes added: 2+1 = 3; no reverse added
	want := []struct {
		adj []int32
		vol []float64
	}{
		{[]int32{1, 2}, []float64{3, 4}},
		{[]int32{0}, []float64{3}},
		{[]int32{3}, []float64{0.5}},
		{nil, nil},
	}
	for v, w := range want {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		if !slices.Equal(g.Neighbors(v), w.adj) || !slices.Equal(g.Weight[lo:hi], w.vol) {
			t.Errorf("vertex %d: out-arcs %v volumes %v; want %v %v", v, g.Neighbors(v), g.Weight[lo:hi], w.adj, w.vol)
		}
	}
	if g.Kind != guest.Custom || g.Label != nil || g.Arcs() != 4 || g.Offsets[4] != 4 {
		t.Errorf("kind %v, labels %v, %d arcs, offsets %v", g.Kind, g.Label, g.Arcs(), g.Offsets)
	}
}

// TestFromArcsMatchesFromEdges: an undirected edge is two arcs of its volume.
func TestFromArcsMatchesFromEdges(t *testing.T) {
	grid, _ := guest.NewGrid([]int{5, 4, 3}, true)
	var edges []guest.Edge
	var arcs []guest.Arc
	for v := range grid.Order() {
		for _, u := range grid.Neighbors(v) {
			if int(u) > v {
				vol := float64(v%7 + 1)
				edges = append(edges, guest.Edge{U: v, V: int(u), Volume: vol})
				arcs = append(arcs, guest.Arc{From: v, To: int(u), Volume: vol}, guest.Arc{From: int(u), To: v, Volume: vol})
			}
		}
	}
	a, _ := guest.FromEdges(grid.Order(), edges)
	b, loops, err := guest.FromArcs(grid.Order(), arcs)
	if err != nil || loops != 0 {
		t.Fatal(err, loops)
	}
	checkCSR(t, b)
	for v := range a.Order() {
		for e := a.Offsets[v]; e < a.Offsets[v+1]; e++ {
			i := slices.Index(b.Neighbors(v), a.Adj[e])
			if i < 0 || b.Weight[int(b.Offsets[v])+i] != a.Weight[e] {
				t.Fatalf("arc %d->%d of volume %v missing from FromArcs", v, a.Adj[e], a.Weight[e])
			}
		}
	}
	if a.Arcs() != b.Arcs() {
		t.Errorf("FromArcs has %d arcs, FromEdges %d", b.Arcs(), a.Arcs())
	}
}

func TestFromArcsErrors(t *testing.T) {
	tests := []struct {
		name string
		n    int
		arcs []guest.Arc
		want string
	}{
		{"no vertices", 0, nil, "guest: invalid graph: 0 vertices, want 1 to 16,777,216"},
		{"too many vertices", guest.MaxVertices + 1, nil, "guest: invalid graph: 16,777,217 vertices, want 1 to 16,777,216"},
		{"arc outside", 3, []guest.Arc{{0, 3, 1}}, "guest: invalid graph: arc (0,3) outside [0, 3)"},
		{"negative vertex", 3, []guest.Arc{{-1, 2, 1}}, "guest: invalid graph: arc (-1,2) outside [0, 3)"},
		{"zero volume", 3, []guest.Arc{{0, 1, 0}}, "guest: invalid graph: arc (0,1) has volume 0, want a finite number > 0"},
		{"negative volume on a self-loop", 3, []guest.Arc{{1, 1, -2}}, "guest: invalid graph: arc (1,1) has volume -2, want a finite number > 0"},
		{"NaN volume", 3, []guest.Arc{{0, 1, math.NaN()}}, "guest: invalid graph: arc (0,1) has volume NaN, want a finite number > 0"},
		{"infinite volume", 3, []guest.Arc{{2, 1, math.Inf(1)}}, "guest: invalid graph: arc (2,1) has volume +Inf, want a finite number > 0"},
		{"volumes overflow", 3, []guest.Arc{{2, 1, math.MaxFloat64}, {0, 1, 1}, {2, 1, math.MaxFloat64}}, "guest: invalid graph: the volumes from 2 to 1 add up to more than 1.7976931348623157e+308"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _, err := guest.FromArcs(tt.n, tt.arcs)
			if err == nil {
				t.Fatalf("got %v, want an error", g)
			}
			if !errors.Is(err, guest.ErrInvalid) || err.Error() != tt.want {
				t.Errorf("error %q, want %q wrapping ErrInvalid", err, tt.want)
			}
		})
	}
}

func TestIsolated(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int
		arcs []guest.Arc
		want int
	}{
		{"one vertex", 1, nil, 1},
		{"an arc out, an arc in", 4, []guest.Arc{{From: 0, To: 2, Volume: 1}}, 2},
		{"a chain", 3, []guest.Arc{{From: 0, To: 1, Volume: 1}, {From: 2, To: 1, Volume: 1}}, 0},
	} {
		g, _, err := guest.FromArcs(tt.n, tt.arcs)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Isolated(); got != tt.want {
			t.Errorf("%s: %d isolated, want %d", tt.name, got, tt.want)
		}
	}
}
