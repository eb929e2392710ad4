package gridmap

// Nearest answers findNearest2D / findNearest3D (ALGORITHMS.md B.1): which
// free processor of a mesh or torus is closest (fewest hops) to a target,
// marking it used. Bhatele 2010 §9.1 only says "returns an unused processor
// closest to (af_x, af_y)"; the tie-break is the spec's [P] "order A", fixed
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
// processor met by the spec's shell enumeration.
//
// Instead of scanning Manhattan shells (O(r²) or O(r³) probes for an answer
// at distance r), each line of processors along the longest axis keeps two
// path-compressed union-find forests, "next free at or after x" and "next
// free at or before x". A query visits lines by increasing perpendicular
// distance m and stops as soon as m exceeds the best distance found, so it
// costs O(min(r, lines)) near-constant finds in 2-D and O(r²) in 3-D.
type Nearest struct {
	dims   [3]int
	wrap   [3]bool
	line   int // the axis that lines run along
	pa, pb int // the two other axes, pa < pb
	n      int // line length = dims[line]
	// right[l*(n+1)+x] and left[l*(n+1)+x+1] are the forests of line l;
	// slot n of right and slot 0 of left are sentinels ("none").
	right, left []int32
	free        int
	twoD        bool
}

// NewNearest2D returns the occupancy of a px×py host with every processor
// free. Processor (a, b) has index a + px·b. O(px·py).
func NewNearest2D(h Host) *Nearest {
	// A 2-D host is the 3-D host 1×px×py: the key (dz0=0, dx, ±dy) of the
	// 3-D order is then the 2-D order A.
	return newNearest([3]int{1, h.Dims[0], h.Dims[1]}, [3]bool{false, h.wraps(0), h.wraps(1)}, true)
}

// NewNearest3D returns the occupancy of a px×py×pz host with every
// processor free. Processor (a, b, c) has index a + px·(b + py·c).
// O(px·py·pz).
func NewNearest3D(h Host) *Nearest {
	return newNearest([3]int{h.Dims[0], h.Dims[1], h.Dims[2]}, [3]bool{h.wraps(0), h.wraps(1), h.wraps(2)}, false)
}

func newNearest(dims [3]int, wrap [3]bool, twoD bool) *Nearest {
	f := &Nearest{dims: dims, wrap: wrap, twoD: twoD}
	for a := 1; a < 3; a++ {
		if dims[a] > dims[f.line] {
			f.line = a
		}
	}
	f.pa, f.pb = (f.line+1)%3, (f.line+2)%3
	if f.pa > f.pb {
		f.pa, f.pb = f.pb, f.pa
	}
	f.n = dims[f.line]
	lines := dims[f.pa] * dims[f.pb]
	f.free = lines * f.n
	f.right = make([]int32, lines*(f.n+1))
	f.left = make([]int32, lines*(f.n+1))
	for i := range f.right {
		f.right[i] = int32(i)
		f.left[i] = int32(i)
	}
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

// base returns the first slot of the line through internal coordinates c.
func (f *Nearest) base(c [3]int) int {
	return (c[f.pa] + f.dims[f.pa]*c[f.pb]) * (f.n + 1)
}

func (f *Nearest) isFree(c [3]int) bool {
	s := f.base(c) + c[f.line]
	return f.right[s] == int32(s)
}

func (f *Nearest) use(c [3]int) {
	s := f.base(c) + c[f.line]
	if f.right[s] != int32(s) {
		return
	}
	f.right[s] = int32(s + 1)
	f.left[s+1] = int32(s)
	f.free--
}

// internal converts host coordinates to the internal 3-axis ones.
func (f *Nearest) internal(x, y, z int) [3]int {
	if f.twoD {
		return [3]int{0, x, y}
	}
	return [3]int{x, y, z}
}

// Used2D reports whether processor (a, b) of a 2-D occupancy is used.
func (f *Nearest) Used2D(a, b int) bool { return !f.isFree(f.internal(a, b, 0)) }

// Used3D reports whether processor (a, b, c) of a 3-D occupancy is used.
func (f *Nearest) Used3D(a, b, c int) bool { return !f.isFree(f.internal(a, b, c)) }

// Use2D marks processor (a, b) used (a no-op if it already is).
func (f *Nearest) Use2D(a, b int) { f.use(f.internal(a, b, 0)) }

// Use3D marks processor (a, b, c) used (a no-op if it already is).
func (f *Nearest) Use3D(a, b, c int) { f.use(f.internal(a, b, c)) }

// Take2D returns the free processor nearest to target (x, y) under order A
// and marks it used; ok is false if none is free. The target must lie on
// the host. Amortised O(r·α) for an answer at distance r.
func (f *Nearest) Take2D(x, y int) (a, b int, ok bool) {
	c, ok := f.take(f.internal(x, y, 0))
	return c[1], c[2], ok
}

// Take3D is Take2D for a 3-D occupancy: amortised O(r²·α).
func (f *Nearest) Take3D(x, y, z int) (a, b, c int, ok bool) {
	p, ok := f.take(f.internal(x, y, z))
	return p[0], p[1], p[2], ok
}

func (f *Nearest) take(t [3]int) ([3]int, bool) {
	if f.isFree(t) { // distance 0: the target itself
		f.use(t)
		return t, true
	}
	off, ok := f.query(t)
	if !ok {
		return t, false
	}
	var c [3]int
	for a := range 3 {
		c[a] = t[a] + off[a]
		if c[a] < 0 {
			c[a] += f.dims[a]
		} else if c[a] >= f.dims[a] {
			c[a] -= f.dims[a]
		}
	}
	f.use(c)
	return c, true
}

// offsetRange is the range of offsets from coordinate t on axis a: the
// whole mesh, or the shortest offsets of a ring (both ±k/2 for even k).
func (f *Nearest) offsetRange(a, t int) (lo, hi int) {
	if f.wrap[a] {
		return -(f.dims[a] / 2), f.dims[a] / 2
	}
	return -t, f.dims[a] - 1 - t
}

// lineNearest returns the distance d along line base to the free position
// nearest x, and whether x−d and x+d are free; d < 0 if the line is full.
func (f *Nearest) lineNearest(base, x int) (d int, neg, pos bool) {
	n := f.n
	r := int(find(f.right, int32(base+x))) - base
	l := int(find(f.left, int32(base+x+1))) - base - 1
	if f.wrap[f.line] {
		if r == n {
			r = int(find(f.right, int32(base))) - base
		}
		if l < 0 {
			l = int(find(f.left, int32(base+n))) - base - 1
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

// before reports whether offset o (distance d) precedes offset p (distance
// e) in order A: distance, then axis 0, then axis 1 ascending, then + before
// − on axis 2.
func before(d int, o [3]int, e int, p [3]int) bool {
	if d != e {
		return d < e
	}
	if o[0] != p[0] {
		return o[0] < p[0]
	}
	if o[1] != p[1] {
		return o[1] < p[1]
	}
	return o[2] >= 0 && p[2] < 0
}

// query returns the order-A offset of the nearest free processor from t.
func (f *Nearest) query(t [3]int) (best [3]int, ok bool) {
	if f.free == 0 {
		return best, false
	}
	loA, hiA := f.offsetRange(f.pa, t[f.pa])
	loB, hiB := f.offsetRange(f.pb, t[f.pb])
	maxM := max(-loA, hiA) + max(-loB, hiB)
	bestD := 1 << 30
	x := t[f.line]
	for m := 0; m <= maxM && m <= bestD; m++ {
		for oa := max(-m, loA); oa <= min(m, hiA); oa++ {
			r := m - abs(oa)
			for s, ob := 0, r; s < 2; s, ob = s+1, -r {
				if s == 1 && r == 0 {
					break
				}
				if ob < loB || ob > hiB {
					continue
				}
				var c [3]int
				c[f.pa] = wrapAdd(t[f.pa], oa, f.dims[f.pa])
				c[f.pb] = wrapAdd(t[f.pb], ob, f.dims[f.pb])
				d, neg, pos := f.lineNearest(f.base(c), x)
				if d < 0 || m+d > bestD {
					continue
				}
				var o [3]int
				o[f.pa], o[f.pb] = oa, ob
				if neg {
					o[f.line] = -d
					if before(m+d, o, bestD, best) {
						bestD, best = m+d, o
					}
				}
				if pos {
					o[f.line] = d
					if before(m+d, o, bestD, best) {
						bestD, best = m+d, o
					}
				}
			}
		}
	}
	return best, true
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
