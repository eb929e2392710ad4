package gridmap

import (
	"slices"
	"sort"

	"topomap/algorithms/reason"
)

// Bisect maps an object grid onto a host of as many axes and the same
// size by recursive coordinate bisection of the scaled grid: object g
// stands at (g_j + ½)·P_j/O_j on host axis j (the grid stretched or
// squeezed onto the host, axis by axis), the host box is cut in two along
// its longest side, the objects are split in the same proportion by their
// position along that axis (ties by the other axes, in order), and each
// half goes to its half of the box, down to single processors. The result
// follows the scaled map (each axis stretched or squeezed uniformly) with
// straight seams; it is the shape that annealing reaches on grids whose
// aspect differs from the host's (96×50 onto 75×64: 1.46 hops per byte,
// against MXOVLP's 1.63 and AFFN's 1.59), so that PAIRS starts near it.
// Our construction [P], after geometric partitioning (Berger & Bokhari,
// IEEE Trans. Computers C-36(5), 1987). O(n log n).
func Bisect(obj []int, h Box) ([]int, error) {
	if err := checkAny(obj, h); err != nil {
		return nil, err
	}
	if len(obj) != len(h.Dims) {
		return nil, reason.New(ErrShape, "object grid has %d axes and host %d, want as many", len(obj), len(h.Dims))
	}
	b := bisection{obj: obj, h: h, c: len(obj)}
	n := product(obj)
	b.items, b.place = make([]point, n), make([]int, n)
	for v := range b.items {
		p := &b.items[v]
		p.v = int32(v)
		x := v
		for j, k := range obj {
			p.x[j] = int32(x % k)
			x /= k
		}
	}
	var lo, hi [3]int
	copy(hi[:], h.Dims)
	if err := b.split(0, n, lo, hi); err != nil {
		return nil, err
	}
	return b.place, nil
}

// point is an object and its coordinates, moved together so that the
// partitions read memory in order.
type point struct {
	x [3]int32
	v int32
}

// byOtherAxes orders points by their coordinates on the axes other than
// a, in axis order (sort, not slices: a generic sort of points would add
// some 18 KB to the browser client). sort.Sort runs the same pattern-
// defeating quicksort as slices.SortFunc, so ties fall as they did.
type byOtherAxes struct {
	p       []point
	a, axes int
}

func (s byOtherAxes) Len() int      { return len(s.p) }
func (s byOtherAxes) Swap(i, j int) { s.p[i], s.p[j] = s.p[j], s.p[i] }
func (s byOtherAxes) Less(i, j int) bool {
	for k := range s.axes {
		if xi, xj := s.p[i].x[k], s.p[j].x[k]; k != s.a && xi != xj {
			return xi < xj
		}
	}
	return false
}

// bisection is one run of Bisect: items[i:j] are the objects of a box.
type bisection struct {
	obj    []int
	h      Box
	c      int
	items  []point
	place  []int
	counts []int
}

// cancelEvery is the least box, in objects, whose split checks the context.
const cancelEvery = 1 << 12

// split maps items[i:k] onto the host box [lo, hi).
func (b *bisection) split(i, k int, lo, hi [3]int) error {
	if k-i <= 1 {
		if k > i {
			node := 0
			st := 1
			for j := range b.c {
				node += lo[j] * st
				st *= b.h.Dims[j]
			}
			b.place[b.items[i].v] = node
		}
		return nil
	}
	if k-i >= cancelEvery {
		if err := b.h.ctxErr(); err != nil {
			return err
		}
	}
	a := 0
	for j := 1; j < b.c; j++ {
		if hi[j]-lo[j] > hi[a]-lo[a] {
			a = j
		}
	}
	side := hi[a] - lo[a]
	half := side / 2
	m := i + (k-i)/side*half
	b.partition(i, k, m, a)
	mid := lo
	mid[a] += half
	upper := hi
	upper[a] = mid[a]
	if err := b.split(i, m, lo, upper); err != nil {
		return err
	}
	return b.split(m, k, mid, hi)
}

// partition reorders items[i:k] so that items[i:m] are the m−i lowest by
// their position along axis a, ties broken by the other axes in order
// (scaling an axis keeps the order of its coordinates, so coordinates
// compare as positions): a count of the objects per coordinate finds the
// threshold coordinate, and only the objects on it are sorted, if it is
// shared. O(k−i + spread + t log t) for a spread of coordinates and t
// objects on the threshold.
func (b *bisection) partition(i, k, m, a int) {
	items := b.items[i:k]
	low, high := int32(b.obj[a]), int32(-1)
	for _, p := range items {
		low, high = min(low, p.x[a]), max(high, p.x[a])
	}
	b.counts = slices.Grow(b.counts[:0], int(high-low)+1)[:high-low+1]
	clear(b.counts)
	for _, p := range items {
		b.counts[p.x[a]-low]++
	}
	want, below, t := m-i, 0, low
	for below+b.counts[t-low] < want {
		below += b.counts[t-low]
		t++
	}
	// below objects lie before coordinate t, want−below of those on it
	// join them: a three-way partition in place (the order within each
	// part does not matter, as the sort below and every later split
	// depend on coordinates only)
	on := b.counts[t-low]
	lt, j, gt := 0, 0, len(items)
	for j < gt {
		switch x := items[j].x[a]; {
		case x < t:
			items[lt], items[j] = items[j], items[lt]
			lt++
			j++
		case x > t:
			gt--
			items[j], items[gt] = items[gt], items[j]
		default:
			j++
		}
	}
	if want > below && want < below+on {
		sort.Sort(byOtherAxes{items[below : below+on], a, b.c})
	}
}
