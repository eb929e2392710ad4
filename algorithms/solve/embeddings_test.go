package solve_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

var cubeAlgos = []string{"identity", "standard", "byweight", "gray", "xor"}

// cubeApplies is the embeddings' table for TestApplies.
var cubeApplies = []appliesCase{
	{"identity", "hypercube:4", "hypercube:4", "", nil},
	{"identity", "hypercube:4", "ring:16", "", nil}, // rank order applies everywhere
	{"standard", "hypercube:4", "mesh:4x4", "", nil},
	{"standard", "hypercube:4", "mesh:4x4:wrap=10", "", nil},
	{"standard", "grid:4x4", "mesh:4x4", "standard needs a hypercube guest, not grid:4x4", nil},
	{"standard", "hypercube:3", "hypercube:3", "standard needs a line, ring, mesh or torus, not a hypercube (use identity)", embedding.ErrNotApplicable},
	{"byweight", "hypercube:3", "line:8", "", nil},
	{"byweight", "hypercube:3", "ring:8", "", nil},
	{"byweight", "hypercube:5", "mesh:8x4", "byweight onto a 2-dimensional mesh (Lai & Sprague) is not specified: the paper's figure is unreadable; use a line or ring", embedding.ErrNotApplicable},
	{"gray", "hypercube:6", "torus:8x4x2", "", nil},
	{"xor", "hypercube:4", "ring:16", "", nil},
	{"xor", "hypercube:6", "torus:16x4", "", nil},
	{"xor", "hypercube:4", "line:16", "xor needs a ring or torus whose sides are powers of two, not line:16", embedding.ErrNotApplicable},
	{"xor", "hypercube:4", "mesh:4x4", "xor needs a ring or torus whose sides are powers of two, not mesh:4x4", embedding.ErrNotApplicable},
}

func TestEmbeddingsMap(t *testing.T) {
	tests := []struct {
		algo, host string
		avg        float64 // D_a; 0: not constant-distance
	}{
		{"identity", "hypercube:4", 1},
		{"standard", "ring:16", 15.0 / 4}, // (2^d - 1)/d: package embedding's doc
		{"xor", "ring:16", 11.0 / 4},      // (3·2^(d-2) - 1)/d
		{"gray", "ring:16", 0},            // not constant-distance
		{"byweight", "line:16", 0},        // not constant-distance
	}
	for _, tt := range tests {
		t.Run(tt.algo, func(t *testing.T) {
			r := mustMap(t, tt.algo, "hypercube:4", tt.host)
			got := 0.0
			if r.Metrics.AvgDistance != nil {
				got = *r.Metrics.AvgDistance
			}
			if got != tt.avg {
				t.Errorf("D_a = %v, want %v", got, tt.avg)
			}
		})
	}
	g, h := parse(t, "hypercube:4", "line:16")
	_, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "xor"}, nil)
	if err == nil || !strings.Contains(err.Error(), "xor does not apply to hypercube:4 on line:16: xor needs a ring or torus") {
		t.Errorf("err = %v", err)
	}
}

func TestEmbeddingsApplicable(t *testing.T) {
	g, h := parse(t, "hypercube:4", "ring:16")
	var names []string
	for _, a := range solve.Applicable(g, h) {
		names = append(names, a.Name)
	}
	for _, want := range []string{"standard", "byweight", "gray", "xor"} {
		if !slices.Contains(names, want) {
			t.Errorf("applicable to hypercube:4 on ring:16: %v, missing %s", names, want)
		}
	}
	// rank order applies too, as a baseline listed after the embeddings
	if i := slices.Index(names, "identity"); i < slices.Index(names, "xor") {
		t.Errorf("applicable to hypercube:4 on ring:16: %v, want identity after the embeddings", names)
	}
}

// The Xor embedding through the registry: why it does not apply to a line,
// and its average distance on a ring (González & Valero-García §3: D_a =
// 11/4 for d = 4).
func ExampleMap_xor() {
	a, _ := solve.Lookup("xor")
	g, _ := spec.ParseGuest("hypercube:4")
	line, _ := spec.ParseHost("line:16")
	fmt.Println(a.Applies(g, line))
	ring, _ := spec.ParseHost("ring:16")
	r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: ring, Algo: "xor"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Mapping.Place, *r.Metrics.AvgDistance)
	// Output:
	// xor needs a ring or torus whose sides are powers of two, not line:16
	// [0 1 2 3 4 5 6 7 12 13 14 15 8 9 10 11] 2.75
}
