package gridmap

// Curve implements the space-filling-curve mapping, Heuristic 3 of
// Bhatele 2010 §9.2 (2-D object grid onto a 3-D mesh), as specified in
// the package doc [P]: one curve orders the objects, another the
// processors, and the t-th object goes to the t-th processor. Each curve
// is the classic Hilbert curve when the domain is a square (cube) with a
// power-of-two side (Hilbert2D; Hilbert3D after Skilling 2004) and the
// generalized Hilbert curve otherwise (Gilbert2D, Gilbert3D). O(n) time
// and memory. Object grid (2 axes) and host (3 axes) have equal sizes.
func Curve(obj []int, h Box) ([]int, error) {
	if err := check(obj, 2, h, 3, true); err != nil {
		return nil, err
	}
	n := product(obj)
	oc := make([]int32, n)
	hc := make([]int32, n)
	curve2D(obj[0], obj[1], oc)
	curve3D(h.Dims[0], h.Dims[1], h.Dims[2], hc)
	place := make([]int, n)
	for t, v := range oc {
		place[v] = int(hc[t])
	}
	return place, nil
}

func powerOfTwo(k int) bool { return k > 0 && k&(k-1) == 0 }

func curve2D(w, h int, out []int32) {
	if w == h && powerOfTwo(w) {
		Hilbert2D(w, out)
	} else {
		Gilbert2D(w, h, out)
	}
}

func curve3D(w, h, d int, out []int32) {
	if w == h && h == d && powerOfTwo(w) {
		Hilbert3D(w, out)
	} else {
		Gilbert3D(w, h, d, out)
	}
}

// Hilbert2D writes the classic Hilbert curve of the n×n grid (n a power of
// two) into out (len n²): out[t] = x + n·y of the t-th cell. It starts at
// (0,0) and ends at (n−1,0) (the usual d2xy). O(n² log n).
func Hilbert2D(n int, out []int32) {
	for d := range n * n {
		x, y := 0, 0
		t := d
		for s := 1; s < n; s *= 2 {
			rx := 1 & (t / 2)
			ry := 1 & (t ^ rx)
			if ry == 0 { // rotate the quadrant
				if rx == 1 {
					x, y = s-1-x, s-1-y
				}
				x, y = y, x
			}
			x += s * rx
			y += s * ry
			t /= 4
		}
		out[d] = int32(x + n*y)
	}
}

// Hilbert3D writes the Hilbert curve of the n×n×n grid (n a power of two)
// into out (len n³): out[t] = x + n·(y + n·z) of the t-th cell, computed
// with Skilling's transpose-to-axes transform (J. Skilling, Programming the
// Hilbert curve, AIP Conf. Proc. 707, 2004). O(n³ log n).
func Hilbert3D(n int, out []int32) {
	b := 0
	for 1<<b < n {
		b++
	}
	for t := range n * n * n {
		// Transposed form: bit q of X[i] is bit q·3 + (2−i) of t.
		var X [3]int
		for q := range b {
			for i := range 3 {
				X[i] |= (t >> (q*3 + 2 - i) & 1) << q
			}
		}
		// Gray decode.
		z := X[2] >> 1
		for i := 2; i > 0; i-- {
			X[i] ^= X[i-1]
		}
		X[0] ^= z
		// Undo excess work.
		for Q := 2; Q < n; Q <<= 1 {
			P := Q - 1
			for i := 2; i >= 0; i-- {
				if X[i]&Q != 0 {
					X[0] ^= P
				} else {
					s := (X[0] ^ X[i]) & P
					X[0] ^= s
					X[i] ^= s
				}
			}
		}
		out[t] = int32(X[0] + n*(X[1]+n*X[2]))
	}
}

// The generalized Hilbert ("gilbert") curves below follow the algorithm of
// Jakub Červený's gilbert (github.com/jakubcerveny/gilbert, BSD-2-Clause,
// gilbert2d.py and gilbert3d.py), rewritten in Go: the domain, given by a
// corner and a major and minor axis vector, is split in two along the
// major axis when it is long (2w > 3h) and otherwise into three parts
// (up, across, down), halving with "prefer even steps"; in 3-D up to five
// parts. The major axis starts along the largest side. Python's floor
// division of negative vectors is reproduced with an arithmetic shift.

// Gilbert2D writes the generalized Hilbert curve of the w×h grid into out
// (len w·h): out[t] = x + w·y of the t-th cell. Every step is a unit step
// when w is even; a single diagonal step is unavoidable when the larger
// side is odd and the smaller even. O(w·h).
func Gilbert2D(w, h int, out []int32) {
	g := gil2{w: w, out: out}
	if w >= h {
		g.gen(0, 0, w, 0, 0, h)
	} else {
		g.gen(0, 0, 0, h, w, 0)
	}
}

type gil2 struct {
	w   int
	out []int32
	n   int
}

func sgn(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func (g *gil2) emit(x, y int) {
	g.out[g.n] = int32(x + g.w*y)
	g.n++
}

func (g *gil2) gen(x, y, ax, ay, bx, by int) {
	w, h := abs(ax+ay), abs(bx+by)
	dax, day := sgn(ax), sgn(ay)
	dbx, dby := sgn(bx), sgn(by)
	if h == 1 {
		for range w {
			g.emit(x, y)
			x, y = x+dax, y+day
		}
		return
	}
	if w == 1 {
		for range h {
			g.emit(x, y)
			x, y = x+dbx, y+dby
		}
		return
	}
	ax2, ay2 := ax>>1, ay>>1
	bx2, by2 := bx>>1, by>>1
	w2, h2 := abs(ax2+ay2), abs(bx2+by2)
	if 2*w > 3*h {
		if w2%2 == 1 && w > 2 {
			ax2, ay2 = ax2+dax, ay2+day
		}
		g.gen(x, y, ax2, ay2, bx, by)
		g.gen(x+ax2, y+ay2, ax-ax2, ay-ay2, bx, by)
		return
	}
	if h2%2 == 1 && h > 2 {
		bx2, by2 = bx2+dbx, by2+dby
	}
	g.gen(x, y, bx2, by2, ax2, ay2)
	g.gen(x+bx2, y+by2, ax, ay, bx-bx2, by-by2)
	g.gen(x+(ax-dax)+(bx2-dbx), y+(ay-day)+(by2-dby), -bx2, -by2, -(ax - ax2), -(ay - ay2))
}

// Gilbert3D writes the generalized Hilbert curve of the w×h×d grid into out
// (len w·h·d): out[t] = x + w·(y + h·z) of the t-th cell. Even sides are
// recommended (odd ones may need diagonal steps). O(w·h·d).
func Gilbert3D(w, h, d int, out []int32) {
	g := gil3{stride: [3]int{1, w, w * h}, out: out}
	x, y, z := axv{0, w}, axv{1, h}, axv{2, d}
	switch {
	case w >= h && w >= d:
		g.gen(0, x, y, z)
	case h >= w && h >= d:
		g.gen(0, y, x, z)
	default:
		g.gen(0, z, x, y)
	}
}

type gil3 struct {
	stride [3]int
	out    []int32
	n      int
}

// axv is an axis-aligned vector: n steps (signed) along axis. Every vector
// of the gilbert recursion is axis-aligned, so one component is enough.
type axv struct{ axis, n int }

func (v axv) len() int        { return abs(v.n) }
func (v axv) half() axv       { return axv{v.axis, v.n >> 1} } // floor, as Python's //
func (v axv) neg() axv        { return axv{v.axis, -v.n} }
func (v axv) minus(k int) axv { return axv{v.axis, v.n - k} }

// fill emits k cells from index p, stepping along v's axis.
func (g *gil3) fill(p int, v axv, k int) {
	step := sgn(v.n) * g.stride[v.axis]
	for range k {
		g.out[g.n] = int32(p)
		g.n++
		p += step
	}
}

// gen fills the box at cell index p spanned by a (major), b and c.
func (g *gil3) gen(p int, a, b, c axv) {
	w, h, d := a.len(), b.len(), c.len()
	switch {
	case h == 1 && d == 1:
		g.fill(p, a, w)
		return
	case w == 1 && d == 1:
		g.fill(p, b, h)
		return
	case w == 1 && h == 1:
		g.fill(p, c, d)
		return
	}
	da, db, dc := sgn(a.n), sgn(b.n), sgn(c.n)
	sa, sb, sc := g.stride[a.axis], g.stride[b.axis], g.stride[c.axis]
	a2, b2, c2 := a.half(), b.half(), c.half()
	// prefer even steps
	if a2.len()%2 == 1 && w > 2 {
		a2.n += da
	}
	if b2.len()%2 == 1 && h > 2 {
		b2.n += db
	}
	if c2.len()%2 == 1 && d > 2 {
		c2.n += dc
	}
	switch {
	case 2*w > 3*h && 2*w > 3*d: // wide: split in w only
		g.gen(p, a2, b, c)
		g.gen(p+a2.n*sa, a.minus(a2.n), b, c)
	case 3*h > 4*d: // do not split in d
		g.gen(p, b2, c, a2)
		g.gen(p+b2.n*sb, a, b.minus(b2.n), c)
		g.gen(p+(a.n-da)*sa+(b2.n-db)*sb, b2.neg(), c, a.minus(a2.n).neg())
	case 3*d > 4*h: // do not split in h
		g.gen(p, c2, a2, b)
		g.gen(p+c2.n*sc, a, b, c.minus(c2.n))
		g.gen(p+(a.n-da)*sa+(c2.n-dc)*sc, c2.neg(), a.minus(a2.n).neg(), b)
	default: // split in all of w, h, d
		g.gen(p, b2, c2, a2)
		g.gen(p+b2.n*sb, c, a2, b.minus(b2.n))
		g.gen(p+(b2.n-db)*sb+(c.n-dc)*sc, a, b2.neg(), c.minus(c2.n).neg())
		g.gen(p+(a.n-da)*sa+b2.n*sb+(c.n-dc)*sc, c.neg(), a.minus(a2.n).neg(), b.minus(b2.n))
		g.gen(p+(a.n-da)*sa+(b2.n-db)*sb, b2.neg(), c2, a.minus(a2.n).neg())
	}
}
