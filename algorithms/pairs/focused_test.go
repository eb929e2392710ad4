package pairs

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/topology"
)

// TestBallBoundHoldsAtEveryNode: no node of a mesh, torus or mixed host
// has more nodes within d hops than ballBound says, and on a torus every
// node has exactly that many.
func TestBallBoundHoldsAtEveryNode(t *testing.T) {
	g := randomGraph(4, 0, rand.New(rand.NewPCG(1, 1)))
	for _, h := range []*topology.Lattice{
		must(topology.NewMesh(7)), must(topology.NewMesh(5, 4)), must(topology.NewTorus(4, 6)),
		must(topology.NewTorus(3, 4, 5)), must(topology.NewMesh(2, 3, 6)),
		must(topology.NewGrid([]int{5, 4, 3}, []bool{true, false, true})),
	} {
		s := newState(g, h, []int{0, 1, 2, 3})
		within := s.ballBound()
		exact := h.String()[:5] == "torus"
		for p := range int32(h.Size()) {
			count := make([]int64, len(within))
			for q := range int32(h.Size()) {
				if d := int(s.dist(s.node(p), s.node(q))); q != p {
					for r := min(d, len(within)-1); r < len(within); r++ {
						count[r]++
					}
				}
			}
			for d := 1; d < len(within); d++ {
				if count[d] > within[d] || exact && count[d] != within[d] {
					t.Fatalf("%s: node %d has %d nodes within %d hops; the bound says %d", h, p, count[d], d, within[d])
				}
			}
		}
	}
}

// TestFocusedDistancesAreTheHosts: both tables of distances, by offset
// between node codes and by axis, give every pair of nodes the host's own
// hops, on meshes, tori, rings and hosts of mixed axes, odd sides and four
// axes; the first, the state's (offsets.go), serves hosts of up to
// maxOffsets offsets.
func TestFocusedDistancesAreTheHosts(t *testing.T) {
	g := randomGraph(4, 0, rand.New(rand.NewPCG(1, 1)))
	for _, h := range []*topology.Lattice{
		must(topology.NewMesh(7)), must(topology.NewTorus(9)), must(topology.NewMesh(5, 4)),
		must(topology.NewTorus(5, 4)), must(topology.NewTorus(3, 4, 5)),
		must(topology.NewGrid([]int{5, 4, 3}, []bool{true, false, true})),
		must(topology.NewGrid([]int{2, 3, 4, 5}, []bool{false, true, true, false})),
	} {
		s := newState(g, h, []int{0, 1, 2, 3})
		byOffset := newFocused(s, 1)
		byAxis := &focused{s: s, pc: make([]uint32, s.n)}
		byAxis.packAxes()
		for _, f := range []*focused{byOffset, byAxis} {
			for p := range h.Size() {
				for q := range h.Size() {
					if got, want := f.dist(f.node[p], f.node[q]), h.Hops(p, q); got != float64(want) {
						t.Fatalf("%s, by axis %v: nodes %d and %d are %v apart in the table, %d on the host", h, f.axes != nil, p, q, got, want)
					}
				}
			}
		}
		if byOffset.axes != nil {
			t.Errorf("%s: distances by axis, want by offset", h)
		}
	}
	s := newState(g, must(topology.NewTorus(64, 64, 64)), []int{0, 1, 2, 3})
	if f := newFocused(s, 1); f.axes == nil || len(f.hops) != 0 {
		t.Errorf("torus:64x64x64 (2,048,383 offsets): %d entries by offset, want distances by axis", len(f.hops))
	}
}

// TestFocusedMovesAreExact: every focused proposal is kept exactly when
// its change (the swap's delta, per edge) is at most the threshold (but
// for rounding on a tie), early stops included, and the cached local costs and the tracked hop-bytes
// stay equal to a recomputation.
func TestFocusedMovesAreExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		if !s.focusable {
			continue
		}
		t.Run(in.name, func(t *testing.T) {
			f := newFocused(s, 9)
			f.tour = 3
			h, kept := s.hopBytes(), 0
			for i := range 4000 {
				a := f.pick()
				pb := f.partner(a)
				if pb < 0 {
					continue
				}
				want, _ := s.delta(a, s.occ[pb], s.pos[a], pb)
				th := f.threshold(math.Abs(want) * rng.Float64() * 2)
				d, ok := f.try(a, pb, th)
				tie := closeTo(in.g, want/2, th) // rounding may decide either way
				if !tie && ok != (want/2 <= th) || ok && !closeTo(in.g, 2*d, want) {
					t.Fatalf("proposal %d: kept %v with change %v at threshold %v; the delta is %v", i, ok, 2*d, th, want)
				}
				if ok {
					h += 2 * d
					kept++
				}
			}
			for v := range int32(s.n) {
				if got := f.local(v, f.pc[v]); !closeTo(in.g, f.L[v], got) || f.LB[v] > got+1e-9 {
					t.Fatalf("object %d: cached cost %v, recomputed %v, bound %v", v, f.L[v], got, f.LB[v])
				}
				if f.ex[v] != excess(f.L[v]-f.LB[v]) {
					t.Fatalf("object %d: excess %d, not that of L − LB = %v", v, f.ex[v], f.L[v]-f.LB[v])
				}
			}
			if full := s.hopBytes(); kept == 0 || !closeTo(in.g, h, full) {
				t.Fatalf("%d moves kept; tracked %v hop-bytes, recomputed %v", kept, h, full)
			}
			checkState(t, s)
		})
	}
}

// TestFocusedStepsAreOneHop: the table partner steps by holds, for every
// node and k, the node one hop along axis k/2, up for even k and down for
// odd, around a wrapped axis, and the node itself past a mesh border.
func TestFocusedStepsAreOneHop(t *testing.T) {
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		if !s.focusable {
			continue
		}
		f := newFocused(s, 1)
		c := int32(s.c)
		for p := range int32(len(s.occ)) {
			for k := range 2 * c {
				q, j, dir := f.step[p*2*c+k], k/2, 1-2*(k%2)
				want := s.tab[p*c+j] + dir
				if s.wrapK[j] != 0 {
					want = (want + s.dims[j]) % s.dims[j]
				} else if want < 0 || want >= s.dims[j] {
					want = s.tab[p*c+j]
				}
				for i := range c {
					if x := s.tab[q*c+i]; i == j && x != want || i != j && x != s.tab[p*c+i] {
						t.Fatalf("%s: node %d step %d gives node %d", in.name, p, k, q)
					}
				}
			}
		}
	}
}

// TestFocusedProposesTheSameWithoutSteps: on a host too large for the
// table of steps (maxStepNodes), partner steps by arithmetic to the same
// nodes.
func TestFocusedProposesTheSameWithoutSteps(t *testing.T) {
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		if !s.focusable {
			continue
		}
		table, arithmetic := newFocused(s, 5), newFocused(s, 5)
		arithmetic.step = nil
		table.tour, arithmetic.tour = 3, 3
		for i := range 2000 {
			a, b := table.pick(), arithmetic.pick()
			if p, q := table.partner(a), arithmetic.partner(b); a != b || p != q {
				t.Fatalf("%s, proposal %d: object %d to node %d with the table, %d to %d without", in.name, i, a, p, b, q)
			}
		}
	}
}

// TestFocusedSumsHeaviestArcsFirst: focused annealing's arcs of each
// object are the state's, each with its volume, heaviest first (so that a
// rejected proposal stops early), ties in the state's order.
func TestFocusedSumsHeaviestArcsFirst(t *testing.T) {
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		if !s.focusable || in.g.Weight == nil {
			continue
		}
		f := newFocused(s, 1)
		for v := range int32(s.n) {
			lo, hi := s.off[v], s.off[v+1]
			type arc struct {
				u   int32
				vol float64
			}
			var want, got []arc
			for e := lo; e < hi; e++ {
				want, got = append(want, arc{s.adj[e], s.volume(e)}), append(got, arc{f.adj[e], f.vol[e]})
			}
			slices.SortStableFunc(want, func(x, y arc) int { return -cmp.Compare(x.vol, y.vol) })
			if !slices.Equal(got, want) {
				t.Fatalf("%s, object %d: arcs %v, want %v", in.name, v, got, want)
			}
		}
	}
}

// TestFocusedAnnealingWhereItApplies: a run anneals focused only when
// asked, with a temperature, on a grid host of one slot per node, under
// the hop-bytes, and with at least FocusedLeast moves per object.
func TestFocusedAnnealingWhereItApplies(t *testing.T) {
	g := randomGraph(64, 100, rand.New(rand.NewPCG(5, 6)))
	place := make([]int, 64)
	for v := range place {
		place[v] = v
	}
	on := Options{Focused: true, Temperature: 6}
	cases := []struct {
		name string
		host string
		opt  Options
		want bool
	}{
		{"a torus", "torus:4x4x4", on, true},
		{"a mesh, larger", "mesh:9x8", on, true},
		{"not asked", "torus:4x4x4", Options{Temperature: 6}, false},
		{"no temperature", "torus:4x4x4", Options{Focused: true}, false},
		{"a small plan", "torus:4x4x4", Options{Focused: true, Temperature: 6, Plan: 64 * FocusedLeast / 2}, false},
		{"a plan that fits", "torus:4x4x4", Options{Focused: true, Temperature: 6, Plan: 64 * FocusedLeast}, true},
		{"cores", "torus:4x4:cores=4", on, false},
		{"a fat tree", "fattree:4,3", on, false},
		{"a hypercube", "hypercube:6", on, false},
		{"an axis of 256", "torus:256", on, false},
		{"congestion", "torus:4x4x4", Options{Focused: true, Temperature: 6, Objective: Congestion}, false},
	}
	for _, c := range cases {
		h := must(topology.Parse(c.host))
		s := newState(g, h, place)
		if c.opt.Objective == Congestion {
			r, _ := topology.RouterOf(h)
			s.cong = newCongestion(context.Background(), s, r)
		}
		if r := newRun(context.Background(), s, c.opt, time.Now(), s.hopBytes()); r.focus != c.want {
			t.Errorf("%s: focused %v, want %v", c.name, r.focus, c.want)
		}
	}
}

// TestFocusedRunsRepeat: a focused run is a function of its seed; it
// never ends above its start, and two seeds differ.
func TestFocusedRunsRepeat(t *testing.T) {
	g := randomGraph(200, 300, rand.New(rand.NewPCG(7, 8)))
	h := must(topology.NewTorus(8, 5, 5))
	starts := [][]int{randomPlace(200, 200, rand.New(rand.NewPCG(9, 9)))}
	run := func(seed uint64) *Result {
		res, err := Improve(context.Background(), g, h, starts, Options{Seed: seed, Focused: true, Temperature: 6 * 5.5})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b, c := run(1), run(1), run(2)
	if !slices.Equal(a.Place, b.Place) || a.Moves != b.Moves {
		t.Errorf("seed 1 twice: %v and %v hop-bytes, %d and %d moves", a.HopBytes, b.HopBytes, a.Moves, b.Moves)
	}
	if slices.Equal(a.Place, c.Place) {
		t.Error("seeds 1 and 2 gave the same placement")
	}
	if start := newState(g, h, starts[0]).hopBytes(); a.HopBytes >= start || a.Cycles != 0 {
		t.Errorf("%v hop-bytes from %v, in %d cycles; want lower, focused (no cycle)", a.HopBytes, start, a.Cycles)
	}
}
