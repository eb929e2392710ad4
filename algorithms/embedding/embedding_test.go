package embedding_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// embedFunc is the shape shared by every embedding of the package.
type embedFunc func(d int, host topology.Grid) ([]int, error)

var all = []struct {
	name string
	f    embedFunc
}{
	{"identity", embedding.Identity},
	{"standard", embedding.Standard},
	{"byweight", embedding.ByWeight},
	{"gray", embedding.Gray},
	{"xor", embedding.Xor},
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func ring(k int) *topology.Lattice             { return must(topology.NewRing(k)) }
func line(k int) *topology.Lattice             { return must(topology.NewLine(k)) }
func torus(k ...int) *topology.Lattice         { return must(topology.NewTorus(k...)) }
func mesh(k ...int) *topology.Lattice          { return must(topology.NewMesh(k...)) }
func cube(d int) *topology.Lattice             { return must(topology.NewHypercube(d)) }
func grid(k []int, w []bool) *topology.Lattice { return must(topology.NewGrid(k, w)) }

// hops recomputes the hop distance between nodes a and b from first
// principles (coordinates by repeated division, first coordinate fastest),
// independently of topology.Distance.
func hops(h *topology.Lattice, a, b int) int {
	if h.Kind() == topology.Hypercube {
		n := 0
		for x := a ^ b; x != 0; x >>= 1 {
			n += x & 1
		}
		return n
	}
	total := 0
	for j, k := range h.Dims() {
		x, y := a%k, b%k
		a, b = a/k, b/k
		dist := x - y
		if dist < 0 {
			dist = -dist
		}
		if h.Wraps(j) && k-dist < dist {
			dist = k - dist
		}
		total += dist
	}
	return total
}

// dilations returns D_i(n) for every vertex n and dimension i.
func dilations(d int, h *topology.Lattice, place []int) [][]int {
	out := make([][]int, 1<<d)
	for n := range out {
		out[n] = make([]int, d)
		for i := range d {
			out[n][i] = hops(h, place[n], place[n^1<<i])
		}
	}
	return out
}

// constantD returns the D_i vector if every edge of each dimension has the
// same length, else nil.
func constantD(d int, h *topology.Lattice, place []int) []int {
	dil := dilations(d, h, place)
	for n := range dil {
		if !slices.Equal(dil[n], dil[0]) {
			return nil
		}
	}
	return dil[0]
}

// atPosition inverts a placement: the vertex held by every host node.
func atPosition(place []int) []int {
	inv := make([]int, len(place))
	for v, p := range place {
		inv[p] = v
	}
	return inv
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func pow2(k int) int { return 1 << k }

func TestXorRingPositions(t *testing.T) {
	tests := []struct {
		name string
		d    int
		want []int
	}{
		// Xor on a ring (package doc): [XOR] Fig. 5 (d = 4), [V-num] the rest.
		{"d=2 gray ring", 2, []int{0, 1, 3, 2}},
		{"d=3", 3, []int{0, 1, 2, 3, 6, 7, 4, 5}},
		{"d=4 fig 5", 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 8, 9, 10, 11}},
		{"d=5", 5, append(append(seq(0, 16), seq(24, 32)...), seq(16, 24)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			place := must(embedding.Xor(tt.d, ring(1<<tt.d)))
			if got := atPosition(place); !slices.Equal(got, tt.want) {
				t.Errorf("positions hold %v, want %v", got, tt.want)
			}
		})
	}
}

func seq(a, b int) []int {
	var s []int
	for i := a; i < b; i++ {
		s = append(s, i)
	}
	return s
}

func TestXorRingDistances(t *testing.T) {
	for d := 2; d <= 10; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			got := constantD(d, ring(1<<d), must(embedding.Xor(d, ring(1<<d))))
			// Xor on a ring: D_i = 2^i for i ≤ d-2 and D_{d-1} = 2^(d-2).
			want := make([]int, d)
			for i := range d - 1 {
				want[i] = pow2(i)
			}
			want[d-1] = pow2(d - 2)
			if !slices.Equal(got, want) {
				t.Fatalf("D = %v, want %v", got, want)
			}
			// D_a = (3·2^(d-2) - 1)/d, hence Σ D_i = 3·2^(d-2) - 1.
			if s := sum(got); s != 3*pow2(d-2)-1 {
				t.Errorf("Σ D_i = %d, want %d", s, 3*pow2(d-2)-1)
			}
		})
	}
}

func TestXorTorus(t *testing.T) {
	tests := []struct {
		name  string
		sides []int
		wantD []int // nil: check only the sum
		sum   int
	}{
		// Xor on a torus (package doc), [V-num].
		{"(8,8)", []int{8, 8}, []int{1, 2, 2, 1, 2, 2}, 10},
		{"(16,16)", []int{16, 16}, nil, 22},
		{"(8,8,8)", []int{8, 8, 8}, nil, 15},
		{"(16,4)", []int{16, 4}, []int{1, 2, 4, 4, 1, 1}, 13},
		{"(8,4,2)", []int{8, 4, 2}, nil, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := torus(tt.sides...)
			d := log2(h.Size())
			got := constantD(d, h, must(embedding.Xor(d, h)))
			if got == nil {
				t.Fatal("distances are not constant")
			}
			if tt.wantD != nil && !slices.Equal(got, tt.wantD) {
				t.Errorf("D = %v, want %v", got, tt.wantD)
			}
			if s := sum(got); s != tt.sum {
				t.Errorf("Σ D_i = %d, want %d", s, tt.sum)
			}
		})
	}
}

func log2(n int) int {
	d := 0
	for n > 1 {
		n >>= 1
		d++
	}
	return d
}

func TestXorTorusLayout(t *testing.T) {
	// [V-num]: the (8,8) layout that Xor's definition gives, row = m_2,
	// column = m_1.
	want := [8][8]int{
		{0, 1, 2, 3, 6, 7, 4, 5},
		{8, 9, 10, 11, 14, 15, 12, 13},
		{16, 17, 18, 19, 22, 23, 20, 21},
		{24, 25, 26, 27, 30, 31, 28, 29},
		{48, 49, 50, 51, 54, 55, 52, 53},
		{56, 57, 58, 59, 62, 63, 60, 61},
		{32, 33, 34, 35, 38, 39, 36, 37},
		{40, 41, 42, 43, 46, 47, 44, 45},
	}
	h := torus(8, 8)
	inv := atPosition(must(embedding.Xor(6, h)))
	for m2 := range 8 {
		for m1 := range 8 {
			node := must(h.Index([]int{m1, m2}))
			if inv[node] != want[m2][m1] {
				t.Errorf("(m1,m2)=(%d,%d) holds %d, want %d", m1, m2, inv[node], want[m2][m1])
			}
		}
	}
}

func TestXorTorusAverageDistance(t *testing.T) {
	// Xor on a torus (package doc): with c equal fields of d/c bits,
	// D_a = c·(2^(d/c-2) + 2^(d/c-1) - 1)/d.
	for _, c := range []int{1, 2, 3} {
		for f := 2; f <= 5 && c*f <= 15; f++ {
			d := c * f
			sides := make([]int, c)
			for j := range sides {
				sides[j] = pow2(f)
			}
			h := grid(sides, slices.Repeat([]bool{true}, c))
			t.Run(h.String(), func(t *testing.T) {
				got := constantD(d, h, must(embedding.Xor(d, h)))
				if got == nil {
					t.Fatal("distances are not constant")
				}
				da := float64(sum(got)) / float64(d)
				want := float64(c*(pow2(f-2)+pow2(f-1)-1)) / float64(d)
				if math.Abs(da-want) > 1e-12 {
					t.Errorf("D_a = %v, want %v", da, want)
				}
				for i, di := range got {
					w := pow2(i % f)
					if i%f == f-1 {
						w = pow2(f - 2) // the top bit of each field
					}
					if di != w {
						t.Errorf("D_%d = %d, want %d", i, di, w)
					}
				}
			})
		}
	}
}

// TestXorOnToriWrittenAsMeshes: wrap-around on an axis of 1 or 2 nodes
// adds no link, so a mesh whose longer axes all wrap is a torus or ring
// (mesh:8x2:wrap=10 is torus:8x2, mesh:16x1:wrap=10 ring:16), and Xor
// applies there as on them, with the same placement and constant
// distances (it refused them as meshes).
func TestXorOnToriWrittenAsMeshes(t *testing.T) {
	for _, tt := range []struct{ host, same *topology.Lattice }{
		{grid([]int{8, 2}, []bool{true, false}), torus(8, 2)},
		{grid([]int{2, 8}, []bool{false, true}), torus(2, 8)},
		{grid([]int{16, 1}, []bool{true, false}), ring(16)},
		{grid([]int{4, 2, 4}, []bool{true, false, true}), torus(4, 2, 4)},
	} {
		t.Run(tt.host.String(), func(t *testing.T) {
			d := log2(tt.host.Size())
			got, err := embedding.Xor(d, tt.host)
			if err != nil {
				t.Fatal(err)
			}
			if want := must(embedding.Xor(d, tt.same)); !slices.Equal(got, want) {
				t.Errorf("placement %v, want %s's %v", got, tt.same, want)
			}
			if D, want := constantD(d, tt.host, got), constantD(d, tt.same, must(embedding.Xor(d, tt.same))); D == nil || !slices.Equal(D, want) {
				t.Errorf("D = %v, want %s's %v", D, tt.same, want)
			}
		})
	}
}

func TestStandardDistances(t *testing.T) {
	// Standard (package doc): line/ring D_i = 2^i; (2^(d/c))^c mesh or
	// torus D_i = 2^(i mod d/c).
	tests := []struct {
		name string
		d, f int // f: bits per field
		host *topology.Lattice
	}{
		{"line 16", 4, 4, line(16)},
		{"ring 64", 6, 6, ring(64)},
		{"mesh 4x4 (fig 2.b)", 4, 2, mesh(4, 4)},
		{"torus 8x8", 6, 3, torus(8, 8)},
		{"mesh 4x4x4", 6, 2, mesh(4, 4, 4)},
		{"torus 16x16", 8, 4, torus(16, 16)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := constantD(tt.d, tt.host, must(embedding.Standard(tt.d, tt.host)))
			want := make([]int, tt.d)
			for i := range want {
				want[i] = pow2(i % tt.f)
			}
			if !slices.Equal(got, want) {
				t.Errorf("D = %v, want %v", got, want)
			}
		})
	}
}

func TestByWeightOrder(t *testing.T) {
	// [XOR] Fig. 3.a: line positions 0..7 hold 000 100 010 001 110 101 011 111.
	want := []int{0b000, 0b100, 0b010, 0b001, 0b110, 0b101, 0b011, 0b111}
	if got := atPosition(must(embedding.ByWeight(3, line(8)))); !slices.Equal(got, want) {
		t.Errorf("positions hold %03b, want %03b", got, want)
	}
	// Larger d: weights ascend, labels of equal weight descend.
	for d := 1; d <= 12; d++ {
		inv := atPosition(must(embedding.ByWeight(d, line(1<<d))))
		for p := 1; p < len(inv); p++ {
			wa, wb := ones(inv[p-1]), ones(inv[p])
			if wa > wb || wa == wb && inv[p-1] < inv[p] {
				t.Fatalf("d=%d: position %d holds %b after %b", d, p, inv[p], inv[p-1])
			}
		}
	}
}

// TestByWeightOnLinesWrittenAsMeshes: a mesh or torus whose axes but one
// have size 1 is a line or ring (mesh:8x1, mesh:1x8, torus:1x8), so
// byweight applies there as on line:8 (it refused them as 2-dimensional)
// and gives the same positions and Fig. 4.a's dilations on the meshes.
func TestByWeightOnLinesWrittenAsMeshes(t *testing.T) {
	want := must(embedding.ByWeight(3, line(8)))
	for _, h := range []*topology.Lattice{mesh(8, 1), mesh(1, 8), torus(1, 8), torus(8, 1), mesh(1, 8, 1)} {
		t.Run(h.String(), func(t *testing.T) {
			got, err := embedding.ByWeight(3, h)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("placement %v, want line:8's %v", got, want)
			}
			if h.Wraps(0) || h.Wraps(1) {
				return
			}
			for n, v := range dilations(3, h, got) {
				if s := fmt.Sprint(v); s != fmt.Sprint(dilations(3, line(8), want)[n]) {
					t.Errorf("n=%d: D = %s, want line:8's", n, s)
				}
			}
		})
	}
	if err := embedding.CheckByWeight(4, mesh(8, 2)); !errors.Is(err, embedding.ErrNotApplicable) || !strings.Contains(err.Error(), "2-dimensional mesh") {
		t.Errorf("byweight on mesh:8x2: %v, want not applicable as 2-dimensional", err)
	}
}

func ones(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func TestDilationVectors(t *testing.T) {
	// [XOR] Fig. 4.a: (D_0(n), D_1(n), D_2(n)) for the 3-cube on a line.
	tests := []struct {
		name string
		f    embedFunc
		want []string
	}{
		{"standard", embedding.Standard, []string{"124", "124", "124", "124", "124", "124", "124", "124"}},
		{"byweight", embedding.ByWeight, []string{"321", "332", "422", "431", "431", "422", "332", "321"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dil := dilations(3, line(8), must(tt.f(3, line(8))))
			for n, v := range dil {
				if got := fmt.Sprintf("%d%d%d", v[0], v[1], v[2]); got != tt.want[n] {
					t.Errorf("n=%d: D = %s, want %s", n, got, tt.want[n])
				}
			}
		})
	}
}

func TestHarperBandwidth(t *testing.T) {
	// [V-num] (package doc): the max dilation of byweight on a line is Harper's
	// bandwidth Σ_{k<d} C(k, ⌊k/2⌋); the standard embedding's is 2^(d-1).
	want := []int{1, 2, 4, 7, 13, 23, 43, 78, 148, 274} // d = 1..10
	for d := 1; d <= 10; d++ {
		h := line(1 << d)
		place := must(embedding.ByWeight(d, h))
		got := 0
		for _, v := range dilations(d, h, place) {
			got = max(got, slices.Max(v))
		}
		if got != want[d-1] {
			t.Errorf("d=%d: byweight max dilation %d, want %d", d, got, want[d-1])
		}
		harper := 0
		for k := range d {
			harper += binom(k, k/2)
		}
		if harper != want[d-1] {
			t.Errorf("d=%d: Harper's formula gives %d, table %d", d, harper, want[d-1])
		}
	}
}

// TestByWeightIsNotMinimalOnARing: byweight's dilation is minimal on a
// line only; on a ring of 2^d nodes, d ≥ 3, xor's is lower (the 3-cube:
// 2 against 4).
func TestByWeightIsNotMinimalOnARing(t *testing.T) {
	maxDilation := func(f embedFunc, d int) int {
		m := 0
		for _, v := range dilations(d, ring(1<<d), must(f(d, ring(1<<d)))) {
			m = max(m, slices.Max(v))
		}
		return m
	}
	for d := 3; d <= 10; d++ {
		if bw, x := maxDilation(embedding.ByWeight, d), maxDilation(embedding.Xor, d); x >= bw {
			t.Errorf("d=%d on a ring: xor's max dilation %d, byweight's %d; want xor's lower", d, x, bw)
		}
	}
}

func binom(n, k int) int {
	if k == 0 {
		return 1
	}
	return binom(n-1, k-1) * n / k
}

func TestGrayRing(t *testing.T) {
	// Position p holds gray(p) = p XOR p>>1; not constant-distance on
	// a ring (flipping bit 1 moves a vertex 1 or 3 steps).
	inv := atPosition(must(embedding.Gray(3, ring(8))))
	if want := []int{0, 1, 3, 2, 6, 7, 5, 4}; !slices.Equal(inv, want) {
		t.Errorf("positions hold %v, want %v", inv, want)
	}
	if D := constantD(3, ring(8), must(embedding.Gray(3, ring(8)))); D != nil {
		t.Errorf("gray on ring:8 is constant-distance %v, want not", D)
	}
	for p := range uint(1 << 12) {
		if embedding.GrayRank(embedding.GrayCode(p)) != p {
			t.Fatalf("GrayRank(GrayCode(%d)) != %d", p, p)
		}
		if p > 0 && ones(int(embedding.GrayCode(p)^embedding.GrayCode(p-1))) != 1 {
			t.Fatalf("gray(%d) and gray(%d) differ in more than one bit", p, p-1)
		}
	}
}

func TestGrayMesh(t *testing.T) {
	// Mixed-radix reflected Gray code: on a 4x2 mesh, coordinate 1 is the
	// Gray rank of bits 0-1 and coordinate 2 is bit 2.
	h := mesh(4, 2)
	place := must(embedding.Gray(3, h))
	for n, node := range place {
		c := h.Coords(node, nil)
		if want := []int{int(embedding.GrayRank(uint(n & 3))), n >> 2}; !slices.Equal(c, want) {
			t.Errorf("vertex %d at %v, want %v", n, c, want)
		}
	}
}

func TestNotApplicable(t *testing.T) {
	tests := []struct {
		name string
		f    embedFunc
		d    int
		host topology.Grid
		want string
	}{
		{"identity on ring", embedding.Identity, 3, ring(8), "identity needs a hypercube host"},
		{"identity wrong size", embedding.Identity, 3, cube(4), "has 16 nodes"},
		{"standard on hypercube", embedding.Standard, 3, cube(3), "not a hypercube"},
		{"standard wrong size", embedding.Standard, 3, ring(12), "has 12 nodes"},
		{"byweight on mesh", embedding.ByWeight, 4, mesh(4, 4), "not specified"},
		{"byweight on hypercube", embedding.ByWeight, 3, cube(3), "needs a line or ring"},
		{"gray on hypercube", embedding.Gray, 3, cube(3), "not a hypercube"},
		{"xor on line", embedding.Xor, 3, line(8), "xor needs a ring or torus whose sides are powers of two"},
		{"xor on mesh", embedding.Xor, 4, mesh(4, 4), "xor needs a ring or torus"},
		{"xor on mixed wrap", embedding.Xor, 4, grid([]int{4, 4}, []bool{true, false}), "xor needs a ring or torus"},
		{"xor on hypercube", embedding.Xor, 3, cube(3), "xor needs a ring or torus"},
		{"xor bad dimension", embedding.Xor, -1, ring(8), "out of [0, 26]"},
		{"xor nil host", embedding.Xor, 3, nil, "no host"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f(tt.d, tt.host)
			if !errors.Is(err, embedding.ErrNotApplicable) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "embedding: ") {
				t.Errorf("err %q lacks the package prefix", err)
			}
		})
	}
	// Sides that are not powers of two with the right product cannot occur
	// (Π k_j = 2^d forces powers of two), so the size check comes first.
	if _, err := embedding.Xor(3, torus(3, 3)); err == nil {
		t.Error("xor on torus 3x3 accepted")
	}
}

// hostsFor returns hosts of 2^d nodes of every family, several shapes each.
func hostsFor(d int) []*topology.Lattice {
	hs := []*topology.Lattice{cube(d), line(1 << d), ring(1 << d)}
	for a := 1; a < d; a++ {
		hs = append(hs, mesh(pow2(a), pow2(d-a)), torus(pow2(a), pow2(d-a)),
			grid([]int{pow2(a), pow2(d - a)}, []bool{false, true}))
		for b := 1; a+b < d; b++ {
			hs = append(hs, torus(pow2(a), pow2(b), pow2(d-a-b)), mesh(pow2(a), pow2(b), pow2(d-a-b)))
		}
	}
	return hs
}

// TestProperties checks every embedding on every host it applies to: the
// placement is a bijection, D_i(n) = D_i(N_i(n)), Xor is constant-distance,
// and metric.Evaluate agrees with a recomputation from first principles.
func TestProperties(t *testing.T) {
	for d := 1; d <= 7; d++ {
		g := must(guest.NewHypercube(d))
		for _, h := range hostsFor(d) {
			for _, e := range all {
				place, err := e.f(d, h)
				if err != nil {
					continue
				}
				t.Run(fmt.Sprintf("%s d=%d %s", e.name, d, h), func(t *testing.T) {
					m := &mapping.Mapping{Guest: g, Host: h, Place: place}
					if err := m.Validate(); err != nil {
						t.Fatal(err)
					}
					dil := dilations(d, h, place)
					for n := range dil {
						for i := range d {
							if dil[n][i] != dil[n^1<<i][i] {
								t.Fatalf("D_%d(%d) = %d but D_%d(%d) = %d", i, n, dil[n][i], i, n^1<<i, dil[n^1<<i][i])
							}
						}
					}
					D := constantD(d, h, place)
					if e.name == "xor" && D == nil {
						t.Fatal("xor is not constant-distance")
					}
					checkMetrics(t, m, dil, D)
				})
			}
		}
	}
}

// checkMetrics compares metric.Evaluate with the dilations recomputed here.
func checkMetrics(t *testing.T, m *mapping.Mapping, dil [][]int, D []int) {
	t.Helper()
	r := metric.Evaluate(m)
	total, maxD := 0, 0
	for _, v := range dil {
		total += sum(v)
		maxD = max(maxD, slices.Max(v))
	}
	arcs := len(dil) * len(dil[0])
	if r.HopBytes != float64(total) || r.MaxDilation != maxD || math.Abs(r.AvgDilation-float64(total)/float64(arcs)) > 1e-12 {
		t.Errorf("metrics hopBytes=%v max=%d avg=%v, recomputed %d, %d, %v", r.HopBytes, r.MaxDilation, r.AvgDilation, total, maxD, float64(total)/float64(arcs))
	}
	if r.ConstantDistance != (D != nil) {
		t.Fatalf("ConstantDistance = %v, recomputed D = %v", r.ConstantDistance, D)
	}
	for i, p := range r.DimDistances {
		allSame := true
		for n := range dil {
			allSame = allSame && dil[n][i] == dil[0][i]
		}
		if (p != nil) != allSame || p != nil && *p != dil[0][i] {
			t.Errorf("DimDistances[%d] = %v, recomputed constant=%v value %d", i, p, allSame, dil[0][i])
		}
	}
	if D != nil {
		if r.AvgDistance == nil || math.Abs(*r.AvgDistance-float64(sum(D))/float64(len(D))) > 1e-12 {
			t.Errorf("AvgDistance = %v, want %v", r.AvgDistance, float64(sum(D))/float64(len(D)))
		}
	}
}
