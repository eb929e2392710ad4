package solve_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

var cubeAlgos = []string{"identity", "standard", "byweight", "gray", "xor"}

func TestEmbeddingsRegistered(t *testing.T) {
	for _, name := range cubeAlgos {
		a, ok := solve.Lookup(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		n := a.Notes
		if n.Title == "" || !strings.Contains(n.Source, "§") || n.Complexity == "" || n.Summary == "" || a.Guests == "" || a.Hosts == "" {
			t.Errorf("%s: incomplete notes %+v, guests %q, hosts %q", name, n, a.Guests, a.Hosts)
		}
		if !slices.Contains([]string{"V", "R", "V-num", "P"}, n.Confidence) {
			t.Errorf("%s: confidence %q", name, n.Confidence)
		}
	}
	// ALGORITHMS.md A.4: the Gray stand-in for Ma & Tao is our proposal.
	if a, _ := solve.Lookup("gray"); a.Notes.Confidence != "P" || !strings.Contains(a.Notes.Summary, "Ma & Tao") {
		t.Errorf("gray notes %+v must say confidence P and name Ma & Tao", a.Notes)
	}
}

func parse(t *testing.T, g, h string) (spec.Guest, spec.Host) {
	t.Helper()
	gg, err := spec.ParseGuest(g)
	if err != nil {
		t.Fatal(err)
	}
	hh, err := spec.ParseHost(h)
	if err != nil {
		t.Fatal(err)
	}
	return gg, hh
}

func TestEmbeddingsApplies(t *testing.T) {
	tests := []struct {
		algo, guest, host string
		want              string // "" = applies
	}{
		{"identity", "hypercube:4", "hypercube:4", ""},
		{"identity", "hypercube:4", "ring:16", "identity needs a hypercube host, not ring:16"},
		{"standard", "hypercube:4", "mesh:4x4", ""},
		{"standard", "hypercube:4", "mesh:4x4:wrap=10", ""},
		{"standard", "grid:4x4", "mesh:4x4", "standard needs a hypercube guest, not grid:4x4"},
		{"standard", "hypercube:3", "hypercube:3", "standard needs a line, ring, mesh or torus, not a hypercube (use identity)"},
		{"byweight", "hypercube:3", "line:8", ""},
		{"byweight", "hypercube:3", "ring:8", ""},
		{"byweight", "hypercube:5", "mesh:8x4", "byweight onto a 2-dimensional mesh (Lai & Sprague) is not specified"},
		{"gray", "hypercube:6", "torus:8x4x2", ""},
		{"xor", "hypercube:4", "ring:16", ""},
		{"xor", "hypercube:6", "torus:16x4", ""},
		{"xor", "hypercube:4", "line:16", "xor needs a ring or torus whose sides are powers of two, not line:16"},
		{"xor", "hypercube:4", "mesh:4x4", "xor needs a ring or torus whose sides are powers of two"},
	}
	for _, tt := range tests {
		t.Run(tt.algo+" "+tt.guest+" on "+tt.host, func(t *testing.T) {
			a, _ := solve.Lookup(tt.algo)
			g, h := parse(t, tt.guest, tt.host)
			err := a.Applies(g, h)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("does not apply: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("err = %v, want %q", err, tt.want)
			case tt.want != "" && strings.Contains(err.Error(), "not applicable:"):
				t.Errorf("err %q repeats the package prefix", err)
			}
			if tt.want != "" && g.Kind == guest.Hypercube && !errors.Is(err, embedding.ErrNotApplicable) {
				t.Errorf("err %v does not wrap embedding.ErrNotApplicable", err)
			}
		})
	}
}

func TestEmbeddingsMap(t *testing.T) {
	tests := []struct {
		algo, host string
		avg        float64 // D_a; 0: not constant-distance
	}{
		{"identity", "hypercube:4", 1},
		{"standard", "ring:16", 15.0 / 4}, // A.2: (2^d - 1)/d
		{"xor", "ring:16", 11.0 / 4},      // A.5: (3·2^(d-2) - 1)/d
		{"gray", "ring:16", 0},            // A.4: not constant-distance
		{"byweight", "line:16", 0},        // A.3: not constant-distance
	}
	for _, tt := range tests {
		t.Run(tt.algo, func(t *testing.T) {
			g, h := parse(t, "hypercube:4", tt.host)
			r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: tt.algo}, nil)
			if err != nil {
				t.Fatal(err)
			}
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
	if err == nil || !strings.Contains(err.Error(), "solve: xor does not apply to hypercube:4 on line:16: xor needs a ring or torus") {
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
	if slices.Contains(names, "identity") {
		t.Errorf("identity listed as applicable to a ring")
	}
}

// The Xor embedding through the registry: why it does not apply to a line,
// and its average distance on a ring ([XOR] §3: D_a = 11/4 for d = 4).
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
