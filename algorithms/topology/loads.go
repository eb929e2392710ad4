package topology

// Loads accumulates the link loads of messages on a routed host (MACHINES.md
// §5): Add every message, then Sum. On a lattice each message costs O(c),
// whatever its length: it marks the start and end of its segment along
// each axis line in difference arrays, and Sum turns them into loads with
// one prefix sum per line. On other routers every message is routed link
// by link.
type Loads struct {
	r     Router
	lat   *Lattice // the difference-array fast path, or nil
	first []int    // lat's first slot per axis
	load  []float64
	msgs  []int32
	route []int
}

// NewLoads returns an empty accumulator of the link loads of r. O(LinkSlots)
// memory: 12 bytes per number of the link numbering.
func NewLoads(r Router) *Loads {
	l := &Loads{r: r, load: make([]float64, r.LinkSlots()), msgs: make([]int32, r.LinkSlots())}
	if lat, ok := r.(*Lattice); ok {
		l.lat = lat
		l.first, _ = lat.slots()
	}
	return l
}

// Add routes a message of volume w from node a to node b. O(c) on a
// lattice, O(c + Hops(a, b)) on other routers.
func (l *Loads) Add(a, b int, w float64) {
	t := l.lat
	if t == nil {
		l.route = l.r.Route(a, b, l.route[:0])
		for _, e := range l.route {
			l.load[e] += w
			l.msgs[e]++
		}
		return
	}
	cur := a
	for j, k := range t.dims {
		s := t.strides[j]
		x, y := cur/s%k, b/s%k
		if x == y {
			continue
		}
		dir, steps := axisStep(x, y, k, t.wrap[j])
		slot := l.first[j]
		// the tails of the links crossed form the cyclic interval
		// [lo, hi] of the line's coordinates
		lo, hi := x, x+steps-1
		if dir < 0 {
			lo, hi = x-steps+1, x
			if k > 2 {
				slot++
			}
		}
		if lo < 0 {
			lo += k
		}
		if hi >= k {
			hi -= k
		}
		l.mark(cur-x*s+t.size*slot, s, k, lo, hi, w)
		cur += (y - x) * s
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
	t := l.lat
	if t == nil {
		return l.load, l.msgs
	}
	n := t.size
	for j, k := range t.dims {
		s := t.strides[j]
		for slot := l.first[j]; slot < l.first[j]+min(k-1, 2); slot++ {
			for blk := n * slot; blk < n*(slot+1); blk += s * k {
				// running sums along axis j, s lines side by side
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
	for i, m := range l.msgs {
		if m == 0 {
			l.load[i] = 0 // no rounding residue where nothing passes
		}
	}
	return l.load, l.msgs
}
