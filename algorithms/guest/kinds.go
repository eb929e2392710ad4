package guest

import (
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/dims"
)

// The registered guest kinds, in the order messages list them. A new kind
// is a file with its constructor and parser plus one line here.
func init() {
	Register(KindSpec{Hypercube, "hypercube", "hypercube:D", parseHypercube, hypercubeArgs,
		func(s Spec) int { return 1 << s.Dims[0] },
		func(s Spec) (*Graph, error) { return NewHypercube(s.Dims[0]) },
		[]string{"hypercube:1", "hypercube:4"}})
	Register(KindSpec{Grid, "grid", "grid:AxB[xC][:wrap]", parseGrid, gridArgs,
		func(s Spec) int { return dims.Product(s.Dims) },
		func(s Spec) (*Graph, error) { return NewGrid(s.Dims, s.Wrap) },
		[]string{"grid:9x8", "grid:1x5", "grid:4x3x2:wrap", "grid:2x2:wrap"}})
}

func parseHypercube(args string) (Spec, error) {
	d, err := dims.ParseCubeDim(args, MaxCubeDim)
	if err != nil {
		return Spec{}, err
	}
	return Spec{Kind: Hypercube, Dims: []int{d}}, nil
}

func hypercubeArgs(s Spec) string { return strconv.Itoa(s.Dims[0]) }

// parseGrid parses "AxB" or "AxBxC" with an optional ":wrap" (periodic).
func parseGrid(args string) (Spec, error) {
	sizes, opt, _ := strings.Cut(args, ":")
	ks, err := dims.ParseSizes(sizes, MaxVertices, "objects")
	if err != nil {
		return Spec{}, err
	}
	if len(ks) != 2 && len(ks) != 3 {
		return Spec{}, fmt.Errorf("a grid has 2 or 3 dimensions, got %d", len(ks))
	}
	s := Spec{Kind: Grid, Dims: ks}
	switch opt {
	case "":
	case "wrap":
		s.Wrap = true
	default:
		return Spec{}, fmt.Errorf("unknown option %.20q (want \"wrap\")", opt)
	}
	if a := GridArcs(ks, s.Wrap); a > MaxArcs {
		return Spec{}, fmt.Errorf("%d stencil arcs, more than %d", a, MaxArcs)
	}
	return s, nil
}

func gridArgs(s Spec) string {
	if s.Wrap {
		return dims.Join(s.Dims) + ":wrap"
	}
	return dims.Join(s.Dims)
}
