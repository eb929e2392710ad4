package solve

import (
	"context"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestExhaustiveSearchStopsWhenCancelled: once its context ends, an
// exhaustive search returns from every call at once (it went on but for
// one call in 4,096), with the context's error: 9 objects on 9 slots,
// 362,880 placements, end after the first check.
func TestExhaustiveSearchStopsWhenCancelled(t *testing.T) {
	g, err := guest.Spec{Kind: guest.Grid, Dims: []int{3, 3}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	h, err := topology.Parse("torus:3x3")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := newBranch(&Problem{Guest: g, Host: h})
	b.search(ctx, 0, 0)
	if b.visits > 4096+9 {
		t.Errorf("a cancelled search made %d calls after its first check at 4,096", b.visits)
	}
	if _, _, err := exhaustive(ctx, &Problem{Guest: g, Host: h}); err == nil {
		t.Error("a cancelled exhaustive search answered no error")
	}
}
