package gridmap

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// all2D are the 2-D → 2-D mappers with equal sizes.
var all2D = []mapper{{"rowmajor", RowMajor}, {"snake", Snake}, {"MXOVLP", MaxOverlap}, {"MXOV+AL", MaxOverlapAligned},
	{"EXCO", ExpandFromCorner}, {"COCE", CornersToCenter}, {"AFFN", Affine}, {"bisect", Bisect}}

// divisor returns a random divisor of n.
func divisor(rng *rand.Rand, n int) int {
	var ds []int
	for d := 1; d <= n; d++ {
		if n%d == 0 {
			ds = append(ds, d)
		}
	}
	return ds[rng.IntN(len(ds))]
}

// randomWrap returns a random wrap flag per axis (nil = mesh half the time).
func randomWrap(rng *rand.Rand, c int) []bool {
	if rng.IntN(2) == 0 {
		return nil
	}
	w := make([]bool, c)
	for a := range w {
		w[a] = rng.IntN(3) > 0
	}
	return w
}

// checkPlacement checks that place maps every object to a distinct
// processor of h, and that package metric agrees with the independent
// recomputation.
func checkPlacement(t *testing.T, name string, place []int, obj []int, h Box) {
	t.Helper()
	if len(place) != product(obj) {
		t.Fatalf("%s: %d entries for %d objects", name, len(place), product(obj))
	}
	seen := make([]bool, h.Size())
	for v, p := range place {
		if p < 0 || p >= len(seen) {
			t.Fatalf("%s: object %d on processor %d, outside [0, %d)", name, v, p, len(seen))
		}
		if seen[p] {
			t.Fatalf("%s: processor %d used twice", name, p)
		}
		seen[p] = true
	}
	if len(place) < 2 {
		return
	}
	m := evaluate(t, place, obj, h)
	hpb, dil := gridStats(place, obj, h)
	if math.Abs(m.HopsPerByte-hpb) > 1e-9 || m.MaxDilation != dil {
		t.Errorf("%s: metric %.6f / %d, recomputation %.6f / %d", name, m.HopsPerByte, m.MaxDilation, hpb, dil)
	}
	if hpb < 1-1e-12 {
		t.Errorf("%s: %.4f hops per byte, below 1 for a bijection", name, hpb)
	}
}

// TestProperties2D: every 2-D mapper gives a bijection on random shapes of
// equal size, on meshes, toruses and mixed hosts.
func TestProperties2D(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6)) // fixed seed: reproducible shapes
	for range 150 {
		obj := []int{1 + rng.IntN(24), 1 + rng.IntN(24)}
		n := product(obj)
		px := divisor(rng, n)
		h := Box{Dims: []int{px, n / px}, Wrap: randomWrap(rng, 2)}
		for _, m := range all2D {
			name := fmt.Sprintf("%s %v->%v wrap %v", m.name, obj, h.Dims, h.Wrap)
			place, err := m.f(obj, h)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkPlacement(t, name, place, obj, h)
		}
		// Fold applies when the sides match up to order and one factor.
		if place, err := Fold(obj, h); err == nil {
			checkPlacement(t, fmt.Sprintf("fold %v->%v wrap %v", obj, h.Dims, h.Wrap), place, obj, h)
		} else if !errors.Is(err, ErrShape) || CheckFold(obj, h) == nil {
			t.Fatalf("fold %v->%v: unexpected error %v", obj, h.Dims, err)
		}
		// Step may use a larger host, of any shape with enough processors.
		big := Box{Dims: []int{px + rng.IntN(6), n/px + rng.IntN(6)}, Wrap: h.Wrap}
		odd := Box{Dims: []int{1 + rng.IntN(40), 0}, Wrap: h.Wrap}
		odd.Dims[1] = (n + odd.Dims[0] - 1) / odd.Dims[0]
		for _, hh := range []Box{h, big, odd} {
			place, err := Step(obj, hh)
			if err != nil {
				t.Fatalf("step %v->%v: %v", obj, hh.Dims, err)
			}
			checkPlacement(t, fmt.Sprintf("step %v->%v", obj, hh.Dims), place, obj, hh)
		}
	}
}

// TestProperties3D: rowmajor, snake, stack, fold and sfc on random 2-D
// grids onto 3-D hosts, and affn3d on random 3-D grids.
func TestProperties3D(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8)) // fixed seed: reproducible shapes
	for range 100 {
		obj := []int{1 + rng.IntN(24), 1 + rng.IntN(24)}
		n := product(obj)
		a := divisor(rng, n)
		b := divisor(rng, n/a)
		h := Box{Dims: []int{a, b, n / a / b}, Wrap: randomWrap(rng, 3)}
		for _, m := range []mapper{{"rowmajor", RowMajor}, {"snake", Snake}, {"stack", Stack}, {"fold", Fold}, {"sfc", Curve}} {
			name := fmt.Sprintf("%s %v->%v wrap %v", m.name, obj, h.Dims, h.Wrap)
			place, err := m.f(obj, h)
			if err != nil {
				if (m.name == "stack" || m.name == "fold") && errors.Is(err, ErrShape) && CheckStack(obj, h) != nil {
					continue
				}
				t.Fatalf("%s: %v", name, err)
			}
			checkPlacement(t, name, place, obj, h)
		}
		obj3 := []int{1 + rng.IntN(9), 1 + rng.IntN(9), 1 + rng.IntN(9)}
		n = product(obj3)
		a = divisor(rng, n)
		b = divisor(rng, n/a)
		h = Box{Dims: []int{a, b, n / a / b}, Wrap: randomWrap(rng, 3)}
		for _, m := range []mapper{{"rowmajor", RowMajor}, {"snake", Snake}, {"affn3d", Affine3D}, {"fold", Fold}, {"bisect", Bisect}} {
			place, err := m.f(obj3, h)
			if err != nil && m.name == "fold" && errors.Is(err, ErrShape) && CheckFold(obj3, h) != nil {
				continue
			}
			if err != nil {
				t.Fatalf("%s %v->%v: %v", m.name, obj3, h.Dims, err)
			}
			checkPlacement(t, fmt.Sprintf("%s %v->%v wrap %v", m.name, obj3, h.Dims, h.Wrap), place, obj3, h)
		}
	}
}

// TestIdentityShapes: with equal shapes every 2-D heuristic of the thesis,
// snake and affn3d are embeddings (1 hop per byte, dilation 1), as the
// reference figures say for 16×16 → 16×16. (STEP is not: its orientation
// rule lays rows across the host's shorter side, so 7×5 onto itself becomes
// bands.)
func TestIdentityShapes(t *testing.T) {
	for _, obj := range [][]int{{16, 16}, {7, 5}, {1, 9}, {12, 3}} {
		for _, h := range []Box{Mesh(obj...), Torus(obj...)} {
			for _, m := range all2D {
				place, err := m.f(obj, h)
				if err != nil {
					t.Fatal(err)
				}
				if hpb, dil := gridStats(place, obj, h); hpb != 1 || dil != 1 {
					t.Errorf("%s %v on itself (wrap %v): %.4f / %d, want 1 / 1", m.name, obj, h.Wrap, hpb, dil)
				}
			}
		}
	}
	for _, obj := range [][]int{{8, 8, 8}, {5, 3, 4}} {
		for _, m := range []mapper{{"snake", Snake}, {"affn3d", Affine3D}} {
			place, err := m.f(obj, Mesh(obj...))
			if err != nil {
				t.Fatal(err)
			}
			if hpb, dil := gridStats(place, obj, Mesh(obj...)); hpb != 1 || dil != 1 {
				t.Errorf("%s %v on itself: %.4f / %d, want 1 / 1", m.name, obj, hpb, dil)
			}
		}
	}
}

// TestErrors: shapes a mapper cannot take are errors wrapping ErrShape,
// never panics.
func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		f    func([]int, Box) ([]int, error)
		obj  []int
		h    Box
	}{
		{"sizes differ", Affine, []int{4, 4}, Mesh(4, 5)},
		{"3-D guest", MaxOverlap, []int{2, 2, 2}, Mesh(4, 2)},
		{"3-D host", ExpandFromCorner, []int{4, 2}, Mesh(2, 2, 2)},
		{"zero side", CornersToCenter, []int{0, 4}, Mesh(4, 0)},
		{"wrap flags", Affine, []int{4, 4}, Box{Dims: []int{4, 4}, Wrap: []bool{true}}},
		{"2-D host for affn3d", Affine3D, []int{2, 2, 2}, Mesh(4, 2)},
		{"stack indivisible", Stack, []int{10, 6}, Mesh(5, 4, 3)},
		{"sfc on 2-D host", Curve, []int{4, 4}, Mesh(4, 4)},
		{"step host too small", Step, []int{9, 8}, Mesh(6, 11)},
		{"snake sizes", Snake, []int{3, 3}, Mesh(2, 2, 2)},
		{"bisect ranks differ", Bisect, []int{4, 4}, Mesh(2, 2, 4)},
		{"bisect sizes differ", Bisect, []int{4, 4}, Mesh(4, 5)},
	}
	for _, tc := range tests {
		if _, err := tc.f(tc.obj, tc.h); !errors.Is(err, ErrShape) {
			t.Errorf("%s: got error %v, want ErrShape", tc.name, err)
		}
	}
}

// TestCurves: the curves visit every cell once with unit steps (sides
// even, or 2-D with an even width), and the classic Hilbert curve is what
// gilbert draws on power-of-two squares.
func TestCurves(t *testing.T) {
	steps := func(out []int32, dims []int) (maxStep int, ok bool) {
		seen := make([]bool, len(out))
		prev := []int(nil)
		for _, v := range out {
			if v < 0 || int(v) >= len(seen) || seen[v] {
				return 0, false
			}
			seen[v] = true
			c := make([]int, len(dims))
			x := int(v)
			for a, k := range dims {
				c[a] = x % k
				x /= k
			}
			if prev != nil {
				d := 0
				for a := range c {
					d += abs(c[a] - prev[a])
				}
				maxStep = max(maxStep, d)
			}
			prev = c
		}
		return maxStep, true
	}
	for _, d := range [][]int{{8, 8}, {32, 8}, {6, 10}, {20, 12}, {64, 2}, {1, 7}, {7, 1}, {13, 9}} {
		out := make([]int32, product(d))
		Gilbert2D(d[0], d[1], out)
		s, ok := steps(out, d)
		if !ok || d[0]%2 == 0 && s != 1 || s > 2 {
			t.Errorf("gilbert2d %v: permutation %v, largest step %d", d, ok, s)
		}
	}
	for _, d := range [][]int{{8, 8, 4}, {16, 16, 8}, {12, 8, 8}, {2, 4, 6}, {10, 6, 4}, {1, 1, 5}, {4, 4, 4}} {
		out := make([]int32, product(d))
		Gilbert3D(d[0], d[1], d[2], out)
		if s, ok := steps(out, d); !ok || s != 1 {
			t.Errorf("gilbert3d %v: permutation %v, largest step %d", d, ok, s)
		}
	}
	// Sequences printed by the reference gilbert2d.py / gilbert3d.py of
	// jakubcerveny/gilbert (cell index x + w·y [+ w·h·z]); 24 shapes up to
	// 100×63 and 32×32×8 were compared the same way while porting.
	golden := []struct {
		dims []int
		want string
	}{
		{[]int{5, 3}, "0 5 10 11 6 1 2 7 12 13 14 9 8 3 4"},
		{[]int{4, 2}, "0 4 5 1 2 6 7 3"},
		{[]int{2, 2, 2}, "0 2 6 4 5 7 3 1"},
		{[]int{2, 4, 6}, "0 1 9 8 16 24 25 17 19 27 26 18 10 11 3 2 4 5 7 6 14 15 13 12 20 21 23 22 30 31 29 28 36 37 39 38 46 47 45 44 42 34 35 43 41 33 32 40"},
	}
	for _, g := range golden {
		out := make([]int32, product(g.dims))
		if len(g.dims) == 2 {
			Gilbert2D(g.dims[0], g.dims[1], out)
		} else {
			Gilbert3D(g.dims[0], g.dims[1], g.dims[2], out)
		}
		if got := strings.Trim(fmt.Sprint(out), "[]"); got != g.want {
			t.Errorf("gilbert %v:\ngot  %s\nwant %s", g.dims, got, g.want)
		}
	}
	for _, n := range []int{1, 2, 4, 8, 16, 32} {
		h, g := make([]int32, n*n), make([]int32, n*n)
		Hilbert2D(n, h)
		Gilbert2D(n, n, g)
		if s, ok := steps(h, []int{n, n}); !ok || n > 1 && s != 1 {
			t.Errorf("hilbert2d %d: permutation %v, largest step %d", n, ok, s)
		}
		for t2 := range h {
			if h[t2] != g[t2] {
				t.Errorf("hilbert2d %d differs from gilbert2d at step %d", n, t2)
				break
			}
		}
		h3 := make([]int32, n*n*n)
		Hilbert3D(n, h3)
		if s, ok := steps(h3, []int{n, n, n}); !ok || n > 1 && s != 1 {
			t.Errorf("hilbert3d %d: permutation %v, largest step %d", n, ok, s)
		}
	}
}
