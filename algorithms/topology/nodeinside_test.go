package topology_test

import (
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestNodeInsideDistances: fattree:2,2:node=2x2:dist=1,2 by hand. The
// fat tree's 4 nodes are 2 hops apart under one leaf switch (nodes 0, 1
// and 2, 3), 4 otherwise; each node's 4 cores are 2 groups of 2, cores
// of one group 1 apart (0 and 1, 2 and 3), of two groups 2 apart. Slot
// t of node u is t + 4u. Routes between nodes are the fat tree's; inside
// a node a message crosses no link.
func TestNodeInsideDistances(t *testing.T) {
	h, err := topology.Parse("fattree:2,2:node=2x2:dist=1,2")
	if err != nil {
		t.Fatal(err)
	}
	if h.Size() != 16 || h.String() != "fattree:2,2:node=2x2:dist=1,2" {
		t.Fatalf("%s of %d slots", h, h.Size())
	}
	for _, c := range []struct{ a, b, hops, links int }{
		{0, 0, 0, 0},
		{0, 1, 1, 0}, // one group
		{2, 3, 1, 0},
		{0, 2, 2, 0}, // two groups of one node
		{1, 3, 2, 0},
		{13, 14, 2, 0}, // node 3, cores 1 and 2
		{0, 4, 2, 2},   // nodes 0 and 1, one leaf switch
		{3, 7, 2, 2},
		{0, 8, 4, 4}, // nodes 0 and 2
		{5, 15, 4, 4},
	} {
		if got := h.Hops(c.a, c.b); got != c.hops || h.Hops(c.b, c.a) != got {
			t.Errorf("hops %d–%d = %d, want %d", c.a, c.b, got, c.hops)
		}
		r, ok := topology.RouterOf(h)
		if !ok {
			t.Fatal("no routes")
		}
		if got := len(r.Route(c.a, c.b, nil)); got != c.links {
			t.Errorf("route %d–%d crosses %d links, want %d", c.a, c.b, got, c.links)
		}
	}
}

// TestNodeInsideSpecs: costs all 0 (or none) are cores per node; a
// node inside over cores, a bad size or decreasing costs are refused;
// spec strings read back as themselves. The host contract holds where
// the costs are distances (at least 1, at most twice the hops of two
// nodes), but for shortest paths (the costs are weights, not hops of
// Neighbors) and routes (a route inside a node crosses no link, though
// its cores are apart).
func TestNodeInsideSpecs(t *testing.T) {
	for _, c := range []struct {
		in, want string
		contract bool
	}{
		{"ring:4:node=2x2", "ring:4:cores=4", false},
		{"ring:4:node=2x2:dist=0,0", "ring:4:cores=4", false},
		{"torus:4:NODE=2x2:dist=1,2", "ring:4:node=2x2:dist=1,2", true},
		{"tree:4x4:dist=1,10:node=4x2:dist=0,3", "tree:4x4:dist=1,10:node=4x2:dist=0,3", false},
		{"tree:4x4:dist=1,10:node=2x2:dist=1,2", "tree:4x4:dist=1,10:node=2x2:dist=1,2", true},
		{"tree:3x2:dist=2,5:node=2x3:dist=1,4", "tree:3x2:dist=2,5:node=2x3:dist=1,4", true},
	} {
		h, err := topology.Parse(c.in)
		if err != nil || h.String() != c.want {
			t.Errorf("%q: %v (%v), want %s", c.in, h, err, c.want)
			continue
		}
		if back, err := topology.Parse(h.String()); err != nil || back.String() != c.want {
			t.Errorf("%s reads back as %v (%v)", h, back, err)
		}
		for _, p := range topotest.Properties {
			if c.contract && p.Name != "shortest paths" && p.Name != "routes" {
				if err := p.Check(h); err != nil {
					t.Errorf("%s: %s: %v", h, p.Name, err)
				}
			}
		}
	}
	for _, bad := range []string{
		"ring:4:cores=2:node=2x2:dist=1,2",
		"ring:4:node=2x0:dist=1,2",
		"ring:4:node=2x2:dist=2,1",
		"ring:4:node=2x2:dist=1",
		"ring:4:node=1:dist=1",
		"ring:4:node=:dist=1",
		"ring:4:node=2048x2:dist=1,2",
	} {
		if h, err := topology.Parse(bad); err == nil {
			t.Errorf("%q: %v, want an error", bad, h)
		}
	}
}
