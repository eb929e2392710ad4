package spec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// ErrSyntax matches (errors.Is) every error of this package. The messages
// themselves are sentences for users, with no package prefix.
var ErrSyntax = errors.New("malformed input")

// syntaxError is a message about malformed input; it matches ErrSyntax.
type syntaxError struct{ msg string }

func (e *syntaxError) Error() string        { return e.msg }
func (e *syntaxError) Is(target error) bool { return target == ErrSyntax }

// syntaxf returns a syntaxError with a formatted message.
func syntaxf(format string, args ...any) error {
	return &syntaxError{fmt.Sprintf(format, args...)}
}

// Guest is a parsed guest string.
type Guest struct {
	Kind guest.Kind // guest.Hypercube or guest.Grid
	Dims []int      // Hypercube: [d]; Grid: the 2 or 3 object grid sizes
	Wrap bool       // Grid: periodic
}

// Host is a parsed host string.
type Host struct {
	Kind topology.Kind
	Dims []int  // Line, Ring: [k]; Hypercube: [d]; Mesh, Torus: sizes
	Wrap []bool // Mesh, Torus: per dimension
}

// fail returns a one-line error naming the input (quoted, cut to 64
// characters) and the problem.
func fail(what, s, format string, args ...any) error {
	cut := ""
	if len(s) > 64 {
		cut = "..."
	}
	return syntaxf("%s %.64q%s: %s", what, s, cut, fmt.Sprintf(format, args...))
}

// ParseGuest parses "hypercube:D", "grid:AxB" or "grid:AxBxC", optionally
// followed by ":wrap" for a periodic grid.
func ParseGuest(s string) (Guest, error) {
	kind, rest, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	switch kind {
	case "hypercube":
		d, err := parseCubeDim(rest, guest.MaxCubeDim)
		if err != nil {
			return Guest{}, fail("guest", s, "%v", err)
		}
		return Guest{Kind: guest.Hypercube, Dims: []int{d}}, nil
	case "grid":
		sizes, opt, _ := strings.Cut(rest, ":")
		dims, err := parseSizes(sizes, guest.MaxVertices, "objects")
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

// ParseHost parses "line:K", "ring:K", "mesh:AxB[x...]", "torus:AxB[x...]"
// or "hypercube:D". A mesh may take ":wrap=B1B2..." with one 0/1 digit per
// dimension (first dimension first) for per-dimension wrap-around. A
// one-dimensional mesh or torus is normalised to a line or ring.
func ParseHost(s string) (Host, error) {
	kind, rest, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	const want = "want line:K, ring:K, mesh:AxB[x...], torus:AxB[x...] or hypercube:D"
	switch kind {
	case "hypercube":
		d, err := parseCubeDim(rest, bitsOf(topology.MaxNodes))
		if err != nil {
			return Host{}, fail("host", s, "%v", err)
		}
		return Host{Kind: topology.Hypercube, Dims: []int{d}}, nil
	case "line", "ring":
		dims, err := parseSizes(rest, topology.MaxNodes, "nodes")
		if err != nil {
			return Host{}, fail("host", s, "%v", err)
		}
		if len(dims) != 1 {
			return Host{}, fail("host", s, "a %s has one size", kind)
		}
		if kind == "line" {
			return Host{Kind: topology.Line, Dims: dims, Wrap: []bool{false}}, nil
		}
		return Host{Kind: topology.Ring, Dims: dims, Wrap: []bool{true}}, nil
	case "mesh", "torus":
		sizes, opt, hasOpt := strings.Cut(rest, ":")
		dims, err := parseSizes(sizes, topology.MaxNodes, "nodes")
		if err != nil {
			return Host{}, fail("host", s, "%v", err)
		}
		wrap := make([]bool, len(dims))
		for i := range wrap {
			wrap[i] = kind == "torus"
		}
		if hasOpt {
			bits, ok := strings.CutPrefix(opt, "wrap=")
			if !ok || len(bits) != len(dims) || strings.Trim(bits, "01") != "" {
				return Host{}, fail("host", s, "option %.20q: want wrap= and one 0/1 digit per dimension (%d)", opt, len(dims))
			}
			for i := range wrap {
				wrap[i] = bits[i] == '1'
			}
		}
		return normaliseGrid(dims, wrap), nil
	case "":
		return Host{}, fail("host", s, "empty; "+want)
	}
	return Host{}, fail("host", s, "unknown kind %.20q; "+want, kind)
}

func normaliseGrid(dims []int, wrap []bool) Host {
	all, none := true, true
	for _, w := range wrap {
		all = all && w
		none = none && !w
	}
	switch {
	case len(dims) == 1 && all:
		return Host{Kind: topology.Ring, Dims: dims, Wrap: wrap}
	case len(dims) == 1:
		return Host{Kind: topology.Line, Dims: dims, Wrap: wrap}
	case all:
		return Host{Kind: topology.Torus, Dims: dims, Wrap: wrap}
	}
	return Host{Kind: topology.Mesh, Dims: dims, Wrap: wrap}
}

// String returns the canonical host string.
func (h Host) String() string {
	switch h.Kind {
	case topology.Hypercube:
		return "hypercube:" + strconv.Itoa(h.Dims[0])
	case topology.Line, topology.Ring:
		return h.Kind.String() + ":" + strconv.Itoa(h.Dims[0])
	}
	s := h.Kind.String() + ":" + joinSizes(h.Dims)
	if h.Kind == topology.Mesh {
		mixed := false
		var b strings.Builder
		for _, w := range h.Wrap {
			mixed = mixed || w
			b.WriteByte("01"[boolInt(w)])
		}
		if mixed {
			s += ":wrap=" + b.String()
		}
	}
	return s
}

// Size returns the number of host nodes.
func (h Host) Size() int {
	if h.Kind == topology.Hypercube {
		return 1 << h.Dims[0]
	}
	return product(h.Dims)
}

// Build constructs the host topology. O(c).
func (h Host) Build() (*topology.Topology, error) {
	switch h.Kind {
	case topology.Hypercube:
		return topology.NewHypercube(h.Dims[0])
	case topology.Line:
		return topology.NewLine(h.Dims[0])
	case topology.Ring:
		return topology.NewRing(h.Dims[0])
	}
	return topology.NewGrid(h.Dims, h.Wrap)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func bitsOf(n int) int {
	b := 0
	for n > 1 {
		n >>= 1
		b++
	}
	return b
}

func parseCubeDim(s string, maxD int) (int, error) {
	d, err := strconv.Atoi(s)
	if err == nil && s != strconv.Itoa(d) {
		return 0, fmt.Errorf("write the dimension %.20q as %d, without leading zeros or sign", s, d)
	}
	if err != nil {
		return 0, fmt.Errorf("dimension %.20q is not a number", s)
	}
	if d < 1 || d > maxD {
		return 0, fmt.Errorf("dimension %d out of [1, %d]", d, maxD)
	}
	return d, nil
}

// parseSizes parses "A" or "AxBx..." (at most 8 sizes) with each size ≥ 1
// and the product at most limit (of what, for the message). It allocates
// nothing before the count of parts is bounded.
func parseSizes(s string, limit int, what string) ([]int, error) {
	if s == "" {
		return nil, errors.New("missing sizes")
	}
	if c := strings.Count(s, "x") + 1; c > 8 {
		return nil, fmt.Errorf("%d dimensions, at most 8", c)
	}
	parts := strings.Split(s, "x")
	dims := make([]int, len(parts))
	n := 1
	for i, p := range parts {
		k, err := strconv.Atoi(p)
		if errors.Is(err, strconv.ErrRange) && strings.Trim(p, "0123456789") == "" {
			return nil, fmt.Errorf("size %.20s... of dimension %d is too large", p, i+1)
		}
		if err == nil && k > 0 && p != strconv.Itoa(k) {
			return nil, fmt.Errorf("write the size %.20q as %d, without leading zeros or sign", p, k)
		}
		if err != nil || p != strconv.Itoa(k) {
			return nil, fmt.Errorf("size %.20q is not a positive integer", p)
		}
		if k < 1 {
			return nil, fmt.Errorf("size %d of dimension %d, want at least 1", k, i+1)
		}
		if k > limit || n > limit/k {
			return nil, fmt.Errorf("more than %d %s", limit, what)
		}
		n *= k
		dims[i] = k
	}
	return dims, nil
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
