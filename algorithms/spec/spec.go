package spec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// ErrSyntax is wrapped by every error of this package.
var ErrSyntax = errors.New("spec")

// Guest is a parsed guest string.
type Guest struct {
	Kind guest.Kind // guest.Hypercube or guest.Grid
	Dims []int      // Hypercube: [d]; Grid: the 2 or 3 object grid sizes
	Wrap bool       // Grid: periodic
}

// fail returns a one-line error naming the input (quoted, cut to 64
// characters) and the problem.
func fail(what, s, format string, args ...any) error {
	cut := ""
	if len(s) > 64 {
		cut = "..."
	}
	return fmt.Errorf("%w: %s %.64q%s: %s", ErrSyntax, what, s, cut, fmt.Sprintf(format, args...))
}

// ParseGuest parses "hypercube:D", "grid:AxB" or "grid:AxBxC", optionally
// followed by ":wrap" for a periodic grid.
func ParseGuest(s string) (Guest, error) {
	kind, rest, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	switch kind {
	case "hypercube":
		d, err := topology.ParseCubeDim(rest, guest.MaxCubeDim)
		if err != nil {
			return Guest{}, fail("guest", s, "%v", err)
		}
		return Guest{Kind: guest.Hypercube, Dims: []int{d}}, nil
	case "grid":
		sizes, opt, _ := strings.Cut(rest, ":")
		dims, err := topology.ParseSizes(sizes, guest.MaxVertices, "objects")
		if err != nil {
			return Guest{}, fail("guest", s, "%v", err)
		}
		if len(dims) != 2 && len(dims) != 3 {
			return Guest{}, fail("guest", s, "a grid has 2 or 3 dimensions, got %d", len(dims))
		}
		g := Guest{Kind: guest.Grid, Dims: dims}
		switch opt {
		case "":
		case "wrap":
			g.Wrap = true
		default:
			return Guest{}, fail("guest", s, "unknown option %.20q (want \"wrap\")", opt)
		}
		if a := guest.GridArcs(dims, g.Wrap); a > guest.MaxArcs {
			return Guest{}, fail("guest", s, "%d stencil arcs, more than %d", a, guest.MaxArcs)
		}
		return g, nil
	case "":
		return Guest{}, fail("guest", s, "empty; want hypercube:D or grid:AxB[xC][:wrap]")
	}
	return Guest{}, fail("guest", s, "unknown kind %.20q; want hypercube:D or grid:AxB[xC][:wrap]", kind)
}

// String returns the canonical guest string.
func (g Guest) String() string {
	if g.Kind == guest.Hypercube {
		return "hypercube:" + strconv.Itoa(g.Dims[0])
	}
	s := "grid:" + joinSizes(g.Dims)
	if g.Wrap {
		s += ":wrap"
	}
	return s
}

// Order returns the number of guest vertices.
func (g Guest) Order() int {
	if g.Kind == guest.Hypercube {
		return 1 << g.Dims[0]
	}
	return product(g.Dims)
}

// Build constructs the guest graph. O(n·degree).
func (g Guest) Build() (*guest.Graph, error) {
	if g.Kind == guest.Hypercube {
		return guest.NewHypercube(g.Dims[0])
	}
	return guest.NewGrid(g.Dims, g.Wrap)
}

// ParseHost parses a host string with the parser its kind registered in
// package topology: "line:K", "ring:K", "mesh:AxB[x...]", "torus:AxB[x...]"
// or "hypercube:D" today. A mesh may take ":wrap=B1B2..." with one 0/1
// digit per dimension (first dimension first) for per-dimension
// wrap-around. A one-dimensional mesh or torus is normalised to a line or
// ring. Building a host allocates O(c), whatever its size.
func ParseHost(s string) (topology.Host, error) {
	h, err := topology.Parse(s)
	if err != nil {
		return nil, fail("host", s, "%v", err)
	}
	return h, nil
}

func joinSizes(dims []int) string {
	parts := make([]string, len(dims))
	for i, k := range dims {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, "x")
}

func product(dims []int) int {
	n := 1
	for _, k := range dims {
		n *= k
	}
	return n
}
