package pairs

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/topology"
)

// Focused annealing (Options.Focused), our reading [P]: one annealing run
// whose temperature falls geometrically from focusedHeat·Temperature to
// focusedCool times that over the run's work, in place of the cycles,
// on a host with grid coordinates and one slot per node under the
// hop-bytes. What sets it apart, each measured on the quotient of 4elt at
// 1,024 parts on torus:8x8x16:
//
//   - the object moved is the one of largest excess among a tournament of
//     draws (focusedTourStart falling to focusedTourEnd over the run): its
//     edges' cost L less a bound LB on it anywhere (its volumes, heaviest
//     first, on the nearest nodes a node can have), so the search works
//     where it can gain;
//   - its partner is the occupant of a node at most one hop from the node
//     of one of its neighbours (or that node left empty);
//   - each object's L is kept up to date, and the acceptance threshold is
//     drawn before the change is summed, arc by arc, so most rejected
//     proposals stop early: every arc's cost is ≥ 0 and the partner's new
//     cost is at least its LB.
type focused struct {
	s     *state
	L, LB []float64 // per object, in volume × hops over its arcs
	// ex is each object's excess L − LB as an integer of the same order
	// (excess), kept with L, so that a draw of the tournament is one load.
	ex []int64
	// adj and vol are each object's arcs (the state's) and their
	// volumes, heaviest first: a rejected proposal's sum passes its
	// bound sooner (4elt's 1024-part quotient on torus:8x8x16: 14.1
	// arcs summed a proposal rather than 16.9; 1-9 % less CPU time there
	// and at 4096 parts on torus:16x16x16, interleaved runs, for the same
	// placements, as the volumes are integers and the sums exact).
	adj []int32
	vol []float64
	// pc holds each object's node code and node each node's. On a host
	// with a table of distances by offset (offsets.go) these are its
	// codes and hops its distances as floats: one load a distance, where
	// summing a table per axis took a fifth more time a move on
	// torus:8x8x16. On a larger host, axes holds those tables: a code
	// packs the coordinates 8 bits an axis and axes[j][uint8(x−y)] is
	// the distance of x and y on axis j.
	pc, node []uint32
	hops     []float64
	mid      uint32
	axes     *[maxFocusedRank][256]float64
	src      *rand.PCG
	// nlog holds −ln of the midpoints of 4,096 equal slices of (0, 1),
	// from Log1p, as the cooling factor comes from Expm1: pure Go on
	// every platform, where Log, Exp and Pow have assembly on amd64 that
	// may differ in the last bit, so the browser anneals as the server
	nlog [1 << 12]float64
	tour int
	// step holds each node's neighbours, 2c a node (steps); nil on a
	// host of more than maxStepNodes nodes.
	step []int32
}

// maxFocusedRank and maxFocusedAxis bound the hosts that anneal focused:
// their coordinates fit a word 8 bits an axis, and the difference of two,
// taken as a signed byte, is the offset between them on an axis.
const (
	maxFocusedRank = 4
	maxFocusedAxis = 128
)

// Focused annealing's schedule and tournament: our choice [P], on the
// quotient of 4elt at 1,024 parts on torus:8x8x16 (package solve's
// Temperature there is 6 times the mean volume, in hop-bytes: the band
// is 10 to 1.2 times it; below 1 nothing gains).
const (
	focusedHeat      = 5.0 / 3
	focusedCool      = 0.12
	focusedTourStart = 8
	focusedTourEnd   = 3
	focusedChunk     = 1024 // moves between temperature steps and checks
)

// Focusable reports whether a run of objective o on host h can anneal
// focused (Options.Focused): under the hop-bytes, on a grid host of one
// slot per node whose coordinates pack (at most maxFocusedRank axes of at
// most maxFocusedAxis nodes, not all of two nodes: those count distances
// in bits).
func Focusable(h topology.Host, o Objective) bool {
	inner, cores := topology.SplitCores(h)
	g, ok := inner.(topology.Grid)
	if o != HopBytes || !ok || cores > 1 || hamming(g) || g.Rank() < 1 || g.Rank() > maxFocusedRank {
		return false
	}
	for j := range g.Rank() {
		if g.Dim(j) > maxFocusedAxis {
			return false
		}
	}
	return true
}

// newFocused readies focused annealing of the placement in s, its
// proposals and thresholds drawn from a generator of that seed.
func newFocused(s *state, seed uint64) *focused {
	f := &focused{s: s, L: make([]float64, s.n), LB: make([]float64, s.n), ex: make([]int64, s.n), vol: make([]float64, len(s.adj)),
		adj: make([]int32, len(s.adj)), pc: make([]uint32, s.n), src: rand.NewPCG(seed, 0xf0c05ed)}
	for i := range f.nlog {
		f.nlog[i] = -math.Log1p((float64(i)+0.5)/float64(len(f.nlog)) - 1)
	}
	f.heavyFirst()
	f.pack()
	f.bounds()
	f.steps()
	for v := range int32(s.n) {
		f.setL(v, f.local(v, f.pc[v]))
	}
	return f
}

// heavyFirst fills adj and vol: each object's arcs by volume, heaviest
// first, ties in the state's order.
func (f *focused) heavyFirst() {
	s := f.s
	for e := range f.vol {
		f.adj[e], f.vol[e] = s.adj[e], s.volume(int32(e))
	}
	for v := range int32(s.n) {
		lo, hi := s.off[v], s.off[v+1]
		sort.Stable(byVolume{f.adj[lo:hi], f.vol[lo:hi]})
	}
}

// byVolume sorts arcs by volume, heaviest first.
type byVolume struct {
	adj []int32
	vol []float64
}

func (b byVolume) Len() int           { return len(b.adj) }
func (b byVolume) Less(i, j int) bool { return b.vol[i] > b.vol[j] }
func (b byVolume) Swap(i, j int) {
	b.adj[i], b.adj[j] = b.adj[j], b.adj[i]
	b.vol[i], b.vol[j] = b.vol[j], b.vol[i]
}

// pack fills the node codes and the distance tables: the state's by
// offset, else one an axis.
func (f *focused) pack() {
	if o := f.s.offs; o != nil {
		f.node, f.mid, f.hops = f.s.slotCode, o.mid, make([]float64, len(o.hops))
		for i, h := range o.hops {
			f.hops[i] = float64(h)
		}
	} else {
		f.packAxes()
	}
	for v, p := range f.s.pos {
		f.pc[v] = f.node[p]
	}
}

// packAxes packs the nodes' coordinates 8 bits an axis and tabulates the
// distance of each offset on each axis.
func (f *focused) packAxes() {
	s := f.s
	f.axes, f.node = new([maxFocusedRank][256]float64), make([]uint32, len(s.occ))
	for p := range f.node {
		for j, x := range s.node(int32(p)) {
			f.node[p] |= uint32(x) << (8 * j)
		}
	}
	for j, k := range s.dims {
		for o := 1 - k; o < k; o++ {
			f.axes[j][uint8(o)] = float64(axis.Hops(o, s.span[j]))
		}
	}
}

// dist returns the hops between the nodes of codes x and y.
func (f *focused) dist(x, y uint32) float64 {
	if a := f.axes; a != nil {
		return a[0][uint8(x-y)] + a[1][uint8((x>>8)-(y>>8))] +
			a[2][uint8((x>>16)-(y>>16))] + a[3][uint8((x>>24)-(y>>24))]
	}
	return f.hops[x-y+f.mid]
}

// bounds sets each object's LB: its arcs' volumes, heaviest first, on
// nodes at the least distances a node of the host can have that many
// nodes at, from an upper bound on the nodes at each distance (the
// product of the axes' bounds: 2 at distances below half an axis).
func (f *focused) bounds() {
	s := f.s
	within := s.ballBound()
	var ws []float64
	for v := range int32(s.n) {
		ws = ws[:0]
		ws = append(ws, f.vol[s.off[v]:s.off[v+1]]...)
		slices.Sort(ws)
		d := 1
		for i := len(ws) - 1; i >= 0; i-- {
			for d < len(within)-1 && within[d] < int64(len(ws)-i) {
				d++
			}
			f.LB[v] += ws[i] * float64(d)
		}
	}
}

// ballBound returns, for each distance d ≥ 1, an upper bound on the nodes
// other than itself that a node has within d hops (the last entry covers
// every distance beyond).
func (s *state) ballBound() []int64 {
	at := []int64{1} // nodes at each distance, bounded
	for j := range s.c {
		k := int64(s.dims[j])
		ax := make([]int64, k)
		ax[0] = 1
		for t := int64(1); t < k; t++ {
			switch {
			case 2*t < k:
				ax[t] = 2
			case s.wrapK[j] == 0 || 2*t == k:
				ax[t] = 1
			}
		}
		next := make([]int64, len(at)+len(ax)-1)
		for a, x := range at {
			for b, y := range ax {
				next[a+b] += x * y
			}
		}
		at = next
	}
	within := make([]int64, len(at))
	for d := 1; d < len(at); d++ {
		within[d] = within[d-1] + at[d]
	}
	return within
}

// local returns Σ volume × hops over v's arcs were v at coordinates cv.
func (f *focused) local(v int32, cv uint32) float64 {
	s := f.s
	var sum float64
	for e := s.off[v]; e < s.off[v+1]; e++ {
		sum += f.vol[e] * f.dist(cv, f.pc[f.adj[e]])
	}
	return sum
}

// threshold draws the largest change kept at temperature t (in the same
// units): t times an exponential draw, so a change Δ is kept with
// probability exp(−Δ/t).
func (f *focused) threshold(t float64) float64 {
	return t * f.nlog[f.src.Uint64()>>52]
}

// below returns a number in [0, n) from the top 32 bits of r.
func below(r uint64, n int) int32 { return int32((r >> 32) * uint64(n) >> 32) }

// setL sets object v's L and its excess.
func (f *focused) setL(v int32, l float64) {
	f.L[v] = l
	f.ex[v] = excess(l - f.LB[v])
}

// excess returns an integer of the same order as x: a float's bits, the
// negative ones' turned over.
func excess(x float64) int64 {
	b := int64(math.Float64bits(x))
	return b ^ int64(uint64(b>>63)>>1)
}

// pick returns the object of largest excess L − LB among f.tour draws,
// each of 16 random bits (four a word). The excesses compare as integers
// (ex), so that the choice compiles to conditional moves where a
// comparison of floats branched on random draws (a tenth less time a move
// on torus:8x8x16).
func (f *focused) pick() int32 {
	n := uint64(f.s.n)
	var r uint64
	a, ex := int32(-1), int64(math.MinInt64)
	for i := range f.tour {
		if i&3 == 0 {
			r = f.src.Uint64()
		}
		x := int32((r & 0xffff) * n >> 16)
		r >>= 16
		e := f.ex[x]
		if e > ex {
			a = x
		}
		ex = max(ex, e)
	}
	return a
}

// partner returns the node that a proposal for object a aims at: a
// random neighbour's node, or a node one hop from it along a random axis
// and direction (at a mesh border, the neighbour's node); -1 if a has no
// neighbour or the node is a's own.
func (f *focused) partner(a int32) int32 {
	s := f.s
	lo, hi := s.off[a], s.off[a+1]
	if lo == hi {
		return -1
	}
	r := f.src.Uint64()
	u := s.adj[lo+below(r, int(hi-lo))] // the state's order: draws as before
	p := s.pos[u]
	if k := int32(r&0xffff) * int32(2*s.c+1) >> 16; k < int32(2*s.c) {
		if f.step != nil {
			p = f.step[p*int32(2*s.c)+k]
		} else {
			p = s.stepFrom(p, k>>1, 1-2*(k&1))
		}
	}
	if p == s.pos[a] {
		return -1
	}
	return p
}

// steps fills step on a host of at most maxStepNodes nodes: for node p
// and k < 2c, the node one hop from p along axis k/2, up for even k and
// down for odd (stepFrom), so that a proposal's step is one load where
// it took the coordinate, a switch and, around a wrap, a division.
func (f *focused) steps() {
	s := f.s
	if len(s.occ) > maxStepNodes {
		return
	}
	w := int32(2 * s.c)
	f.step = make([]int32, int32(len(s.occ))*w)
	for p := range int32(len(s.occ)) {
		for k := range w {
			f.step[p*w+k] = s.stepFrom(p, k>>1, 1-2*(k&1))
		}
	}
}

// maxStepNodes bounds the hosts whose steps focused annealing tabulates
// (32 MiB on four axes), as maxOffsets does their distances.
const maxStepNodes = 1 << 20

// stepFrom returns the node one hop from node p along axis j in direction
// dir (±1), around a wrapped axis; p itself past a mesh border.
func (s *state) stepFrom(p, j, dir int32) int32 {
	x, k := s.tab[int(p)*s.c+int(j)], s.dims[j]
	y := x + dir
	switch {
	case y >= 0 && y < k:
	case s.wrapK[j] != 0:
		y = (y + k) % k
	default:
		return p
	}
	return p + (y-x)*s.stride[j]
}

// try proposes moving object a to node pb (swapping with its occupant b,
// or into it if empty) and makes the move if its change of Σ volume ×
// hops over the edges is at most th; it returns the change and whether
// it moved. The sums stop as soon as the change must exceed th.
func (f *focused) try(a, pb int32, th float64) (float64, bool) {
	s := f.s
	pa, b := s.pos[a], s.occ[pb]
	ca, cb := f.pc[a], f.node[pb]
	lb := 0.0
	if b >= 0 {
		lb = f.L[b] - f.LB[b]
	}
	var sa, wab float64
	bound := th + f.L[a] + lb
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := f.adj[e]
		if u == b {
			wab = f.vol[e]
			continue
		}
		if sa += f.vol[e] * f.dist(cb, f.pc[u]); sa > bound {
			return 0, false
		}
	}
	d := sa - f.L[a]
	if b >= 0 {
		ab := 2 * wab * f.dist(ca, cb)
		rest := th - d + f.L[b] - ab
		var sb float64
		for e := s.off[b]; e < s.off[b+1]; e++ {
			if u := f.adj[e]; u != a {
				if sb += f.vol[e] * f.dist(ca, f.pc[u]); sb > rest {
					return 0, false
				}
			}
		}
		d += sb - f.L[b] + ab
	}
	if d > th {
		return 0, false
	}
	f.move(a, b, pa, pb)
	return d, true
}

// move exchanges a (on pa) and b (on pb, -1 if empty) and updates the
// local costs of both and of their neighbours.
func (f *focused) move(a, b, pa, pb int32) {
	s := f.s
	ca, cb := f.pc[a], f.node[pb]
	f.shiftNeighbours(a, b, ca, cb)
	f.pc[a] = cb
	if b >= 0 {
		f.shiftNeighbours(b, a, cb, ca)
		f.pc[b] = ca
		f.setL(b, f.local(b, ca))
	}
	f.setL(a, f.local(a, cb))
	s.swap(a, b, pa, pb)
}

// shiftNeighbours updates the L of v's neighbours but skip as v moves
// from coordinates from to coordinates to.
func (f *focused) shiftNeighbours(v, skip int32, from, to uint32) {
	s := f.s
	for e := s.off[v]; e < s.off[v+1]; e++ {
		if u := f.adj[e]; u != skip {
			cu := f.pc[u]
			f.setL(u, f.L[u]+f.vol[e]*(f.dist(to, cu)-f.dist(from, cu)))
		}
	}
}

// Focused annealing's work: FocusedPerObject moves per object, at most
// FocusedHorizon; a run with less than FocusedLeast moves per object
// (a larger guest, or a caller's smaller plan) anneals in cycles
// instead, since a hot start needs time to settle. Our choice [P]: on
// 4elt's quotient at 1,024 parts on torus:8x8x16, 6K, 9K and 12K moves
// per object end at 1.766, 1.760 and 1.756 hops per byte (4 seeds), and
// at 4,096 parts on torus:16x16x16 3K at 1.795 and 6K at 1.777.
const (
	FocusedPerObject = 12 << 10
	FocusedHorizon   = 24 << 20
	FocusedLeast     = 2 << 10
)

// searchFocused anneals focused over the chain's work but a tenth (for
// the descent that follows), from the placement in the state, then
// descends from the best placement the annealing saw; converged unless
// the run was stopped.
func (r *run) searchFocused() {
	s := r.s
	length := max(focusedChunk, (r.chainHorizon-(r.moves-r.chainAt))*9/10)
	r.best = append(r.best[:0], s.pos...)
	ok := r.annealFocused(length)
	if r.bestH < r.h {
		copy(s.pos, r.best)
		s.placeSelf()
	}
	r.h, r.q = s.hopBytes(), s.squares()
	ok = ok && r.descend()
	r.bestH, r.bestQ = r.h, r.q
	copy(r.best, s.pos)
	r.converged = ok
}

// annealFocused makes length moves of focused annealing, the temperature
// falling geometrically from focusedHeat·Temperature to focusedCool times
// that, and
// keeps in r.best the best placement seen at the end of a chunk of
// moves; false if the run was stopped.
func (r *run) annealFocused(length int64) bool {
	s := r.s
	f := newFocused(s, r.rng.Uint64())
	t := focusedHeat * r.opt.Temperature / 2 // the change of one arc per edge
	cool := 1 + math.Expm1(math.Log1p(focusedCool-1)*focusedChunk/float64(length))
	r.bestH = r.h
	for m := int64(0); m < length; m += focusedChunk {
		if r.stopped() {
			return false
		}
		f.tour = focusedTourStart - int(float64(focusedTourStart-focusedTourEnd)*float64(m)/float64(length)+0.5)
		r.chunkFocused(f, t)
		if r.h < r.bestH {
			r.bestH = r.h
			copy(r.best, s.pos)
		}
		t *= cool
		r.report(time.Now(), false)
	}
	return true
}

// chunkFocused makes focusedChunk proposals at temperature t (per edge).
func (r *run) chunkFocused(f *focused, t float64) {
	for range focusedChunk {
		r.moves++
		a := f.pick()
		pb := f.partner(a)
		if pb < 0 {
			continue
		}
		r.evaluated++
		if d, ok := f.try(a, pb, f.threshold(t)); ok {
			r.h += 2 * d
			r.accepted++
			if d < 0 {
				r.improved++
			}
		}
	}
}
