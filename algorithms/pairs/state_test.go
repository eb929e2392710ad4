package pairs

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// instance is a guest, a host and a starting placement for internal tests.
type instance struct {
	name  string
	g     *guest.Graph
	h     *topology.Lattice
	place []int
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// randomPlace returns a random injective placement of n objects on size
// nodes.
func randomPlace(n, size int, rng *rand.Rand) []int {
	return rng.Perm(size)[:n]
}

// randomGraph returns a connected weighted graph: a ring plus extra random
// edges, volumes in [1, 10) with fractions so that sums round.
func randomGraph(n, extra int, rng *rand.Rand) *guest.Graph {
	var es []guest.Edge
	for v := range n {
		es = append(es, guest.Edge{U: v, V: (v + 1) % n, Volume: 1 + 9*rng.Float64()})
	}
	for range extra {
		u, v := rng.IntN(n), rng.IntN(n)
		if u != v {
			es = append(es, guest.Edge{U: u, V: v, Volume: 1 + 9*rng.Float64()})
		}
	}
	return must(guest.FromEdges(n, es))
}

func testInstances() []instance {
	rng := rand.New(rand.NewPCG(7, 7))
	var out []instance
	add := func(name string, g *guest.Graph, h *topology.Lattice) {
		out = append(out, instance{name, g, h, randomPlace(g.Order(), h.Size(), rng)})
	}
	add("grid 8x8 on mesh 4x16", must(guest.NewGrid([]int{8, 8}, false)), must(topology.NewMesh(4, 16)))
	add("periodic grid 6x6 on torus 4x9", must(guest.NewGrid([]int{6, 6}, true)), must(topology.NewTorus(4, 9)))
	add("grid 4x4x4 on torus 8x8", must(guest.NewGrid([]int{4, 4, 4}, false)), must(topology.NewTorus(8, 8)))
	add("hypercube 6 on hypercube 6", must(guest.NewHypercube(6)), must(topology.NewHypercube(6)))
	add("hypercube 5 on ring 32", must(guest.NewHypercube(5)), must(topology.NewRing(32)))
	add("weighted graph 40 on torus 5x8", randomGraph(40, 60, rng), must(topology.NewTorus(5, 8)))
	add("weighted graph 30 on mesh 3x4x3 (larger host)", randomGraph(30, 40, rng), must(topology.NewMesh(3, 4, 3)))
	add("grid 4x4x4 on mixed torus 8x4x2", must(guest.NewGrid([]int{4, 4, 4}, false)), must(topology.NewGrid([]int{8, 4, 2}, []bool{true, false, true})))
	add("grid 5x5 on mixed mesh 6x6 (larger host)", must(guest.NewGrid([]int{5, 5}, false)), must(topology.NewGrid([]int{6, 6}, []bool{true, false})))
	add("weighted graph 40 on mesh 2x2x2x2x2x2 (larger host)", randomGraph(40, 60, rng), must(topology.NewMesh(2, 2, 2, 2, 2, 2)))
	add("grid 4x4x4 on 5-D torus 4x2x2x2x3 (larger host)", must(guest.NewGrid([]int{4, 4, 4}, false)), must(topology.NewTorus(4, 2, 2, 2, 3)))
	return out
}

// closeTo compares hop-bytes: exact for unit volumes (integers in float64),
// within 1e-9 relative for weighted graphs.
func closeTo(g *guest.Graph, got, want float64) bool {
	if g.Weight == nil {
		return got == want
	}
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))
}

// swapTracked swaps object a with the occupant of node pb (a move if it
// is empty), adds the swap's delta to the tracked hop-bytes *h and, on
// every 100th swap i, checks *h against a full recomputation.
func swapTracked(t *testing.T, s *state, g *guest.Graph, i int, a, pb int32, h *float64) {
	t.Helper()
	pa := s.pos[a]
	if pa == pb {
		return
	}
	b := s.occ[pb]
	d, _ := s.delta(a, b, pa, pb)
	s.swap(a, b, pa, pb)
	*h += d
	if i%100 == 0 {
		if full := s.hopBytes(); !closeTo(g, *h, full) {
			t.Fatalf("swap %d: tracked %v, recomputed %v", i, *h, full)
		}
	}
}

// TestDeltaMatchesRecomputation applies many swaps regardless of their
// sign, a third of them between graph neighbours, and checks every delta
// against a full recomputation and the tracked total at the end.
func TestDeltaMatchesRecomputation(t *testing.T) {
	for _, in := range testInstances() {
		t.Run(in.name, func(t *testing.T) {
			s := newState(in.g, in.h, in.place)
			rng := rand.New(rand.NewPCG(1, 2))
			h := s.hopBytes()
			for i := range 3000 {
				a := int32(rng.IntN(s.n))
				var pb int32
				if i%3 == 0 && s.off[a] < s.off[a+1] {
					nb := s.adj[s.off[a]+int32(rng.IntN(int(s.off[a+1]-s.off[a])))]
					pb = s.pos[nb]
				} else {
					pb = int32(rng.IntN(len(s.occ)))
				}
				swapTracked(t, s, in.g, i, a, pb, &h)
			}
			if full := s.hopBytes(); !closeTo(in.g, h, full) {
				t.Fatalf("tracked %v, recomputed %v", h, full)
			}
			checkState(t, s)
		})
	}
}

// TestShiftExact checks that shift moves keep the tracked hop-bytes exact
// and never raise them.
func TestShiftExact(t *testing.T) {
	for _, in := range testInstances() {
		t.Run(in.name, func(t *testing.T) {
			s := newState(in.g, in.h, in.place)
			w := newWalker(s, Biased)
			w.rng = rand.New(rand.NewPCG(3, 4))
			h0 := s.hopBytes()
			for range 2000 {
				a := int32(w.rng.IntN(s.n))
				if s.target(a, w.t) {
					before := w.dh
					w.shift(a)
					if w.dh > before {
						t.Fatalf("shift raised the hop-bytes by %v", w.dh-before)
					}
				}
			}
			if full := s.hopBytes(); !closeTo(in.g, h0+w.dh, full) {
				t.Fatalf("tracked %v, recomputed %v", h0+w.dh, full)
			}
			checkState(t, s)
		})
	}
}

// TestParallelTracking runs rounds on two workers and checks that the
// tracked hop-bytes equal a recomputation: the deltas stay exact.
func TestParallelTracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	cases := []instance{
		{name: "grid 64x64 on torus 32x128", g: must(guest.NewGrid([]int{64, 64}, false)), h: must(topology.NewTorus(32, 128))},
		{name: "grid 48x40 on mesh 60x32", g: must(guest.NewGrid([]int{48, 40}, false)), h: must(topology.NewMesh(60, 32))},
		{name: "weighted graph 3000 on mesh 50x60", g: randomGraph(3000, 3000, rng), h: must(topology.NewMesh(50, 60))},
		// few objects are interior: the sequential part does the work
		{name: "hypercube 11 on torus 32x64", g: must(guest.NewHypercube(11)), h: must(topology.NewTorus(32, 64))},
	}
	for _, in := range cases {
		t.Run(in.name, func(t *testing.T) {
			// row-major with 5% of the objects exchanged at random: mostly
			// interior objects, with room to improve
			place := make([]int, in.g.Order())
			for v := range place {
				place[v] = v
			}
			for range len(place) / 20 {
				i, j := rng.IntN(len(place)), rng.IntN(len(place))
				place[i], place[j] = place[j], place[i]
			}
			for _, mode := range []Mode{Biased, Uniform} {
				s := newState(in.g, in.h, place)
				r := newRun(context.Background(), s, Options{Seed: 9, Mode: mode, Workers: 2, MaxRounds: 6}, time.Now(), s.hopBytes())
				r.startChain(s.hopBytes())
				if err := r.search(); err != nil {
					t.Fatal(err)
				}
				if q := s.squares(); r.q != q {
					t.Fatalf("%v: tracked squared hops %d, recomputed %d", mode, r.q, q)
				}
				if r.accepted == 0 {
					t.Fatalf("%v: no swap accepted", mode)
				}
				if full := s.hopBytes(); !closeTo(in.g, r.h, full) {
					t.Fatalf("%v: tracked %v, recomputed %v", mode, r.h, full)
				}
				checkState(t, s)
			}
		})
	}
}

// checkState verifies that pos, occ and co agree.
func checkState(t *testing.T, s *state) {
	t.Helper()
	seen := 0
	for h, v := range s.occ {
		if v < 0 {
			continue
		}
		seen++
		if s.pos[v] != int32(h) {
			t.Fatalf("occ[%d] = %d but pos[%d] = %d", h, v, v, s.pos[v])
		}
	}
	if seen != s.n {
		t.Fatalf("%d occupied nodes for %d objects", seen, s.n)
	}
	for v := range int32(s.n) {
		for j, x := range s.coords(v) {
			if x != s.node(s.pos[v])[j] {
				t.Fatalf("object %d: coordinates %v, node %v", v, s.coords(v), s.node(s.pos[v]))
			}
		}
	}
}

// TestTargetWraps checks the wrap-aware mean: neighbours across the wrap
// pull an object the short way round.
func TestTargetWraps(t *testing.T) {
	g := must(guest.FromEdges(3, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 0, V: 2, Volume: 1}}))
	cases := []struct {
		name  string
		h     *topology.Lattice
		place []int
		want  int32 // coordinate of object 0's target
	}{
		// neighbours at 9 and 1 on a ring of 10, object at 5: on a ring the
		// mean of the short offsets (+4 and −4) is 0, so it stays at 5; on
		// a line it is (9+1)/2 = 5 too. Object at 0 with neighbours at 9
		// and 1: offsets −1, +1 → 0 on the ring; on the line mean 5.
		{"ring, symmetric", must(topology.NewRing(10)), []int{0, 9, 1}, 0},
		{"line, symmetric", must(topology.NewLine(10)), []int{0, 9, 1}, 5},
		// neighbours at 8 and 9 from 2 on a ring of 10: offsets −4, −3 →
		// −3.5 rounds (half away from zero) to −4 → 8.
		{"ring, across the wrap", must(topology.NewRing(10)), []int{2, 8, 9}, 8},
	}
	for _, c := range cases {
		s := newState(g, c.h, c.place)
		tt := make([]int32, 1)
		if !s.target(0, tt) || tt[0] != c.want {
			t.Errorf("%s: target %v, want %d", c.name, tt, c.want)
		}
	}
}

// TestTargetInOnePassIsTargetByAxis: the one-pass targets of unit and
// weighted guests on hosts of one to eight axes (rings, lines, meshes and
// tori, mixed) are those of a pass per axis, for every object of a
// random placement.
func TestTargetInOnePassIsTargetByAxis(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	hosts := []*topology.Lattice{
		must(topology.NewRing(17)), must(topology.NewLine(9)), must(topology.NewTorus(6, 5)),
		must(topology.NewMesh(4, 7)), must(topology.NewTorus(5, 4, 3)),
		must(topology.NewGrid([]int{4, 5, 3}, []bool{true, false, true})),
		must(topology.NewTorus(3, 2, 4, 3)),
		must(topology.NewGrid([]int{3, 2, 2, 3, 2, 2, 3, 2}, []bool{true, false, true, true, false, true, false, true})),
	}
	for _, h := range hosts {
		weighted := randomGraph(min(h.Size(), 40), 60, rng)
		unit := *weighted
		unit.Weight = nil
		for _, g := range []*guest.Graph{weighted, &unit} {
			s := newState(g, h, randomPlace(g.Order(), h.Size(), rng))
			one, each := make([]int32, s.c), make([]int32, s.c)
			for a := range int32(s.n) {
				s.target(a, one)
				s.targetByAxis(a, s.off[a], s.off[a+1], each)
				if !slices.Equal(one, each) {
					t.Fatalf("%s, weighted %v, object %d: target %v in one pass, %v by axis", h, g.Weight != nil, a, one, each)
				}
			}
		}
	}
}

// TestDilationTieBreak: a swap that keeps the hop-bytes but
// shortens the longest edge has a negative energy, so the search takes
// it; its reverse has a positive one. Guest: edges 0–1 and 2–3 on line:4
// with 0@0, 1@3, 2@1, 3@2 (hops 3 and 1); swapping 1 and 3 gives hops 2
// and 2: the same hop-bytes, the maximum dilation 3 → 2.
func TestDilationTieBreak(t *testing.T) {
	g := must(guest.FromEdges(4, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 2, V: 3, Volume: 1}}))
	g.Weight = nil // unit volumes
	s := newState(g, must(topology.NewLine(4)), []int{0, 3, 1, 2})
	d, q := s.delta(1, 3, s.pos[1], s.pos[3])
	if d != 0 || q >= 0 || s.energy(d, q) >= 0 {
		t.Fatalf("tie swap: delta %v, squares %d, energy %v; want 0, < 0, < 0", d, q, s.energy(d, q))
	}
	s.swap(1, 3, s.pos[1], s.pos[3])
	d, q = s.delta(1, 3, s.pos[1], s.pos[3])
	if d != 0 || s.energy(d, q) <= 0 {
		t.Fatalf("reverse: delta %v, energy %v; want 0, > 0", d, s.energy(d, q))
	}
	// the tie-break never outweighs a hop: |q| ≤ 2·(deg a + deg b)·D²
	// (degree 1, diameter 3), so |eps·q| < 1
	if lim := s.eps * float64(2*2*3*3); lim >= 1 {
		t.Fatalf("eps %v too large", s.eps)
	}
}

// TestDistIsHops checks the search's coordinate distance (and so every
// delta built on it, the 2-D and 3-D ones included, which
// TestDeltaMatchesRecomputation checks against it) against the one hop
// distance, topology.Host.Hops.
func TestDistIsHops(t *testing.T) {
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		for a := range in.h.Size() {
			for b := range in.h.Size() {
				if got, want := s.dist(s.node(int32(a)), s.node(int32(b))), in.h.Hops(a, b); int(got) != want {
					t.Fatalf("%s: dist(%d, %d) = %d, Hops %d", in.name, a, b, got, want)
				}
			}
		}
	}
}

// TestHypercubeHostsCountDifferingBits checks that the hosts whose every
// axis has two nodes, and only they, take the path of one population
// count per arc (TestDeltaMatchesRecomputation and TestGenericDelta check
// its deltas), with or without cores.
func TestHypercubeHostsCountDifferingBits(t *testing.T) {
	g := must(guest.NewGrid([]int{4, 4}, false))
	cases := []struct {
		h    topology.Host
		bits bool
	}{
		{must(topology.NewHypercube(4)), true},
		{must(topology.NewMesh(2, 2, 2, 2, 2)), true},
		{must(topology.NewTorus(2, 2, 2, 2)), true},
		{must(topology.NewCores(must(topology.NewHypercube(3)), 2)), true},
		{must(topology.NewTorus(4, 4)), false},
		{must(topology.NewMesh(2, 2, 4)), false},
	}
	for _, c := range cases {
		s := newState(g, c.h, rowMajor(16))
		if bits := s.code != nil && s.offs == nil; bits != c.bits {
			t.Errorf("%s: bit path %v, want %v", c.h, bits, c.bits)
		}
	}
}
