package graphmap_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestMappersReportTheirShareDone: with a report in their context, the
// mappers report the share of their work done while they work, never
// going back, ending at 1, and map as they do without one.
func TestMappersReportTheirShareDone(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 0))
	g2048, g1000 := randomGraph(r, 2048), randomGraph(r, 1000)
	for _, tc := range []struct {
		name string
		f    func(context.Context, *guest.Graph, topology.Host) ([]int, error)
		g    *guest.Graph
		host string
	}{
		{"rb", graphmap.Bipartition, g2048, "torus:16x16x8"},
		{"rb onto a larger host", graphmap.Bipartition, g1000, "mesh:40x40"},
		{"rb with cores", graphmap.Bipartition, g1000, "fattree:8,3:cores=4"},
		{"multisection", graphmap.Multisection, g2048, "fattree:16,3"},
		{"multisection with cores", graphmap.Multisection, g1000, "fattree:8,3:cores=8"},
		{"greedy", graphmap.Greedy, randomGraph(r, 8192), "torus:32x16x16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := must(topology.Parse(tc.host))
			var got []float64
			ctx := graphmap.WithProgress(context.Background(), func(done float64) { got = append(got, done) })
			place := must(tc.f(ctx, tc.g, h))
			if len(got) < 10 || got[len(got)-1] != 1 {
				t.Fatalf("%d reports ending %v, want at least 10 ending at 1", len(got), got[len(got)-1:])
			}
			for i, f := range got {
				if f <= 0 || f > 1 || i > 0 && f < got[i-1] {
					t.Fatalf("report %d is %v after %v: want (0, 1], never going back", i, f, got[max(0, i-1)])
				}
			}
			if plain := must(tc.f(context.Background(), tc.g, h)); !slices.Equal(place, plain) {
				t.Error("the placement differs from that of a run without a report")
			}
		})
	}
}
