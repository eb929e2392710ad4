package solve_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/gridmap"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

var gridAlgos = []string{"rowmajor", "snake", "mxovlp", "mxoval", "exco", "coce", "affn", "step", "bisect", "stack", "fold", "sfc", "affn3d"}

// gridApplies is the grid heuristics' table for TestApplies.
var gridApplies = []appliesCase{
	{"affn", "grid:9x8", "mesh:6x12", "", nil},
	{"affn", "grid:9x8:wrap", "torus:6x12", "", nil},
	{"mxovlp", "grid:8x4", "mesh:4x8:wrap=10", "", nil},
	{"exco", "hypercube:6", "mesh:8x8", "needs an object grid guest (grid:AxB or grid:AxBxC), not hypercube:6", nil},
	{"coce", "grid:8x8", "hypercube:6", "needs a mesh or torus host of 2 or 3 dimensions, not hypercube:6", nil},
	{"coce", "grid:8x8", "ring:64", "needs a mesh or torus host of 2 or 3 dimensions, not ring:64", nil},
	{"mxoval", "grid:4x4x4", "mesh:8x8", "needs a 2-D object grid, not a 3-D one", nil},
	{"affn", "grid:8x8", "mesh:4x4x4", "needs a 2-D host, not a 3-D one", nil},
	{"affn3d", "grid:8x8x8", "torus:16x8x4", "", nil},
	{"affn3d", "grid:16x32", "mesh:8x8x8", "needs a 3-D object grid, not a 2-D one", nil},
	{"stack", "grid:32x8", "mesh:8x8x4", "", nil},
	{"fold", "grid:8x32", "torus:8x4x8", "", nil},
	{"stack", "grid:10x6", "mesh:5x4x3", "stacking cuts the longer object side 10 into 3 subgrids (the smallest host side), and 10 is not a multiple of 3", gridmap.ErrShape},
	{"fold", "grid:8x8", "mesh:8x8", "", nil},
	{"fold", "grid:32x32x32", "mesh:64x32x16", "", nil},
	{"fold", "grid:9x8", "mesh:6x12", "folding needs the sides of 9x8 to be those of 6x12 up to order, except one object side k times a host side and one host side k times an object side, or two such folds in a row that add at most one hop per object", gridmap.ErrShape},
	{"fold", "grid:4x4x4", "mesh:8x8", "folding needs a host of at least the grid's 3 axes, not 2", gridmap.ErrShape},
	{"sfc", "grid:15x9", "mesh:5x3x9", "", nil},
	{"sfc", "grid:4x4x4", "mesh:8x8", "needs a 2-D object grid, not a 3-D one", nil},
	{"rowmajor", "grid:8x8", "torus:4x4x4", "", nil},
	{"snake", "grid:4x4x4", "mesh:8x8", "", nil},
	{"snake", "grid:8x8", "line:64", "needs a mesh or torus host of 2 or 3 dimensions, not line:64", nil},
	{"step", "grid:6x5", "mesh:10x3", "", nil},
	{"step", "grid:9x8", "mesh:6x12", "", nil},
	{"step", "grid:9x8", "mesh:12x6", "", nil},
	{"step", "grid:2x512", "torus:7x147", "", nil},
	{"step", "grid:9x8", "mesh:16x12", "", nil},
	{"affn", "grid:9x8", "mesh:6x13", "needs as many processors as objects, not 78 for 72", nil},
	{"sfc", "grid:8x8", "torus:4x4x2", "needs as many processors as objects, not 32 for 64", nil},
	{"step", "grid:9x8", "mesh:6x11", "needs at least as many processors as objects, not 66 for 72", nil},
	{"bisect", "grid:96x50", "mesh:75x64", "", nil},
	{"bisect", "grid:8x8x8", "torus:16x8x4", "", nil},
	{"bisect", "grid:32x8", "mesh:8x8x4", "needs a host of the grid's 2 dimensions, not 3", nil},
	{"bisect", "grid:9x8", "mesh:6x13", "needs as many processors as objects, not 78 for 72", nil},
}

// TestGridsCheck: sizes are the registry's business; a larger host is
// refused except for step, and the reasons reach the field error.
func TestGridsCheck(t *testing.T) {
	tests := []struct {
		algo, guest, host, want string
	}{
		{"affn", "grid:9x8", "mesh:6x13", "sizes differ: guest grid:9x8 has 72 vertices, host mesh:6x13 has 78 nodes"},
		{"stack", "grid:10x6", "mesh:5x4x3", "stack does not apply to grid:10x6 on mesh:5x4x3: stacking cuts the longer object side 10"},
		{"step", "grid:9x8", "mesh:16x12", ""},
	}
	for _, tt := range tests {
		g, h := parse(t, tt.guest, tt.host)
		_, err := solve.Check(spec.Instance{Guest: g, Host: h, Algo: tt.algo})
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s %s on %s: %v", tt.algo, tt.guest, tt.host, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s %s on %s: got %v, want prefix %q", tt.algo, tt.guest, tt.host, err, tt.want)
		}
		if tt.algo == "stack" && !errors.Is(err, gridmap.ErrShape) {
			t.Errorf("stack: error %v does not wrap gridmap.ErrShape", err)
		}
	}
}

// TestGridsMap runs every grid heuristic through solve.Map and checks the
// reference figures of package gridmap's doc as seen by the CLI and the
// API.
func TestGridsMap(t *testing.T) {
	tests := []struct {
		algo, guest, host string
		hpb               float64 // -1: only check that it maps
		dil               int
	}{
		{"mxovlp", "grid:6x5", "mesh:10x3", 1.7551, 8},   // reference table
		{"mxoval", "grid:8x4", "mesh:4x8", 1, 1},         // a pure transpose
		{"exco", "grid:9x8", "mesh:6x12", 1.7165, 5},     // reference table
		{"coce", "grid:27x44", "mesh:36x33", 2.2837, 34}, // reference table
		{"affn", "grid:9x8", "mesh:6x12", 1.5276, 3},     // 194/127
		{"stack", "grid:32x8", "mesh:8x8x4", 640.0 / 472, 8},
		{"fold", "grid:32x8", "mesh:8x8x4", 1, 1},          // reference table
		{"sfc", "grid:48x16", "mesh:12x8x8", 1.9918, 11},   // reference table
		{"affn3d", "grid:16x8x4", "mesh:8x8x8", 1.4634, 2}, // reference table
		{"rowmajor", "grid:16x16", "mesh:16x16", 1, 1},
		{"snake", "grid:8x8x8", "torus:8x8x8", 1, 1},
		{"step", "grid:9x8", "mesh:16x12", -1, 0},
		{"affn", "grid:9x8:wrap", "torus:6x12", -1, 0},
		{"coce", "grid:20x10", "mesh:25x8:wrap=01", -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.algo+" "+tt.guest+" on "+tt.host, func(t *testing.T) {
			r := mustMap(t, tt.algo, tt.guest, tt.host)
			if tt.hpb < 0 {
				return
			}
			if m := r.Metrics; math.Abs(m.HopsPerByte-tt.hpb) > 5e-5 || m.MaxDilation != tt.dil {
				t.Errorf("got %.4f / %d, want %.4f / %d", m.HopsPerByte, m.MaxDilation, tt.hpb, tt.dil)
			}
		})
	}
}

// TestGridsApplicable: the registry offers the grid heuristics that fit.
func TestGridsApplicable(t *testing.T) {
	names := func(g, h string) []string {
		gg, hh := parse(t, g, h)
		var out []string
		for _, a := range solve.Applicable(gg, hh) {
			if slices.Contains(gridAlgos, a.Name) {
				out = append(out, a.Name)
			}
		}
		return out
	}
	tests := []struct {
		guest, host string
		want        []string
	}{
		{"grid:9x8", "mesh:6x12", []string{"rowmajor", "snake", "mxovlp", "mxoval", "exco", "coce", "affn", "step", "bisect"}},
		{"grid:6x5", "torus:10x3", []string{"rowmajor", "snake", "mxovlp", "mxoval", "exco", "coce", "affn", "step", "bisect", "fold"}},
		{"grid:32x8", "mesh:8x8x4", []string{"rowmajor", "snake", "stack", "fold", "sfc"}},
		{"grid:10x6", "mesh:5x4x3", []string{"rowmajor", "snake", "fold", "sfc"}},
		{"grid:8x8x8", "mesh:16x8x4", []string{"rowmajor", "snake", "bisect", "fold", "affn3d"}},
		{"grid:9x8", "mesh:16x12", []string{"step"}},
	}
	for _, tt := range tests {
		if got := names(tt.guest, tt.host); !slices.Equal(got, tt.want) {
			t.Errorf("%s on %s: got %v, want %v", tt.guest, tt.host, got, tt.want)
		}
	}
}

// TestGridsCanceled: a canceled context stops a grid heuristic.
func TestGridsCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, h := parse(t, "grid:9x8", "mesh:6x12")
	if _, err := solve.Map(ctx, spec.Instance{Guest: g, Host: h, Algo: "affn"}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
