package gridmap

import (
	"strings"
	"testing"
)

// layout prints a 2-D placement as a picture of the mesh: one line per
// processor row b from the top, each entry the object "i,j" on processor
// (a, b), a = 0 first.
func layout(place []int, obj []int, h Box) string {
	px, py := h.Dims[0], h.Dims[1]
	inv := make([]int, px*py)
	for p := range inv {
		inv[p] = -1
	}
	for v, p := range place {
		inv[p] = v
	}
	var sb strings.Builder
	for b := py - 1; b >= 0; b-- {
		for a := range px {
			if a > 0 {
				sb.WriteByte(' ')
			}
			v := inv[a+px*b]
			if v < 0 {
				sb.WriteString(".")
				continue
			}
			sb.WriteString(itoa(v%obj[0]) + "," + itoa(v/obj[0]))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func itoa(x int) string {
	if x < 10 {
		return string(rune('0' + x))
	}
	return itoa(x/10) + string(rune('0'+x%10))
}

// TestLayouts checks the exact placements of the package doc's reference
// figures.
func TestLayouts(t *testing.T) {
	tests := []struct {
		name     string
		f        func([]int, Box) ([]int, error)
		obj, pro []int
		want     string
	}{
		// AFFN on 6×5 → 10×3 (order A, 0-based floor), 78/49.
		{"AFFN", Affine, []int{6, 5}, []int{10, 3}, `
0,2 0,4 1,3 1,4 2,3 2,4 3,4 4,3 4,4 5,3
0,1 0,3 1,2 2,1 2,2 3,2 3,3 4,2 5,1 5,2
0,0 1,0 1,1 2,0 3,1 3,0 4,0 4,1 5,0 5,4
`},
		// MXOVLP on 6×5 → 10×3.
		{"MXOVLP", MaxOverlap, []int{6, 5}, []int{10, 3}, `
0,2 1,2 2,2 3,2 4,2 5,2 4,3 5,3 4,4 5,4
0,1 1,1 2,1 3,1 4,1 5,1 0,4 1,4 2,4 3,4
0,0 1,0 2,0 3,0 4,0 5,0 0,3 1,3 2,3 3,3
`},
		// MXOV+AL on 8×4 → 4×8 is the transpose: processor (a, b)
		// holds object (b, a).
		{"MXOV+AL", MaxOverlapAligned, []int{8, 4}, []int{4, 8}, `
7,0 7,1 7,2 7,3
6,0 6,1 6,2 6,3
5,0 5,1 5,2 5,3
4,0 4,1 4,2 4,3
3,0 3,1 3,2 3,3
2,0 2,1 2,2 2,3
1,0 1,1 1,2 1,3
0,0 0,1 0,2 0,3
`},
		// STEP's band embedding: the 5 rows (y) of 6 objects become bands
		// across the 3 host columns (y), 2 cells high each; row i starts at
		// phase 3i mod 5 and every odd column runs down (the snake).
		{"STEP", Step, []int{6, 5}, []int{10, 3}, `
4,0 5,0 4,1 5,1 4,2 5,2 4,3 5,3 4,4 5,4
3,0 2,0 3,1 2,1 3,2 2,2 3,3 2,3 3,4 2,4
0,0 1,0 0,1 1,1 0,2 1,2 0,3 1,3 0,4 1,4
`},
	}
	for _, tc := range tests {
		place, err := tc.f(tc.obj, Mesh(tc.pro...))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, want := layout(place, tc.obj, Mesh(tc.pro...)), strings.TrimPrefix(tc.want, "\n"); got != want {
			t.Errorf("%s %v -> %v:\ngot\n%swant\n%s", tc.name, tc.obj, tc.pro, got, want)
		}
	}
}

// TestAffineFirstColumn checks AFFN's first column on 9×8 → 6×12.
func TestAffineFirstColumn(t *testing.T) {
	// On 9×8 → 6×12, objects (i,0), i = 0..8, go to these processors.
	want := [][2]int{{0, 0}, {1, 0}, {1, 1}, {2, 0}, {3, 0}, {3, 1}, {4, 0}, {5, 0}, {5, 1}}
	place, err := Affine([]int{9, 8}, Mesh(6, 12))
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if p := place[i]; p%6 != w[0] || p/6 != w[1] {
			t.Errorf("object (%d,0): on (%d,%d), want %v", i, p%6, p/6, w)
		}
	}
}
