package gridmap

// RowMajor places the k-th object in index order (first coordinate fastest)
// on the k-th processor in index order: the default placement of most
// runtimes. Object grid and host have 2 or 3 axes each and equal sizes.
// O(n).
func RowMajor(obj []int, h Box) ([]int, error) {
	if err := checkAny(obj, h); err != nil {
		return nil, err
	}
	place := make([]int, product(obj))
	for v := range place {
		place[v] = v
	}
	return place, nil
}

// Snake places the k-th object of the object grid's boustrophedon order on
// the k-th processor of the host's boustrophedon order. The boustrophedon
// (reflected mixed-radix) order walks the first axis forward, then
// backward, and so on, so consecutive elements are always neighbours; with
// equal shapes Snake is the identity. Object grid and host have 2 or 3 axes
// each and equal sizes. O(n).
func Snake(obj []int, h Box) ([]int, error) {
	if err := checkAny(obj, h); err != nil {
		return nil, err
	}
	n := product(obj)
	place := make([]int, n)
	o, p := newSnakeWalk(obj), newSnakeWalk(h.Dims)
	for range n {
		place[o.idx] = p.idx
		o.next()
		p.next()
	}
	return place, nil
}

// checkAny accepts a 2- or 3-axis object grid on a 2- or 3-axis host of
// the same size.
func checkAny(obj []int, h Box) error {
	og, hg := 2, 2
	if len(obj) == 3 {
		og = 3
	}
	if len(h.Dims) == 3 {
		hg = 3
	}
	return check(obj, og, h, hg, true)
}

// snakeWalk walks a grid in boustrophedon order: axis 0 moves until it
// hits a side, then reverses while the next axis advances one step, and so
// on (a reflected mixed-radix Gray order). O(1) amortised per step.
type snakeWalk struct {
	dims   []int
	c, dir [3]int
	stride [3]int
	idx    int // index of the current cell
}

func newSnakeWalk(dims []int) *snakeWalk {
	w := &snakeWalk{dims: dims}
	s := 1
	for a, k := range dims {
		w.dir[a], w.stride[a] = 1, s
		s *= k
	}
	return w
}

func (w *snakeWalk) next() {
	for a, k := range w.dims {
		if nc := w.c[a] + w.dir[a]; nc >= 0 && nc < k {
			w.c[a] = nc
			w.idx += w.dir[a] * w.stride[a]
			return
		}
		w.dir[a] = -w.dir[a]
	}
}
