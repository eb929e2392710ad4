package gridmap_test

import (
	"slices"
	"testing"

	"topomap/algorithms/gridmap"
)

func TestBrick(t *testing.T) {
	for _, tt := range []struct {
		obj   []int
		c     int
		want  []int
		found bool
	}{
		{[]int{8, 8}, 4, []int{2, 2}, true},
		{[]int{8, 8}, 16, []int{4, 4}, true},
		{[]int{8, 8}, 8, []int{4, 2}, true},    // 4×2 and 2×4 tie: larger first side first
		{[]int{6, 4}, 4, []int{2, 2}, true},    // not 4×1: 4 does not divide 6
		{[]int{9, 4}, 4, []int{1, 4}, true},    // 9 is odd
		{[]int{64, 64}, 32, []int{8, 4}, true}, // the xe6-slice preset
		{[]int{4, 4, 4}, 8, []int{2, 2, 2}, true},
		{[]int{5, 7}, 2, nil, false},
		{[]int{8, 8}, 1, []int{1, 1}, true},
	} {
		got, ok := gridmap.Brick(tt.obj, tt.c)
		if ok != tt.found || !slices.Equal(got, tt.want) {
			t.Errorf("Brick(%v, %d) = %v, %v; want %v, %v", tt.obj, tt.c, got, ok, tt.want, tt.found)
		}
	}
}

// TestExpandBricks: every brick lands whole on its node, the objects of
// a brick on distinct cores in brick order.
func TestExpandBricks(t *testing.T) {
	obj, brick := []int{4, 6}, []int{2, 3}
	coarse := gridmap.Coarse(obj, brick) // 2×2 bricks
	place := []int{3, 0, 2, 1}           // brick q → node
	got := gridmap.ExpandBricks(place, obj, brick)
	for v, s := range got {
		x, y := v%4, v/4
		q := x/2 + coarse[0]*(y/3)
		tc := x%2 + 2*(y%3)
		if s != tc+6*place[q] {
			t.Errorf("object (%d,%d) on slot %d, want core %d of node %d", x, y, s, tc, place[q])
		}
	}
	if slices.Sorted(slices.Values(got))[23] != 23 {
		t.Errorf("not a bijection onto 24 slots: %v", got)
	}
}

// TestNestedBricks: 8×4 objects for a host of 2 cores per node and 4
// nodes per switch: bricks of 2×1, then 2×2 bricks of bricks (4×2
// objects), then the 2×2 grid of those, each group of the host a compact
// brick.
func TestNestedBricks(t *testing.T) {
	idx, ok := gridmap.NestedBricks([]int{8, 4}, []int{2, 4})
	if !ok {
		t.Fatal("no nesting")
	}
	for v, i := range idx {
		x, y := v%8, v/8
		want := x%2 + 2*(x/2%2+2*(y%2)) + 8*(x/4+2*(y/2))
		if i != want {
			t.Errorf("object (%d,%d) at %d, want %d", x, y, i, want)
		}
	}
	if s := slices.Sorted(slices.Values(idx)); s[0] != 0 || s[31] != 31 || len(slices.Compact(s)) != 32 {
		t.Errorf("not a bijection: %v", idx)
	}
	if _, ok := gridmap.NestedBricks([]int{6, 5}, []int{2, 4}); ok {
		t.Error("6×5 cut into 2, then 4: no brick of 4 divides 3×5")
	}
}

// BenchmarkNestedBricks: the bricks of a 64K-object stencil for
// fattree:16,4 and for a dragonfly of 4-core nodes (dragonfly:16,8,8,32
// with 4 cores per node, 2^16 slots).
func BenchmarkNestedBricks(b *testing.B) {
	for _, c := range []struct {
		name    string
		factors []int
	}{{"fattree 16,4 65536", []int{16, 16, 16, 16}}, {"dragonfly cores 65536", []int{4, 8, 16, 32}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := gridmap.NestedBricks([]int{256, 256}, c.factors); !ok {
					b.Fatal("no bricks")
				}
			}
		})
	}
}
