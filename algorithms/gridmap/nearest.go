package gridmap

import (
	"context"
	"math"
)

// Nearest answers findNearest2D / findNearest3D (see the package doc): which
// free processor of a mesh or torus is closest (fewest hops) to a target,
// marking it used. Bhatele 2010 §9.1 only says "returns an unused processor
// closest to (af_x, af_y)"; the tie-break is our [P] "order A", fixed
// here because results depend heavily on it (AFFN on 9×8→6×12 gives 1.5276
// under order A and 2.0000 under an OpenAtom-style order):
//
//   - 2-D: among the free processors at minimal distance D from the target,
//     the one with the smallest offset dx (most negative first), then +dy
//     before −dy;
//   - 3-D: smallest dx, then smallest dy, then +dz before −dz.
//
// On an axis that wraps, offsets are the shortest ones (|d| ≤ k/2); when
// both −k/2 and +k/2 reach the same processor, the representation that
// comes first in the order counts. This is exactly the first free
// processor met by the package doc's shell enumeration.
//
// Instead of scanning Manhattan shells (O(r²) or O(r³) probes for an answer
// at distance r; the naive scan reaches r ≈ 600 on 64K-node instances),
// each line of processors along one axis (the longest by default) keeps
// two path-compressed union-find forests, "next free at or after x" and
// "next free at or before x". A query visits lines by increasing
// perpendicular distance m and stops as soon as m exceeds the best distance
// found, so it costs O(min(r, lines)) near-constant finds in 2-D and O(r²)
// in 3-D. In 3-D the 24 processors at distance 1 and 2 are probed first,
// in order A from a table built once (a load each), which is cheaper than
// O(r²) lines for the most frequent answers. The structure takes 8 bytes
// per processor; counts per line and per plane let full lines and planes
// be skipped with one load.
type Nearest struct {
	dims   [3]int
	wrap   [3]bool
	line   int // the axis that lines run along
	pa, pb int // the two other axes, pa < pb
	n      int // line length = dims[line]
	// uf holds both forests of every line, interleaved so that marking a
	// processor touches one cache line: slot s = l*(n+1)+x of line l has
	// its "next free at or after x" parent at uf[2s] and its "next free at
	// or before x−1" parent at uf[2s+1]; slot n (after) and slot 0 (before)
	// are the sentinels "none". Parents are uf indices of the same parity.
	uf     []int32
	free   int
	twoD   bool
	stride [3]int // slot = Σ coordinate·stride
	// lineFree counts the free processors of each line, so that full lines
	// (common around old targets) are skipped without a find; line id =
	// Σ coordinate·lineStride.
	lineFree   []int32
	lineStride [3]int
	// planeFree counts the free processors of each plane across axis pa:
	// the heuristics fill the host plane by plane, and a query far from
	// free processors then skips a full plane's lines with one load.
	planeFree   []int32
	planeStride [3]int // plane id = Σ coordinate·planeStride
	// shellSlot, shellLine and shellPlane are the slot, line and plane
	// deltas of shellOffsets, valid for targets away from the sides (inner).
	shellSlot  [shellCount]int32
	shellLine  [shellCount]int32
	shellPlane [shellCount]int32
	innerLen   [3]uint // targets t with t−probeShells < innerLen are inner
	// shellAxis[a][t·(2p+1)+o+p] is the slot term of coordinate t+o on
	// axis a (p = probeShells), wrapped, or −2³¹ off the host, so
	// that probe near the sides also costs a few loads per offset.
	shellAxis [3][]int32
	// ctx, if not nil, ends the searches: see halted.
	ctx     context.Context
	queries uint32
	stopped bool
}

// haltEvery is how many slow queries pass between two looks at ctx: a
// query costs microseconds, so a cancelled mapping stops within
// milliseconds while the check stays off the hot path.
const haltEvery = 16

// halted reports whether the context has ended, looking at it every
// haltEvery calls. Once halted, the Take methods answer "none free" (ok
// false) at once for every target that is not itself free, so the
// mapper's loop runs out quickly; the mapper then returns ctx's error.
func (f *Nearest) halted() bool {
	if f.ctx == nil {
		return false
	}
	if f.queries++; !f.stopped && f.queries%haltEvery == 0 {
		f.stopped = f.ctx.Err() != nil
	}
	return f.stopped
}

// NewNearest2D returns the occupancy of a px×py host (h has 2 axes) with
// every processor free. Processor (a, b) has index a + px·b. O(px·py).
func NewNearest2D(h Box) *Nearest {
	// A 2-D host is the 3-D host 1×px×py: the key (0, dx, ±dy) of the 3-D
	// order is then the 2-D order A. Take2D has its own faster query.
	f := newNearest([3]int{1, h.Dims[0], h.Dims[1]}, [3]bool{false, h.wraps(0), h.wraps(1)}, true)
	f.ctx = h.Ctx
	return f
}

// NewNearest3D returns the occupancy of a px×py×pz host (h has 3 axes)
// with every processor free. Processor (a, b, c) has index a + px·(b + py·c).
// O(px·py·pz).
func NewNearest3D(h Box) *Nearest {
	f := newNearest([3]int{h.Dims[0], h.Dims[1], h.Dims[2]}, [3]bool{h.wraps(0), h.wraps(1), h.wraps(2)}, false)
	f.ctx = h.Ctx
	return f
}

// newNearest builds the occupancy with lines along the longest axis.
func newNearest(dims [3]int, wrap [3]bool, twoD bool) *Nearest {
	line := 0
	for a := 1; a < 3; a++ {
		if dims[a] > dims[line] {
			line = a
		}
	}
	return newNearestAlong(dims, wrap, twoD, line)
}

// newNearestAlong builds the occupancy with lines along the given internal
// axis. The axis changes only the speed, never the answers: queries are
// cheapest when most collisions are resolved along the lines.
func newNearestAlong(dims [3]int, wrap [3]bool, twoD bool, line int) *Nearest {
	f := &Nearest{dims: dims, wrap: wrap, twoD: twoD, line: line}
	f.pa, f.pb = (f.line+1)%3, (f.line+2)%3
	if f.pa > f.pb {
		f.pa, f.pb = f.pb, f.pa
	}
	f.n = dims[f.line]
	f.stride[f.line], f.stride[f.pa], f.stride[f.pb] = 1, f.n+1, dims[f.pa]*(f.n+1)
	f.lineStride[f.pa], f.lineStride[f.pb] = 1, dims[f.pa]
	lines := dims[f.pa] * dims[f.pb]
	f.free = lines * f.n
	f.uf = make([]int32, 2*lines*(f.n+1))
	for i := range f.uf {
		f.uf[i] = int32(i)
	}
	f.lineFree = make([]int32, lines)
	for l := range f.lineFree {
		f.lineFree[l] = int32(f.n)
	}
	f.planeStride[f.pa] = 1
	f.planeFree = make([]int32, dims[f.pa])
	for p := range f.planeFree {
		f.planeFree[p] = int32(f.n * dims[f.pb])
	}
	f.initShells()
	return f
}

// Free returns the number of free processors.
func (f *Nearest) Free() int { return f.free }

// find returns the root of i in forest p, halving the path on the way.
func find(p []int32, i int32) int32 {
	for p[i] != i {
		p[i] = p[p[i]]
		i = p[i]
	}
	return i
}

// after returns the first free position ≥ x on line base, or n if none.
func (f *Nearest) after(base, x int) int {
	return int(find(f.uf, int32(2*(base+x))))>>1 - base
}

// before returns the last free position ≤ x on line base, or −1 if none.
func (f *Nearest) before(base, x int) int {
	return int(find(f.uf, int32(2*(base+x+1)+1)))>>1 - base - 1
}

// slot returns the slot of the processor at internal coordinates
// (x, y, z): its line's first slot plus its position on the line.
func (f *Nearest) slot(x, y, z int) int {
	return x*f.stride[0] + y*f.stride[1] + z*f.stride[2]
}

func (f *Nearest) freeSlot(s int) bool { return f.uf[2*s] == int32(2*s) }

// lineOf returns the line id of internal coordinates (x, y, z).
func (f *Nearest) lineOf(x, y, z int) int {
	return x*f.lineStride[0] + y*f.lineStride[1] + z*f.lineStride[2]
}

// planeOf returns the plane id of internal coordinates (x, y, z).
func (f *Nearest) planeOf(x, y, z int) int {
	return x*f.planeStride[0] + y*f.planeStride[1] + z*f.planeStride[2]
}

// useSlot marks slot s of line l used, if free: it now points past itself
// in both forests. It reports whether s was free. The caller counts the
// plane (3-D only: query2D does not read planeFree).
func (f *Nearest) useSlot(s, l int) bool {
	if f.uf[2*s] != int32(2*s) {
		return false
	}
	f.uf[2*s] = int32(2*s + 2)
	f.uf[2*s+3] = int32(2*s + 1)
	f.free--
	f.lineFree[l]--
	return true
}

// use marks the processor at internal coordinates (x, y, z) of a 3-D
// occupancy used.
func (f *Nearest) use(x, y, z int) {
	if f.useSlot(f.slot(x, y, z), f.lineOf(x, y, z)) {
		f.planeFree[f.planeOf(x, y, z)]--
	}
}

// at2D returns the line and the position on it of processor (x, y) of a
// 2-D occupancy.
func (f *Nearest) at2D(x, y int) (li, pos int) {
	if f.line == 1 {
		return y, x
	}
	return x, y
}

// internal converts host coordinates to the internal 3-axis ones.
func (f *Nearest) internal(x, y, z int) (int, int, int) {
	if f.twoD {
		return 0, x, y
	}
	return x, y, z
}

// Used2D reports whether processor (a, b) of a 2-D occupancy is used.
func (f *Nearest) Used2D(a, b int) bool { return !f.freeSlot(f.slot(f.internal(a, b, 0))) }

// Used3D reports whether processor (a, b, c) of a 3-D occupancy is used.
func (f *Nearest) Used3D(a, b, c int) bool { return !f.freeSlot(f.slot(f.internal(a, b, c))) }

// Use2D marks processor (a, b) used (a no-op if it already is).
func (f *Nearest) Use2D(a, b int) {
	li, pos := f.at2D(a, b)
	f.useSlot(li*(f.n+1)+pos, li)
}

// Use3D marks processor (a, b, c) used (a no-op if it already is).
func (f *Nearest) Use3D(a, b, c int) { f.use(f.internal(a, b, c)) }

// Take2D returns the free processor nearest to target (x, y) under order A
// and marks it used; ok is false if none is free. The target must lie on
// the host (Take2D panics otherwise). Amortised O(r·α) for an answer at
// distance r.
func (f *Nearest) Take2D(x, y int) (a, b int, ok bool) {
	// Internal axes 1 (x) and 2 (y); the line axis is one of them.
	li, pos := f.at2D(x, y)
	if s := li*(f.n+1) + pos; f.freeSlot(s) { // distance 0: the target
		f.useSlot(s, li)
		return x, y, true
	}
	if f.halted() {
		return x, y, false
	}
	dx, dy, ok := f.query2D(li, pos)
	if !ok {
		return x, y, false
	}
	a, b = wrapAdd(x, dx, f.dims[1]), wrapAdd(y, dy, f.dims[2])
	li, pos = f.at2D(a, b)
	f.useSlot(li*(f.n+1)+pos, li)
	return a, b, true
}

// query2D is query for a 2-D host: lines are rows (line axis x) or columns
// (line axis y), scanned by perpendicular offset m = 0, 1, ... while m does
// not exceed the best distance; order A is (D, dx, +dy before −dy).
func (f *Nearest) query2D(li, pos int) (bx, by int, ok bool) {
	if f.free == 0 {
		return 0, 0, false
	}
	perp := 3 - f.line // the internal axis across the lines
	lines := f.dims[perp]
	lo, hi := f.span(perp, li)
	maxM := max(-lo, hi)
	bestD := 1 << 30
	alongX := f.line == 1
	for m := 0; m <= maxM && m <= bestD; m++ {
		for k, o := range [2]int{m, -m} {
			if o < lo || o > hi || k == 1 && m == 0 {
				continue
			}
			l := wrapAdd(li, o, lines)
			base := l * (f.n + 1)
			var d int
			neg, pos2 := true, true
			if m == bestD {
				// Only the target's own position on this line can tie.
				if !f.freeSlot(base + pos) {
					continue
				}
			} else if f.lineFree[l] == 0 {
				continue
			} else if d, neg, pos2 = f.lineNearest(base, pos); d < 0 || m+d > bestD {
				continue
			}
			if dx, dy := candidate2D(alongX, d, o, neg, pos2); m+d < bestD || dx < bx || dx == bx && dy >= 0 && by < 0 {
				bestD, bx, by = m+d, dx, dy
			}
		}
	}
	return bx, by, true
}

// candidate2D returns the offset (dx, dy) from the target of the order-A
// candidate of a row (alongX) or column o lines across, d along it, given
// which of −d and +d are free: in a row, −d before +d (dx ascending); in
// a column, +d before −d.
func candidate2D(alongX bool, d, o int, neg, pos bool) (dx, dy int) {
	if alongX {
		if neg {
			return -d, o
		}
		return d, o
	}
	if pos {
		return o, d
	}
	return o, -d
}

// Take3D is Take2D for a 3-D occupancy: O(1) for an answer at distance
// ≤ 2 (the 24-offset table), else amortised O(r²·α).
func (f *Nearest) Take3D(x, y, z int) (a, b, c int, ok bool) {
	s, l, p := f.slot(x, y, z), f.lineOf(x, y, z), f.planeOf(x, y, z)
	if f.freeSlot(s) { // distance 0: the target
		f.useSlot(s, l)
		f.planeFree[p]--
		return x, y, z, true
	}
	if f.inner(x, y, z) {
		// No offset of the shells leaves the host or wraps: each probe is
		// one load at a fixed slot delta.
		for i, ds := range f.shellSlot {
			if t := s + int(ds); f.uf[2*t] == int32(2*t) {
				f.useSlot(t, l+int(f.shellLine[i]))
				f.planeFree[p+int(f.shellPlane[i])]--
				o := &shellOffsets[i]
				return x + int(o[0]), y + int(o[1]), z + int(o[2]), true
			}
		}
	} else if a, b, c, ok = f.probe(x, y, z); ok {
		f.use(a, b, c)
		return a, b, c, true
	}
	if f.halted() {
		return x, y, z, false
	}
	o0, o1, o2, ok := f.query(x, y, z)
	if !ok {
		return x, y, z, false
	}
	a, b, c = wrapAdd(x, o0, f.dims[0]), wrapAdd(y, o1, f.dims[1]), wrapAdd(z, o2, f.dims[2])
	f.use(a, b, c)
	return a, b, c, true
}

// probeShells is the largest distance Take3D probes before query: most
// answers of the heuristics are this close, and the shells are tiny (6 and
// 18 processors) next to the O(r²) lines a query visits.
const (
	probeShells = 2
	shellCount  = 24 // processors at distance 1..probeShells in 3-D
)

// shellOffsets lists the offsets at distance 1..probeShells in order A,
// generated by the package doc's shell enumeration (findNearest).
var shellOffsets = func() (offs [shellCount][3]int8) {
	i := 0
	for D := 1; D <= probeShells; D++ {
		for dx := -D; dx <= D; dx++ {
			r := D - abs(dx)
			for dy := -r; dy <= r; dy++ {
				dz := r - abs(dy)
				offs[i] = [3]int8{int8(dx), int8(dy), int8(dz)}
				i++
				if dz != 0 {
					offs[i] = [3]int8{int8(dx), int8(dy), int8(-dz)}
					i++
				}
			}
		}
	}
	return offs
}()

// initShells fills the slot and line deltas of shellOffsets.
func (f *Nearest) initShells() {
	for i, o := range shellOffsets {
		a, b, c := int(o[0]), int(o[1]), int(o[2])
		f.shellSlot[i] = int32(f.slot(a, b, c))
		f.shellLine[i] = int32(f.lineOf(a, b, c))
		f.shellPlane[i] = int32(f.planeOf(a, b, c))
	}
	const p = probeShells
	for a, k := range f.dims {
		f.innerLen[a] = uint(max(k-2*p, 0))
		f.shellAxis[a] = make([]int32, k*(2*p+1))
		for t := range k {
			for o := -p; o <= p; o++ {
				v := int32(math.MinInt32) // off the host
				if c, in := f.step(t, o, a); in {
					v = int32(c * f.stride[a])
				}
				f.shellAxis[a][t*(2*p+1)+o+p] = v
			}
		}
	}
}

// inner reports whether (x, y, z) is at least probeShells away from every
// side of the host, wrapping or not, so that shellSlot applies.
func (f *Nearest) inner(x, y, z int) bool {
	const p = probeShells
	return uint(x-p) < f.innerLen[0] && uint(y-p) < f.innerLen[1] && uint(z-p) < f.innerLen[2]
}

// probe is the shell scan in order A (package doc) for distances 1..probeShells
// near the sides of the host (the target itself is known to be used). On
// a wrapping axis an offset beyond half the ring reaches a processor
// already found used on an earlier shell, so wrapping every offset keeps
// the order exact. It returns the processor found.
func (f *Nearest) probe(x, y, z int) (int, int, int, bool) {
	const w = 2*probeShells + 1
	sx := f.shellAxis[0][x*w : x*w+w]
	sy := f.shellAxis[1][y*w : y*w+w]
	sz := f.shellAxis[2][z*w : z*w+w]
	for _, o := range shellOffsets {
		// A sum with an off-host term is negative (slots are below 2³⁰).
		s := int64(sx[o[0]+probeShells]) + int64(sy[o[1]+probeShells]) + int64(sz[o[2]+probeShells])
		if s >= 0 && f.uf[2*s] == int32(2*s) {
			a, _ := f.step(x, int(o[0]), 0)
			b, _ := f.step(y, int(o[1]), 1)
			c, _ := f.step(z, int(o[2]), 2)
			return a, b, c, true
		}
	}
	return 0, 0, 0, false
}

// step returns coordinate t+o on axis a, wrapped, and whether it lies on
// the host (|o| is small, so wrapping takes a few additions).
func (f *Nearest) step(t, o, a int) (int, bool) {
	k := f.dims[a]
	t += o
	if f.wrap[a] {
		for t < 0 {
			t += k
		}
		for t >= k {
			t -= k
		}
		return t, true
	}
	return t, t >= 0 && t < k
}

// lineNearest returns the distance d along line base to the free position
// nearest x, and whether x−d and x+d are free; d < 0 if the line is full.
func (f *Nearest) lineNearest(base, x int) (d int, neg, pos bool) {
	n := f.n
	if f.uf[2*(base+x)] == int32(2*(base+x)) {
		return 0, true, true
	}
	r := f.after(base, x)
	l := f.before(base, x)
	if f.wrap[f.line] {
		if r == n {
			r = f.after(base, 0)
		}
		if l < 0 {
			l = f.before(base, n-1)
		}
		if r == n {
			return -1, false, false
		}
		dr, dl := r-x, x-l
		if dr < 0 {
			dr += n
		}
		if dl < 0 {
			dl += n
		}
		d = min(dr, dl)
		return d, dl == d, dr == d
	}
	const inf = 1 << 30
	dr, dl := inf, inf
	if r < n {
		dr = r - x
	}
	if l >= 0 {
		dl = x - l
	}
	d = min(dr, dl)
	if d == inf {
		return -1, false, false
	}
	return d, dl == d, dr == d
}

// before reports whether offset (o0, o1, o2) at distance d precedes offset
// (p0, p1, p2) at distance e in order A: distance, then axis 0, then axis 1
// ascending, then + before − on axis 2. Scalars, not arrays: dynamically
// indexed small arrays on the stack defeat store forwarding in this loop.
func before(d, o0, o1, o2, e, p0, p1, p2 int) bool {
	if d != e {
		return d < e
	}
	if o0 != p0 {
		return o0 < p0
	}
	if o1 != p1 {
		return o1 < p1
	}
	return o2 >= 0 && p2 < 0
}

// axes returns the offset (o0, o1, o2) in host axis order of offset ol
// along the line axis, oa along axis pa and ob along axis pb.
func (f *Nearest) axes(ol, oa, ob int) (int, int, int) {
	switch f.line {
	case 0:
		return ol, oa, ob
	case 1:
		return oa, ol, ob
	}
	return oa, ob, ol
}

// query returns the order-A offset of the nearest free processor from
// (x, y, z), in host axis order.
func (f *Nearest) query(x, y, z int) (o0, o1, o2 int, ok bool) {
	if f.free == 0 {
		return 0, 0, 0, false
	}
	var q lineScan
	q.tA, q.tB, q.x = f.across(x, y, z)
	q.loA, q.hiA = f.span(f.pa, q.tA)
	q.loB, q.hiB = f.span(f.pb, q.tB)
	q.dA, q.dB = f.dims[f.pa], f.dims[f.pb]
	q.strideA, q.strideB = f.n+1, q.dA*(f.n+1)
	q.reachB = max(-q.loB, q.hiB)
	maxM := max(-q.loA, q.hiA) + q.reachB
	best := offset{d: 1 << 30}
	for m := 0; m <= maxM && m <= best.d; m++ {
		best = f.shell(&q, best, m)
	}
	return best.o0, best.o1, best.o2, true
}

// lineScan is what query knows of its target: its coordinates along axes
// pa and pb and its position x on its line, the offsets along pa and pb
// that reach every line once, the host's sizes along them and the line
// slots per step along them.
type lineScan struct {
	tA, tB, x          int
	loA, hiA, loB, hiB int
	reachB             int // the largest |offset| along pb
	dA, dB             int
	strideA, strideB   int
}

// offset is query's best answer so far: offset (o0, o1, o2) in host axis
// order, d hops from the target (four scalars, so it stays in registers).
type offset struct{ d, o0, o1, o2 int }

// shell returns best updated with the lines m hops across from query's
// target (|oa| + |ob| = m): the order-A candidate of each that is not
// full, or at m = best.d only the target's own position, the one that can
// tie.
func (f *Nearest) shell(q *lineScan, best offset, m int) offset {
	// Lines exist only for |ob| = m−|oa| ≤ reachB: skip the offsets oa
	// in (−gap, gap), so that a thin host (few lines across pb) costs
	// O(lines) per distance, not O(m).
	gap := m - q.reachB
	for oa := max(-m, q.loA); oa <= min(m, q.hiA); oa++ {
		if gap > 0 && -gap < oa && oa < gap {
			oa = gap
			if oa > min(m, q.hiA) {
				break
			}
		}
		cA := wrapAdd(q.tA, oa, q.dA)
		if f.planeFree[cA] == 0 {
			continue
		}
		r := m - abs(oa)
		for s, ob := 0, r; s < 2; s, ob = s+1, -r {
			if s == 1 && r == 0 {
				break
			}
			if ob < q.loB || ob > q.hiB {
				continue
			}
			cB := wrapAdd(q.tB, ob, q.dB)
			base := cA*q.strideA + cB*q.strideB
			if m == best.d {
				// Only the target's own position on this line can tie.
				if f.freeSlot(base + q.x) {
					best = f.offer(best, m, 0, oa, ob)
				}
			} else if f.lineFree[cA+q.dA*cB] != 0 {
				if d, neg, pos := f.lineNearest(base, q.x); d >= 0 && m+d <= best.d {
					best = f.offerAt(best, d, neg, pos, m, oa, ob)
				}
			}
		}
	}
	return best
}

// offerAt returns best updated with the free processors d from the
// target's position on the line at offsets (oa, ob), m + d hops away: at
// −d if neg, at +d if pos.
func (f *Nearest) offerAt(best offset, d int, neg, pos bool, m, oa, ob int) offset {
	if neg {
		best = f.offer(best, m+d, -d, oa, ob)
	}
	if pos {
		best = f.offer(best, m+d, d, oa, ob)
	}
	return best
}

// offer returns best, or the offset ol along the line, oa along pa and ob
// along pb, at distance d, if that comes first in order A.
func (f *Nearest) offer(best offset, d, ol, oa, ob int) offset {
	if o0, o1, o2 := f.axes(ol, oa, ob); before(d, o0, o1, o2, best.d, best.o0, best.o1, best.o2) {
		return offset{d, o0, o1, o2}
	}
	return best
}

// across returns the target's coordinates along axes pa and pb, and its
// position on its line, from host coordinates (x, y, z).
func (f *Nearest) across(x, y, z int) (tA, tB, pos int) {
	switch f.line {
	case 1:
		return x, z, y
	case 2:
		return x, y, z
	}
	return y, z, x
}

// span returns the offsets lo..hi from coordinate t of internal axis a
// that a query scans: up to the sides, or half the ring if the axis wraps.
func (f *Nearest) span(a, t int) (lo, hi int) {
	k := f.dims[a]
	if f.wrap[a] {
		return -(k / 2), k / 2
	}
	return -t, k - 1 - t
}

func wrapAdd(t, o, k int) int {
	t += o
	if t < 0 {
		t += k
	} else if t >= k {
		t -= k
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
