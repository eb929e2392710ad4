package guest

import (
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/dims"
	"topomap/algorithms/internal/numtext"
)

// The registered guest kinds, in the order messages list them. A new kind
// is a file with its constructor and parser plus one line here.
func init() {
	Register(KindSpec{Kind: Hypercube, Name: "hypercube", Form: "hypercube:D", Parse: parseHypercube, Args: hypercubeArgs,
		Order:      func(s Spec) int { return 1 << s.Dims[0] },
		Build:      func(s Spec) (*Graph, error) { return NewHypercube(s.Dims[0]) },
		Examples:   []string{"hypercube:1", "hypercube:4"},
		Dimensions: func(s Spec) int { return s.Dims[0] },
		Diameter:   func(s Spec) int { return s.Dims[0] },
		Bandwidth:  cubeBandwidth,
		Bipartite:  func(Spec) bool { return true }, // two vertices one bit apart differ in parity
		Words: Words{Label: "dimension", Step: "dimensions", ByLabel: true,
			Vertex: func(c string) string { return "bits " + c + ", bit 0 first" }}})
	Register(KindSpec{Kind: Grid, Name: "grid", Form: "grid:AxB[xC][:wrap]", Parse: parseGrid, Args: gridArgs,
		Order:      func(s Spec) int { return dims.Product(s.Dims) },
		Build:      func(s Spec) (*Graph, error) { return NewGrid(s.Dims, s.Wrap) },
		Examples:   []string{"grid:9x8", "grid:1x5", "grid:4x3x2:wrap", "grid:2x2:wrap"},
		Dimensions: func(s Spec) int { return len(s.Dims) },
		Diameter:   gridDiameter,
		Bandwidth:  gridBandwidth,
		Bipartite:  gridBipartite,
		Words:      Words{Label: "axis", Step: "rows", Vertex: func(c string) string { return "object " + c }}})
	Register(KindSpec{Kind: Custom, Name: "graph", Form: "graph:ID", Parse: parseWeighted, Args: func(s Spec) string { return s.ID },
		Order: weightedOrder, Build: buildWeighted, External: true})
}

// cubeBandwidth is the d-cube's bandwidth, Σ_{k<d} C(k, ⌊k/2⌋) (Harper
// 1966).
func cubeBandwidth(s Spec) int {
	sum, c := 0, 1 // c = C(k, ⌊k/2⌋)
	for k := range s.Dims[0] {
		sum += c
		// C(k+1, ⌊(k+1)/2⌋) from C(k, ⌊k/2⌋): ×(k+1)/(k/2+1) from an
		// even k, ×2 from an odd one
		if k%2 == 0 {
			c = c * (k + 1) / (k/2 + 1)
		} else {
			c *= 2
		}
	}
	return sum
}

// gridBandwidth is a 2-D grid's bandwidth, its shorter side; 0 (not
// known here) for 3-D or periodic grids.
func gridBandwidth(s Spec) int {
	if len(s.Dims) == 2 && !s.Wrap {
		return min(s.Dims[0], s.Dims[1])
	}
	return 0
}

// gridBipartite: the parity of the coordinates' sum colours a grid's
// vertices in two unless a ring of odd length (3 or more) closes one of
// its axes.
func gridBipartite(s Spec) bool {
	for _, k := range s.Dims {
		if s.Wrap && k >= 3 && k%2 == 1 {
			return false
		}
	}
	return true
}

// gridDiameter: the sum of the axes' diameters (k-1, or k/2 around a ring).
func gridDiameter(s Spec) int {
	d := 0
	for _, k := range s.Dims {
		if s.Wrap {
			d += k / 2
		} else {
			d += k - 1
		}
	}
	return d
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
		return Spec{}, fmt.Errorf("%s stencil arcs, more than %s", numtext.Count(a), numtext.Count(MaxArcs))
	}
	return s, nil
}

func gridArgs(s Spec) string {
	if s.Wrap {
		return dims.Join(s.Dims) + ":wrap"
	}
	return dims.Join(s.Dims)
}
