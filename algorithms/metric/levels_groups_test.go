package metric_test

import (
	"fmt"
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestNodeLevelsAndGroups: the levels inside a node and the nested groups
// of hosts, by hand. A node's inside is read level by level, innermost
// first, one level per cost (levels of one cost are one); cores 0 apart
// are one level, as are the nodes of a router; the host of the nodes adds
// its own groups when it has them (a fat tree, a regular machine file),
// and a lattice has none.
func TestNodeLevelsAndGroups(t *testing.T) {
	conf := must(topology.NewSwitchTree([]string{"n0", "n1", "n2", "n3", "n4", "n5"},
		[]string{"s0", "s1", "s2", "top"}, []int{6, 6, 7, 7, 8, 8, 9, 9, 9, -1}))
	for _, tt := range []struct {
		host           topology.Host
		radices, costs []int
		groups         []int // nil: none
	}{
		{mustParse("fattree:2,2:node=2x2x4:dist=1,2,3"), []int{2, 2, 4}, []int{1, 2, 3}, []int{2, 2, 4, 2, 2}},
		{mustParse("fattree:2,2:node=2x2:dist=1,2"), []int{2, 2}, []int{1, 2}, []int{2, 2, 2, 2}},
		{mustParse("fattree:2,2:node=2x3x2:dist=1,1,4"), []int{6, 2}, []int{1, 4}, []int{6, 2, 2, 2}},
		{mustParse("tree:3x2:dist=1,5:node=2x2:dist=0,3"), []int{2, 2}, []int{0, 3}, []int{2, 2, 3, 2}},
		{mustParse("fattree:2,2:cores=4"), []int{4}, []int{0}, []int{4, 2, 2}},
		{mustParse("torus:2x2:nodes-per-router=2:cores=2"), []int{2, 2}, []int{0, 0}, nil},
		{mustParse("ring:4:node=2x2:dist=1,2"), []int{2, 2}, []int{1, 2}, nil},
		{mustParse("ring:4"), nil, nil, nil},
		{conf, nil, nil, []int{2, 3}},
		{must(topology.NewCores(conf, 2)), []int{2}, []int{0}, []int{2, 2, 3}},
	} {
		radices, costs, _ := metric.NodeLevels(tt.host)
		if !slices.Equal(radices, tt.radices) || !slices.Equal(costs, tt.costs) {
			t.Errorf("%s: node levels %v costs %v, want %v and %v", tt.host, radices, costs, tt.radices, tt.costs)
		}
		groups, ok := metric.Groups(tt.host)
		if ok != (tt.groups != nil) || !slices.Equal(groups, tt.groups) {
			t.Errorf("%s: groups %v (%t), want %v", tt.host, groups, ok, tt.groups)
		}
	}
}

// TestLevelsBoundOnNodesAndMachineFiles: the levels bound is given on the
// hosts where it was missing, nodes with an inside over a fat tree and a
// tree of switches read from a topology.conf (three leaf switches of
// four nodes under a top switch), and on the latter it is the bound of
// the same tree written as a spec, tree:4x3:dist=2,4.
func TestLevelsBoundOnNodesAndMachineFiles(t *testing.T) {
	grid := func(a, b int) *guest.Graph { return must(guest.NewGrid([]int{a, b}, false)) }
	if _, ok := boundOf(metric.Bounds(grid(4, 4), mustParse("fattree:2,2:node=2x2:dist=1,2")), "levels"); !ok {
		t.Errorf("grid:4x4 on fattree:2,2:node=2x2:dist=1,2: no levels bound")
	}
	names := make([]string, 12)
	parent := make([]int, 16)
	for i := range names {
		names[i], parent[i] = fmt.Sprintf("n%d", i), 12+i/4
	}
	parent[12], parent[13], parent[14], parent[15] = 15, 15, 15, -1
	conf := must(topology.NewSwitchTree(names, []string{"s0", "s1", "s2", "top"}, parent))
	got, ok := boundOf(metric.Bounds(grid(4, 3), conf), "levels")
	want, _ := boundOf(metric.Bounds(grid(4, 3), mustParse("tree:4x3:dist=2,4")), "levels")
	if !ok || got.Value != want.Value || got.Value == 0 {
		t.Errorf("grid:4x3 on the topology.conf: levels bound %+v (%t), as a spec %+v", got, ok, want)
	}
}

// ExampleGroups: a fat tree whose nodes have an inside of 2 L2 groups of
// 2 cores (1 apart in a group, 2 across) nests 2-core groups, nodes of 2
// of them, then the fat tree's leaf switches (2 nodes) and its top (2
// leaf switches).
func ExampleGroups() {
	h, _ := topology.Parse("fattree:2,2:node=2x2:dist=1,2")
	radices, costs, nodes := metric.NodeLevels(h)
	groups, _ := metric.Groups(h)
	fmt.Println("inside", radices, "costs", costs, "nodes", nodes)
	fmt.Println("groups", groups)
	// Output:
	// inside [2 2] costs [1 2] nodes fattree:2,2
	// groups [2 2 2 2]
}

// profiled is a node inside whose InsideProfile says what it is told.
type profiled struct {
	*topology.NodeInside
	profile []int
}

func (p profiled) InsideProfile() []int { return p.profile }

// TestNodeLevelsDistrustAProfile: a node's inside is read from its
// profile only when the profile is one of nested groups and Hops agrees
// with it; else the node is one level of its cores, at cost 0 (a lower
// bound for the levels bound, and one group for the mappers).
func TestNodeLevelsDistrustAProfile(t *testing.T) {
	in := mustParse("fattree:2,2:node=2x2:dist=1,2").(*topology.NodeInside) // profile 1, 2, 2
	for _, tt := range []struct {
		profile        []int
		radices, costs []int
	}{
		{[]int{1, 2, 2}, []int{2, 2}, []int{1, 2}},
		{[]int{1, 1, 2}, []int{4}, []int{0}}, // groups of 3 in a node of 4
		{[]int{1, 3, 3}, []int{4}, []int{0}}, // Hops says 2
	} {
		radices, costs, _ := metric.NodeLevels(profiled{in, tt.profile})
		if !slices.Equal(radices, tt.radices) || !slices.Equal(costs, tt.costs) {
			t.Errorf("profile %v: levels %v costs %v, want %v and %v", tt.profile, radices, costs, tt.radices, tt.costs)
		}
	}
}
