package gridmap

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// naive2D is findNearest2D exactly as the package doc writes it: shells of
// increasing Manhattan distance D, dx ascending from −D to +D, then +dy
// before −dy ("order A"); a wrapping axis takes coordinates modulo its size
// and limits the shells to its half size. It returns the first free
// processor, or ok = false.
func naive2D(used func(a, b int) bool, tx, ty int, h Box) (int, int, bool) {
	px, py := h.Dims[0], h.Dims[1]
	maxD := 0
	for a, k := range h.Dims {
		if h.wraps(a) {
			maxD += k / 2
		} else {
			maxD += k - 1
		}
	}
	for D := 0; D <= maxD; D++ {
		for dx := -D; dx <= D; dx++ {
			dy := D - abs(dx)
			for _, s := range []int{1, -1} {
				if s == -1 && dy == 0 {
					break
				}
				x, ok1 := naiveCoord(tx+dx, px, h.wraps(0))
				y, ok2 := naiveCoord(ty+s*dy, py, h.wraps(1))
				if ok1 && ok2 && !used(x, y) {
					return x, y, true
				}
			}
		}
	}
	return 0, 0, false
}

// naive3D is findNearest3D as the package doc writes it: dx ascending in
// [−D, D], dy ascending in [−r, r] with r = D − |dx|, dz = r − |dy|, +dz
// before −dz.
func naive3D(used func(a, b, c int) bool, t [3]int, h Box) ([3]int, bool) {
	maxD := 0
	for a, k := range h.Dims {
		if h.wraps(a) {
			maxD += k / 2
		} else {
			maxD += k - 1
		}
	}
	for D := 0; D <= maxD; D++ {
		for dx := -D; dx <= D; dx++ {
			r := D - abs(dx)
			for dy := -r; dy <= r; dy++ {
				dz := r - abs(dy)
				for _, s := range []int{1, -1} {
					if s == -1 && dz == 0 {
						break
					}
					var c [3]int
					ok := true
					for a, o := range [3]int{dx, dy, s * dz} {
						var in bool
						c[a], in = naiveCoord(t[a]+o, h.Dims[a], h.wraps(a))
						ok = ok && in
					}
					if ok && !used(c[0], c[1], c[2]) {
						return c, true
					}
				}
			}
		}
	}
	return [3]int{}, false
}

func naiveCoord(x, k int, wrap bool) (int, bool) {
	if wrap {
		return ((x % k) + k) % k, true
	}
	return x, x >= 0 && x < k
}

// hosts2D are small hosts of every wrap combination, with odd and even
// sides and sides 1 and 2 (where ±k/2 coincide).
var hosts2D = []Box{
	Mesh(7, 5), Torus(7, 5), Torus(6, 4), Mesh(1, 9), Torus(2, 8), Torus(9, 1),
	{Dims: []int{6, 7}, Wrap: []bool{true, false}}, {Dims: []int{5, 8}, Wrap: []bool{false, true}},
	Mesh(12, 3), Torus(3, 12),
}

// TestNearest2DOrderA checks Nearest against the naive shell scan on
// random occupancies: each step takes a random target's nearest free
// processor with both and compares, so both see the same occupancy.
func TestNearest2DOrderA(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2)) // fixed seed: reproducible cases
	for _, h := range hosts2D {
		for _, line := range []int{1, 2} { // lines along x, then y
			t.Run(fmt.Sprintf("%v wrap %v line %d", h.Dims, h.Wrap, line), func(t *testing.T) {
				testNearest2D(t, rng, h, func() *Nearest {
					return newNearestAlong([3]int{1, h.Dims[0], h.Dims[1]}, [3]bool{false, h.wraps(0), h.wraps(1)}, true, line)
				})
			})
		}
	}
}

func testNearest2D(t *testing.T, rng *rand.Rand, h Box, newF func() *Nearest) {
	t.Helper()
	for trial := range 20 {
		f := newF()
		px, py := h.Dims[0], h.Dims[1]
		used := make([]bool, px*py)
		// Pre-fill a random share of the processors.
		fill := rng.Float64()
		for p := range used {
			if rng.Float64() < fill {
				used[p] = true
				f.Use2D(p%px, p/px)
			}
		}
		for f.Free() > 0 {
			tx, ty := rng.IntN(px), rng.IntN(py)
			wa, wb, wok := naive2D(func(a, b int) bool { return used[a+px*b] }, tx, ty, h)
			a, b, ok := f.Take2D(tx, ty)
			if a != wa || b != wb || ok != wok {
				t.Fatalf("trial %d target (%d,%d): got (%d,%d,%v), want (%d,%d,%v)", trial, tx, ty, a, b, ok, wa, wb, wok)
			}
			used[a+px*b] = true
		}
		if _, _, ok := f.Take2D(0, 0); ok {
			t.Fatal("full host: Take2D returned ok")
		}
	}
}

// TestNearest3DOrderA is TestNearest2DOrderA for findNearest3D.
func TestNearest3DOrderA(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4)) // fixed seed: reproducible cases
	hosts := []Box{Mesh(4, 5, 3), Torus(4, 5, 3), Torus(2, 6, 4), Mesh(1, 7, 2),
		{Dims: []int{5, 4, 6}, Wrap: []bool{true, false, true}}, Torus(3, 3, 8), Mesh(8, 2, 2),
		Torus(6, 6, 6), Mesh(9, 4, 5), {Dims: []int{7, 8, 6}, Wrap: []bool{false, true, false}}}
	for _, h := range hosts {
		for line := range 3 {
			t.Run(fmt.Sprintf("%v wrap %v line %d", h.Dims, h.Wrap, line), func(t *testing.T) {
				testNearest3D(t, rng, h, func() *Nearest {
					return newNearestAlong([3]int{h.Dims[0], h.Dims[1], h.Dims[2]}, [3]bool{h.wraps(0), h.wraps(1), h.wraps(2)}, false, line)
				}, uniformTarget)
			})
		}
	}
}

// TestNearest3DShells is TestNearest3DOrderA on hosts with inner targets
// (at least 2 from every side, probed by slot deltas), half of the targets
// inner and half within 2 of a side (probed by the per-axis tables), so
// both shell probes meet every occupancy around them.
func TestNearest3DShells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6)) // fixed seed: reproducible cases
	hosts := []Box{Mesh(9, 8, 7), Torus(9, 8, 7), Mesh(5, 5, 5), Torus(5, 6, 5),
		{Dims: []int{7, 5, 9}, Wrap: []bool{true, false, true}},
		{Dims: []int{6, 9, 5}, Wrap: []bool{false, true, false}},
		Torus(4, 9, 6)} // side 4: no inner target, ±2 reach the same ring node
	for _, h := range hosts {
		for line := range 3 {
			t.Run(fmt.Sprintf("%v wrap %v line %d", h.Dims, h.Wrap, line), func(t *testing.T) {
				testNearest3D(t, rng, h, func() *Nearest {
					return newNearestAlong([3]int{h.Dims[0], h.Dims[1], h.Dims[2]}, [3]bool{h.wraps(0), h.wraps(1), h.wraps(2)}, false, line)
				}, shellTarget)
			})
		}
	}
}

func uniformTarget(rng *rand.Rand, h Box) [3]int {
	return [3]int{rng.IntN(h.Dims[0]), rng.IntN(h.Dims[1]), rng.IntN(h.Dims[2])}
}

// shellTarget is an inner target or one within 2 of a side, alike often.
func shellTarget(rng *rand.Rand, h Box) [3]int {
	if rng.IntN(2) == 0 {
		var c [3]int
		for a, k := range h.Dims {
			if k < 5 {
				return uniformTarget(rng, h) // no inner target
			}
			c[a] = 2 + rng.IntN(k-4)
		}
		return c
	}
	c := uniformTarget(rng, h)
	a := rng.IntN(3)
	c[a] = rng.IntN(min(2, h.Dims[a])) // within 2 of the low side or the high one
	if rng.IntN(2) == 0 {
		c[a] = h.Dims[a] - 1 - c[a]
	}
	return c
}

func testNearest3D(t *testing.T, rng *rand.Rand, h Box, newF func() *Nearest, target func(*rand.Rand, Box) [3]int) {
	t.Helper()
	px, py, pz := h.Dims[0], h.Dims[1], h.Dims[2]
	for trial := range 10 {
		f := newF()
		used := make([]bool, px*py*pz)
		fill := rng.Float64()
		for p := range used {
			if rng.Float64() < fill {
				used[p] = true
				f.Use3D(p%px, p/px%py, p/(px*py))
			}
		}
		for f.Free() > 0 {
			checkCounts3D(t, f, used, h)
			tc := target(rng, h)
			want, wok := naive3D(func(a, b, c int) bool { return used[a+px*(b+py*c)] }, tc, h)
			a, b, c, ok := f.Take3D(tc[0], tc[1], tc[2])
			if [3]int{a, b, c} != want || ok != wok {
				t.Fatalf("trial %d target %v: got (%d,%d,%d,%v), want %v %v", trial, tc, a, b, c, ok, want, wok)
			}
			used[a+px*(b+py*c)] = true
		}
	}
}

// checkCounts3D recomputes the free counts of every line and plane of f
// from used (a processor index's flag) and compares: query skips a line
// or a plane on a count of 0, so a wrong count silently skips free ones.
func checkCounts3D(t *testing.T, f *Nearest, used []bool, h Box) {
	t.Helper()
	lines := make([]int32, len(f.lineFree))
	planes := make([]int32, len(f.planeFree))
	for p, u := range used {
		x, y, z := p%h.Dims[0], p/h.Dims[0]%h.Dims[1], p/(h.Dims[0]*h.Dims[1])
		if !u {
			lines[f.lineOf(x, y, z)]++
			planes[f.planeOf(x, y, z)]++
		}
	}
	for l, k := range lines {
		if f.lineFree[l] != k {
			t.Fatalf("line %d: %d free counted, want %d", l, f.lineFree[l], k)
		}
	}
	for p, k := range planes {
		if f.planeFree[p] != k {
			t.Fatalf("plane %d: %d free counted, want %d", p, f.planeFree[p], k)
		}
	}
}

// TestNearestShells checks the package doc's example: around (2,2) of a
// 5×5 mesh, shell 1 is (1,2),(2,3),(2,1),(3,2) and shell 2 starts
// (0,2),(1,3),(1,1),(2,4),(2,0),(3,3),(3,1),(4,2).
func TestNearestShells(t *testing.T) {
	f := NewNearest2D(Mesh(5, 5))
	f.Use2D(2, 2)
	want := [][2]int{{1, 2}, {2, 3}, {2, 1}, {3, 2}, {0, 2}, {1, 3}, {1, 1}, {2, 4}, {2, 0}, {3, 3}, {3, 1}, {4, 2}}
	for k, w := range want {
		a, b, ok := f.Take2D(2, 2)
		if !ok || a != w[0] || b != w[1] {
			t.Fatalf("probe %d: got (%d,%d), want %v", k, a, b, w)
		}
	}
}
