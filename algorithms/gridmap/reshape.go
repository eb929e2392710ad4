package gridmap

import (
	"slices"
	"sort"

	"topomap/algorithms/reason"
	"topomap/algorithms/topology"
)

// maxFoldAxes bounds the hosts Fold maps onto: their axes' orders are
// searched (c! of them), and a Blue Gene/Q has five.
const maxFoldAxes = 6

// split cuts one axis of a grid in two, like an accordion ([P]): an axis
// of s objects becomes an axis of fast objects (the layer) and one of
// s/fast layers, appended last; coordinate x lies at x mod fast in layer
// x div fast, mirrored in odd layers, so that the objects on either side
// of a cut are neighbours across the layers. Every edge of the grid is an
// edge of the split grid.
type split struct{ axis, fast int }

// reshapeCandidates is how many reshapings, the fewest extra hops by
// their fold's plan first, Fold prices exactly on the grid's own edges;
// maxReshapings bounds the splittings tried.
const (
	reshapeCandidates = 4
	maxReshapings     = 4096
)

// reshaping is a way to split a grid's axes, the split grid's sides and
// the plan of its fold.
type reshaping struct {
	seq  []split
	dims []int
	plan foldPlan
}

// planReshape returns the ways of splitting obj's axes into as many axes
// as h has that a single fold (planFold) then maps onto h, the fewest
// extra hops by plan first (ties in the order found): each split's layer
// is as long as a host side or has as many layers, and at most
// maxReshapings splittings are tried. O(maxReshapings·r!·r²).
func planReshape(obj []int, h Box) []reshaping {
	var out []reshaping
	tried := 0
	var walk func(dims []int, seq []split)
	walk = func(dims []int, seq []split) {
		if len(dims) == len(h.Dims) {
			if tried++; tried > maxReshapings {
				return
			}
			if p, err := planFold(dims, h); err == nil {
				out = append(out, reshaping{slices.Clone(seq), dims, p})
			}
			return
		}
		first := 0
		if len(seq) > 0 {
			first = seq[len(seq)-1].axis // one order of independent splits
		}
		for a := first; a < len(dims) && tried <= maxReshapings; a++ {
			for _, fast := range splitsOf(dims[a], h.Dims) {
				next := append(slices.Clone(dims), dims[a]/fast)
				next[a] = fast
				walk(next, append(seq, split{a, fast}))
			}
		}
	}
	walk(obj, nil)
	// sort.SliceStable: a generic sort adds kilobytes to the browser's client
	sort.SliceStable(out, func(i, j int) bool { return out[i].plan.extra < out[j].plan.extra })
	return out
}

// splitsOf returns the layer lengths an axis of s objects may be split
// into: each host side d with 1 < d < s dividing s, and s/d (so that the
// layers, not their length, match the side), without repeats.
func splitsOf(s int, sides []int) []int {
	var out []int
	for _, d := range sides {
		if d > 1 && d < s && s%d == 0 {
			for _, f := range []int{d, s / d} {
				if !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// axesError says why Fold cannot map a grid of obj's axes onto h, which
// has other than as many, or nil.
func axesError(obj []int, h Box) error {
	switch {
	case len(obj) > len(h.Dims):
		return reason.New(ErrShape, "folding needs a host of at least the grid's %d axes, not %d", len(obj), len(h.Dims))
	case len(h.Dims) > maxFoldAxes:
		return reason.New(ErrShape, "folding searches hosts of at most %d axes, not %d", maxFoldAxes, len(h.Dims))
	}
	return nil
}

// noCutting is the error of a grid that no cutting folds onto h.
func noCutting(obj []int, h Box) error {
	return reason.New(ErrShape, "no way to cut the sides of %s into %d sides that fold onto %s", sides(obj), len(h.Dims), sides(h.Dims))
}

// reshapeFold maps obj onto h, which has more axes (at most maxFoldAxes), through the best of
// the first reshapeCandidates reshapings by the hops of obj's own edges
// (ties: the first), or returns an error if none folds onto h. O(n·c·r)
// per candidate.
func reshapeFold(obj []int, h Box) ([]int, int64, error) {
	ways := planReshape(obj, h)
	if len(ways) == 0 {
		return nil, 0, noCutting(obj, h)
	}
	var best []int
	var bestHops int64
	for _, w := range ways[:min(len(ways), reshapeCandidates)] {
		place := throughSplits(obj, w, foldBy(w.plan, w.dims, h))
		if hops := gridHops(place, obj, h); best == nil || hops < bestHops {
			best, bestHops = place, hops
		}
	}
	return best, bestHops, nil
}

// throughSplits returns the placement of obj's objects given inner, the
// placement of the grid split by w. O(n·c).
func throughSplits(obj []int, w reshaping, inner []int) []int {
	dims := w.dims
	place := make([]int, len(inner))
	coords := make([]int, 0, len(dims))
	for v := range place {
		coords = coords[:0]
		x := v
		for _, k := range obj {
			coords = append(coords, x%k)
			x /= k
		}
		for _, sp := range w.seq {
			c := coords[sp.axis]
			layer, u := c/sp.fast, c%sp.fast
			if layer%2 == 1 {
				u = sp.fast - 1 - u
			}
			coords[sp.axis] = u
			coords = append(coords, layer)
		}
		idx := 0
		for i := len(dims) - 1; i >= 0; i-- {
			idx = idx*dims[i] + coords[i]
		}
		place[v] = inner[idx]
	}
	return place
}

// gridHops returns the hops over the edges of the object grid obj (each
// once, no wrap-around) placed on h. O(n·c·r).
func gridHops(place []int, obj []int, h Box) int64 {
	var sum int64
	x := make([]int, len(obj)) // v's coordinates, counted up
	for v := range place {
		stride := 1
		for a, k := range obj {
			if x[a] < k-1 {
				sum += int64(boxHops(place[v], place[v+stride], h))
			}
			stride *= k
		}
		for a := 0; a < len(x); a++ {
			if x[a]++; x[a] < obj[a] {
				break
			}
			x[a] = 0
		}
	}
	return sum
}

// boxHops returns the hops between processors p and q of h.
func boxHops(p, q int, h Box) int {
	d := 0
	for a, k := range h.Dims {
		d += topology.AxisHops(p%k, q%k, k, h.wraps(a))
		p, q = p/k, q/k
	}
	return d
}
