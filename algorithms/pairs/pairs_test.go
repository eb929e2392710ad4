package pairs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
	"topomap/algorithms/topology"
)

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func grid(dims ...int) *guest.Graph { return must(guest.NewGrid(dims, false)) }
func mesh(dims ...int) *topology.Lattice {
	return must(topology.NewMesh(dims...))
}
func torus(dims ...int) *topology.Lattice {
	return must(topology.NewTorus(dims...))
}

// rowMajor places object v on node v.
func rowMajor(n int) []int {
	p := make([]int, n)
	for v := range p {
		p[v] = v
	}
	return p
}

func randomPlace(n, size int, seed uint64) []int {
	return rand.New(rand.NewPCG(seed, seed)).Perm(size)[:n]
}

// recompute returns the hop-bytes of place by the metric package, an
// independent implementation.
func recompute(g *guest.Graph, h *topology.Lattice, place []int) float64 {
	return metric.HopBytes(&mapping.Mapping{Guest: g, Host: h, Place: place})
}

// checkResult verifies the properties every result has: a valid placement,
// hop-bytes as recomputed independently, no worse than any start.
func checkResult(t *testing.T, g *guest.Graph, h *topology.Lattice, starts [][]int, res *pairs.Result) {
	t.Helper()
	m := &mapping.Mapping{Guest: g, Host: h, Place: res.Place}
	if err := m.Validate(); err != nil {
		t.Fatalf("invalid placement: %v", err)
	}
	if got := recompute(g, h, res.Place); got != res.HopBytes && !(g.Weight != nil && abs(got-res.HopBytes) < 1e-9*got) {
		t.Fatalf("result says hop-bytes %v, recomputed %v", res.HopBytes, got)
	}
	if start := recompute(g, h, starts[res.Start]); start != res.StartHopBytes {
		t.Fatalf("start %d has hop-bytes %v, result says %v", res.Start, start, res.StartHopBytes)
	}
	for i, p := range starts {
		if hb := recompute(g, h, p); res.HopBytes > hb {
			t.Fatalf("result %v worse than start %d (%v)", res.HopBytes, i, hb)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestImproves runs both modes on the thesis's small configurations (those
// of package gridmap's reference figures) from row-major and checks that
// the search strictly improves on it.
func TestImproves(t *testing.T) {
	cases := []struct {
		name  string
		g     *guest.Graph
		h     *topology.Lattice
		start []int
	}{
		// row-major is a local optimum of pairwise exchange on 8x4 → 4x8
		// (TestLocalOptimum), so this one starts at random.
		{"8x4 to 4x8 random", grid(8, 4), mesh(4, 8), randomPlace(32, 32, 1)},
		{"6x5 to 10x3", grid(6, 5), mesh(10, 3), rowMajor(30)},
		{"9x8 to 6x12", grid(9, 8), mesh(6, 12), rowMajor(72)},
		{"4x4x4 to torus 8x8", grid(4, 4, 4), torus(8, 8), rowMajor(64)},
		{"hypercube 6 to ring 64", must(guest.NewHypercube(6)), must(topology.NewRing(64)), rowMajor(64)},
	}
	for _, c := range cases {
		for _, mode := range []pairs.Mode{pairs.Biased, pairs.Uniform} {
			t.Run(c.name+" "+mode.String(), func(t *testing.T) {
				starts := [][]int{c.start}
				res, err := pairs.Improve(context.Background(), c.g, c.h, starts, pairs.Options{Seed: 1, Mode: mode})
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, c.g, c.h, starts, res)
				if !(res.HopBytes < res.StartHopBytes) {
					t.Fatalf("no improvement on %v", res.StartHopBytes)
				}
				if !res.Converged {
					t.Fatal("not converged without a budget")
				}
			})
		}
	}
}

// TestLocalOptimum: row-major on 8x4 → 4x8 (1.6923 hops per byte: 176
// hop-bytes over 104 arcs) has no improving exchange, so both modes keep
// it; the optimum is the transpose (1.0, MXOV+AL's).
func TestLocalOptimum(t *testing.T) {
	g, h := grid(8, 4), mesh(4, 8)
	for _, mode := range []pairs.Mode{pairs.Biased, pairs.Uniform} {
		res, err := pairs.Improve(context.Background(), g, h, [][]int{rowMajor(32)}, pairs.Options{Mode: mode, Attempts: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if res.HopBytes != 176 || !slices.Equal(res.Place, rowMajor(32)) {
			t.Errorf("%v: row-major changed to hop-bytes %v", mode, res.HopBytes)
		}
	}
}

// TestProperties runs many seeds on random starts, weighted graphs, toruses
// and larger hosts, several starts at once, annealing and two workers.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	var es []guest.Edge
	for range 300 {
		u, v := rng.IntN(100), rng.IntN(100)
		if u != v {
			es = append(es, guest.Edge{U: u, V: v, Volume: float64(1 + rng.IntN(20))})
		}
	}
	weighted := must(guest.FromEdges(100, es))
	cases := []struct {
		name string
		g    *guest.Graph
		h    *topology.Lattice
		opt  pairs.Options
	}{
		{"grid on mesh", grid(12, 10), mesh(8, 15), pairs.Options{}},
		{"periodic grid on torus", must(guest.NewGrid([]int{10, 10}, true)), torus(20, 5), pairs.Options{}},
		{"weighted on torus", weighted, torus(10, 10), pairs.Options{}},
		{"weighted on larger mesh", weighted, mesh(11, 11), pairs.Options{}},
		{"uniform on larger torus", grid(9, 9), torus(10, 9), pairs.Options{Mode: pairs.Uniform}},
		{"annealing", grid(12, 10), mesh(8, 15), pairs.Options{Temperature: 2, Moves: 100_000}},
		{"annealing weighted", weighted, torus(10, 10), pairs.Options{Temperature: 20, Moves: 100_000}},
		{"two workers", grid(40, 30), torus(60, 20), pairs.Options{Workers: 2}},
		{"two workers uniform", grid(40, 30), mesh(60, 20), pairs.Options{Workers: 2, Mode: pairs.Uniform, MaxRounds: 20}},
		{"hypercube host", must(guest.NewHypercube(7)), must(topology.NewHypercube(7)), pairs.Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(5) {
				starts := [][]int{randomPlace(c.g.Order(), c.h.Size(), seed), randomPlace(c.g.Order(), c.h.Size(), seed+100)}
				if c.g.Order() == c.h.Size() {
					starts = append(starts, rowMajor(c.g.Order()))
				}
				opt := c.opt
				opt.Seed = seed
				res, err := pairs.Improve(context.Background(), c.g, c.h, starts, opt)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, c.g, c.h, starts, res)
			}
		})
	}
}

// TestAnnealStartChoice: a start whose excess lies in short edges has the
// better score for annealing, one of lower hop-bytes whose excess lies in
// a long edge the better hop-bytes; the greedy search keeps the latter,
// annealing searches from both (a race: a quarter of the work each, the
// rest to the leader) and keeps the better result, never worse than
// either start.
func TestAnnealStartChoice(t *testing.T) {
	g, h := grid(8, 8), mesh(8, 8)
	seam := rowMajor(64) // identity but the two corners exchanged: 4 edges of 13-14 hops
	seam[0], seam[63] = 63, 0
	local := rowMajor(64) // identity with objects two hops apart exchanged
	for _, v := range []int{9, 13, 41, 45, 25, 29, 11} {
		local[v], local[v+9] = local[v+9], local[v]
	}
	hbSeam, hbLocal := recompute(g, h, seam), recompute(g, h, local)
	if !(hbLocal > hbSeam) {
		t.Fatalf("fixture: local %v not above seam %v", hbLocal, hbSeam)
	}
	starts := [][]int{seam, local}
	greedy, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, g, h, starts, greedy)
	if greedy.Start != 0 {
		t.Errorf("greedy: worked from start %d, want 0 (lowest hop-bytes)", greedy.Start)
	}
	var reports []pairs.Progress
	anneal, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{Temperature: 3, Seed: 1,
		ProgressEvery: time.Nanosecond, Progress: func(p pairs.Progress) { reports = append(reports, p) }})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, g, h, starts, anneal)
	// the identity (224) is the optimum, reached from either start
	if anneal.HopBytes != 224 || !anneal.Converged {
		t.Errorf("annealing: %v hop-bytes (converged %v), want 224", anneal.HopBytes, anneal.Converged)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].HopBytes > reports[i-1].HopBytes {
			t.Fatalf("progress goes back from %v to %v when the second start begins", reports[i-1].HopBytes, reports[i].HopBytes)
		}
	}
}

// TestDeterminism: the same seed gives the same placement, sequentially and
// with two workers; another seed gives another one.
func TestDeterminism(t *testing.T) {
	g, h := grid(48, 32), torus(64, 24)
	starts := [][]int{randomPlace(g.Order(), h.Size(), 3)}
	for _, workers := range []int{1, 2} {
		run := func(seed uint64) *pairs.Result {
			res, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{Seed: seed, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		a, b, c := run(42), run(42), run(43)
		if !slices.Equal(a.Place, b.Place) || a.Evaluated != b.Evaluated || a.Rounds != b.Rounds {
			t.Errorf("workers %d: same seed, different results (%v, %v)", workers, a.HopBytes, b.HopBytes)
		}
		if slices.Equal(a.Place, c.Place) {
			t.Errorf("workers %d: seeds 42 and 43 gave the same placement", workers)
		}
	}
}

// TestMovesRepeat: the schedule depends on the moves made only. A run that
// a move cap ended reports its moves (from the first check point past the
// cap), and a run given them as its cap repeats it; a run the stopping
// rule ended repeats with its moves and no stopping rule; with two workers
// the result does not depend on GOMAXPROCS.
func TestMovesRepeat(t *testing.T) {
	g, h := grid(160, 120), mesh(125, 154) // above ParallelThreshold: two workers
	starts := [][]int{randomPlace(g.Order(), h.Size(), 4), rowMajor(g.Order())}
	run := func(opt pairs.Options) *pairs.Result {
		t.Helper()
		opt.Seed, opt.Temperature = 5, 3
		res, err := pairs.Improve(context.Background(), g, h, starts, opt)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, g, h, starts, res)
		return res
	}
	cut := run(pairs.Options{Moves: 250_000, Patience: pairs.Unlimited})
	if cut.Moves < 250_000 || cut.Converged {
		t.Fatalf("capped run: %d moves, converged %v; want at least the cap, not converged", cut.Moves, cut.Converged)
	}
	again := run(pairs.Options{Moves: cut.Moves, Patience: pairs.Unlimited})
	if again.Moves != cut.Moves || !slices.Equal(again.Place, cut.Place) {
		t.Fatalf("moves %d: got %d moves, %v hop-bytes, want %v", cut.Moves, again.Moves, again.HopBytes, cut.HopBytes)
	}
	small, hs := grid(9, 8), mesh(6, 12)
	ss := [][]int{rowMajor(72)}
	conv, err := pairs.Improve(context.Background(), small, hs, ss, pairs.Options{Seed: 2, Temperature: 3})
	if err != nil || !conv.Converged || conv.Cycles == 0 {
		t.Fatalf("stopping rule: %+v, %v", conv, err)
	}
	rep, err := pairs.Improve(context.Background(), small, hs, ss, pairs.Options{Seed: 2, Temperature: 3, Moves: conv.Moves, Patience: pairs.Unlimited})
	if err != nil || !slices.Equal(rep.Place, conv.Place) {
		t.Fatalf("repeat of a converged run with its %d moves: %v, want %v (%v)", conv.Moves, rep.HopBytes, conv.HopBytes, err)
	}
	procs := runtime.GOMAXPROCS(1)
	one := run(pairs.Options{Moves: 400_000, Patience: pairs.Unlimited})
	runtime.GOMAXPROCS(2)
	two := run(pairs.Options{Moves: 400_000, Patience: pairs.Unlimited})
	runtime.GOMAXPROCS(procs)
	if one.Workers != 2 || !slices.Equal(one.Place, two.Place) || one.Moves != two.Moves {
		t.Fatalf("GOMAXPROCS 1 and 2: %d workers, %v and %v hop-bytes, %d and %d moves", one.Workers, one.HopBytes, two.HopBytes, one.Moves, two.Moves)
	}
}

// TestStartChoice: the best of several starts is kept, the first on ties.
func TestStartChoice(t *testing.T) {
	g, h := grid(8, 8), mesh(8, 8)
	bad := randomPlace(64, 64, 1)
	starts := [][]int{bad, rowMajor(64), rowMajor(64)}
	res, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// row-major on an equal mesh is the identity: 112 edges of one hop,
	// both directions.
	if res.Start != 1 || res.StartHopBytes != 224 || res.HopBytes != 224 {
		t.Fatalf("kept start %d with %v → %v, want start 1 with 224 → 224", res.Start, res.StartHopBytes, res.HopBytes)
	}
}

// TestCancellation: a cancelled context ends the run with its error and the
// best placement so far; an ended move cap is not an error.
func TestCancellation(t *testing.T) {
	g, h := grid(128, 128), torus(256, 64)
	starts := [][]int{randomPlace(g.Order(), h.Size(), 5)}
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		res, err := pairs.Improve(ctx, g, h, starts, pairs.Options{Workers: workers, ProgressEvery: time.Nanosecond, Progress: func(p pairs.Progress) {
			calls++
			if calls == 2 {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("workers %d: err %v, want context.Canceled", workers, err)
		}
		if res == nil || res.Converged {
			t.Fatalf("workers %d: want an unconverged result with the error, got %+v", workers, res)
		}
		checkResult(t, g, h, starts, res)
	}
	res, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{Moves: 2000})
	if err != nil || res.Converged {
		t.Fatalf("move cap: err %v, converged %v; want no error, not converged", err, res.Converged)
	}
	checkResult(t, g, h, starts, res)
}

// TestProgress: reports come with growing counters, current hops per byte
// and a final report with fraction 1.
func TestProgress(t *testing.T) {
	g, h := grid(40, 40), mesh(20, 80)
	var ps []pairs.Progress
	res, err := pairs.Improve(context.Background(), g, h, [][]int{randomPlace(g.Order(), h.Size(), 2)}, pairs.Options{
		Moves: 50_000_000, ProgressEvery: time.Nanosecond, Progress: func(p pairs.Progress) { ps = append(ps, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 2 {
		t.Fatalf("%d progress reports", len(ps))
	}
	for i := 1; i < len(ps); i++ {
		if ps[i].Evaluated < ps[i-1].Evaluated || ps[i].Elapsed < ps[i-1].Elapsed || ps[i].HopBytes > ps[i-1].HopBytes {
			t.Fatalf("report %d goes backwards: %+v after %+v", i, ps[i], ps[i-1])
		}
		if ps[i].Fraction < 0 || ps[i].Fraction > 1 {
			t.Fatalf("fraction %v", ps[i].Fraction)
		}
	}
	last := ps[len(ps)-1]
	if last.Fraction != 1 || last.HopBytes != res.HopBytes || last.HopsPerByte != res.HopsPerByte || last.Evaluated != res.Evaluated {
		t.Fatalf("final report %+v does not match result %v, %v", last, res.HopBytes, res.Evaluated)
	}
}

// TestCancelledRunReportsTheShareDone: the final report of a run whose
// context ends says the share of the work done, not the whole.
func TestCancelledRunReportsTheShareDone(t *testing.T) {
	g, h := grid(40, 40), mesh(20, 80)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last pairs.Progress
	_, err := pairs.Improve(ctx, g, h, [][]int{randomPlace(g.Order(), h.Size(), 2)}, pairs.Options{
		Moves: 50_000_000, ProgressEvery: time.Nanosecond, Progress: func(p pairs.Progress) {
			last = p
			if p.Evaluated > 0 {
				cancel()
			}
		}})
	if err == nil || last.Fraction >= 1 {
		t.Fatalf("err %v, final report's fraction %v; want the context's error and less than 1", err, last.Fraction)
	}
}

// TestInvalid: bad arguments are errors wrapping ErrInvalid.
func TestInvalid(t *testing.T) {
	g, h := grid(4, 4), mesh(4, 4)
	ok := [][]int{rowMajor(16)}
	dup := rowMajor(16)
	dup[3] = 2
	cases := []struct {
		name   string
		h      *topology.Lattice
		starts [][]int
		opt    pairs.Options
	}{
		{"host too small", mesh(3, 5), ok, pairs.Options{}},
		{"no start", h, nil, pairs.Options{}},
		{"short start", h, [][]int{rowMajor(15)}, pairs.Options{}},
		{"duplicate node", h, [][]int{dup}, pairs.Options{}},
		{"unknown mode", h, ok, pairs.Options{Mode: 7}},
		{"negative plan", h, ok, pairs.Options{Plan: -1}},
		{"tau 1", h, ok, pairs.Options{Tau: 1}},
		{"negative attempts", h, ok, pairs.Options{Attempts: -1}},
		{"unlimited patience without a cap", h, ok, pairs.Options{Temperature: 1, Patience: pairs.Unlimited}},
		{"negative moves", h, ok, pairs.Options{Moves: -1}},
		{"negative temperature", h, ok, pairs.Options{Temperature: -1, Moves: 1000}},
		{"negative share", h, ok, pairs.Options{Share: -0.5}},
		{"share above MaxShare", h, ok, pairs.Options{Share: pairs.MaxShare + 0.5}},
	}
	for _, c := range cases {
		if _, err := pairs.Improve(context.Background(), g, c.h, c.starts, c.opt); !errors.Is(err, pairs.ErrInvalid) {
			t.Errorf("%s: err %v, want ErrInvalid", c.name, err)
		}
	}
}

// TestTrivial: graphs without edges or with one object are left alone.
func TestTrivial(t *testing.T) {
	cases := []struct {
		name string
		g    *guest.Graph
		h    *topology.Lattice
	}{
		{"one object", grid(1, 1), mesh(1, 1)},
		{"no edges", must(guest.NewHypercube(0)), must(topology.NewHypercube(0))},
	}
	for _, c := range cases {
		res, err := pairs.Improve(context.Background(), c.g, c.h, [][]int{{0}}, pairs.Options{})
		if err != nil || !res.Converged || res.HopBytes != 0 || res.Place[0] != 0 {
			t.Errorf("%s: %+v, %v", c.name, res, err)
		}
	}
}

// TestShare: a run given a share of the work (a level of a multilevel
// search) stops by its rule within that share of the horizon: 32x32 onto
// 16x64, annealing, makes at most half the moves with a third of the
// work, and at least half as many again with twice the work.
func TestShare(t *testing.T) {
	g, h := grid(32, 32), mesh(16, 64)
	starts := [][]int{rowMajor(g.Order())}
	run := func(share float64) *pairs.Result {
		res, err := pairs.Improve(context.Background(), g, h, starts, pairs.Options{Seed: 1, Temperature: 3, Share: share})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	whole, third, twice := run(0), run(1.0/3), run(2)
	if third.Moves >= whole.Moves || third.Moves > whole.Moves/2 {
		t.Errorf("a third of the work: %d moves, the whole: %d", third.Moves, whole.Moves)
	}
	if twice.Moves < whole.Moves*3/2 || twice.Moves > 2*whole.Moves+whole.Moves/4 {
		t.Errorf("twice the work: %d moves, the whole: %d", twice.Moves, whole.Moves)
	}
}

// TestCancelledRunKeepsItsBestStart: a run cancelled before it starts
// still weighs every start it was given and returns the best of them (a
// job cancelled while PAIRS began kept rowmajor's 1.7490 where the snake
// start gave 1.5000).
func TestCancelledRunKeepsItsBestStart(t *testing.T) {
	g, h := grid(16, 16), torus(16, 16)
	worse, best := randomPlace(g.Order(), h.Size(), 3), make([]int, h.Size())
	for v := range best {
		best[v] = v // row-major on an equal torus: every edge 1 hop
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := pairs.Improve(ctx, g, h, [][]int{worse, best}, pairs.Options{})
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Fatalf("result %v, error %v; want a result and context.Canceled", res, err)
	}
	if res.Start != 1 || res.HopsPerByte != 1 {
		t.Errorf("kept start %d at %.4f hops per byte, want start 1 (the identity) at 1.0000", res.Start, res.HopsPerByte)
	}
}
