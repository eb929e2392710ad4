package gridmap

import (
	"fmt"
	"slices"
	"testing"
)

// The package doc's definitions written plainly, object by object, to
// check the fast code on every small shape: odd and even sides, sides 1
// and 2, shapes that are not powers of two, meshes, tori and mixed wrap.

// onHost brings a target coordinate onto an axis: clamped on a mesh axis,
// wrapped around on a torus axis (ours, see ExpandFromCorner).
func onHost(x, k int, wrap bool) int {
	if wrap {
		return (x%k + k) % k
	}
	return min(max(x, 0), k-1)
}

// frontObject is an object of EXCO's or COCE's visiting order: its
// coordinates, its corner (cx, cy) and the corner's index.
type frontObject struct{ i, j, cx, cy, corner int }

// naiveFronts places the objects in the order of key, ascending, each
// targeting the processor one step beyond its already placed neighbour on
// its corner's side (the matching processor corner for a corner object).
func naiveFronts(obj []int, h Box, corners bool, key func(frontObject) []int) []int {
	ox, oy, px, py := obj[0], obj[1], h.Dims[0], h.Dims[1]
	var objs []frontObject
	for i := range ox {
		for j := range oy {
			o := frontObject{i: i, j: j}
			if corners && i > ox-1-i {
				o.cx, o.corner = ox-1, o.corner+1
			}
			if corners && j > oy-1-j {
				o.cy, o.corner = oy-1, o.corner+2
			}
			objs = append(objs, o)
		}
	}
	slices.SortFunc(objs, func(a, b frontObject) int { return slices.Compare(key(a), key(b)) })
	used := make([]bool, px*py)
	place := make([]int, ox*oy)
	for _, o := range objs {
		sx, sy := inward(o.cx), inward(o.cy)
		tx, ty := 0, 0 // the matching processor corner
		if o.cx != 0 {
			tx = px - 1
		}
		if o.cy != 0 {
			ty = py - 1
		}
		switch {
		case o.j != o.cy:
			p := place[o.i+ox*(o.j-sy)]
			tx, ty = p%px, p/px+sy
		case o.i != o.cx:
			p := place[o.i-sx+ox*o.j]
			tx, ty = p%px+sx, p/px
		}
		place[o.i+ox*o.j] = firstFree(used, onHost(tx, px, h.wraps(0)), onHost(ty, py, h.wraps(1)), h, shellA)
	}
	return place
}

// inward is the sign that points from a corner coordinate into the grid.
func inward(c int) int {
	if c == 0 {
		return 1
	}
	return -1
}

// naiveExco is EXCO: objects by (i + j, i), from corner (0, 0).
func naiveExco(obj []int, h Box) []int {
	return naiveFronts(obj, h, false, func(o frontObject) []int { return []int{o.i + o.j, o.i} })
}

// naiveCoce is COCE: objects by (distance to their corner, corner index,
// |i − cx|, i, j).
func naiveCoce(obj []int, h Box) []int {
	return naiveFronts(obj, h, true, func(o frontObject) []int {
		return []int{abs(o.i-o.cx) + abs(o.j-o.cy), o.corner, abs(o.i - o.cx), o.i, o.j}
	})
}

// naiveOverlap is MXOV: the overlap of the object rectangle laid from the
// processor rectangle's corner (transposed first when align asks), then
// the same on the leftovers.
func naiveOverlap(place []int, obj []int, h Box, align bool, o, p [4]int) {
	i0, j0, w, hh := o[0], o[1], o[2], o[3]
	a0, b0, W, H := p[0], p[1], p[2], p[3]
	if w*hh == 0 {
		return
	}
	t := align && (w >= hh) != (W >= H) && w != hh && W != H
	lw, lh := w, hh
	if t {
		lw, lh = hh, w
	}
	toObj := func(u, v int) (int, int) {
		if t {
			return i0 + v, j0 + u
		}
		return i0 + u, j0 + v
	}
	for u := range min(lw, W) {
		for v := range min(lh, H) {
			i, j := toObj(u, v)
			place[i+obj[0]*j] = a0 + u + h.Dims[0]*(b0+v)
		}
	}
	var lo, hi [2]int // the leftover, local corners
	switch {
	case lw > W:
		lo, hi, p = [2]int{W, 0}, [2]int{lw - 1, lh - 1}, [4]int{a0, b0 + lh, W, H - lh}
	case lh > H:
		lo, hi, p = [2]int{0, H}, [2]int{lw - 1, lh - 1}, [4]int{a0 + lw, b0, W - lw, H}
	default:
		return
	}
	ia, ja := toObj(lo[0], lo[1])
	ib, jb := toObj(hi[0], hi[1])
	naiveOverlap(place, obj, h, align, [4]int{min(ia, ib), min(ja, jb), abs(ib-ia) + 1, abs(jb-ja) + 1}, p)
}

// naiveStep is STEP's band construction, with its orientations spelt out.
func naiveStep(obj []int, h Box) []int {
	a, b, p, q := obj[0], obj[1], h.Dims[0], h.Dims[1]
	rows, width := b, a // rows {gy = i} when A ≥ B
	if a < b {
		rows, width = a, b
	}
	cols := min(p, width) // columns {hx = x} when Q ≥ P
	if q < p {
		cols = min(q, width)
	}
	g := goldenStep(rows)
	used := make([]int, cols)
	place := make([]int, a*b)
	for i := range rows {
		s := i * g % rows
		for x := range cols {
			p0 := (x*width*rows + s*cols) / (cols * rows)
			p1 := ((x+1)*width*rows + s*cols) / (cols * rows)
			for j := p0; j < p1; j++ {
				y := used[x] + j - p0
				if x%2 == 1 {
					y = used[x] + p1 - 1 - j
				}
				gx, gy := j, i
				if a < b {
					gx, gy = i, j
				}
				hx, hy := x, y
				if q < p {
					hx, hy = y, x
				}
				place[gx+a*gy] = hx + p*hy
			}
			used[x] += p1 - p0
		}
	}
	return place
}

// TestHeuristicsFollowTheirDefinitions compares EXCO, COCE, AFFN, MXOVLP,
// MXOV+AL and STEP with their definitions written plainly, on every
// object grid up to 9×9 and every host of its size (STEP: up to 3
// processors to spare per column), mesh, torus and mixed wrap.
func TestHeuristicsFollowTheirDefinitions(t *testing.T) {
	for ox := 1; ox <= 9; ox++ {
		for oy := 1; oy <= 9; oy++ {
			obj, n := []int{ox, oy}, ox*oy
			for px := 1; px <= n; px++ {
				for py := (n + px - 1) / px; py <= (n+px-1)/px+3; py++ {
					checkDefinitions(t, obj, px, py)
				}
			}
		}
	}
}

func checkDefinitions(t *testing.T, obj []int, px, py int) {
	t.Helper()
	name := fmt.Sprintf("%v->%dx%d", obj, px, py)
	if step, err := Step(obj, Mesh(px, py)); err != nil || !slices.Equal(step, naiveStep(obj, Mesh(px, py))) {
		t.Errorf("step %s differs from its definition (%v)", name, err)
	}
	if px*py != obj[0]*obj[1] {
		return
	}
	for _, h := range []Box{Mesh(px, py), Torus(px, py), {Dims: []int{px, py}, Wrap: []bool{true, false}}} {
		for _, m := range []struct {
			name      string
			got, want func([]int, Box) []int
		}{
			{"exco", placementOf(ExpandFromCorner), naiveExco},
			{"coce", placementOf(CornersToCenter), naiveCoce},
			{"affn", placementOf(Affine), func(o []int, h Box) []int { return naiveAffine(o, h, floorTarget, shellA) }},
			{"mxovlp", placementOf(MaxOverlap), overlapOf(false)},
			{"mxoval", placementOf(MaxOverlapAligned), overlapOf(true)},
		} {
			if !slices.Equal(m.got(obj, h), m.want(obj, h)) {
				t.Errorf("%s %s wrap %v differs from its definition", m.name, name, h.Wrap)
			}
		}
	}
}

// placementOf drops a mapper's error (nil on these shapes): a nil placement.
func placementOf(f func([]int, Box) ([]int, error)) func([]int, Box) []int {
	return func(obj []int, h Box) []int {
		place, _ := f(obj, h)
		return place
	}
}

func overlapOf(align bool) func([]int, Box) []int {
	return func(obj []int, h Box) []int {
		place := make([]int, obj[0]*obj[1])
		naiveOverlap(place, obj, h, align, [4]int{0, 0, obj[0], obj[1]}, [4]int{0, 0, h.Dims[0], h.Dims[1]})
		return place
	}
}

// TestStackBreaksTiesAsDefined: stacking cuts the object grid along its
// longer axis, x on a tie, into as many subgrids as the smallest host
// side, the last such axis on a tie, and subgrid k lies in plane k of that
// axis: object (i, j) of 16×16 on 8×8×4 in plane ⌊i/4⌋ of axis z, on
// 4×4×16 in plane ⌊i/4⌋ of axis y, and 12×6 on 3×4×6 (long axis x)
// in plane ⌊i/4⌋ of axis x.
func TestStackBreaksTiesAsDefined(t *testing.T) {
	for _, tt := range []struct {
		obj, proc []int
		axis, w   int // the stacking axis of the host, columns per subgrid
	}{
		{[]int{16, 16}, []int{8, 8, 4}, 2, 4},
		{[]int{16, 16}, []int{4, 4, 16}, 1, 4},
		{[]int{12, 6}, []int{3, 4, 6}, 0, 4},
	} {
		h := Mesh(tt.proc...)
		for _, fold := range []bool{false, true} {
			place, err := stack(tt.obj, h, fold)
			if err != nil {
				t.Fatal(err)
			}
			stride := []int{1, tt.proc[0], tt.proc[0] * tt.proc[1]}
			for v, p := range place {
				i := v % tt.obj[0]
				if plane := p / stride[tt.axis] % tt.proc[tt.axis]; plane != i/tt.w {
					t.Fatalf("%v->%v fold %v: object (%d,%d) in plane %d of axis %d, want %d", tt.obj, tt.proc, fold, i, v/tt.obj[0], plane, tt.axis, i/tt.w)
				}
			}
		}
	}
}
