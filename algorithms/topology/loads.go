package topology

import "math/bits"

// Loads accumulates the link loads of messages on a routed host (see the
// package doc, Routing and link loads): Add every message, then Sum. On a
// router whose routes and links follow its axes (AxisRouter: lattices)
// each message costs O(c), whatever its length: it marks the start and
// end of its segment along each axis line in difference arrays, and Sum
// turns them into loads with one prefix sum per line. On other routers
// every message is routed link by link.
type Loads struct {
	r     Router
	axes  []AxisLine // the difference-array fast path, or nil
	cube  bool       // every axis has size 2: coordinates are bits
	load  []float64
	msgs  []int32
	route []int
	div   []divisor // per axis
	ca    []int     // coordinates of the message's ends
	cb    []int
}

// divisor divides node numbers (below MaxNodes = 2^26) by k with a
// multiplication and a shift: a division per axis and message would
// dominate Add. With s = 26 + ⌈log2 k⌉ and m = ⌈2^s/k⌉, ⌊a·m/2^s⌋ = ⌊a/k⌋
// for every a < 2^26 (the error m·k − 2^s < k adds less than 1/k to a/k),
// and a·m < 2^54 does not overflow.
type divisor struct {
	m, s, k uint64
}

func newDivisor(k int) divisor {
	s := uint64(MaxCubeDim + bits.Len(uint(k-1)))
	return divisor{(1<<s + uint64(k) - 1) / uint64(k), s, uint64(k)}
}

// divmod returns a/k and a%k for 0 ≤ a < 2^26.
func (d divisor) divmod(a int) (q, r int) {
	qq := uint64(a) * d.m >> d.s
	return int(qq), a - int(qq*d.k)
}

// NewLoads returns an empty accumulator of the link loads of r.
// O(LinkSlots) memory: 12 bytes per number of the link numbering.
func NewLoads(r Router) *Loads {
	l := &Loads{r: r, load: make([]float64, r.LinkSlots()), msgs: make([]int32, r.LinkSlots())}
	if ar, ok := r.(AxisRouter); ok {
		l.axes = AxisLines(ar)
		l.cube = true
		for _, ax := range l.axes {
			l.cube = l.cube && ax.K == 2
			l.div = append(l.div, newDivisor(ax.K))
		}
		l.ca, l.cb = make([]int, len(l.axes)), make([]int, len(l.axes))
	}
	return l
}

// Add routes a message of volume w from node a to node b. O(c) on an
// AxisRouter, O(c + Hops(a, b)) on other routers.
func (l *Loads) Add(a, b int, w float64) {
	if l.axes == nil {
		l.route = l.r.Route(a, b, l.route[:0])
		for _, e := range l.route {
			l.load[e] += w
			l.msgs[e]++
		}
		return
	}
	l.coords(a, l.ca)
	l.coords(b, l.cb)
	cur := a
	for j, ax := range l.axes {
		x, y := l.ca[j], l.cb[j]
		if x == y {
			continue
		}
		k, s := ax.K, ax.Stride
		dir, steps := axisStep(x, y, k, ax.Wrap)
		first := ax.Plus
		// the tails of the links crossed form the cyclic interval
		// [lo, hi] of the line's coordinates
		lo, hi := x, x+steps-1
		if dir < 0 {
			lo, hi, first = x-steps+1, x, ax.Minus
		}
		if lo < 0 {
			lo += k
		}
		if hi >= k {
			hi -= k
		}
		l.mark(cur-x*s+first, s, k, lo, hi, w)
		cur += (y - x) * s
	}
}

// coords writes the coordinates of node a into dst, without a division.
func (l *Loads) coords(a int, dst []int) {
	switch {
	case len(dst) == 1:
		dst[0] = a
	case l.cube:
		for j := range dst {
			dst[j] = a >> j & 1
		}
	default:
		for j, d := range l.div {
			a, dst[j] = d.divmod(a)
		}
	}
}

// mark adds w to the difference array of the line of k links starting at
// line with stride s, over the cyclic interval [lo, hi].
func (l *Loads) mark(line, s, k, lo, hi int, w float64) {
	l.load[line+lo*s] += w
	l.msgs[line+lo*s]++
	if hi+1 < k {
		l.load[line+(hi+1)*s] -= w
		l.msgs[line+(hi+1)*s]--
	}
	if lo > hi { // wraps past k-1: the part from 0
		l.load[line] += w
		l.msgs[line]++
	}
}

// Sum returns, indexed by link number, the load of every link and the
// number of messages across it (0 for numbers that are no link). Loads
// are exact sums up to floating-point rounding; a link without messages
// has load exactly 0. The accumulator must not be used afterwards.
// O(LinkSlots).
func (l *Loads) Sum() (load []float64, msgs []int32) {
	if l.axes != nil {
		l.prefixSums()
	}
	for i, m := range l.msgs {
		if m == 0 {
			l.load[i] = 0 // no rounding residue where nothing passes
		}
	}
	return l.load, l.msgs
}

// prefixSums turns the difference arrays into loads: running sums along
// every line, s lines of an axis side by side, in the links of each
// direction (one on an axis of size 2).
func (l *Loads) prefixSums() {
	n := l.r.Size()
	for _, ax := range l.axes {
		s, k := ax.Stride, ax.K
		dirs := []int{ax.Plus, ax.Minus}[:min(k-1, 2)]
		for _, first := range dirs {
			for blk := first; blk < first+n; blk += s * k {
				for row := blk + s; row < blk+s*k; row += s {
					ld, pl := l.load[row:row+s], l.load[row-s:row]
					m, pm := l.msgs[row:row+s], l.msgs[row-s:row]
					for i := range ld {
						ld[i] += pl[i]
						m[i] += pm[i]
					}
				}
			}
		}
	}
}
