package topology

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The registered host kinds, in the order messages list them. A new kind
// is a file with its type and parser plus one line here.
func init() {
	Register(KindSpec{"line", "line:K", parseLine, []string{"line:1", "line:7", "line:1000"}})
	Register(KindSpec{"ring", "ring:K", parseRing, []string{"ring:2", "ring:7", "ring:1024"}})
	Register(KindSpec{"mesh", "mesh:AxB[x...]", parseMesh, []string{"mesh:5x4", "mesh:3x1x4", "mesh:8x4:wrap=10", "mesh:64x48x3"}})
	Register(KindSpec{"torus", "torus:AxB[x...]", parseTorus, []string{"torus:2x3", "torus:5x4x3", "torus:64x33"}})
	Register(KindSpec{"hypercube", "hypercube:D", parseHypercube, []string{"hypercube:1", "hypercube:5", "hypercube:12"}})
}

func parseHypercube(args string) (Host, error) {
	d, err := ParseCubeDim(args, MaxCubeDim)
	if err != nil {
		return nil, err
	}
	return host(NewHypercube(d))
}

func parseLine(args string) (Host, error) { return parseOneSize("line", args, NewLine) }
func parseRing(args string) (Host, error) { return parseOneSize("ring", args, NewRing) }

func parseOneSize(kind, args string, build func(int) (*Lattice, error)) (Host, error) {
	dims, err := ParseSizes(args, MaxNodes, "nodes")
	if err != nil {
		return nil, err
	}
	if len(dims) != 1 {
		return nil, fmt.Errorf("a %s has one size", kind)
	}
	return host(build(dims[0]))
}

func parseMesh(args string) (Host, error)  { return parseBox(args, false) }
func parseTorus(args string) (Host, error) { return parseBox(args, true) }

// parseBox parses "AxB[x...]" with an optional ":wrap=B1B2..." (one 0/1
// digit per axis, first axis first) that overrides the kind's wrap-around.
// One axis gives a line or ring; the kind follows the wrap flags.
func parseBox(args string, torus bool) (Host, error) {
	sizes, opt, hasOpt := strings.Cut(args, ":")
	dims, err := ParseSizes(sizes, MaxNodes, "nodes")
	if err != nil {
		return nil, err
	}
	wrap := make([]bool, len(dims))
	for i := range wrap {
		wrap[i] = torus
	}
	if hasOpt {
		flags, ok := strings.CutPrefix(opt, "wrap=")
		if !ok || len(flags) != len(dims) || strings.Trim(flags, "01") != "" {
			return nil, fmt.Errorf("option %.20q: want wrap= and one 0/1 digit per dimension (%d)", opt, len(dims))
		}
		for i := range wrap {
			wrap[i] = flags[i] == '1'
		}
	}
	if len(dims) == 1 && wrap[0] {
		return host(NewRing(dims[0]))
	}
	if len(dims) == 1 {
		return host(NewLine(dims[0]))
	}
	return host(NewGrid(dims, wrap))
}

// host turns a constructor's result into a Host that is nil on error.
func host(l *Lattice, err error) (Host, error) {
	if err != nil {
		return nil, err
	}
	return l, nil
}

// ParseCubeDim parses a hypercube dimension in [1, maxD].
func ParseCubeDim(s string, maxD int) (int, error) {
	d, err := strconv.Atoi(s)
	if err != nil || s != strconv.Itoa(d) {
		return 0, fmt.Errorf("dimension %.20q is not a number", s)
	}
	if d < 1 || d > maxD {
		return 0, fmt.Errorf("dimension %d out of [1, %d]", d, maxD)
	}
	return d, nil
}

// ParseSizes parses "A" or "AxBx..." (at most 8 sizes) with each size ≥ 1
// and the product at most limit (of what, for the message). It allocates
// nothing before the count of parts is bounded.
func ParseSizes(s string, limit int, what string) ([]int, error) {
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
