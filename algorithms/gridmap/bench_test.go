package gridmap

import (
	"fmt"
	"testing"
)

// benchCase is one benchmark instance; its name carries the sizes.
type benchCase struct {
	obj []int
	h   Box
}

func (c benchCase) String() string {
	kind := "mesh"
	if len(c.h.Wrap) > 0 {
		kind = "torus"
	}
	s := fmt.Sprint(c.obj[0])
	for _, k := range c.obj[1:] {
		s += fmt.Sprintf("x%d", k)
	}
	s += "->" + kind + " "
	for a, k := range c.h.Dims {
		if a > 0 {
			s += "x"
		}
		s += fmt.Sprint(k)
	}
	return s
}

// The sizes: 4K and 64K nodes, including 256×256 → 128×512 mesh,
// 512×128 → 256×256 torus and 320×200 → 250×256 mesh, plus the thesis'
// 320×200 → 125×512.
var (
	bench2D = []benchCase{
		{[]int{64, 64}, Mesh(32, 128)},
		{[]int{256, 256}, Mesh(128, 512)},
		{[]int{512, 128}, Torus(256, 256)},
		{[]int{320, 200}, Mesh(250, 256)},
		{[]int{320, 200}, Mesh(125, 512)}, // Figure 9.7's largest case
	}
	bench2Dto3D = []benchCase{
		{[]int{64, 64}, Mesh(16, 16, 16)},
		{[]int{256, 256}, Mesh(64, 32, 32)},
		{[]int{512, 128}, Torus(32, 64, 32)},
		{[]int{1024, 1024}, Torus(128, 128, 64)}, // fold's measured figure
	}
	bench3D = []benchCase{
		{[]int{16, 16, 16}, Mesh(32, 16, 8)},
		{[]int{64, 32, 32}, Mesh(32, 32, 64)},
		{[]int{40, 40, 40}, Torus(50, 40, 32)},
	}
)

func benchMappers(b *testing.B, ms []mapper, cases []benchCase) {
	for _, m := range ms {
		for _, c := range cases {
			b.Run(m.name+" "+c.String(), func(b *testing.B) {
				if _, err := m.f(c.obj, c.h); err != nil {
					b.Skip(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := m.f(c.obj, c.h); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func Benchmark2D(b *testing.B) {
	benchMappers(b, append(all2D, mapper{"STEP", Step}), bench2D)
}

func Benchmark2Dto3D(b *testing.B) {
	benchMappers(b, []mapper{{"stack", Stack}, {"fold", Fold}, {"sfc", Curve}}, bench2Dto3D)
}

func Benchmark3D(b *testing.B) {
	benchMappers(b, []mapper{{"affn3d", Affine3D}}, bench3D)
}

// BenchmarkNearest compares the union-find Nearest with the naive shell
// scan of the package doc (naive2D in nearest_test.go) on the targets of
// AFFN and EXCO for 320×200 → 125×512 (the largest case of the reference
// figures), where answers lie up to hundreds of hops away.
func BenchmarkNearest(b *testing.B) {
	obj, h := []int{320, 200}, Mesh(125, 512)
	b.Run("unionfind AFFN 320x200->mesh 125x512", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Affine(obj, h); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("naive AFFN 320x200->mesh 125x512", func(b *testing.B) {
		b.ReportAllocs()
		maxR := 0
		for b.Loop() {
			used := make([]bool, h.Size())
			for i := range obj[0] {
				for j := range obj[1] {
					tx, ty := h.Dims[0]*i/obj[0], h.Dims[1]*j/obj[1]
					a, c, _ := naive2D(func(a, b int) bool { return used[a+h.Dims[0]*b] }, tx, ty, h)
					used[a+h.Dims[0]*c] = true
					maxR = max(maxR, abs(a-tx)+abs(c-ty))
				}
			}
		}
		b.ReportMetric(float64(maxR), "max-radius")
	})
}

// BenchmarkBisect measures the scaled bisection at 64K and 1M objects.
func BenchmarkBisect(b *testing.B) {
	for _, c := range []struct {
		name string
		obj  []int
		h    Box
	}{
		{"64K 320x200 to 250x256", []int{320, 200}, Mesh(250, 256)},
		{"1M 1024x1024 to 512x2048", []int{1024, 1024}, Torus(512, 2048)},
		{"1M 128x128x64 to 256x64x64", []int{128, 128, 64}, Mesh(256, 64, 64)},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Bisect(c.obj, c.h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRefine measures the refinement of a coarse placement (the
// scaled bisection of the halved grid) at 64K objects, 2-D and 3-D.
func BenchmarkRefine(b *testing.B) {
	for _, c := range []struct {
		name string
		obj  []int
		h    Box
	}{
		{"64K 320x200 to 250x256", []int{320, 200}, Mesh(250, 256)},
		{"64K 40x40x40 to torus 50x40x32", []int{40, 40, 40}, Torus(50, 40, 32)},
	} {
		cobj, _ := Halve(c.obj)
		chost, _ := Halve(c.h.Dims)
		place, err := Bisect(cobj, Box{Dims: chost, Wrap: c.h.Wrap})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Refine(place, c.obj, c.h, false)
			}
		})
	}
}
