package gridmap

import (
	"errors"
	"fmt"
	"testing"
)

// FuzzMappers maps random shapes with every mapper: each either returns
// an error wrapping ErrShape or a bijection onto the host whose metrics
// agree with the independent recomputation. Run with
// go test -fuzz=FuzzMappers ./algorithms/gridmap.
func FuzzMappers(f *testing.F) {
	f.Add(uint8(9), uint8(8), uint8(3), uint8(0), uint8(2))   // 9×8 → 6×12 (Fig. 9.7)
	f.Add(uint8(6), uint8(5), uint8(5), uint8(3), uint8(1))   // 6×5 → 10×3 torus
	f.Add(uint8(32), uint8(8), uint8(4), uint8(5), uint8(4))  // 32×8 → 8×8×4
	f.Add(uint8(1), uint8(1), uint8(0), uint8(7), uint8(255)) // a single object
	f.Fuzz(func(t *testing.T, ox, oy, pick, wrap, pick3 uint8) {
		obj := []int{1 + int(ox)%40, 1 + int(oy)%40}
		n := product(obj)
		var ds []int
		for d := 1; d <= n; d++ {
			if n%d == 0 {
				ds = append(ds, d)
			}
		}
		px := ds[int(pick)%len(ds)]
		w := []bool{wrap&1 != 0, wrap&2 != 0, wrap&4 != 0}
		h := Box{Dims: []int{px, n / px}, Wrap: w[:2]}
		for _, m := range append(all2D, mapper{"step", Step}, mapper{"fold", Fold}) {
			run(t, m, obj, h)
		}
		// STEP onto a larger host of any shape
		big := Box{Dims: []int{1 + int(pick3)%40, 0}, Wrap: w[:2]}
		big.Dims[1] = (n+big.Dims[0]-1)/big.Dims[0] + int(wrap>>3)%3
		run(t, mapper{"step", Step}, obj, big)
		b := ds[int(pick3)%len(ds)]
		if (n/b)%px == 0 {
			h3 := Box{Dims: []int{px, b, n / px / b}, Wrap: w}
			if h3.Size() == n {
				for _, m := range []mapper{{"stack", Stack}, {"fold", Fold}, {"sfc", Curve}, {"snake", Snake}} {
					run(t, m, obj, h3)
				}
			}
		}
	})
}

func run(t *testing.T, m mapper, obj []int, h Box) {
	t.Helper()
	place, err := m.f(obj, h)
	if err != nil {
		if !errors.Is(err, ErrShape) {
			t.Fatalf("%s %v->%v: %v does not wrap ErrShape", m.name, obj, h.Dims, err)
		}
		return
	}
	checkPlacement(t, fmt.Sprintf("%s %v->%v wrap %v", m.name, obj, h.Dims, h.Wrap), place, obj, h)
}
