package solve_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// plainHost hides the Grid capability of a lattice, as a host kind
// without coordinates would have none.
type plainHost struct{ topology.Host }

// TestPairsAnyHost: PAIRS maps onto hosts larger than the guest (the
// other nodes stay empty, and the heuristics that allow a larger host
// are its starts) and onto hosts without grid coordinates, never worse
// than its starts, the same way for the same seed.
func TestPairsAnyHost(t *testing.T) {
	g, _ := parse(t, "grid:6x5", "mesh:10x3")
	tests := []struct {
		name   string
		host   topology.Host
		starts []string // at least these
	}{
		{"larger mesh", must(topology.NewMesh(10, 4)), []string{"step"}},
		{"larger torus", must(topology.NewTorus(8, 8)), []string{"step"}},
		{"plain mesh", plainHost{must(topology.NewMesh(10, 3))}, nil},
		{"larger plain torus", plainHost{must(topology.NewTorus(4, 9))}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := spec.Instance{Guest: g, Host: tt.host, Algo: "pairs", Seed: 5}
			r, err := solve.Map(context.Background(), in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Pairs.Starts) == 0 {
				t.Error("no start")
			}
			for _, s := range tt.starts {
				if !slices.Contains(r.Pairs.Starts, s) {
					t.Errorf("starts %v, want %s among them", r.Pairs.Starts, s)
				}
			}
			if !r.Pairs.Converged {
				t.Error("not converged")
			}
			for _, a := range solve.Starts(g, tt.host) {
				s, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: tt.host, Algo: a.Name}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if r.Metrics.HopBytes > s.Metrics.HopBytes {
					t.Errorf("pairs %v worse than its start %s %v", r.Metrics.HopBytes, a.Name, s.Metrics.HopBytes)
				}
			}
			again, err := solve.Map(context.Background(), in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(again.Mapping.Place, r.Mapping.Place) {
				t.Error("same seed, another placement")
			}
		})
	}
}

// TestCongestionNeedsRouting: the congestion objective on a host without
// a routing rule is refused under the objective field, with a message
// naming the host; a heuristic, which minimises nothing, ignores it.
func TestCongestionNeedsRouting(t *testing.T) {
	g, _ := parse(t, "grid:6x5", "mesh:10x3")
	h := plainHost{must(topology.NewMesh(10, 3))}
	_, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Objective: spec.ObjectiveCongestion}, nil)
	if spec.FieldOf(err) != "objective" || !strings.Contains(err.Error(), "mesh:10x3 has no routing rule") {
		t.Fatalf("got %v (field %q), want a refusal under objective naming the host", err, spec.FieldOf(err))
	}
	if _, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h.Host, Algo: "rowmajor", Objective: spec.ObjectiveCongestion}, nil); err != nil {
		t.Fatalf("rowmajor with an objective: %v", err)
	}
}
