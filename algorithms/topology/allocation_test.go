package topology_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestResolveNodes: index ranges on a host without names, or the names
// its launcher files give it (node<index>), hostlists of names on a named
// machine (a preset, or names given), in the order written; errors name
// the node or range at fault.
func TestResolveNodes(t *testing.T) {
	for _, tt := range []struct {
		host, expr string
		names      []string
		want       []int
		err        string
	}{
		{"torus:8x8x8", "0-3,32-34", nil, []int{0, 1, 2, 3, 32, 33, 34}, ""},
		{"torus:8x8x8:cores=4", "[7,1-2]", nil, []int{7, 1, 2}, ""},
		{"torus:8x8x8:node=2x2:dist=1,2", "7,511", nil, []int{7, 511}, ""},
		{"torus:8x8x8", " 5 , 9 ", nil, []int{5, 9}, ""},
		{"preset:xe6-slice", "nid[00001-00004,00007]", nil, []int{1, 2, 3, 4, 7}, ""},
		{"preset:xe6-slice", "nid00255,nid00000", nil, []int{255, 0}, ""},
		{"ring:4", "c,a", []string{"a", "b", "c", "d"}, []int{2, 0}, ""},
		{"torus:8x8x8", "0-512", nil, nil, "node 512 is out of range: the host has nodes 0 to 511"},
		{"torus:8x8x8", "3,1-3", nil, nil, "node 3 is allocated twice"},
		{"torus:8x8x8", "7-3", nil, nil, `range "7-3" ends below its start`},
		{"torus:8x8x8", "+1", nil, nil, `"+1" is not a node index`},
		{"torus:8x8x8", "nid[1-2]", nil, nil, "have no names but node0 … node511: give index ranges"},
		{"ring:8:cores=2", "node[5-6],node0", nil, []int{5, 6, 0}, ""},
		{"preset:xe6-slice", "nid00256", nil, nil, `"nid00256" is no node of the machine (its nodes are named nid00000 … nid00255)`},
		{"preset:xe6-slice", "nid[00001-00002],nid00002", nil, nil, "allocated twice"},
		{"preset:xe6-slice", "nid[1-3", nil, nil, "without its ']'"},
		{"ring:4", "x[1-5]", []string{"a", "b", "c", "d"}, nil, "names more nodes than the machine's 4"},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		got, err := topology.ResolveNodes(tt.expr, h, tt.names)
		if tt.err == "" && (err != nil || !slices.Equal(got, tt.want)) || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ResolveNodes(%q on %s) = %v, %v; want %v %q", tt.expr, tt.host, got, err, tt.want, tt.err)
		}
	}
}

// TestAllocate: the mapper's host is the allocated nodes with their
// slots, in allocation order; Slot finds each on the whole machine, whose
// distances it keeps. By hand on torus:4x4 with nodes 5, 1, 2 and 2 ranks
// per node for 6 ranks: slots 0,1 → 20,21 (node 5), 2,3 → 4,5 (node 1),
// 4,5 → 8,9 (node 2), whether the 4 cores of a node are 0 apart
// (cores=4) or have an inside (node=2x2, 1 and 2 apart): an allocation
// counts nodes, not cores.
func TestAllocate(t *testing.T) {
	for _, spec := range []string{"torus:4x4:cores=4", "torus:4x4:node=2x2:dist=1,2"} {
		h, _ := topology.Parse(spec)
		a, err := topology.Allocate(h, []int{5, 1, 2, 9}, 2, 6)
		if err != nil {
			t.Fatal(err)
		}
		var slots []int
		for s := range a.Host.Size() {
			slots = append(slots, a.Slot(s))
		}
		if !slices.Equal(slots, []int{20, 21, 4, 5, 8, 9}) || a.Whole != h || !slices.Equal(a.Nodes(), []int{5, 1, 2}) {
			t.Errorf("%s: slots %v on %s, nodes %v; want [20 21 4 5 8 9] on %s, nodes [5 1 2]", spec, slots, a.Whole, a.Nodes(), h)
		}
		for s := range a.Host.Size() {
			for u := range a.Host.Size() {
				if a.Host.Hops(s, u) != h.Hops(a.Slot(s), a.Slot(u)) {
					t.Errorf("%s: slots %d, %d: %d hops, the whole machine's %d", spec, s, u, a.Host.Hops(s, u), h.Hops(a.Slot(s), a.Slot(u)))
				}
			}
		}
		if nodes, c := topology.NodesOf(h); nodes.String() != "torus:4x4" || c != 4 {
			t.Errorf("%s: nodes %s of %d cores, want torus:4x4 of 4", spec, nodes, c)
		}
		// all nodes, all cores: the whole machine itself
		if all, err := topology.Allocate(h, nil, 0, 64); err != nil || all.Host.String() != spec || all.PerNode() != 4 {
			t.Errorf("%s, all of it: %v, mapped %v, %d per node", spec, err, all.Host, all.PerNode())
		}
	}
	// A host without cores gets R slots per node; the whole machine in
	// index order stays itself (a grid, for the grid heuristics).
	plain, _ := topology.Parse("mesh:4x4")
	b, err := topology.Allocate(plain, nil, 4, 64)
	if err != nil || b.Whole.String() != "mesh:4x4:cores=4" || b.Host.String() != "mesh:4x4:cores=4" {
		t.Errorf("R=4 on mesh:4x4: %v, whole %v, mapped %v", err, b.Whole, b.Host)
	}
}

// TestSubsetRoutes: a subset routes as its whole host, link for link.
func TestSubsetRoutes(t *testing.T) {
	h, _ := topology.Parse("fattree:2,3")
	sub, err := topology.NewSubset(h, []int{6, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	r, ok := topology.RouterOf(sub)
	whole, _ := topology.RouterOf(h)
	if !ok || !slices.Equal(r.Route(0, 1, nil), whole.Route(6, 1, nil)) || r.LinkSlots() != whole.LinkSlots() {
		t.Errorf("route 0→1 of the subset %v, the whole's 6→1 %v", r.Route(0, 1, nil), whole.Route(6, 1, nil))
	}
}

// TestXE6SliceIsRealMachine: the preset is 4×4×8 Geminis × 2 nodes × 16
// cores, its 256 nodes named nid00000 … nid00255; the two nodes of one
// Gemini are 0 hops apart, nodes on neighbouring Geminis 1.
func TestXE6SliceIsRealMachine(t *testing.T) {
	h, err := topology.Parse("preset:xe6-slice")
	if err != nil {
		t.Fatal(err)
	}
	nodes, cores := topology.SplitCores(h)
	routers, perRouter := topology.SplitRouters(h)
	names := topology.NamesOf(h)
	if nodes.Size() != 256 || cores != 16 || routers.String() != "torus:4x4x8" || perRouter != 32 || h.Size() != 4096 {
		t.Fatalf("%s: %d nodes of %d cores on %s (%d slots a router)", h, nodes.Size(), cores, routers, perRouter)
	}
	if len(names) != 256 || names[0] != "nid00000" || names[255] != "nid00255" {
		t.Errorf("names %d: %q … %q", len(names), names[0], names[len(names)-1])
	}
	if h.Hops(0, 16) != 0 || h.Hops(0, 32) != 1 || h.Hops(16, 32) != 1 {
		t.Errorf("hops: same Gemini %d, next Gemini %d and %d", h.Hops(0, 16), h.Hops(0, 32), h.Hops(16, 32))
	}
}

// TestNodesUnderRoutersAreNodes: ":nodes-per-router=P" puts P nodes on a
// router; each is a node of its own for launchers and allocations (with
// ":cores=C" the cores share a node, not the router).
func TestNodesUnderRoutersAreNodes(t *testing.T) {
	for spec, want := range map[string]struct {
		nodes string
		c     int
	}{
		"torus:4x4:nodes-per-router=2":         {"torus:4x4:nodes-per-router=2", 1},
		"torus:4x4:nodes-per-router=2:cores=8": {"torus:4x4:nodes-per-router=2", 8},
		"torus:4x4:cores=8":                    {"torus:4x4", 8},
	} {
		h, err := topology.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		if nodes, c := topology.NodesOf(h); nodes.String() != want.nodes || c != want.c {
			t.Errorf("%s: nodes %s of %d slots, want %s of %d", spec, nodes, c, want.nodes, want.c)
		}
	}
}

// TestSubsetsCountTheirBalls: an allocation's balls, counted from its
// nodes' distances in the whole host, pass the host contract's check of
// balls (sparse nodes of a ring, of a fat tree, slots sharing nodes of a
// host with cores). The other checks do not apply: a subset's shortest
// paths run through nodes it does not have.
func TestSubsetsCountTheirBalls(t *testing.T) {
	for _, c := range []struct {
		whole string
		ids   []int
	}{
		{"ring:64", []int{0, 32}},
		{"ring:16", []int{3, 9, 4, 15, 10}},
		{"fattree:2,3", []int{6, 1, 3}},
		{"fattree:4,3:cores=2", []int{0, 1, 2, 40, 41, 127}},
		{"torus:4x4", []int{0, 5, 10, 15, 1}},
	} {
		h, _ := topology.Parse(c.whole)
		sub, err := topology.NewSubset(h, c.ids)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := any(sub).(topology.Balls); !ok {
			t.Fatalf("%v does not count its balls", sub)
		}
		i := slices.IndexFunc(topotest.Properties, func(p topotest.Property) bool { return p.Name == "balls" })
		if err := topotest.Properties[i].Check(sub); err != nil {
			t.Errorf("%v: %v", sub, err)
		}
	}
}

// TestAllocationHoldsItsSlots: Holds is true exactly on the whole
// machine's slots of the allocation's, with and without cores and ranks
// per node.
func TestAllocationHoldsItsSlots(t *testing.T) {
	for _, c := range []struct {
		host       string
		ids        []int
		per, ranks int
	}{
		{"ring:16", []int{3, 9, 4}, 0, 3},
		{"ring:8:cores=4", []int{6, 1, 2}, 2, 4},
		{"ring:8:cores=4", []int{5, 0}, 0, 8},
		{"mesh:4x4", nil, 2, 32},
	} {
		h, _ := topology.Parse(c.host)
		a, err := topology.Allocate(h, c.ids, c.per, c.ranks)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]bool{}
		for s := range a.Host.Size() {
			want[a.Slot(s)] = true
		}
		for w := range a.Whole.Size() {
			if a.Holds(w) != want[w] {
				t.Errorf("%s nodes %v, %d per node: Holds(%d) = %v", c.host, c.ids, c.per, w, a.Holds(w))
			}
		}
	}
}
