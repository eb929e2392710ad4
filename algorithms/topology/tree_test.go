package topology_test

import (
	"strings"
	"testing"

	"topomap/algorithms/topology"
)

// TestTreeDistancesOracle: tree:4x4:dist=1,10 is 4 groups of 4 slots;
// slots of one group (0..3, 4..7, …) are 1 apart, slots of different
// groups 10, a slot 0 from itself. Worked by hand, not from the code.
func TestTreeDistancesOracle(t *testing.T) {
	h, err := topology.Parse("tree:4x4:dist=1,10")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ a, b, want int }{
		{0, 0, 0}, {0, 1, 1}, {0, 3, 1}, {2, 3, 1}, {3, 4, 10}, {0, 15, 10},
		{5, 6, 1}, {7, 8, 10}, {12, 15, 1}, {11, 12, 10},
	} {
		if got := h.Hops(tt.a, tt.b); got != tt.want {
			t.Errorf("Hops(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	if got := h.Coords(6, nil); got[0] != 2 || got[1] != 1 {
		t.Errorf("Coords(6) = %v, want [2 1] (digit of the lowest level first)", got)
	}
	if _, ok := topology.RouterOf(h); ok {
		t.Error("dist=1,10 are costs, not path lengths: the tree must not route")
	}
	if got := topology.MaxHops(h); got != 10 {
		t.Errorf("MaxHops = %d, want 10", got)
	}
}

// TestTreeForms: leading zero costs are a node's cores, costs 2, 4, …
// are the tree path (routed), others are costs only.
func TestTreeForms(t *testing.T) {
	for _, tt := range []struct {
		spec, canonical string
		routes          bool
		cores           int
	}{
		{"tree:4x16x16:dist=0,2,4", "tree:16x16:dist=2,4:cores=4", true, 4},
		{"tree:2x2x4:dist=0,0,7", "tree:4:dist=7:cores=4", false, 4},
		{"tree:8:dist=0", "line:1:cores=8", true, 8}, // one node: no link to cross
		{"tree:4x4:dist=2,4", "tree:4x4:dist=2,4", true, 1},
		{"tree:4x4:dist=2,5", "tree:4x4:dist=2,5", false, 1},
		{" TREE:3:dist=2", "tree:3:dist=2", true, 1},
	} {
		h, err := topology.Parse(tt.spec)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		_, cores := topology.SplitCores(h)
		_, routes := topology.RouterOf(h)
		if h.String() != tt.canonical || routes != tt.routes || cores != tt.cores {
			t.Errorf("%s = %s (routes %v, %d cores), want %s (routes %v, %d cores)", tt.spec, h, routes, cores, tt.canonical, tt.routes, tt.cores)
		}
	}
}

// TestTreeSpecErrors: each malformed tree: names what is wrong.
func TestTreeSpecErrors(t *testing.T) {
	for _, tt := range []struct{ spec, want string }{
		{"tree:4x4", "dist="},
		{"tree:4x4:dist=1", "1 costs for 2 levels"},
		{"tree:4x4:dist=10,1", "non-decreasing"},
		{"tree:4x4:dist=1,x", `"x"`},
		{"tree:4x0:dist=1,2", "at least 1"},
		{"tree:4x4:dist=1,2000000", "from 0 to 1,000,000"},
		{"tree:2048:dist=0", "more than 1,024 cores"},
		{"tree:65536x65536:dist=1,2", "more than"},
	} {
		_, err := topology.Parse(tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.spec, err, tt.want)
		}
	}
}
