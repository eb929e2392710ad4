package solve_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCompare: one entry per applicable algorithm, in listing order, each
// with the metrics solve.Map gives; AFFN has its oracle value.
func TestCompare(t *testing.T) {
	g, h := parse(t, "grid:9x8", "mesh:6x12")
	var done []string
	entries, err := solve.Compare(context.Background(), spec.Instance{Guest: g, Host: h, Seed: 1}, solve.CompareOptions{Done: func(e solve.Entry, i, total int) {
		done = append(done, fmt.Sprintf("%d/%d %s", i+1, total, e.Algo))
	}})
	if err != nil {
		t.Fatal(err)
	}
	algos := solve.Applicable(g, h)
	if len(entries) != len(algos) || len(done) != len(algos) {
		t.Fatalf("%d entries, %d done calls for %d algorithms", len(entries), len(done), len(algos))
	}
	for i, e := range entries {
		if e.Algo != algos[i].Name || e.Error != "" || e.Metrics == nil || e.Seconds < 0 {
			t.Fatalf("entry %d: %+v", i, e)
		}
		r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: e.Algo, Seed: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Metrics.HopBytes != e.Metrics.HopBytes || r.Metrics.MaxDilation != e.Metrics.MaxDilation {
			t.Errorf("%s: compare %v / %d, map %v / %d", e.Algo, e.Metrics.HopBytes, e.Metrics.MaxDilation, r.Metrics.HopBytes, r.Metrics.MaxDilation)
		}
		// AFFN on 9x8 → 6x12: 194/127 = 1.5276, max dilation 3 (gridmap's
		// reference figures).
		if e.Algo == "affn" && (math.Abs(e.Metrics.HopsPerByte-194.0/127) > 1e-12 || e.Metrics.MaxDilation != 3) {
			t.Errorf("affn: %v / %d, want 1.5276 / 3", e.Metrics.HopsPerByte, e.Metrics.MaxDilation)
		}
	}
	if done[len(done)-1] != fmt.Sprintf("%d/%d pairs-uniform", len(algos), len(algos)) {
		t.Errorf("last done call %q", done[len(done)-1])
	}
}

func TestCompareErrors(t *testing.T) {
	tests := []struct {
		name, guest, host string
		start             string
		field             string
	}{
		{"nothing applies", "grid:3x3", "mesh:2x2", "", "host"},
		{"unknown start", "grid:9x8", "mesh:6x12", "nosuch", "start"},
		{"start does not apply", "grid:9x8", "mesh:6x12", "xor", "start"},
		{"start needs a larger host", "grid:9x8", "mesh:6x12", "step", "start"},
	}
	for _, tt := range tests {
		g, h := parse(t, tt.guest, tt.host)
		if _, err := solve.Compare(context.Background(), spec.Instance{Guest: g, Host: h, Start: tt.start}, solve.CompareOptions{}); spec.FieldOf(err) != tt.field {
			t.Errorf("%s: got %v, want an error on field %q", tt.name, err, tt.field)
		}
	}
	// nothing applies for their sizes: the error says so, as map's would
	g, h := parse(t, "grid:3x3", "mesh:2x2")
	want := "host mesh:2x2 has 4 nodes, fewer than the 9 vertices of guest grid:3x3"
	if _, err := solve.Compare(context.Background(), spec.Instance{Guest: g, Host: h}, solve.CompareOptions{}); !errors.Is(err, solve.ErrSizes) || err.Error() != want {
		t.Errorf("nothing applies: got %v, want %q", err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, h = parse(t, "grid:9x8", "mesh:6x12")
	if _, err := solve.Compare(ctx, spec.Instance{Guest: g, Host: h}, solve.CompareOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: got %v", err)
	}
}

func TestBounds(t *testing.T) {
	g, h := parse(t, "grid:9x8", "mesh:6x12")
	bs, err := solve.Bounds(g, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) == 0 || bs[0].Scope != metric.AllMappings || bs[0].Value < 1 {
		t.Fatalf("bounds %+v", bs)
	}
	for _, b := range bs {
		if strings.TrimSpace(b.Name) == "" {
			t.Errorf("unnamed bound %+v", b)
		}
	}
}

// Compare every algorithm that maps a 6×5 object grid onto a 10×3 mesh
// (the thesis's Figure 9.5 configuration).
func ExampleCompare() {
	g, _ := spec.ParseGuest("grid:6x5")
	h, _ := spec.ParseHost("mesh:10x3")
	entries, err := solve.Compare(context.Background(), spec.Instance{Guest: g, Host: h, Seed: 1}, solve.CompareOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range entries {
		fmt.Printf("%-13s %.4f %d\n", e.Algo, e.Metrics.HopsPerByte, e.Metrics.MaxDilation)
	}
	// Output:
	// rowmajor      3.5714 10
	// snake         2.8776 9
	// mxovlp        1.7551 8
	// mxoval        1.7551 8
	// exco          1.7143 3
	// coce          1.9388 5
	// affn          1.5918 3
	// step          1.4898 2
	// bisect        1.6122 3
	// fold          1.4082 5
	// rb            1.5714 3
	// greedy        2.7959 11
	// identity      3.5714 10
	// block         3.5714 10
	// cyclic        3.5714 10
	// pairs         1.4082 3
	// pairs-uniform 1.4082 3
}

// The lower bounds shown under a comparison of 9×8 objects on a 6×12 mesh:
// only the first holds for every mapping.
func ExampleBounds() {
	g, _ := spec.ParseGuest("grid:9x8")
	h, _ := spec.ParseHost("mesh:6x12")
	bounds, err := solve.Bounds(g, h)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range bounds {
		fmt.Printf("%s %.4f (%s)\n", b.Name, b.Value, b.Scope)
	}
	// Output:
	// neighbourhood 1.0000 (all mappings)
	// affine 2.1667 (estimate, not a bound)
}
