package topology

import (
	"fmt"
	"strings"

	"topomap/algorithms/internal/dims"
)

// The registered host kinds, in the order messages list them. A new kind
// is a file with its type and parser plus one line here.
func init() {
	Register(KindSpec{"line", "line:K", parseLine, []string{"line:1", "line:7", "line:1000"}, false})
	Register(KindSpec{"ring", "ring:K", parseRing, []string{"ring:2", "ring:7", "ring:1024"}, false})
	Register(KindSpec{"mesh", "mesh:AxB[x...]", parseMesh, []string{"mesh:5x4", "mesh:3x1x4", "mesh:8x4:wrap=10", "mesh:64x48x3"}, true})
	Register(KindSpec{"torus", "torus:AxB[x...]", parseTorus, []string{"torus:2x3", "torus:5x4x3", "torus:64x33"}, true})
	Register(KindSpec{"hypercube", "hypercube:D", parseHypercube, []string{"hypercube:1", "hypercube:5", "hypercube:12"}, false})
	Register(KindSpec{"fattree", "fattree:K,N", parseFatTree, []string{"fattree:2,1", "fattree:3,2", "fattree:2,4", "fattree:4,3", "fattree:2,3:cores=3", "fattree:16,3"}, false})
	Register(KindSpec{"dragonfly", "dragonfly:A,P,H,G", parseDragonfly, []string{"dragonfly:1,1,1,1", "dragonfly:2,1,1,3", "dragonfly:4,2,2,9", "dragonfly:3,2,2,5", "dragonfly:2,2,1,3:cores=2", "dragonfly:8,4,4,33"}, false})
	Register(KindSpec{"tree", "tree:S1xS2x…:dist=D1,D2,…", parseTree, []string{"tree:4x4:dist=1,10", "tree:5:dist=3", "tree:2x3x2:dist=2,4,6", "tree:3x2:dist=2,4:cores=2", "tree:2x2x3:dist=1,1,7", "tree:16x16:dist=2,4"}, true})
}

func parseHypercube(args string) (Host, error) {
	d, err := dims.ParseCubeDim(args, MaxCubeDim)
	if err != nil {
		return nil, err
	}
	return host(NewHypercube(d))
}

func parseLine(args string) (Host, error) { return parseOneSize("line", args, NewLine) }
func parseRing(args string) (Host, error) { return parseOneSize("ring", args, NewRing) }

func parseOneSize(kind, args string, build func(int) (*Lattice, error)) (Host, error) {
	ks, err := dims.ParseSizes(args, MaxNodes, "nodes")
	if err != nil {
		return nil, err
	}
	if len(ks) != 1 {
		return nil, fmt.Errorf("a %s has one size", kind)
	}
	return host(build(ks[0]))
}

func parseMesh(args string) (Host, error)  { return parseBox(args, false) }
func parseTorus(args string) (Host, error) { return parseBox(args, true) }

// parseBox parses "AxB[x...]" with an optional ":wrap=B1B2..." (one 0/1
// digit per axis, first axis first) that overrides the kind's wrap-around.
// One axis gives a line or ring; the kind follows the wrap flags.
func parseBox(args string, torus bool) (Host, error) {
	sizes, opt, hasOpt := strings.Cut(args, ":")
	ks, err := dims.ParseSizes(sizes, MaxNodes, "nodes")
	if err != nil {
		return nil, err
	}
	wrap := make([]bool, len(ks))
	for i := range wrap {
		wrap[i] = torus
	}
	if hasOpt {
		flags, ok := strings.CutPrefix(opt, "wrap=")
		if !ok || len(flags) != len(ks) || strings.Trim(flags, "01") != "" {
			return nil, fmt.Errorf("option %.20q: want wrap= and one 0/1 digit per dimension (%d)", opt, len(ks))
		}
		for i := range wrap {
			wrap[i] = flags[i] == '1'
		}
	}
	if len(ks) == 1 && wrap[0] {
		return host(NewRing(ks[0]))
	}
	if len(ks) == 1 {
		return host(NewLine(ks[0]))
	}
	return host(NewGrid(ks, wrap))
}

// host turns a constructor's result into a Host that is nil on error.
func host(l *Lattice, err error) (Host, error) {
	if err != nil {
		return nil, err
	}
	return l, nil
}
