package metric_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// asGraph returns g as a custom graph built by guest.FromArcs: the same
// arcs, each of volume 1, and no kind, labels or dimensions.
func asGraph(t *testing.T, g *guest.Graph) *guest.Graph {
	t.Helper()
	var arcs []guest.Arc
	for v := range g.Order() {
		for _, u := range g.Neighbors(v) {
			arcs = append(arcs, guest.Arc{From: v, To: int(u), Volume: 1})
		}
	}
	c, loops, err := guest.FromArcs(g.Order(), arcs)
	if err != nil || loops != 0 {
		t.Fatalf("%v: %v, %d self-loops", g, err, loops)
	}
	return c
}

func boundOf(bs []metric.Bound, name string) (metric.Bound, bool) {
	i := slices.IndexFunc(bs, func(b metric.Bound) bool { return b.Name == name })
	if i < 0 {
		return metric.Bound{}, false
	}
	return bs[i], true
}

// TestGeneratedGuestsAsGraphs: the d-cube and grid guests, expressed as
// weighted graphs (guest.FromArcs), give the metrics of today's guests
// (they are special cases: package guest's doc): hop-bytes, hops per byte,
// dilations, the hop histogram and the neighbourhood bound, for the
// identity and random placements, also on hosts larger than the guest; and
// the neighbourhood bound is the same through the host's closed forms and
// through breadth-first balls (a host without the Grid capability).
func TestGeneratedGuestsAsGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9)) // any placements will do; fixed for reproducible failures
	for _, tt := range []struct {
		g *guest.Graph
		h *topology.Lattice
	}{
		{must(guest.NewHypercube(4)), must(topology.NewRing(16))},
		{must(guest.NewHypercube(6)), must(topology.NewTorus(8, 8))},
		{must(guest.NewHypercube(5)), must(topology.NewHypercube(5))},
		{must(guest.NewGrid([]int{9, 8}, false)), must(topology.NewMesh(6, 12))},
		{must(guest.NewGrid([]int{8, 8}, true)), must(topology.NewTorus(4, 16))},
		{must(guest.NewGrid([]int{4, 4, 4}, true)), must(topology.NewHypercube(6))},
		{must(guest.NewGrid([]int{3, 3, 3}, false)), must(topology.NewLine(27))},
		{must(guest.NewGrid([]int{5, 4}, false)), must(topology.NewMesh(5, 7))}, // a larger host
		{must(guest.NewGrid([]int{6, 5}, false)), must(topology.NewMesh(7, 3, 2))},
	} {
		c := asGraph(t, tt.g)
		n, k := tt.g.Order(), tt.h.Size()
		places := [][]int{rng.Perm(k)[:n], rng.Perm(k)[:n]}
		if n == k {
			places = append(places, identity(n))
		}
		for _, place := range places {
			want := metric.Evaluate(&mapping.Mapping{Guest: tt.g, Host: tt.h, Place: place})
			got := metric.Evaluate(&mapping.Mapping{Guest: c, Host: tt.h, Place: place})
			if got.HopBytes != want.HopBytes || got.HopsPerByte != want.HopsPerByte || got.MaxDilation != want.MaxDilation ||
				got.AvgDilation != want.AvgDilation || !slices.Equal(got.HopHistogram, want.HopHistogram) {
				t.Errorf("%v on %v as a graph: hop-bytes %v, hops/byte %v, dilation max %d avg %v, histogram %v; want %v, %v, %d, %v, %v",
					tt.g, tt.h, got.HopBytes, got.HopsPerByte, got.MaxDilation, got.AvgDilation, got.HopHistogram,
					want.HopBytes, want.HopsPerByte, want.MaxDilation, want.AvgDilation, want.HopHistogram)
			}
		}
		want, _ := boundOf(metric.Bounds(tt.g, tt.h), "neighbourhood")
		for _, h := range []topology.Host{tt.h, plainHost{tt.h}} {
			got, ok := boundOf(metric.Bounds(c, h), "neighbourhood")
			if !ok || !near(got.Value, want.Value) || got.Scope != metric.AllMappings {
				t.Errorf("%v on %v as a graph: neighbourhood %+v, want %v", tt.g, h, got, want.Value)
			}
		}
	}
}

// star is a host that no closed form covers: node 0 joined to nodes
// 1..k-1, and a tail of two nodes hung from node 1 (k+2 nodes in all).
type star struct{ k int }

func (s star) Size() int { return s.k + 2 }
func (s star) Coords(i int, dst []int) []int {
	return append(dst[:0], i)
}
func (s star) Index(c []int) (int, error) {
	if len(c) != 1 || c[0] < 0 || c[0] >= s.Size() {
		return 0, fmt.Errorf("no node %v", c)
	}
	return c[0], nil
}
func (s star) String() string { return fmt.Sprintf("star:%d", s.k) }
func (s star) Neighbors(i int, dst []int) []int {
	switch t := s.k; {
	case i == 0:
		for u := 1; u < t; u++ {
			dst = append(dst, u)
		}
	case i == 1:
		dst = append(dst, 0, t)
	case i == t:
		dst = append(dst, 1, t+1)
	case i == t+1:
		dst = append(dst, t)
	default:
		dst = append(dst, 0)
	}
	return dst
}

// Hops is the breadth-first distance.
func (s star) Hops(a, b int) int {
	dist := map[int]int{a: 0}
	for q := []int{a}; len(q) > 0; q = q[1:] {
		for _, u := range s.Neighbors(q[0], nil) {
			if _, ok := dist[u]; !ok {
				dist[u] = dist[q[0]] + 1
				q = append(q, u)
			}
		}
	}
	return dist[b]
}

// TestNeighbourhoodByHand checks the neighbourhood bound (package doc) on
// cases worked by hand: directed volumes merged both ways, and hosts whose
// balls differ from node to node.
func TestNeighbourhoodByHand(t *testing.T) {
	arcs := func(n int, as ...guest.Arc) *guest.Graph {
		g, _, err := guest.FromArcs(n, as)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, tt := range []struct {
		name string
		g    *guest.Graph
		h    topology.Host
		want float64
	}{
		{
			// centre 0 sends 3, 2, 1 and hears nothing; on line:4 the best
			// node (1) has others at 1, 1, 2: vertex 0 gives 3+2+2 = 7, the
			// leaves 3+2+1 = 6; half of 13 over a volume of 6
			name: "directed star on a line", g: arcs(4, guest.Arc{From: 0, To: 1, Volume: 3}, guest.Arc{From: 0, To: 2, Volume: 2}, guest.Arc{From: 0, To: 3, Volume: 1}),
			h: must(topology.NewLine(4)), want: 13.0 / 12,
		},
		{
			// both ways with different volumes: W(0,1) = 5+1 = 6, W(1,2) = 2,
			// W(0,2) = 4; on line:3 every vertex has its partners at 1, 1:
			// 2·(6+2+4) over 2, over a volume of 12
			name: "triangle on a line", g: arcs(3, guest.Arc{From: 0, To: 1, Volume: 5}, guest.Arc{From: 1, To: 0, Volume: 1},
				guest.Arc{From: 1, To: 2, Volume: 2}, guest.Arc{From: 2, To: 0, Volume: 4}),
			h: must(topology.NewLine(3)), want: 1,
		},
		{
			// the same triangle on a line of 5 through breadth-first balls
			name: "triangle on a plain line", g: arcs(3, guest.Arc{From: 0, To: 1, Volume: 5}, guest.Arc{From: 1, To: 0, Volume: 1},
				guest.Arc{From: 1, To: 2, Volume: 2}, guest.Arc{From: 2, To: 0, Volume: 4}),
			h: plainHost{must(topology.NewLine(5))}, want: 1,
		},
		{
			// star:5 (7 nodes): node 0 has 4 nodes at 1, then 2 at 2 (via node 1's
			// tail 5, then 6 at 3); node 1 has 0 and 5 at 1, then 2, 3, 4, 6 at 2.
			// Largest balls: 5 nodes within 1, 7 within 2 → δ = 1,1,1,1,2,2.
			// A vertex with 6 unit partners both ways: (4·1 + 2·2)·2/2 = 8,
			// each leaf 1: 6 leaves; hop-bytes ≥ 14 over a volume of 12
			name: "star host", g: arcs(7, guest.Arc{From: 0, To: 1, Volume: 1}, guest.Arc{From: 0, To: 2, Volume: 1},
				guest.Arc{From: 0, To: 3, Volume: 1}, guest.Arc{From: 0, To: 4, Volume: 1}, guest.Arc{From: 0, To: 5, Volume: 1},
				guest.Arc{From: 0, To: 6, Volume: 1}, guest.Arc{From: 1, To: 0, Volume: 1}, guest.Arc{From: 2, To: 0, Volume: 1},
				guest.Arc{From: 3, To: 0, Volume: 1}, guest.Arc{From: 4, To: 0, Volume: 1}, guest.Arc{From: 5, To: 0, Volume: 1},
				guest.Arc{From: 6, To: 0, Volume: 1}),
			h: star{5}, want: 14.0 / 12,
		},
	} {
		b, ok := boundOf(metric.Bounds(tt.g, tt.h), "neighbourhood")
		if !ok || !near(b.Value, tt.want) || b.Scope != metric.AllMappings {
			t.Errorf("%s: neighbourhood %+v, want %v for all mappings", tt.name, b, tt.want)
		}
	}
}

// TestNeighbourhoodHolds: no placement of random directed graphs beats
// the bound, on every kind of host (all placements of 6 vertices).
func TestNeighbourhoodHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	hosts := []topology.Host{must(topology.NewLine(6)), must(topology.NewRing(6)), must(topology.NewMesh(2, 3)),
		plainHost{must(topology.NewMesh(3, 2))}, star{4}, must(topology.NewMesh(3, 3))}
	for range 8 {
		var as []guest.Arc
		for range 10 {
			as = append(as, guest.Arc{From: r.IntN(6), To: r.IntN(6), Volume: float64(1 + r.IntN(9))})
		}
		g, _, err := guest.FromArcs(6, as)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hosts {
			b, _ := boundOf(metric.Bounds(g, h), "neighbourhood")
			vol := 0.0
			for e := range g.Arcs() {
				vol += g.Volume(e)
			}
			best := -1.0
			for _, p := range permutations(h.Size(), 6) {
				if v := metric.HopBytes(&mapping.Mapping{Guest: g, Host: h, Place: p}) / vol; best < 0 || v < best {
					best = v
				}
			}
			if b.Value > best+eps {
				t.Fatalf("%v on %v: bound %v above the best placement %v", g, h, b.Value, best)
			}
		}
	}
}

// permutations returns every injection of k items into n slots.
func permutations(n, k int) [][]int {
	var out [][]int
	used := make([]bool, n)
	cur := make([]int, 0, k)
	var rec func()
	rec = func() {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for x := range n {
			if !used[x] {
				used[x] = true
				cur = append(cur, x)
				rec()
				cur = cur[:len(cur)-1]
				used[x] = false
			}
		}
	}
	rec()
	return out
}

func ExampleMetrics_hopHistogram() {
	// a 2-cube on a ring of 4 under the standard embedding: 4 messages
	// along dimension 0 travel 1 hop, 4 along dimension 1 travel 2
	g, _ := guest.NewHypercube(2)
	h, _ := topology.NewRing(4)
	m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: []int{0, 1, 2, 3}})
	fmt.Println(m.HopHistogram)
	fmt.Println(m.Value("hopHistogram"))
	// Output:
	// [0 4 4]
	// 1: 50.0 %, 2: 50.0 % true
}

// BenchmarkNeighbourhood times the neighbourhood bound on a random
// directed graph of 16384 vertices (12 arcs each, random volumes) onto
// torus:16x32x32, through its closed form and through breadth-first balls.
func BenchmarkNeighbourhood(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 16384
	var as []guest.Arc
	for v := range n {
		for range 12 {
			as = append(as, guest.Arc{From: v, To: (v + 1 + r.IntN(200)) % n, Volume: float64(1 + r.IntN(50))})
		}
	}
	g, _, err := guest.FromArcs(n, as)
	if err != nil {
		b.Fatal(err)
	}
	h := must(topology.NewTorus(16, 32, 32))
	for _, host := range []topology.Host{h, plainHost{h}} {
		name := "graph-16384-on-torus:16x32x32"
		if _, ok := host.(topology.Grid); !ok {
			name += "-without-grid"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				metric.Bounds(g, host)
			}
		})
	}
}

// liar is a host whose Hops is not the shortest-path distance of its
// Neighbors: a ring of 6 that claims every pair is 1 hop apart.
type liar struct{ topology.Host }

func (l liar) Hops(a, b int) int { return min(1, l.Host.Hops(a, b)) }

// TestNeighbourhoodBrokenContract: on a host that breaks the Host
// contract the bound is 0, not a value that a mapping could beat.
func TestNeighbourhoodBrokenContract(t *testing.T) {
	// a star: its centre's 5 partners need the ball of radius 2
	g := must(guest.FromEdges(6, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 0, V: 2, Volume: 1}, {U: 0, V: 3, Volume: 1},
		{U: 0, V: 4, Volume: 1}, {U: 0, V: 5, Volume: 1}}))
	h := liar{plainHost{must(topology.NewRing(6))}}
	if b, _ := boundOf(metric.Bounds(g, plainHost{must(topology.NewRing(6))}), "neighbourhood"); b.Value <= 1 {
		t.Errorf("neighbourhood %v on an honest ring, want above 1", b.Value)
	}
	if b, _ := boundOf(metric.Bounds(g, h), "neighbourhood"); b.Value != 0 {
		t.Errorf("neighbourhood %v on a host whose Hops is not its shortest paths, want 0", b.Value)
	}
}
