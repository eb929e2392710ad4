package gridmap

import (
	"context"
	"errors"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
	"topomap/algorithms/topology"
)

// Box is what a mapper of this package works on: the shape of a processor
// mesh or torus of 2 or 3 axes (the size of each axis and whether it wraps
// around; a nil Wrap means no wrap-around anywhere) and the context that
// cancels the mapping. It is not a host type of its own: BoxOf takes it
// from a topology.Grid, whose hop distance (topology.AxisHops per axis)
// every distance here uses.
type Box struct {
	Dims []int
	Wrap []bool
	// Ctx, if not nil, cancels the mapping: the nearest-free searches
	// check it every few queries and stop, and the mapper then returns
	// Ctx's error instead of a placement (Refine, of bounded cost, does
	// not check it).
	Ctx context.Context
}

// ctxErr returns the error of h.Ctx (nil without one).
func (h Box) ctxErr() error {
	if h.Ctx == nil {
		return nil
	}
	return h.Ctx.Err()
}

// BoxOf returns the box of a grid host, cancelled by ctx (nil: never).
func BoxOf(ctx context.Context, g topology.Grid) Box {
	return Box{Dims: topology.DimsOf(g), Wrap: topology.WrapsOf(g), Ctx: ctx}
}

// Mesh returns the host of the given sizes without wrap-around.
func Mesh(dims ...int) Box { return Box{Dims: dims} }

// Torus returns the host of the given sizes with wrap-around on every axis.
func Torus(dims ...int) Box {
	w := make([]bool, len(dims))
	for i := range w {
		w[i] = true
	}
	return Box{Dims: dims, Wrap: w}
}

// wraps reports whether axis a wraps around.
func (h Box) wraps(a int) bool { return a < len(h.Wrap) && h.Wrap[a] }

// Size returns the number of processors.
func (h Box) Size() int { return product(h.Dims) }

// ErrShape is wrapped by every error about the shapes given to a mapper.
var ErrShape = errors.New("gridmap: unsupported shapes")

// maxNodes bounds grids and hosts so that Nearest's int32 forests (two
// slots per processor and per line) cannot overflow.
const maxNodes = 1 << 28

func product(dims []int) int {
	n := 1
	for _, k := range dims {
		n *= k
	}
	return n
}

// checkDims validates a list of sizes with want entries.
func checkDims(what string, dims []int, want int) error {
	if len(dims) != want {
		return reason.New(ErrShape, "%s has %d axes, want %d", what, len(dims), want)
	}
	n := 1
	for a, k := range dims {
		if k < 1 {
			return reason.New(ErrShape, "%s axis %d has size %s, want at least 1", what, a+1, numtext.Count(k))
		}
		if n > maxNodes/k {
			return reason.New(ErrShape, "%s has more than %s nodes", what, numtext.Count(maxNodes))
		}
		n *= k
	}
	return nil
}

// check validates an object grid of og axes and a host of hg axes; with
// equal set, their sizes must be equal, otherwise the host may be larger.
func check(obj []int, og int, h Box, hg int, equal bool) error {
	if err := checkDims("object grid", obj, og); err != nil {
		return err
	}
	if err := checkDims("host", h.Dims, hg); err != nil {
		return err
	}
	if h.Wrap != nil && len(h.Wrap) != len(h.Dims) {
		return reason.New(ErrShape, "%d wrap flags for %d host axes", len(h.Wrap), len(h.Dims))
	}
	n, k := product(obj), h.Size()
	if equal && n != k {
		return reason.New(ErrShape, "%s objects on %s processors, want equal sizes", numtext.Count(n), numtext.Count(k))
	}
	if n > k {
		return reason.New(ErrShape, "%s objects on %s processors, want at least as many processors", numtext.Count(n), numtext.Count(k))
	}
	return nil
}

// hopsPerByte2D returns the mean hop count over the directed stencil edges
// of a non-periodic ox×oy object grid placed on a 2-D host (the average
// hops per byte of the package doc). It decides between candidate
// sub-mappings in Stack. O(n).
func hopsPerByte2D(place []int, ox, oy int, h Box) float64 {
	px, py := h.Dims[0], h.Dims[1]
	wx, wy := h.wraps(0), h.wraps(1)
	dist := func(p, q int) int {
		return topology.AxisHops(p%px, q%px, px, wx) + topology.AxisHops(p/px, q/px, py, wy)
	}
	sum, edges := 0, 0
	for j := range oy {
		for i := range ox {
			v := i + ox*j
			if i+1 < ox {
				sum += dist(place[v], place[v+1])
				edges++
			}
			if j+1 < oy {
				sum += dist(place[v], place[v+ox])
				edges++
			}
		}
	}
	if edges == 0 {
		return 0
	}
	return float64(sum) / float64(edges)
}
