package pairs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// plain hides the Grid capability of a lattice: the search takes the
// generic path on it.
type plain struct{ topology.Host }

// slots is a test host of c cores per node of an inner host (package
// topology's doc, Cores per node): slot t + c·node, 0 hops between the
// cores of a node.
type slots struct {
	in topology.Host
	c  int
}

// Inner and PerNode are the cores capability (topology.SplitCores).
func (h slots) Inner() topology.Host { return h.in }
func (h slots) PerNode() int         { return h.c }

func (h slots) Size() int                { return h.in.Size() * h.c }
func (h slots) Hops(a, b int) int        { return h.in.Hops(a/h.c, b/h.c) }
func (h slots) String() string           { return fmt.Sprintf("%s:cores=%d", h.in, h.c) }
func (h slots) Index([]int) (int, error) { return 0, fmt.Errorf("not used") }
func (h slots) Coords(idx int, dst []int) []int {
	return append(h.in.Coords(idx/h.c, append(dst[:0], idx%h.c)[1:]), idx%h.c)
}

func (h slots) Neighbors(idx int, dst []int) []int {
	for _, m := range h.in.Neighbors(idx/h.c, nil) {
		for t := range h.c {
			dst = append(dst, t+h.c*m)
		}
	}
	return dst
}

// tree is a test host shaped as a k-ary n-tree (package topology's doc):
// k^n leaves, 2ℓ hops between leaves whose lowest common switch is at level
// ℓ.
type tree struct{ k, n int }

func (h tree) Size() int {
	s := 1
	for range h.n {
		s *= h.k
	}
	return s
}

func (h tree) Hops(a, b int) int {
	l := 0
	for a != b {
		a, b, l = a/h.k, b/h.k, l+1
	}
	return 2 * l
}

func (h tree) String() string                     { return fmt.Sprintf("fattree:%d,%d", h.k, h.n) }
func (h tree) Index([]int) (int, error)           { return 0, fmt.Errorf("not used") }
func (h tree) Coords(idx int, dst []int) []int    { return append(dst[:0], idx) }
func (h tree) Neighbors(idx int, dst []int) []int { return dst }

// genericInstances are guests on hosts without the Grid capability.
func genericInstances() []struct {
	name  string
	g     *guest.Graph
	h     topology.Host
	place []int
} {
	rng := rand.New(rand.NewPCG(11, 11))
	type inst = struct {
		name  string
		g     *guest.Graph
		h     topology.Host
		place []int
	}
	var out []inst
	add := func(name string, g *guest.Graph, h topology.Host) {
		out = append(out, inst{name, g, h, randomPlace(g.Order(), h.Size(), rng)})
	}
	add("grid 8x8 on plain mesh 4x16", must(guest.NewGrid([]int{8, 8}, false)), plain{must(topology.NewMesh(4, 16))})
	add("grid 8x8 on mesh 4x4 with 4 cores", must(guest.NewGrid([]int{8, 8}, false)), slots{must(topology.NewMesh(4, 4)), 4})
	add("grid 8x8 on a 4-ary 3-tree", must(guest.NewGrid([]int{8, 8}, false)), tree{4, 3})
	add("weighted graph 40 on torus 3x3 with 5 cores (larger host)", randomGraph(40, 60, rng), slots{must(topology.NewTorus(3, 3)), 5})
	add("weighted graph 30 on a 2-ary 6-tree (larger host)", randomGraph(30, 40, rng), tree{2, 6})
	add("grid 8x8 on a 2-ary 4-tree with 4 cores", must(guest.NewGrid([]int{8, 8}, false)), slots{tree{2, 4}, 4})
	add("weighted graph 40 on hypercube 4 with 3 cores (larger host)", randomGraph(40, 60, rng), slots{must(topology.NewHypercube(4)), 3})
	// beyond maxTable nodes: distances from Hops
	add("hypercube 11 on a 4-ary 6-tree (larger host)", must(guest.NewHypercube(11)), tree{4, 6})
	return out
}

// TestGenericDelta: on hosts without the Grid capability (cores over a
// grid take the grid path on slots, the others the generic one), every
// delta equals a full recomputation, and the state stays consistent.
func TestGenericDelta(t *testing.T) {
	for _, in := range genericInstances() {
		t.Run(in.name, func(t *testing.T) {
			s := newState(in.g, in.h, in.place)
			inner, cores := topology.SplitCores(in.h)
			if _, grid := inner.(topology.Grid); grid != (s.gen == nil) || s.cores != int32(cores) && grid {
				t.Fatalf("grid path %v with %d cores on %s", s.gen == nil, s.cores, in.h)
			}
			if s.gen == nil {
				checkCoresTable(t, s, in.h)
			} else if (s.gen.table != nil) != (in.h.Size() <= maxTable) {
				t.Fatalf("distance table %v on %d nodes", s.gen.table != nil, in.h.Size())
			}
			rng := rand.New(rand.NewPCG(1, 2))
			h := s.hopBytes()
			if want := metric.HopBytes(&mapping.Mapping{Guest: in.g, Host: in.h, Place: in.place}); !closeTo(in.g, h, want) {
				t.Fatalf("hop-bytes %v, metric says %v", h, want)
			}
			w := newWalker(s, Biased)
			w.rng = rng
			for i := range 3000 {
				a := int32(rng.IntN(s.n))
				pb := int32(rng.IntN(len(s.occ)))
				switch {
				case i%2 == 0 && s.gen != nil:
					pb = w.nearNeighbour(a, rng.Uint32())
				case i%2 == 0 && s.off[a] < s.off[a+1]:
					pb = w.slot(s.nodeOf(s.pos[s.adj[s.off[a]]])) // s.cores > 1: the grid path here is on slots
				}
				swapTracked(t, s, in.g, i, a, pb, &h)
			}
			checkState(t, s)
		})
	}
}

// nodeHops is the search's hop distance between nodes p and q.
func (s *state) nodeHops(p, q int32) int32 {
	if s.gen == nil {
		return s.dist(s.node(p), s.node(q))
	}
	return s.gen.hops(p, q)
}

// checkCoresTable: on the grid path with cores, slot p has the
// coordinates of its node (its host coordinates without the core), and
// the distances are the host's.
func checkCoresTable(t *testing.T, s *state, h topology.Host) {
	t.Helper()
	for p := range int32(len(s.occ)) {
		want := h.Coords(int(p), nil)
		if got := s.node(p); fmt.Sprint(got) != fmt.Sprint(want[:len(want)-1]) {
			t.Fatalf("slot %d: coordinates %v, host says %v", p, got, want)
		}
		for q := range int32(len(s.occ)) {
			if got := s.nodeHops(p, q); int(got) != h.Hops(int(p), int(q)) {
				t.Fatalf("hops(%d, %d) = %d, host says %d", p, q, got, h.Hops(int(p), int(q)))
			}
		}
	}
}

// TestGenericNear: the nodes next to a node are its Neighbors on a plain
// lattice, the other cores of its node with cores, its leaf switch's
// other leaves on a tree.
func TestGenericNear(t *testing.T) {
	cases := []struct {
		h    topology.Host
		node int
		want []int32
	}{
		{plain{must(topology.NewMesh(4, 4))}, 5, []int32{4, 6, 1, 9}},
		{slots{must(topology.NewMesh(4, 4)), 4}, 21, []int32{20, 22, 23}},
		{tree{4, 3}, 6, []int32{5, 7, 4}},
		{tree{1 << 6, 2}, 96, nil}, // 32 leaf-mates in the window: the cap
	}
	for _, c := range cases {
		g := newGeneric(c.h)
		got := g.near[g.nearOff[c.node]:g.nearOff[c.node+1]]
		if c.want == nil {
			if len(got) != maxNear {
				t.Errorf("%s: %d nodes next to %d, want the cap %d", c.h, len(got), c.node, maxNear)
			}
			continue
		}
		if fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(c.want)) {
			t.Errorf("%s: nodes next to %d: %v, want %v", c.h, c.node, got, c.want)
		}
	}
}

func sorted(s []int32) []int32 {
	out := append([]int32(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestGenericImprove: PAIRS on hosts without coordinates finds the
// optimum of small cases from random starts: 2x2 blocks of an 8x8 grid on
// the nodes of mesh 4x4 with 4 cores (96 hop-bytes: 48 cut edges of one
// hop, each two arcs), and on a 4-ary 3-tree 2x2 blocks under each leaf
// switch, 4x4 blocks under each level-2 switch (48 arcs of 2 hops inside
// the leaves, 64 arcs of 4 hops between them inside the 4x4 blocks, 112
// arcs of 6 hops across: 1024 hop-bytes); on a plain mesh it reaches what
// the grid path reaches. Same seed, same placement.
func TestGenericImprove(t *testing.T) {
	g := must(guest.NewGrid([]int{8, 8}, false))
	mesh := must(topology.NewMesh(4, 16))
	grid, err := Improve(context.Background(), g, mesh, [][]int{randomPlace(64, 64, rand.New(rand.NewPCG(3, 3)))}, Options{Seed: 2, Temperature: 3})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		h    topology.Host
		want float64
	}{
		{slots{must(topology.NewMesh(4, 4)), 4}, 96},
		{tree{4, 3}, 1024},
		{plain{mesh}, grid.HopBytes},
	}
	for _, c := range cases {
		t.Run(c.h.String(), func(t *testing.T) {
			start := [][]int{randomPlace(64, c.h.Size(), rand.New(rand.NewPCG(3, 3)))}
			opt := Options{Seed: 2, Temperature: 3}
			res, err := Improve(context.Background(), g, c.h, start, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := metric.HopBytes(&mapping.Mapping{Guest: g, Host: c.h, Place: res.Place}); got != res.HopBytes {
				t.Fatalf("result says %v hop-bytes, metric %v", res.HopBytes, got)
			}
			if res.HopBytes > c.want || !res.Converged {
				t.Fatalf("hop-bytes %v (converged %v), want %v", res.HopBytes, res.Converged, c.want)
			}
			again, err := Improve(context.Background(), g, c.h, start, opt)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(again.Place) != fmt.Sprint(res.Place) {
				t.Fatal("same seed, another placement")
			}
		})
	}
}

// BenchmarkGeneric runs PAIRS (annealing, the default stopping rule) from
// row-major on hosts without coordinates at 4096 objects: a 16-ary 3-tree
// as fattree:16,3, torus 16x16 with 16 cores, and the plain mesh 64x64
// against the grid path; with a 8x longer horizon for comparison.
func BenchmarkGeneric(b *testing.B) {
	g := must(guest.NewGrid([]int{64, 64}, false))
	cases := []struct {
		name string
		h    topology.Host
	}{
		{"fattree 16,3", tree{16, 3}},
		{"torus 16x16 cores 16", slots{must(topology.NewTorus(16, 16)), 16}},
		{"plain mesh 64x64", plain{must(topology.NewMesh(64, 64))}},
		{"grid mesh 64x64", must(topology.NewMesh(64, 64))},
	}
	for _, c := range cases {
		for _, long := range []int64{0, 64 << 20} {
			b.Run(fmt.Sprintf("%s/plan %d", c.name, long), func(b *testing.B) {
				var res *Result
				for b.Loop() {
					var err error
					res, err = Improve(context.Background(), g, c.h, [][]int{rowMajor(g.Order())}, Options{Seed: 1, Temperature: 3, Plan: long})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(res.HopsPerByte, "hops/byte")
				b.ReportMetric(float64(res.Moves)/1e6, "Mmoves")
			})
		}
	}
}

func rowMajor(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// TestCoresParallel: on slots of a grid host, rounds on two workers keep
// the tracked hop-bytes and squared hops exact (the slabs are cut along
// the nodes' coordinates).
func TestCoresParallel(t *testing.T) {
	g, h := must(guest.NewGrid([]int{32, 32}, false)), slots{must(topology.NewTorus(16, 8)), 8}
	place := randomPlace(g.Order(), h.Size(), rand.New(rand.NewPCG(8, 8)))
	for _, mode := range []Mode{Biased, Uniform} {
		s := newState(g, h, place)
		r := newRun(context.Background(), s, Options{Seed: 9, Mode: mode, Workers: 2, MaxRounds: 6}, time.Now(), s.hopBytes())
		r.startChain(s.hopBytes())
		if err := r.search(); err != nil {
			t.Fatal(err)
		}
		if r.par == nil || r.accepted == 0 {
			t.Fatalf("%v: parallel %v (workers %d, generic %v), %d swaps accepted", mode, r.par != nil, r.workers, s.gen != nil, r.accepted)
		}
		if q := s.squares(); r.q != q {
			t.Fatalf("%v: tracked squared hops %d, recomputed %d", mode, r.q, q)
		}
		if full := s.hopBytes(); r.h != full {
			t.Fatalf("%v: tracked %v, recomputed %v", mode, r.h, full)
		}
		checkState(t, s)
	}
}

// TestReverseArcsPairEveryArcWithItsReverse: on random graphs whose arcs
// go one way or both (guest.FromArcs), rev[e] is the arc back, or -1
// exactly when there is none, as a scan of the target's arcs finds.
func TestReverseArcsPairEveryArcWithItsReverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 20 {
		n := 2 + rng.IntN(40)
		var arcs []guest.Arc
		for range rng.IntN(4 * n) {
			arcs = append(arcs, guest.Arc{From: rng.IntN(n), To: rng.IntN(n), Volume: 1})
		}
		g, _, err := guest.FromArcs(n, arcs)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(g, must(topology.NewFatTree(4, 3)), randomPlace(n, 64, rng))
		rev := s.reverseArcs()
		for v := range int32(n) {
			for e := s.off[v]; e < s.off[v+1]; e++ {
				u, want := s.adj[e], int32(-1)
				for f := s.off[u]; f < s.off[u+1]; f++ {
					if s.adj[f] == v {
						want = f
					}
				}
				if rev[e] != want {
					t.Fatalf("trial %d: arc %d (%d→%d): reverse %d, want %d", trial, e, v, u, rev[e], want)
				}
			}
		}
	}
}
