package embedding_test

import (
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/topology"
)

// TestByWeightNamesTheGridsKind: the embeddings take any topology.Grid
// host; byweight's refusal of a grid of two long axes names the host's
// kind as its spec does (mesh or torus).
func TestByWeightNamesTheGridsKind(t *testing.T) {
	for _, tt := range []struct {
		host topology.Grid
		want string
	}{
		{mesh(4, 4), "2-dimensional mesh (Lai"},
		{torus(4, 2, 2), "3-dimensional torus (Lai"},
		{grid([]int{4, 4}, []bool{true, false}), "2-dimensional mesh (Lai"},
	} {
		if _, err := embedding.ByWeight(4, tt.host); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("byweight onto %s: %v, want %q", tt.host, err, tt.want)
		}
	}
}
