package gridmap

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// shellOrder lists the offsets of Manhattan shell D around a target in the
// order a findNearest2D variant probes them.
type shellOrder func(D int) [][2]int

// shellA is order A (package doc): dx ascending, (dx, +dy) before (dx, −dy).
func shellA(D int) [][2]int {
	var out [][2]int
	for dx := -D; dx <= D; dx++ {
		dy := D - abs(dx)
		out = append(out, [2]int{dx, dy})
		if dy > 0 {
			out = append(out, [2]int{dx, -dy})
		}
	}
	return out
}

// shellOpenAtom is the order of OpenAtom's FindProcessor.C brought to 2-D:
// the non-negative offsets (ax, ay) of the shell with ax descending (+x
// first), each with its signs in binary order (+ before −, x's sign
// slowest).
func shellOpenAtom(D int) [][2]int {
	var out [][2]int
	for ax := D; ax >= 0; ax-- {
		ay := D - ax
		for _, s := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			p := [2]int{s[0] * ax, s[1] * ay}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// shellCCW walks shell D counter-clockwise from (+D, 0).
func shellCCW(D int) [][2]int {
	if D == 0 {
		return [][2]int{{0, 0}}
	}
	var out [][2]int
	x, y := D, 0
	for _, step := range [][2]int{{-1, 1}, {-1, -1}, {1, -1}, {1, 1}} {
		for range D {
			out = append(out, [2]int{x, y})
			x, y = x+step[0], y+step[1]
		}
	}
	return out
}

// floorTarget is AFFN's target coordinate as we read it (0-based floor);
// ceilTarget the 1-based ceiling reading, ⌈P·(i+1)/O⌉ − 1.
func floorTarget(i, o, p int) int { return p * i / o }
func ceilTarget(i, o, p int) int  { return (p*(i+1)+o-1)/o - 1 }

// naiveAffine is AFFN written plainly: i outer, j inner, each object on
// the first free processor of the shells around its target in the given
// order.
func naiveAffine(obj []int, h Box, target func(i, o, p int) int, order shellOrder) []int {
	ox, oy, px, py := obj[0], obj[1], h.Dims[0], h.Dims[1]
	used := make([]bool, px*py)
	place := make([]int, ox*oy)
	for i := range ox {
		for j := range oy {
			tx, ty := target(i, ox, px), target(j, oy, py)
			place[i+ox*j] = firstFree(used, tx, ty, h, order)
		}
	}
	return place
}

// firstFree marks and returns the first free processor met by the shells
// around (tx, ty) of h (2 axes, coordinates taken modulo a wrapping
// axis's size); h has one.
func firstFree(used []bool, tx, ty int, h Box, order shellOrder) int {
	px, py := h.Dims[0], h.Dims[1]
	for D := 0; ; D++ {
		for _, d := range order(D) {
			x, okx := naiveCoord(tx+d[0], px, h.wraps(0))
			y, oky := naiveCoord(ty+d[1], py, h.wraps(1))
			if okx && oky && !used[x+px*y] {
				used[x+px*y] = true
				return x + px*y
			}
		}
	}
}

// TestAffineDependsOnTieBreakAndForm pins the reference figures behind our
// two readings of AFFN (package doc, Affine, Nearest): under order A and
// the 0-based floor form AFFN gives 1.5276 hops per byte on 9×8 → 6×12,
// 1.7877 on 100×40 → 125×32 and 4.4162 on 64×64 → 256×16 (and the plain
// shell scan places every object where Affine does); OpenAtom's order gives
// 2.0000, 2.2593 and 4.1375, a counter-clockwise spiral 2.0315, 2.2606 and
// 4.2376; the 1-based ceiling form under order A gives 2.1969 on 9×8 → 6×12.
func TestAffineDependsOnTieBreakAndForm(t *testing.T) {
	tests := []struct {
		obj, proc        []int
		a, openAtom, ccw float64
	}{
		{[]int{9, 8}, []int{6, 12}, 1.5276, 2.0000, 2.0315},
		{[]int{100, 40}, []int{125, 32}, 1.7877, 2.2593, 2.2606},
		{[]int{64, 64}, []int{256, 16}, 4.4162, 4.1375, 4.2376},
	}
	for _, tt := range tests {
		h := Mesh(tt.proc...)
		name := fmt.Sprintf("%v->%v", tt.obj, tt.proc)
		place, err := Affine(tt.obj, h)
		if err != nil {
			t.Fatal(err)
		}
		if naive := naiveAffine(tt.obj, h, floorTarget, shellA); !slices.Equal(place, naive) {
			t.Errorf("%s: Affine differs from the shell scan in order A", name)
		}
		for _, c := range []struct {
			order string
			f     shellOrder
			want  float64
		}{{"A", shellA, tt.a}, {"OpenAtom", shellOpenAtom, tt.openAtom}, {"CCW", shellCCW, tt.ccw}} {
			hpb, _ := gridStats(naiveAffine(tt.obj, h, floorTarget, c.f), tt.obj, h)
			if math.Abs(hpb-c.want) > 5e-5 {
				t.Errorf("%s, order %s: %.4f hops per byte, want %.4f", name, c.order, hpb, c.want)
			}
		}
	}
	h := Mesh(6, 12)
	if hpb, _ := gridStats(naiveAffine([]int{9, 8}, h, ceilTarget, shellA), []int{9, 8}, h); math.Abs(hpb-2.1969) > 5e-5 {
		t.Errorf("1-based ceiling form on 9×8 → 6×12: %.4f hops per byte, want 2.1969", hpb)
	}
}
