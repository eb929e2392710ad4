package pairs

import (
	"math"
	"math/rand/v2"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/axis"
	"topomap/algorithms/topology"
)

// state is a placement under local search: positions, their host
// coordinates and the inverse map, in int32 arrays, so that a swap's delta
// touches a few cache lines and allocates nothing. On a host without the
// Grid capability c is 0 and there are no coordinates: distances come from
// the host (see generic.go).
type state struct {
	n, c   int
	off    []int32
	adj    []int32
	w      []float64 // nil: unit volume
	dims   []int32   // host sizes
	wrapK  []int32   // dims[j] on a wrapped axis, 0 otherwise
	span   []int32   // dims[j] on a wrapped axis, axis.NoWrap otherwise (axis.Hops)
	stride []int32
	tab    []int32 // host node → coordinates (c per node)
	pos    []int32 // object → host node
	co     []int32 // object → coordinates of its node (c per object)
	occ    []int32 // host node → object, or -1 if empty
	// uniformMask: a biased proposal is uniform when these bits of its
	// random word are all 0 (1 in 8 below bigUniform objects, 1 in 64
	// from it: far swaps are almost never kept on large instances); they
	// are disjoint from the bits of the other choices.
	uniformMask uint32
	// eps weighs the squared hops in energy: below 1/max|q|.
	eps float64
	// gen is the other hosts' path (c = 0), nil on a grid.
	gen *generic
	// cores is the number of slots per node of a grid host with cores
	// (1 without): slot p lies on node p/cores, tab holds the node's
	// coordinates per slot, and index returns a node, which slot turns
	// into one of its slots.
	cores int32
	// cong keeps the link loads under the Congestion objective, nil
	// under HopBytes.
	cong *congestion
	// slotCode holds each slot's code and code each object's, so that a
	// distance is a word's arithmetic (codeHops): on a host whose every
	// axis has two nodes (a hypercube, or a mesh or torus 2x2x…) the
	// coordinates as the bits of one word, the distance the number of
	// bits in which two codes differ; on another grid host of at most
	// maxOffsets offsets between nodes, the node's code in the table of
	// distances by offset offs (offsets.go). All nil on other hosts, and
	// offs on the first.
	slotCode, code []uint32
	offs           *offsets
	// focusable: the host lets a hop-bytes run anneal focused (Focusable)
	focusable bool
}

// volume returns the volume of arc e (1 where the guest gives none).
func (s *state) volume(e int32) float64 {
	if s.w == nil {
		return 1
	}
	return s.w[e]
}

// bigUniform is the size from which biased proposals are rarely uniform.
const bigUniform = 4096

// newState places object v on node place[v]. place must be a valid
// injective placement (checked by the caller). A grid host gets the
// coordinate fast path, any other host the generic one.
func newState(g *guest.Graph, h topology.Host, place []int) *state {
	s := &state{n: g.Order(), off: g.Offsets, adj: g.Adj, w: g.Weight,
		pos: make([]int32, g.Order()), occ: make([]int32, h.Size()), cores: 1, focusable: Focusable(h, HopBytes)}
	inner, cores := topology.SplitCores(h)
	host, ok := inner.(topology.Grid)
	if !ok {
		s.gen = newGeneric(h)
		s.init(place, int64(s.gen.diam))
		return s
	}
	c := host.Rank()
	s.c, s.dims, s.wrapK, s.stride = c, make([]int32, c), make([]int32, c), make([]int32, c)
	s.span = make([]int32, c)
	s.tab, s.co = topology.TableOf(host).Coord, make([]int32, g.Order()*c)
	if cores > 1 {
		s.cores, s.tab = int32(cores), slotTable(s.tab, c, cores)
	}
	st := int32(1)
	for j := range c {
		s.dims[j] = int32(host.Dim(j))
		s.span[j] = axis.NoWrap
		if host.Wraps(j) {
			s.wrapK[j], s.span[j] = s.dims[j], s.dims[j]
		}
		s.stride[j] = st
		st *= s.dims[j]
	}
	switch {
	case hamming(host):
		s.slotCode, s.code = packBits(s.tab, c), make([]uint32, s.n)
	case tabulated(host):
		s.offs, s.slotCode = newOffsets(s.tab, s.dims, s.span)
		s.code = make([]uint32, s.n)
	}
	s.init(place, int64(host.Diameter()))
	return s
}

// hamming reports whether g has 1 to 32 axes of two nodes each, so that
// a node's coordinates fit the bits of one word.
func hamming(g topology.Grid) bool {
	if g.Rank() < 1 || g.Rank() > 32 {
		return false
	}
	for j := range g.Rank() {
		if g.Dim(j) != 2 {
			return false
		}
	}
	return true
}

// init places the objects and sets what depends on the size and on diam,
// a bound on the host's hop distance.
func (s *state) init(place []int, diam int64) {
	s.place(place)
	s.uniformMask = 0x1c
	if s.n >= bigUniform {
		s.uniformMask = 0xfc00
	}
	// |q| ≤ 2·(deg a + deg b)·D², D the host's diameter
	deg := int64(0)
	for v := range s.n {
		deg = max(deg, int64(s.off[v+1]-s.off[v]))
	}
	s.eps = 1 / float64(4*deg*diam*diam+1)
}

// place replaces the placement by another one.
func (s *state) place(place []int) {
	for v, h := range place {
		s.pos[v] = int32(h)
	}
	s.placeSelf()
}

// placeSelf rebuilds occ and co (and the link loads) from pos.
func (s *state) placeSelf() {
	for i := range s.occ {
		s.occ[i] = -1
	}
	for v, h := range s.pos {
		s.put(int32(v), h)
	}
	if s.cong != nil {
		s.loads()
	}
	if s.gen != nil {
		s.measure()
	}
}

// put places object v on node h (bookkeeping only).
func (s *state) put(v, h int32) {
	c := s.c
	s.pos[v] = h
	s.occ[h] = v
	copy(s.co[int(v)*c:int(v)*c+c], s.tab[int(h)*c:int(h)*c+c])
	if s.code != nil {
		s.code[v] = s.slotCode[h]
	}
}

// dist is the hop distance between two coordinate vectors of length c.
func (s *state) dist(x, y []int32) int32 {
	var d int32
	for j := range x {
		t := x[j] - y[j]
		if t < 0 {
			t = -t
		}
		if k := s.wrapK[j]; k != 0 && k-t < t {
			t = k - t
		}
		d += t
	}
	return d
}

// coords returns object v's coordinates.
func (s *state) coords(v int32) []int32 { return s.co[int(v)*s.c : int(v)*s.c+s.c] }

// node returns node h's coordinates.
func (s *state) node(h int32) []int32 { return s.tab[int(h)*s.c : int(h)*s.c+s.c] }

// gain returns Σ w·(dist(to, u) − dist(from, u)) over the out-arcs a→u,
// u ≠ skip: the change of a's out-arcs if a moves from `from` to `to` while
// skip moves the other way (their common edge keeps its length); and the
// change of Σ dist² over them, for the dilation tie-break.
func (s *state) gain(a, skip int32, from, to []int32) (d float64, q int64) {
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := s.adj[e]
		if u == skip {
			continue
		}
		cu := s.coords(u)
		hn, ho := s.dist(to, cu), s.dist(from, cu)
		q += int64(hn)*int64(hn) - int64(ho)*int64(ho)
		if s.w == nil {
			d += float64(hn - ho)
		} else {
			d += s.w[e] * float64(hn-ho)
		}
	}
	return d, q
}

// delta returns the change of the objective if object a (on node pa) and
// the occupant b of node pb (-1 if empty) exchange nodes, and the change
// of the sum of the squared hops of their edges (the tie-break). Under
// Congestion the change of the loads is left pending for swap.
func (s *state) delta(a, b, pa, pb int32) (float64, int64) {
	if s.cong != nil {
		return s.deltaCongestion(a, b, pa, pb)
	}
	return s.deltaHops(a, b, pa, pb)
}

// deltaHops is delta for the hop-bytes. Each undirected edge is two arcs
// of equal volume, hence the factor 2. O(deg a + deg b).
func (s *state) deltaHops(a, b, pa, pb int32) (float64, int64) {
	if s.code != nil {
		return s.deltaCodes(a, b, pa, pb)
	}
	switch s.c {
	case 2:
		return s.delta2(a, b, pa, pb)
	case 3:
		return s.delta3(a, b, pa, pb)
	case 0:
		return s.deltaGeneric(a, b, pa, pb)
	}
	ca, cb := s.node(pa), s.node(pb)
	d, q := s.gain(a, b, ca, cb)
	if b >= 0 {
		db, qb := s.gain(b, a, cb, ca)
		d, q = d+db, q+qb
	}
	return 2 * d, 2 * q
}

// energy is what the search minimises for a swap of hop-bytes change d
// and squared-hops change q: d, with q as a tie-break (s.eps·|q| < 1, and
// a non-zero d of unit volumes is at least 2), so that among moves of
// equal hop-bytes the one that shortens the longest edges wins and long
// edges do not pile up where hop-bytes are indifferent.
func (s *state) energy(d float64, q int64) float64 { return d + s.eps*float64(q) }

// swap exchanges the nodes of object a (on pa) and the occupant b of pb,
// right after the delta of that swap (whose link loads under Congestion,
// and arc lengths on the generic path, it keeps).
func (s *state) swap(a, b, pa, pb int32) {
	if s.cong != nil {
		s.cong.apply()
	}
	s.put(a, pb)
	if b >= 0 {
		s.put(b, pa)
	} else {
		s.occ[pa] = -1
	}
	if s.gen != nil {
		s.moved(a, s.gen.newA)
		if b >= 0 {
			s.moved(b, s.gen.newB)
		}
	}
}

// hopBytes recomputes the hop-bytes from scratch. O(arcs·c).
func (s *state) hopBytes() float64 {
	var hb float64
	for v := range int32(s.n) {
		cv := s.coords(v)
		for e := s.off[v]; e < s.off[v+1]; e++ {
			var h float64
			if u := s.adj[e]; s.gen == nil {
				h = float64(s.dist(cv, s.coords(u)))
			} else {
				h = float64(s.gen.hops(s.pos[v], s.pos[u]))
			}
			if s.w == nil {
				hb += h
			} else {
				hb += s.w[e] * h
			}
		}
	}
	return hb
}

// value recomputes the objective from scratch.
func (s *state) value() float64 {
	if s.cong != nil {
		s.loads()
		return s.cong.squaredLoads()
	}
	return s.hopBytes()
}

// squares returns Σ hops² over the arcs (the dilation tie-break's
// measure, tracked by the search from here on). O(arcs·c).
func (s *state) squares() int64 {
	var q int64
	for v := range int32(s.n) {
		cv := s.coords(v)
		for e := s.off[v]; e < s.off[v+1]; e++ {
			var h int64
			if u := s.adj[e]; s.gen == nil {
				h = int64(s.dist(cv, s.coords(u)))
			} else {
				h = int64(s.gen.hops(s.pos[v], s.pos[u]))
			}
			q += h * h
		}
	}
	return q
}

// target writes into t the coordinates of the volume-weighted mean host
// position of a's neighbours, rounded per dimension; on a wrapped axis the
// mean is taken over the shortest signed offsets from a, so neighbours
// across the wrap pull a the short way round. It returns false if a has no
// neighbours. O(deg·c).
func (s *state) target(a int32, t []int32) bool {
	lo, hi := s.off[a], s.off[a+1]
	if lo == hi {
		return false
	}
	if s.c <= maxFastRank {
		if s.w == nil {
			s.targetUnit(a, lo, hi, t)
		} else {
			s.targetWeighted(a, lo, hi, t)
		}
		return true
	}
	s.targetByAxis(a, lo, hi, t)
	return true
}

// targetByAxis is target on any host: a pass over the neighbours per
// axis.
func (s *state) targetByAxis(a, lo, hi int32, t []int32) {
	ca := s.coords(a)
	for j := range t {
		k := s.wrapK[j]
		var mean int32
		if s.w == nil {
			// unit volumes: an integer mean, rounded half away from zero
			// as math.Round does, without floating point
			var sum int32
			for e := lo; e < hi; e++ {
				sum += wrapOffset(s.co[int(s.adj[e])*s.c+j]-ca[j], k)
			}
			mean = roundDiv(sum, hi-lo)
		} else {
			var sum, vol float64
			for e := lo; e < hi; e++ {
				o := wrapOffset(s.co[int(s.adj[e])*s.c+j]-ca[j], k)
				sum += s.w[e] * float64(o)
				vol += s.w[e]
			}
			mean = int32(math.Round(sum / vol))
		}
		t[j] = onAxis(ca[j]+mean, s.dims[j], k)
	}
}

// maxFastRank bounds the hosts whose unit-volume targets take one pass.
const maxFastRank = 8

// targetUnit is target for unit volumes on hosts of at most maxFastRank
// axes, the common case: one pass over the neighbours for every axis.
func (s *state) targetUnit(a, lo, hi int32, t []int32) {
	c := s.c
	switch c {
	case 2:
		s.targetUnit2(a, lo, hi, t)
		return
	case 3:
		s.targetUnit3(a, lo, hi, t)
		return
	}
	ca := s.coords(a)
	var sum [maxFastRank]int32
	for _, u := range s.adj[lo:hi] {
		cu := s.co[int(u)*c : int(u)*c+c]
		for j := range c {
			sum[j] += wrapOffset(cu[j]-ca[j], s.wrapK[j])
		}
	}
	n := hi - lo
	for j := range c {
		t[j] = onAxis(ca[j]+roundDiv(sum[j], n), s.dims[j], s.wrapK[j])
	}
}

// targetWeighted is target for weighted guests on hosts of at most
// maxFastRank axes: one pass over the neighbours for every axis, where a
// pass an axis read each neighbour's coordinates c times (copter2's
// 4096-part quotient on torus:16x16x16, of mean degree 43: a fifth of
// the run). Each axis sums in the arcs' order as that loop did, so the
// targets are the same.
func (s *state) targetWeighted(a, lo, hi int32, t []int32) {
	c := s.c
	if c == 3 {
		s.targetWeighted3(a, lo, hi, t)
		return
	}
	ca := s.coords(a)
	var sum [maxFastRank]float64
	vol := 0.0
	for e := lo; e < hi; e++ {
		u, w := s.adj[e], s.w[e]
		cu := s.co[int(u)*c : int(u)*c+c]
		for j := range c {
			sum[j] += w * float64(wrapOffset(cu[j]-ca[j], s.wrapK[j]))
		}
		vol += w
	}
	for j := range c {
		t[j] = onAxis(ca[j]+int32(math.Round(sum[j]/vol)), s.dims[j], s.wrapK[j])
	}
}

// targetWeighted3 is targetWeighted on three-dimensional hosts, with the
// coordinates and sums in registers (copter2/4096 on torus:16x16x16 spent
// a fifth of its run in the general loop). The sums add in the same order.
func (s *state) targetWeighted3(a, lo, hi int32, t []int32) {
	co, w := s.co, s.w
	ax, ay, az := co[3*a], co[3*a+1], co[3*a+2]
	kx, ky, kz := s.wrapK[0], s.wrapK[1], s.wrapK[2]
	var sx, sy, sz, vol float64
	for e := lo; e < hi; e++ {
		u, we := s.adj[e], w[e]
		sx += we * float64(wrapOffset(co[3*u]-ax, kx))
		sy += we * float64(wrapOffset(co[3*u+1]-ay, ky))
		sz += we * float64(wrapOffset(co[3*u+2]-az, kz))
		vol += we
	}
	t[0] = onAxis(ax+int32(math.Round(sx/vol)), s.dims[0], kx)
	t[1] = onAxis(ay+int32(math.Round(sy/vol)), s.dims[1], ky)
	t[2] = onAxis(az+int32(math.Round(sz/vol)), s.dims[2], kz)
}

// targetUnit2 is targetUnit on two-dimensional hosts, with the
// coordinates in registers.
func (s *state) targetUnit2(a, lo, hi int32, t []int32) {
	co := s.co
	ax, ay := co[2*a], co[2*a+1]
	kx, ky := s.wrapK[0], s.wrapK[1]
	var sx, sy int32
	for _, u := range s.adj[lo:hi] {
		sx += wrapOffset(co[2*u]-ax, kx)
		sy += wrapOffset(co[2*u+1]-ay, ky)
	}
	n := hi - lo
	t[0] = onAxis(ax+roundDiv(sx, n), s.dims[0], kx)
	t[1] = onAxis(ay+roundDiv(sy, n), s.dims[1], ky)
}

// targetUnit3 is targetUnit on three-dimensional hosts, with the
// coordinates in registers (a 3-D run spent a third of its time in the
// general loop).
func (s *state) targetUnit3(a, lo, hi int32, t []int32) {
	co := s.co
	ax, ay, az := co[3*a], co[3*a+1], co[3*a+2]
	kx, ky, kz := s.wrapK[0], s.wrapK[1], s.wrapK[2]
	var sx, sy, sz int32
	for _, u := range s.adj[lo:hi] {
		sx += wrapOffset(co[3*u]-ax, kx)
		sy += wrapOffset(co[3*u+1]-ay, ky)
		sz += wrapOffset(co[3*u+2]-az, kz)
	}
	n := hi - lo
	t[0] = onAxis(ax+roundDiv(sx, n), s.dims[0], kx)
	t[1] = onAxis(ay+roundDiv(sy, n), s.dims[1], ky)
	t[2] = onAxis(az+roundDiv(sz, n), s.dims[2], kz)
}

// roundDiv returns sum/n rounded half away from zero, as math.Round does.
func roundDiv(sum, n int32) int32 {
	if sum >= 0 {
		return (2*sum + n) / (2 * n)
	}
	return -((-2*sum + n) / (2 * n))
}

// onAxis brings x onto an axis of size k: around it if it wraps (kw ≠ 0),
// clamped otherwise.
func onAxis(x, k, kw int32) int32 {
	if kw != 0 {
		return (x%k + k) % k
	}
	return min(max(x, 0), k-1)
}

// wrapOffset returns the shortest signed offset o on an axis that wraps at
// k (k = 0: no wrap-around, o itself).
func wrapOffset(o, k int32) int32 {
	if k != 0 {
		if 2*o > k {
			o -= k
		} else if 2*o < -k {
			o += k
		}
	}
	return o
}

// slotTable returns the coordinate table of the slots: node u's c
// coordinates for each of its cores.
func slotTable(nodes []int32, c, cores int) []int32 {
	tab := make([]int32, 0, len(nodes)*cores)
	for u := 0; u < len(nodes); u += c {
		for range cores {
			tab = append(tab, nodes[u:u+c]...)
		}
	}
	return tab
}

// nodeOf returns the node of slot p.
func (s *state) nodeOf(p int32) int32 {
	if s.cores > 1 {
		return p / s.cores
	}
	return p
}

// slot returns a slot of node u on a host with cores (s.cores > 1, which
// callers check, so that the grid path makes no call): one of its cores
// at random.
func (w *walker) slot(u int32) int32 {
	c := w.s.cores
	return u*c + int32(w.rng.IntN(int(c)))
}

// index returns the node of coordinates t.
func (s *state) index(t []int32) int32 {
	var h int32
	for j, x := range t {
		h += x * s.stride[j]
	}
	return h
}

// step moves t one hop along a random dimension in a random direction,
// turning back at a mesh border. Dimensions of size 1 are skipped.
func (s *state) step(t []int32, rng *rand.Rand) {
	j := rng.IntN(s.c)
	for s.dims[j] == 1 {
		j = rng.IntN(s.c)
	}
	k := s.dims[j]
	x := t[j] + 1
	if rng.Uint32()&1 == 0 {
		x = t[j] - 1
	}
	switch {
	case x < 0 && s.wrapK[j] != 0:
		x = k - 1
	case x < 0:
		x = 1
	case x >= k && s.wrapK[j] != 0:
		x = 0
	case x >= k:
		x = k - 2
	}
	t[j] = x
}

// toward replaces t by the node one hop from `from` toward t, along the
// dimension with the largest (shortest-way) offset, the first on ties; t
// becomes `from` if they are equal.
func (s *state) toward(from, t []int32) {
	bj, bo := -1, int32(0)
	for j := range t {
		o := t[j] - from[j]
		if k := s.wrapK[j]; k != 0 {
			if 2*o > k {
				o -= k
			} else if 2*o < -k {
				o += k
			}
		}
		ao := max(o, -o)
		if ao > max(bo, -bo) {
			bj, bo = j, o
		}
	}
	copy(t, from)
	if bj < 0 {
		return
	}
	x := from[bj] + 1
	if bo < 0 {
		x = from[bj] - 1
	}
	if k := s.wrapK[bj]; k != 0 {
		x = (x + k) % k
	}
	t[bj] = x
}

// delta2 is delta for two-dimensional hosts, the common case, with the
// coordinates in registers (about twice as fast as the general loop).
func (s *state) delta2(a, b, pa, pb int32) (float64, int64) {
	ax, ay := s.tab[2*pa], s.tab[2*pa+1]
	bx, by := s.tab[2*pb], s.tab[2*pb+1]
	d, q := s.gain2(a, b, ax, ay, bx, by)
	if b >= 0 {
		db, qb := s.gain2(b, a, bx, by, ax, ay)
		d, q = d+db, q+qb
	}
	return 2 * d, 2 * q
}

// gain2 is gain for two-dimensional hosts: moving a from (fx, fy) to
// (tx, ty).
func (s *state) gain2(a, skip, fx, fy, tx, ty int32) (float64, int64) {
	kx, ky := s.span[0], s.span[1]
	co, adj := s.co, s.adj
	lo, hi := s.off[a], s.off[a+1]
	var q int64
	if s.w == nil {
		var h int32
		for _, u := range adj[lo:hi] {
			if u == skip {
				continue
			}
			ux, uy := co[2*u], co[2*u+1]
			hn := axis.Hops(tx-ux, kx) + axis.Hops(ty-uy, ky)
			ho := axis.Hops(fx-ux, kx) + axis.Hops(fy-uy, ky)
			h += hn - ho
			q += int64(hn*hn - ho*ho)
		}
		return float64(h), q
	}
	var d float64
	for e := lo; e < hi; e++ {
		u := adj[e]
		if u == skip {
			continue
		}
		ux, uy := co[2*u], co[2*u+1]
		hn := axis.Hops(tx-ux, kx) + axis.Hops(ty-uy, ky)
		ho := axis.Hops(fx-ux, kx) + axis.Hops(fy-uy, ky)
		d += s.w[e] * float64(hn-ho)
		q += int64(hn)*int64(hn) - int64(ho)*int64(ho)
	}
	return d, q
}

// delta3 is delta for three-dimensional hosts, as delta2.
func (s *state) delta3(a, b, pa, pb int32) (float64, int64) {
	from := [3]int32(s.tab[3*pa : 3*pa+3])
	to := [3]int32(s.tab[3*pb : 3*pb+3])
	d, q := s.gain3(a, b, from, to)
	if b >= 0 {
		db, qb := s.gain3(b, a, to, from)
		d, q = d+db, q+qb
	}
	return 2 * d, 2 * q
}

// gain3 is gain for three-dimensional hosts: moving a from f to t.
func (s *state) gain3(a, skip int32, f, t [3]int32) (float64, int64) {
	kx, ky, kz := s.span[0], s.span[1], s.span[2]
	co, adj := s.co, s.adj
	lo, hi := s.off[a], s.off[a+1]
	var q int64
	if s.w == nil {
		var h int32
		for _, u := range adj[lo:hi] {
			if u == skip {
				continue
			}
			ux, uy, uz := co[3*u], co[3*u+1], co[3*u+2]
			hn := axis.Hops(t[0]-ux, kx) + axis.Hops(t[1]-uy, ky) + axis.Hops(t[2]-uz, kz)
			ho := axis.Hops(f[0]-ux, kx) + axis.Hops(f[1]-uy, ky) + axis.Hops(f[2]-uz, kz)
			h += hn - ho
			q += int64(hn*hn - ho*ho)
		}
		return float64(h), q
	}
	var d float64
	for e := lo; e < hi; e++ {
		u := adj[e]
		if u == skip {
			continue
		}
		ux, uy, uz := co[3*u], co[3*u+1], co[3*u+2]
		hn := axis.Hops(t[0]-ux, kx) + axis.Hops(t[1]-uy, ky) + axis.Hops(t[2]-uz, kz)
		ho := axis.Hops(f[0]-ux, kx) + axis.Hops(f[1]-uy, ky) + axis.Hops(f[2]-uz, kz)
		d += s.w[e] * float64(hn-ho)
		q += int64(hn)*int64(hn) - int64(ho)*int64(ho)
	}
	return d, q
}

// packBits returns, for each row of c coordinates (0 or 1) in tab, the
// word whose bit j is coordinate j.
func packBits(tab []int32, c int) []uint32 {
	out := make([]uint32, len(tab)/c)
	for i := range out {
		for j, x := range tab[i*c : i*c+c] {
			out[i] |= uint32(x) << j
		}
	}
	return out
}
