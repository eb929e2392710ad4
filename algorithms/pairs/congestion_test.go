package pairs

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// squaredLoadsOf returns Σ L² of a placement by the metric package (the
// figure results report, squaredLinkLoads), an independent computation of
// the link loads.
func squaredLoadsOf(t *testing.T, g *guest.Graph, h topology.Host, place []int) float64 {
	t.Helper()
	m := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: slices.Clone(place)})
	if m.SquaredLinkLoads == nil {
		t.Fatalf("%s: no Σ L² (%s)", h, m.NoLinkLoads)
	}
	return *m.SquaredLinkLoads
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want)) }

// TestCongestionDelta: the incremental change of Σ L² of a swap, which
// routes only the arcs of the two objects, equals a full recomputation of
// the loads, on random swaps (a third between graph neighbours, whose
// common arcs exchange routes), on every routed kind.
func TestCongestionDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	cases := []instance{
		{name: "grid 8x8 on mesh 4x16", g: must(guest.NewGrid([]int{8, 8}, false)), h: must(topology.NewMesh(4, 16))},
		{name: "periodic grid 6x6 on torus 4x9", g: must(guest.NewGrid([]int{6, 6}, true)), h: must(topology.NewTorus(4, 9))},
		{name: "hypercube 6 on hypercube 6", g: must(guest.NewHypercube(6)), h: must(topology.NewHypercube(6))},
		{name: "hypercube 5 on ring 32", g: must(guest.NewHypercube(5)), h: must(topology.NewRing(32))},
		{name: "weighted graph 40 on torus 5x8", g: randomGraph(40, 60, rng), h: must(topology.NewTorus(5, 8))},
		{name: "weighted graph 30 on mesh 3x4x3 (larger host)", g: randomGraph(30, 40, rng), h: must(topology.NewMesh(3, 4, 3))},
		{name: "grid 4x4x4 on mixed torus 8x4x2", g: must(guest.NewGrid([]int{4, 4, 4}, false)), h: must(topology.NewGrid([]int{8, 4, 2}, []bool{true, false, true}))},
	}
	for _, in := range cases {
		for _, fast := range []bool{true, false} {
			name := in.name
			if !fast {
				name += " by Route"
			}
			t.Run(name, func(t *testing.T) { checkCongestionDelta(t, in, fast, rng) })
		}
	}
}

// checkCongestionDelta is TestCongestionDelta on one instance, with the
// lattice's fast routes or with Router.Route.
func checkCongestionDelta(t *testing.T, in instance, fast bool, rng *rand.Rand) {
	place := randomPlace(in.g.Order(), in.h.Size(), rng)
	s := newState(in.g, in.h, place)
	s.cong = newCongestion(context.Background(), s, in.h)
	if !s.cong.lat {
		t.Fatal("no lattice fast path")
	}
	if !fast {
		s.cong.lat = false
	}
	checkSwapDeltas(t, s, in.g, in.h, place, rng)
	checkState(t, s)
}

// checkSwapDeltas makes 2000 random swaps on s (a third between graph
// neighbours), placed at place, adding up their deltas of Σ L², and
// compares the sum with a recomputation by package metric every 50.
func checkSwapDeltas(t *testing.T, s *state, g *guest.Graph, h topology.Host, place []int, rng *rand.Rand) {
	t.Helper()
	s.loads()
	c := s.cong.squaredLoads()
	if want := squaredLoadsOf(t, g, h, place); !near(c, want) {
		t.Fatalf("Σ L² %v, metric says %v", c, want)
	}
	for i := range 2000 {
		a := int32(rng.IntN(s.n))
		var pb int32
		if i%3 == 0 && s.off[a] < s.off[a+1] {
			pb = s.pos[s.adj[s.off[a]+int32(rng.IntN(int(s.off[a+1]-s.off[a])))]]
		} else {
			pb = int32(rng.IntN(len(s.occ)))
		}
		pa := s.pos[a]
		if pa == pb {
			continue
		}
		d, _ := s.delta(a, s.occ[pb], pa, pb)
		s.swap(a, s.occ[pb], pa, pb)
		c += d
		if i%50 == 0 {
			for v, p := range s.pos {
				place[v] = int(p)
			}
			if want := squaredLoadsOf(t, g, h, place); !near(c, want) {
				t.Fatalf("swap %d: tracked Σ L² %v, recomputed %v", i, c, want)
			}
		}
	}
}

// TestCongestionImprove: the congestion objective lowers Σ L² below its
// start's, reports the Σ L² of its placement, repeats for a seed, and
// refuses a host without routing.
func TestCongestionImprove(t *testing.T) {
	g, h := must(guest.NewHypercube(6)), must(topology.NewTorus(8, 8))
	start := [][]int{randomPlace(64, 64, rand.New(rand.NewPCG(4, 4)))}
	opt := Options{Seed: 3, Objective: Congestion, Temperature: 3, Moves: 200_000}
	var last Progress
	withProgress := opt
	withProgress.Progress = func(p Progress) { last = p }
	res, err := Improve(context.Background(), g, h, start, withProgress)
	if err != nil {
		t.Fatal(err)
	}
	if last.HopBytes != res.HopBytes || last.Objective != res.Objective {
		t.Fatalf("final progress: hop-bytes %v, objective %v; result %v, %v", last.HopBytes, last.Objective, res.HopBytes, res.Objective)
	}
	got := squaredLoadsOf(t, g, h, res.Place)
	if !near(res.Objective, got) || !(got < squaredLoadsOf(t, g, h, start[0])) {
		t.Fatalf("objective %v, recomputed %v, start %v", res.Objective, got, squaredLoadsOf(t, g, h, start[0]))
	}
	if hb := metric.HopBytes(&mapping.Mapping{Guest: g, Host: h, Place: res.Place}); hb != res.HopBytes {
		t.Fatalf("hop-bytes %v, recomputed %v", res.HopBytes, hb)
	}
	again, err := Improve(context.Background(), g, h, start, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again.Place, res.Place) {
		t.Fatal("same seed, another placement")
	}
	if _, err := Improve(context.Background(), g, plain{h}, start, opt); !errors.Is(err, ErrInvalid) {
		t.Fatalf("host without routing: got %v, want ErrInvalid", err)
	}
}

// BenchmarkMoveCost measures the CPU time of a move under each objective
// (annealing from the start, a million moves or more) and reports it
// with what MoveCost plans (both in ns/move; the constants of MoveCost
// were read from this benchmark), the guest's mean degree and the start's
// hops per byte (the mean route length MoveCost is given).
//
//	go test -run '^$' -bench BenchmarkMoveCost -benchtime 1x ./algorithms/pairs
func BenchmarkMoveCost(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	cores := must(topology.NewCores(must(topology.NewTorus(8, 8)), 4))
	grid := func(dims ...int) *guest.Graph { return must(guest.NewGrid(dims, false)) }
	cases := []struct {
		name  string
		g     *guest.Graph
		h     topology.Host
		start []int // nil: random
	}{
		{"ring of 32 with 32 chords onto torus 4x4x2, random", randomGraph(32, 32, rng), must(topology.NewTorus(4, 4, 2)), nil},
		{"grid 4x8 onto torus 4x4x2", grid(4, 8), must(topology.NewTorus(4, 4, 2)), rowMajor(32)},
		{"grid 16x16 onto torus 16x16", grid(16, 16), must(topology.NewTorus(16, 16)), rowMajor(256)},
		{"grid 16x16 onto torus 64x4", grid(16, 16), must(topology.NewTorus(64, 4)), rowMajor(256)},
		{"grid 16x16 onto torus 8x8 with 4 cores", grid(16, 16), cores, rowMajor(256)},
		{"grid 64x16 onto torus 32x32", grid(64, 16), must(topology.NewTorus(32, 32)), rowMajor(1024)},
		{"hypercube 6 onto torus 8x8, random", must(guest.NewHypercube(6)), must(topology.NewTorus(8, 8)), nil},
		{"hypercube 10 onto torus 32x32", must(guest.NewHypercube(10)), must(topology.NewTorus(32, 32)), rowMajor(1024)},
		{"grid 8x8x8 onto torus 32x16", grid(8, 8, 8), must(topology.NewTorus(32, 16)), rowMajor(512)},
		{"grid 32x32 onto torus 8x8x16", grid(32, 32), must(topology.NewTorus(8, 8, 16)), rowMajor(1024)},
		{"grid 32x32 onto torus 4x4x4x16", grid(32, 32), must(topology.NewTorus(4, 4, 4, 16)), rowMajor(1024)},
		{"grid 32x32 onto torus 4x4x4x4x4", grid(32, 32), must(topology.NewTorus(4, 4, 4, 4, 4)), rowMajor(1024)},
		{"grid 32x32 onto hypercube 10", grid(32, 32), must(topology.NewHypercube(10)), rowMajor(1024)},
		{"ring of 1024 with 3072 chords onto torus 32x32, random", randomGraph(1024, 3072, rng), must(topology.NewTorus(32, 32)), nil},
		{"grid 64x64 onto torus 64x64, random", grid(64, 64), must(topology.NewTorus(64, 64)), nil},
		{"grid 64x64 onto mesh 32x128", grid(64, 64), must(topology.NewMesh(32, 128)), rowMajor(4096)},
		{"grid 16x16x16 onto hypercube 12", grid(16, 16, 16), must(topology.NewHypercube(12)), rowMajor(4096)},
		{"grid 256x256 onto torus 256x256", grid(256, 256), must(topology.NewTorus(256, 256)), rowMajor(65536)},
	}
	for _, c := range cases {
		start := c.start
		if start == nil {
			start = randomPlace(c.g.Order(), c.h.Size(), rng)
		}
		s := newState(c.g, c.h, start)
		hb, _ := s.hopBytesOf(start)
		volume := 0.0
		for e := range c.g.Arcs() {
			volume += c.g.Volume(e)
		}
		hops := hb / volume
		for _, o := range []Objective{HopBytes, Congestion} {
			b.Run(c.name+"/"+o.String(), func(b *testing.B) {
				var res *Result
				var cpu time.Duration
				for b.Loop() {
					before := cpuclock.Used()
					var err error
					res, err = Improve(context.Background(), c.g, c.h, [][]int{start}, Options{Seed: 1, Objective: o, Temperature: 3, Moves: 1 << 20, Patience: Unlimited})
					if err != nil {
						b.Fatal(err)
					}
					cpu += cpuclock.Since(before)
				}
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(res.Moves), "ns/move")
				b.ReportMetric(MoveCost(c.g.Order(), c.g.Arcs(), c.h, o, hops)*hopBytesMoveNs, "planned-ns/move")
				b.ReportMetric(float64(c.g.Arcs())/float64(c.g.Order()), "degree")
				b.ReportMetric(hops, "start-hops/byte")
			})
		}
	}
}

// TestCongestionLoadsKeepOneObjectsRoutes: counting the loads from
// scratch keeps the routes of one object pending at a time, so its
// memory is the degree times the diameter, not the sum of every arc's
// hops (hypercube:12 on ring:4096 in rank order routes 16.8M links; the
// server ran out of memory on hypercube:14 on ring:16384), and the loads
// are those package metric counts. A done context ends it early.
func TestCongestionLoadsKeepOneObjectsRoutes(t *testing.T) {
	g, h := must(guest.NewHypercube(12)), must(topology.NewRing(4096))
	place := make([]int, 4096)
	for v := range place {
		place[v] = v
	}
	s := newState(g, h, place)
	s.cong = newCongestion(context.Background(), s, h)
	s.loads()
	if most := 12 * s.cong.diam; cap(s.cong.touched) > 2*most {
		t.Errorf("%d links held pending, want at most about %d (12 arcs of up to %d hops)", cap(s.cong.touched), most, s.cong.diam)
	}
	want := metric.Evaluate(&mapping.Mapping{Guest: g, Host: h, Place: place})
	if got := s.cong.squaredLoads(); got != *want.SquaredLinkLoads {
		t.Errorf("Σ L² %v, package metric's %v", got, *want.SquaredLinkLoads)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.cong.ctx = ctx
	s.loads()
	if got := s.cong.squaredLoads(); got != 0 {
		t.Errorf("a done context: Σ L² %v counted, want the loads left unfinished (0)", got)
	}
}
