package metric_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

const eps = 1e-9

// layout builds the placement of an Ox×Oy grid on a Px×Py mesh from a
// picture of the mesh: rows top (b = Py-1) to bottom (b = 0),
// each entry "i,j" the object on processor (a, b), a = 0.. left to right.
// Indices follow our convention: object i + Ox·j, node a + Px·b.
func layout(t *testing.T, ox, px int, rows []string) []int {
	t.Helper()
	py := len(rows)
	place := make([]int, ox*py*px/ox)
	for r, row := range rows {
		b := py - 1 - r
		for a, cell := range strings.Fields(row) {
			var i, j int
			if _, err := fmt.Sscanf(cell, "%d,%d", &i, &j); err != nil {
				t.Fatalf("cell %q: %v", cell, err)
			}
			place[i+ox*j] = a + px*b
		}
	}
	return place
}

func evaluate(t *testing.T, g *guest.Graph, h *topology.Lattice, place []int) metric.Metrics {
	t.Helper()
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return metric.Evaluate(m)
}

func near(a, b float64) bool { return math.Abs(a-b) < eps }

// TestGridOracles checks hand-built layouts against package gridmap's
// reference figures.
func TestGridOracles(t *testing.T) {
	g65 := must(guest.NewGrid([]int{6, 5}, false))
	m103 := must(topology.NewMesh(10, 3))
	tests := []struct {
		name     string
		g        *guest.Graph
		h        *topology.Lattice
		place    []int
		hops     int // sum of hops over directed arcs
		arcs     int
		maxDil   int
		wantHPB  float64 // as the reference figures print it
		constant bool
	}{
		{
			// gridmap's reference layout: MXOVLP on 6×5 → 10×3, 1.7551 / 8
			name: "MXOVLP 6x5 on 10x3", g: g65, h: m103,
			place: layout(t, 6, 10, []string{
				"0,2 1,2 2,2 3,2 4,2 5,2 4,3 5,3 4,4 5,4",
				"0,1 1,1 2,1 3,1 4,1 5,1 0,4 1,4 2,4 3,4",
				"0,0 1,0 2,0 3,0 4,0 5,0 0,3 1,3 2,3 3,3",
			}),
			hops: 172, arcs: 98, maxDil: 8, wantHPB: 1.7551,
		},
		{
			// gridmap's reference layout: AFFN on 6×5 → 10×3, 78/49 = 1.5918,
			// max dil 3
			name: "AFFN 6x5 on 10x3", g: g65, h: m103,
			place: layout(t, 6, 10, []string{
				"0,2 0,4 1,3 1,4 2,3 2,4 3,4 4,3 4,4 5,3",
				"0,1 0,3 1,2 2,1 2,2 3,2 3,3 4,2 5,1 5,2",
				"0,0 1,0 1,1 2,0 3,1 3,0 4,0 4,1 5,0 5,4",
			}),
			hops: 156, arcs: 98, maxDil: 3, wantHPB: 1.5918,
		},
		{
			// stacking 32×8 → 8×8×4 by hand: object (x,y) → (x mod 8, y, x div 8);
			// 224+224 unit edges and 24 boundary edges of 7+1 hops: 640/472 = 1.3559 / 8
			name: "stacking 32x8 on 8x8x4", g: must(guest.NewGrid([]int{32, 8}, false)), h: must(topology.NewMesh(8, 8, 4)),
			place: func() []int {
				p := make([]int, 256)
				for y := range 8 {
					for x := range 32 {
						p[x+32*y] = x%8 + 8*y + 64*(x/8)
					}
				}
				return p
			}(),
			hops: 2 * 640, arcs: 2 * 472, maxDil: 8, wantHPB: 1.3559,
		},
		{
			name: "identity 16x16", g: must(guest.NewGrid([]int{16, 16}, false)), h: must(topology.NewMesh(16, 16)),
			place: identity(256), hops: 960, arcs: 960, maxDil: 1, wantHPB: 1, constant: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := evaluate(t, tt.g, tt.h, tt.place)
			if r.HopBytes != float64(tt.hops) || tt.g.Arcs() != tt.arcs || r.MaxDilation != tt.maxDil {
				t.Errorf("hop-bytes %v over %d arcs, max dilation %d; want %d over %d, %d", r.HopBytes, tt.g.Arcs(), r.MaxDilation, tt.hops, tt.arcs, tt.maxDil)
			}
			if math.Abs(r.HopsPerByte-tt.wantHPB) > 5e-5 || !near(r.AvgDilation, r.HopsPerByte) {
				t.Errorf("hops per byte %.6f, avg dilation %.6f; want %.4f", r.HopsPerByte, r.AvgDilation, tt.wantHPB)
			}
			if r.ConstantDistance != tt.constant {
				t.Errorf("constant distance %v, want %v", r.ConstantDistance, tt.constant)
			}
		})
	}
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func ints(ps []*int) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = -1
		if p != nil {
			out[i] = *p
		}
	}
	return out
}

// TestCubeOracles checks the numbers of González & Valero-García (package
// embedding's reference figures).
func TestCubeOracles(t *testing.T) {
	// position → process tables as printed, inverted to placements
	fromOrder := func(order ...int) []int {
		p := make([]int, len(order))
		for pos, n := range order {
			p[n] = pos
		}
		return p
	}
	// Xor onto the (8,8) torus: process n → (m1, m2) = (X_3(n mod 8), X_3(n div 8))
	x3 := func(n int) int { return n ^ (n>>2&1)<<1 }
	xorTorus := make([]int, 64)
	for n := range 64 {
		xorTorus[n] = x3(n%8) + 8*x3(n/8)
	}
	tests := []struct {
		name    string
		d       int
		h       *topology.Lattice
		place   []int
		dims    []int // D_i, -1 where not constant
		hpb     float64
		maxDil  int
		avgDist float64 // D_a, NaN when not constant
	}{
		// standard on a ring, D_i = 2^i, D_a = (2^d-1)/d
		{"standard d=4 ring", 4, must(topology.NewRing(16)), identity(16), []int{1, 2, 4, 8}, 15.0 / 4, 8, 15.0 / 4},
		// Fig. 5: Xor ring d=4 positions 0..15; D = 1,2,4,4, Σ 11
		{"xor d=4 ring", 4, must(topology.NewRing(16)), fromOrder(0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 8, 9, 10, 11), []int{1, 2, 4, 4}, 11.0 / 4, 4, 11.0 / 4},
		// Xor ring d = 3: 0 1 2 3 6 7 4 5, D = 1,2,2
		{"xor d=3 ring", 3, must(topology.NewRing(8)), fromOrder(0, 1, 2, 3, 6, 7, 4, 5), []int{1, 2, 2}, 5.0 / 3, 2, 5.0 / 3},
		// Xor (8,8) torus, d = 6: D = 1,2,2,1,2,2, D_a = 10/6
		{"xor d=6 torus 8x8", 6, must(topology.NewTorus(8, 8)), xorTorus, []int{1, 2, 2, 1, 2, 2}, 10.0 / 6, 2, 10.0 / 6},
		// Fig. 3a/4a: byweight d = 3 on a line, vectors 321 332 422 431 431 422 332 321 sum to 60
		{"byweight d=3 line", 3, must(topology.NewLine(8)), fromOrder(0, 4, 2, 1, 6, 5, 3, 7), []int{-1, -1, -1}, 60.0 / 24, 4, math.NaN()},
		// the identity on a hypercube host: every D_i = 1
		{"identity d=5 hypercube", 5, must(topology.NewHypercube(5)), identity(32), []int{1, 1, 1, 1, 1}, 1, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := evaluate(t, must(guest.NewHypercube(tt.d)), tt.h, tt.place)
			if got := ints(r.DimDistances); !slices.Equal(got, tt.dims) {
				t.Errorf("D_i = %v, want %v", got, tt.dims)
			}
			if !near(r.HopsPerByte, tt.hpb) || r.MaxDilation != tt.maxDil {
				t.Errorf("hops per byte %v, max dilation %d; want %v, %d", r.HopsPerByte, r.MaxDilation, tt.hpb, tt.maxDil)
			}
			if math.IsNaN(tt.avgDist) != (r.AvgDistance == nil) || r.AvgDistance != nil && !near(*r.AvgDistance, tt.avgDist) || r.ConstantDistance == (r.AvgDistance == nil) {
				t.Errorf("D_a = %v (constant %v), want %v", r.AvgDistance, r.ConstantDistance, tt.avgDist)
			}
			for i, mean := range r.DimMeans {
				if tt.dims[i] >= 0 && (mean == nil || *mean != float64(tt.dims[i])) {
					t.Errorf("mean of dimension %d is %v, want %d", i, mean, tt.dims[i])
				}
			}
		})
	}
}

// TestByweightVectors checks the per-process dilation vectors of Fig. 4a
// (package embedding's reference figures) through EdgeHops.
func TestByweightVectors(t *testing.T) {
	g := must(guest.NewHypercube(3))
	place := make([]int, 8)
	for pos, n := range []int{0, 4, 2, 1, 6, 5, 3, 7} {
		place[n] = pos
	}
	hops := metric.EdgeHops(&mapping.Mapping{Guest: g, Host: must(topology.NewLine(8)), Place: place})
	want := []string{"321", "332", "422", "431", "431", "422", "332", "321"}
	for n := range 8 {
		var got string
		for e := g.Offsets[n]; e < g.Offsets[n+1]; e++ {
			got += fmt.Sprint(hops[e])
		}
		if got != want[n] {
			t.Errorf("process %d: (D_0, D_1, D_2) = %s, want %s", n, got, want[n])
		}
	}
}

// naive recomputes the metrics from Topology.Distance, arc by arc.
type naive struct {
	hopBytes, vol     float64
	hops, arcs, maxD  int
	dimFirst, dimHops map[int8]int
	dimConst          map[int8]bool
}

func recompute(m *mapping.Mapping) naive {
	g := m.Guest
	r := naive{dimFirst: map[int8]int{}, dimHops: map[int8]int{}, dimConst: map[int8]bool{}}
	for v := range g.Order() {
		for e := int(g.Offsets[v]); e < int(g.Offsets[v+1]); e++ {
			h := m.Host.Hops(m.Place[v], m.Place[g.Adj[e]])
			r.hopBytes += g.Volume(e) * float64(h)
			r.vol += g.Volume(e)
			r.hops += h
			r.arcs++
			r.maxD = max(r.maxD, h)
			if g.Label != nil {
				l := g.Label[e]
				if f, ok := r.dimFirst[l]; !ok {
					r.dimFirst[l], r.dimConst[l] = h, true
				} else if f != h {
					r.dimConst[l] = false
				}
				r.dimHops[l] += h
			}
		}
	}
	return r
}

// randomGraph returns a weighted custom graph of n vertices.
func randomGraph(r *rand.Rand, n int) *guest.Graph {
	var edges []guest.Edge
	for range 3 * n {
		u, v := r.IntN(n), r.IntN(n)
		if u != v {
			edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(1 + r.IntN(9))})
		}
	}
	return must(guest.FromEdges(n, edges))
}

// TestRecompute compares Evaluate, HopBytes and EdgeHops with a naive
// recomputation on random placements (bijections, and injections into
// larger hosts) over every kind of host.
func TestRecompute(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	cases := []struct {
		g *guest.Graph
		h *topology.Lattice
	}{
		{must(guest.NewHypercube(6)), must(topology.NewRing(64))},
		{must(guest.NewHypercube(6)), must(topology.NewLine(64))},
		{must(guest.NewHypercube(6)), must(topology.NewTorus(8, 8))},
		{must(guest.NewHypercube(6)), must(topology.NewMesh(4, 16))},
		{must(guest.NewHypercube(6)), must(topology.NewMesh(4, 4, 4))},
		{must(guest.NewHypercube(6)), must(topology.NewHypercube(6))},
		{must(guest.NewHypercube(6)), must(topology.NewMesh(2, 2, 2, 2, 2, 2))},
		{must(guest.NewHypercube(6)), must(topology.NewTorus(2, 2, 2, 2, 4))},
		{must(guest.NewHypercube(5)), must(topology.NewLine(40))},
		{must(guest.NewHypercube(4)), must(topology.NewGrid([]int{3, 7}, []bool{true, false}))},
		{must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12))},
		{must(guest.NewGrid([]int{9, 8}, true)), must(topology.NewTorus(6, 12))},
		{must(guest.NewGrid([]int{4, 3, 5}, false)), must(topology.NewGrid([]int{5, 3, 4}, []bool{true, false, true}))},
		{must(guest.NewGrid([]int{6, 5}, false)), must(topology.NewMesh(12, 3))},
		{must(guest.NewGrid([]int{3, 1}, true)), must(topology.NewRing(3))},
		{randomGraph(r, 50), must(topology.NewTorus(5, 10))},
		{randomGraph(r, 30), must(topology.NewRing(30))},
		{randomGraph(r, 16), must(topology.NewHypercube(4))},
	}
	for _, c := range cases {
		t.Run(c.g.String()+" on "+c.h.String(), func(t *testing.T) {
			for range 20 {
				m := &mapping.Mapping{Guest: c.g, Host: c.h, Place: r.Perm(c.h.Size())[:c.g.Order()]}
				want := recompute(m)
				got := metric.Evaluate(m)
				// the coordinate fast paths agree with Host.Hops, which a
				// host without the Grid capability is measured with
				slow := metric.Evaluate(&mapping.Mapping{Guest: c.g, Host: plainHost{c.h}, Place: m.Place})
				slow.Bounds, slow.LowerBound, slow.DilationBound = got.Bounds, got.LowerBound, got.DilationBound
				// without routing there are no link figures (links_test.go)
				slow.Routing, slow.MaxLinkLoad, slow.AvgLinkLoad, slow.SquaredLinkLoads, slow.LinksUsed, slow.Links, slow.LinkLoadBound, slow.NoLinkLoads =
					got.Routing, got.MaxLinkLoad, got.AvgLinkLoad, got.SquaredLinkLoads, got.LinksUsed, got.Links, got.LinkLoadBound, got.NoLinkLoads
				if !reflect.DeepEqual(got, slow) {
					t.Fatalf("fast paths %+v, Hops %+v", got, slow)
				}
				if math.Abs(got.HopBytes-want.hopBytes) > eps*want.hopBytes || math.Abs(metric.HopBytes(m)-want.hopBytes) > eps*want.hopBytes {
					t.Fatalf("hop-bytes %v (HopBytes %v), want %v", got.HopBytes, metric.HopBytes(m), want.hopBytes)
				}
				if !near(got.HopsPerByte, want.hopBytes/want.vol) || !near(got.AvgDilation, float64(want.hops)/float64(want.arcs)) || got.MaxDilation != want.maxD {
					t.Fatalf("hops per byte %v, avg dilation %v, max %d; want %v, %v, %d", got.HopsPerByte, got.AvgDilation, got.MaxDilation,
						want.hopBytes/want.vol, float64(want.hops)/float64(want.arcs), want.maxD)
				}
				constant := c.g.Label != nil
				for i, d := range got.DimDistances {
					l := int8(i)
					if want.dimConst[l] != (d != nil) || d != nil && *d != want.dimFirst[l] {
						t.Fatalf("D_%d = %v, want constant %v at %d", i, d, want.dimConst[l], want.dimFirst[l])
					}
					if c.g.Kind == guest.Hypercube && !near(*got.DimMeans[i], float64(want.dimHops[l])/float64(c.g.Arcs())*float64(len(got.DimMeans))) {
						t.Fatalf("mean of dimension %d: %v", i, *got.DimMeans[i])
					}
					constant = constant && want.dimConst[l]
				}
				if got.ConstantDistance != constant || (got.AvgDistance != nil) != constant {
					t.Fatalf("constant distance %v (D_a %v), want %v", got.ConstantDistance, got.AvgDistance, constant)
				}
				hops := metric.EdgeHops(m)
				for v := range c.g.Order() {
					for e := c.g.Offsets[v]; e < c.g.Offsets[v+1]; e++ {
						if h := c.h.Hops(m.Place[v], m.Place[c.g.Adj[e]]); hops[e] != h {
							t.Fatalf("EdgeHops[%d] = %d, want %d", e, hops[e], h)
						}
					}
				}
				if got.LowerBound > got.HopsPerByte+eps {
					t.Fatalf("lower bound %v above the value %v", got.LowerBound, got.HopsPerByte)
				}
			}
		})
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		guest, host string
		g           *guest.Graph
		h           *topology.Lattice
		want        map[string]float64 // name → value
		scope       map[string]metric.Scope
	}{
		{
			// the thesis' loose affine bound (Eq. 9.1) for 9×8 → 6×12 is
			// 6/9 + 12/8 = 2.1667, an estimate
			g: must(guest.NewGrid([]int{9, 8}, false)), h: must(topology.NewMesh(6, 12)),
			want:  map[string]float64{"affine": 6.0/9 + 12.0/8, "neighbourhood": 1},
			scope: map[string]metric.Scope{"affine": metric.Estimate, "neighbourhood": metric.AllMappings},
		},
		{
			// Harper: (2^d-1)/d on a line of 2^d
			g: must(guest.NewHypercube(4)), h: must(topology.NewLine(16)),
			want:  map[string]float64{"harper": 15.0 / 4},
			scope: map[string]metric.Scope{"harper": metric.AllMappings},
		},
		{
			// a one-dimensional mesh is a line
			g: must(guest.NewHypercube(4)), h: must(topology.NewMesh(16)),
			want:  map[string]float64{"harper": 15.0 / 4},
			scope: map[string]metric.Scope{"harper": metric.AllMappings},
		},
		{
			// the ring theorem (package optimal): (3·2^(d-2)-1)/d on a ring
			g: must(guest.NewHypercube(5)), h: must(topology.NewRing(32)),
			want:  map[string]float64{"xor-ring": 23.0 / 5},
			scope: map[string]metric.Scope{"xor-ring": metric.ConstantDistance},
		},
		{
			// standard on a (8,4) mesh: Σ(k_j - 1)/d = (7+3)/5
			g: must(guest.NewHypercube(5)), h: must(topology.NewMesh(8, 4)),
			want:  map[string]float64{"standard-mesh": 10.0 / 5},
			scope: map[string]metric.Scope{"standard-mesh": metric.ConstantDistance},
		},
		{
			// neighbourhood on a ring: a d-cube vertex's d neighbours are at least 1,1,2,2,3,...
			g: must(guest.NewHypercube(5)), h: must(topology.NewRing(32)),
			want: map[string]float64{"neighbourhood": (1 + 1 + 2 + 2 + 3) / 5.0},
		},
		{
			// on a 2-D torus: 4 nodes at distance 1, then 2: (1+1+1+1+2)/5
			g: must(guest.NewHypercube(6)), h: must(topology.NewTorus(8, 8)),
			want: map[string]float64{"neighbourhood": (4 + 2*2) / 6.0},
		},
		{
			// weighted star, volumes 3,2,1 from centre 0, on line:4 (centre node 1 sees 1,1,2):
			// vertex 0: 3·1+2·1+1·2 = 7, the leaves 3+2+1 = 6, over volume 2·6 = 12
			g: must(guest.FromEdges(4, []guest.Edge{{U: 0, V: 1, Volume: 3}, {U: 0, V: 2, Volume: 2}, {U: 3, V: 0, Volume: 1}})), h: must(topology.NewLine(4)),
			want: map[string]float64{"neighbourhood": 13.0 / 12},
		},
		{
			// a 3-D grid's interior vertex has 6 neighbours: on a line at 1,1,2,2,3,3
			g: must(guest.NewGrid([]int{3, 3, 3}, true)), h: must(topology.NewLine(27)),
			want: map[string]float64{"neighbourhood": 12.0 / 6},
		},
	}
	for _, tt := range tests {
		t.Run(tt.g.String()+" on "+tt.h.String(), func(t *testing.T) {
			bs := metric.Bounds(tt.g, tt.h)
			found := map[string]metric.Bound{}
			for _, b := range bs {
				found[b.Name] = b
				if b.Source == "" {
					t.Errorf("bound %s has no source", b.Name)
				}
			}
			for name, v := range tt.want {
				b, ok := found[name]
				if !ok || !near(b.Value, v) {
					t.Errorf("bound %s = %+v, want %v (all: %+v)", name, b, v, bs)
				}
				if s, ok := tt.scope[name]; ok && b.Scope != s {
					t.Errorf("bound %s has scope %q, want %q", name, b.Scope, s)
				}
			}
			if bs[0].Scope != metric.AllMappings {
				t.Errorf("first bound %+v is not valid for all mappings", bs[0])
			}
		})
	}
	// the estimate is never the LowerBound
	r := evaluate(t, must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12)), identity(72))
	if r.LowerBound != 1 {
		t.Errorf("LowerBound %v: the affine estimate must not count", r.LowerBound)
	}
}

// TestAffineEstimateOfTheThesisConfigurations: the thesis's loose bound
// for AFFN (Eq. 9.1), Px/Ox + Py/Oy, on the configurations of its Figure
// 9.7 and on 9×8 → 6×12, to four decimals, always an estimate.
func TestAffineEstimateOfTheThesisConfigurations(t *testing.T) {
	for _, tt := range []struct {
		obj, proc []int
		want      float64
	}{
		{[]int{27, 44}, []int{36, 33}, 2.0833},
		{[]int{100, 40}, []int{125, 32}, 2.0500},
		{[]int{64, 64}, []int{256, 16}, 4.2500},
		{[]int{320, 200}, []int{125, 512}, 2.9506},
		{[]int{9, 8}, []int{6, 12}, 2.1667},
	} {
		var got *metric.Bound
		for _, b := range metric.Bounds(must(guest.NewGrid(tt.obj, false)), must(topology.NewMesh(tt.proc...))) {
			if b.Name == "affine" {
				got = &b
			}
		}
		if got == nil || math.Abs(got.Value-tt.want) > 5e-5 || got.Scope != metric.Estimate {
			t.Errorf("%v -> %v: affine %+v, want %.4f, an estimate", tt.obj, tt.proc, got, tt.want)
		}
	}
}

// TestEmptyDimension: an axis without edges (extent 1) keeps
// its entry, leading, middle or trailing, with a null D_i and a null mean
// (never 0); the guest is then not constant-distance (no null next to
// constantDistance: true), and D_a is null.
func TestEmptyDimension(t *testing.T) {
	tests := []struct {
		dims  []int
		place []int // nil: identity
		want  []int // D_i, -1 for null
	}{
		{[]int{1, 8}, nil, []int{-1, 1}},
		{[]int{8, 1}, nil, []int{1, -1}},
		{[]int{1, 8, 1}, nil, []int{-1, 1, -1}},
		{[]int{8, 1, 1}, nil, []int{1, -1, -1}},
		{[]int{1, 1, 8}, nil, []int{-1, -1, 1}},
		{[]int{4, 1, 2}, nil, []int{1, -1, 1}},
		// object v on node place[v]: hops 7, 6, ..., 1 along axis 1
		{[]int{1, 8}, []int{0, 7, 1, 6, 2, 5, 3, 4}, []int{-1, -1}},
	}
	for _, tt := range tests {
		g := must(guest.NewGrid(tt.dims, false))
		place := tt.place
		if place == nil {
			place = identity(g.Order())
		}
		r := evaluate(t, g, must(topology.NewMesh(tt.dims...)), place)
		if got := ints(r.DimDistances); !slices.Equal(got, tt.want) {
			t.Errorf("grid %v: D_i %v, want %v", tt.dims, got, tt.want)
		}
		if len(r.DimMeans) != len(tt.dims) {
			t.Fatalf("grid %v: %d means", tt.dims, len(r.DimMeans))
		}
		for i, k := range tt.dims {
			if (k == 1) != (r.DimMeans[i] == nil) || k > 1 && *r.DimMeans[i] < 1 {
				t.Errorf("grid %v: mean of axis %d is %v", tt.dims, i, r.DimMeans[i])
			}
		}
		if r.ConstantDistance || r.AvgDistance != nil {
			t.Errorf("grid %v: constant %v, D_a %v; want false and null", tt.dims, r.ConstantDistance, r.AvgDistance)
		}
	}
	// every axis with edges: constant, D_a the mean of the D_i
	r := evaluate(t, must(guest.NewGrid([]int{4, 2}, false)), must(topology.NewMesh(4, 2)), identity(8))
	if !r.ConstantDistance || r.AvgDistance == nil || *r.AvgDistance != 1 {
		t.Errorf("grid 4x2 on itself: constant %v, D_a %v", r.ConstantDistance, r.AvgDistance)
	}
}

// TestNoEdges: grid:1x1 has no messages, so no hops per byte
// and no average dilation: null in JSON, not 0.
func TestNoEdges(t *testing.T) {
	r := evaluate(t, must(guest.NewGrid([]int{1, 1}, false)), must(topology.NewMesh(1, 1)), []int{0})
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"hopsPerByte":null`, `"avgDilation":null`, `"arcs":0`, `"dimDistances":[null,null]`, `"dimMeans":[null,null]`, `"constantDistance":false`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	r = evaluate(t, must(guest.NewGrid([]int{2, 1}, false)), must(topology.NewMesh(2, 1)), []int{0, 1})
	if b, _ = json.Marshal(r); !strings.Contains(string(b), `"hopsPerByte":1,`) || strings.Count(string(b), `"hopsPerByte"`) != 1 {
		t.Errorf("with edges: %s", b)
	}
}

// TestHarperDegenerate: a host with one axis of size 2 or more
// is a line (or a ring) whatever its other axes: the Harper bound holds on
// mesh:8x1 and mesh:1x8 as on line:8, and the Xor ring bound on torus:1x8.
func TestHarperDegenerate(t *testing.T) {
	g := must(guest.NewHypercube(3))
	for _, h := range []*topology.Lattice{must(topology.NewLine(8)), must(topology.NewMesh(8, 1)), must(topology.NewMesh(1, 8)), must(topology.NewMesh(1, 8, 1))} {
		bs := metric.Bounds(g, h)
		if len(bs) < 2 || bs[1].Name != "harper" || !near(bs[1].Value, 7.0/3) {
			t.Errorf("%v: bounds %+v, want harper 7/3", h, bs)
		}
	}
	bs := metric.Bounds(g, must(topology.NewTorus(1, 8)))
	if len(bs) < 2 || bs[1].Name != "xor-ring" {
		t.Errorf("torus:1x8: bounds %+v, want xor-ring", bs)
	}
}

// TestDilationBound: Harper's bandwidth of the d-cube on a line, half of
// it on a ring, a grid's smaller side on a line, the diameter ratio, and
// 1 for a grid on a mesh of its shape; the bound holds for the standard
// embedding and random placements.
func TestDilationBound(t *testing.T) {
	tests := []struct {
		g    *guest.Graph
		h    *topology.Lattice
		want int
	}{
		{must(guest.NewHypercube(3)), must(topology.NewLine(8)), 4},
		{must(guest.NewHypercube(6)), must(topology.NewLine(64)), 23},
		{must(guest.NewHypercube(6)), must(topology.NewRing(64)), 12},
		{must(guest.NewHypercube(4)), must(topology.NewMesh(16, 1)), 7},
		{must(guest.NewGrid([]int{4, 6}, false)), must(topology.NewLine(24)), 4},
		{must(guest.NewGrid([]int{16, 16}, false)), must(topology.NewMesh(16, 16)), 1},
		{must(guest.NewGrid([]int{16, 16}, false)), must(topology.NewMesh(2, 128)), 5}, // ⌈128/30⌉
		{must(guest.NewGrid([]int{1, 1}, false)), must(topology.NewMesh(1, 1)), 0},
	}
	r := rand.New(rand.NewPCG(3, 3))
	for _, tt := range tests {
		if got := metric.DilationBound(tt.g, tt.h); got != tt.want {
			t.Errorf("%v on %v: %d, want %d", tt.g, tt.h, got, tt.want)
		}
		for range 20 {
			m := &mapping.Mapping{Guest: tt.g, Host: tt.h, Place: r.Perm(tt.h.Size())}
			if d := metric.Evaluate(m).MaxDilation; d < tt.want {
				t.Fatalf("%v on %v: a placement of dilation %d below the bound %d", tt.g, tt.h, d, tt.want)
			}
		}
	}
}

// plainHost hides every method of a host but topology.Host's.
type plainHost struct{ topology.Host }

// TestDilationBoundHoldsOnEveryHost: on hosts without the grid's closed
// forms (fat trees, dragonflies, trees, cores, nodes with an inside) the
// dilation bound is the Δ-th smallest distance or the hops-per-byte bound
// rounded up, and no placement's largest hop count is below it; on a fat
// tree two nodes are at least 2 hops apart, so the bound is not 0.
func TestDilationBoundHoldsOnEveryHost(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, c := range []struct {
		guest, host string
		least       int
	}{
		{"grid:2x2", "fattree:2,2", 2},
		{"grid:4x4", "fattree:4,2", 2},
		{"hypercube:4", "fattree:2,4", 2},
		{"grid:4x4", "dragonfly:4,2,2,9", 1},
		{"grid:4x8", "tree:4x8:dist=1,3", 1},
		{"grid:4x8", "torus:2x2:cores=8", 1},
		{"grid:4x8", "torus:2x2:node=4x2:dist=1,2", 1}, // a neighbour node's cores are 1 hop away too
	} {
		sp, err := guest.Parse(c.guest)
		if err != nil {
			t.Fatal(err)
		}
		g, h := must(sp.Build()), must(topology.Parse(c.host))
		place := r.Perm(h.Size())[:g.Order()]
		m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
		if m.DilationBound < c.least {
			t.Errorf("%s on %s: dilation bound %d, want at least %d", c.guest, c.host, m.DilationBound, c.least)
		}
		for range 50 {
			r.Shuffle(len(place), func(i, j int) { place[i], place[j] = place[j], place[i] })
			if d := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place}).MaxDilation; d < m.DilationBound {
				t.Fatalf("%s on %s: a placement of dilation %d below the bound %d", c.guest, c.host, d, m.DilationBound)
			}
		}
	}
}
