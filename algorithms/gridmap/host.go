package gridmap

import (
	"context"
	"errors"
	"fmt"

	"topomap/algorithms/topology"
)

// Host is a processor mesh or torus of 2 or 3 axes: the size of each axis
// and whether it wraps around. A nil Wrap means no wrap-around anywhere.
type Host struct {
	Dims []int
	Wrap []bool
	// Ctx, if not nil, cancels the mapping: the nearest-free searches
	// check it every few queries and stop, and the mapper then returns
	// Ctx's error instead of a placement.
	Ctx context.Context
}

// ctxErr returns the error of h.Ctx (nil without one).
func (h Host) ctxErr() error {
	if h.Ctx == nil {
		return nil
	}
	return h.Ctx.Err()
}

// Mesh returns the host of the given sizes without wrap-around.
func Mesh(dims ...int) Host { return Host{Dims: dims} }

// Torus returns the host of the given sizes with wrap-around on every axis.
func Torus(dims ...int) Host {
	w := make([]bool, len(dims))
	for i := range w {
		w[i] = true
	}
	return Host{Dims: dims, Wrap: w}
}

// wraps reports whether axis a wraps around.
func (h Host) wraps(a int) bool { return a < len(h.Wrap) && h.Wrap[a] }

// Size returns the number of processors.
func (h Host) Size() int { return product(h.Dims) }

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
		return fmt.Errorf("%w: %s has %d axes, want %d", ErrShape, what, len(dims), want)
	}
	n := 1
	for a, k := range dims {
		if k < 1 {
			return fmt.Errorf("%w: %s axis %d has size %d, want at least 1", ErrShape, what, a+1, k)
		}
		if n > maxNodes/k {
			return fmt.Errorf("%w: %s has more than %d nodes", ErrShape, what, maxNodes)
		}
		n *= k
	}
	return nil
}

// check validates an object grid of og axes and a host of hg axes; with
// equal set, their sizes must be equal, otherwise the host may be larger.
func check(obj []int, og int, h Host, hg int, equal bool) error {
	if err := checkDims("object grid", obj, og); err != nil {
		return err
	}
	if err := checkDims("host", h.Dims, hg); err != nil {
		return err
	}
	if h.Wrap != nil && len(h.Wrap) != len(h.Dims) {
		return fmt.Errorf("%w: %d wrap flags for %d host axes", ErrShape, len(h.Wrap), len(h.Dims))
	}
	n, k := product(obj), h.Size()
	if equal && n != k {
		return fmt.Errorf("%w: %d objects on %d processors, want equal sizes", ErrShape, n, k)
	}
	if n > k {
		return fmt.Errorf("%w: %d objects on %d processors, want at least as many processors", ErrShape, n, k)
	}
	return nil
}

// hopsPerByte2D returns the mean hop count over the directed stencil edges
// of a non-periodic ox×oy object grid placed on a 2-D host (the spec's
// avgHPB, B.0). It decides between candidate sub-mappings in Stack. O(n).
func hopsPerByte2D(place []int, ox, oy int, h Host) float64 {
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
