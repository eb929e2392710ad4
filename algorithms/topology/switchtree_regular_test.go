package topology_test

import (
	"fmt"
	"slices"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// switchTree builds a tree of switches for a test: leaves[i] lists the
// nodes (by number) under leaf switch i, and mids, if any, the leaf
// switches under each switch of the middle level; the top switch is over
// the rest, nodes included.
func switchTree(t *testing.T, nodes int, leaves, mids [][]int) *topology.SwitchTree {
	t.Helper()
	names := make([]string, nodes)
	for i := range names {
		names[i] = fmt.Sprintf("n%d", i)
	}
	switches := []string{"top"}
	parent := make([]int, nodes, nodes+1+len(leaves)+len(mids))
	for u := range parent {
		parent[u] = nodes // under the top switch unless a leaf switch lists it
	}
	parent = append(parent, -1) // top
	for i, under := range leaves {
		switches = append(switches, fmt.Sprintf("s%d", i))
		parent = append(parent, nodes)
		for _, u := range under {
			parent[u] = nodes + 1 + i
		}
	}
	for i, under := range mids {
		switches = append(switches, fmt.Sprintf("m%d", i))
		parent = append(parent, nodes)
		for _, s := range under {
			parent[nodes+1+s] = nodes + 1 + len(leaves) + i
		}
	}
	tr, err := topology.NewSwitchTree(names, switches, parent)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestSwitchTreeRegular: a switch tree whose nodes are all at one depth,
// whose switches of a level have as many children each and whose nodes
// under a switch are numbered in a row is the hierarchy
// tree:R1x…:dist=2,4,… over the same numbers (R1 the nodes per leaf
// switch), the host Regular returns: same distances for every pair, and
// the host contract holds for it. Trees with leaf switches of different
// sizes, a node hanging higher than the others, or nodes numbered across
// the switches are not regular.
func TestSwitchTreeRegular(t *testing.T) {
	seq := func(lo, hi int) []int {
		var out []int
		for u := lo; u < hi; u++ {
			out = append(out, u)
		}
		return out
	}
	for _, tt := range []struct {
		name string
		tree *topology.SwitchTree
		want string // the hierarchy, "" when not regular
	}{
		{"3 leaf switches of 4 nodes", switchTree(t, 12, [][]int{seq(0, 4), seq(4, 8), seq(8, 12)}, nil), "tree:4x3:dist=2,4"},
		{"2 middle switches of 2 leaf switches of 2 nodes", switchTree(t, 8, [][]int{seq(0, 2), seq(2, 4), seq(4, 6), seq(6, 8)}, [][]int{{0, 1}, {2, 3}}), "tree:2x2x2:dist=2,4,6"},
		{"leaf switches of 4 and 3 nodes", switchTree(t, 7, [][]int{seq(0, 4), seq(4, 7)}, nil), ""},
		{"a node under the top switch", switchTree(t, 5, [][]int{seq(0, 4)}, nil), ""},
		{"node i under leaf switch i mod 2", switchTree(t, 8, [][]int{{0, 2, 4, 6}, {1, 3, 5, 7}}, nil), ""},
		{"middle switches over leaf switches 0, 2 and 1, 3", switchTree(t, 8, [][]int{seq(0, 2), seq(2, 4), seq(4, 6), seq(6, 8)}, [][]int{{0, 2}, {1, 3}}), ""},
	} {
		hi, ok := tt.tree.Regular()
		if got := ""; ok {
			got = hi.String()
			if got != tt.want {
				t.Errorf("%s: regular as %s, want %q", tt.name, got, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("%s: not regular, want %s", tt.name, tt.want)
		}
		if !ok {
			continue
		}
		for a := range tt.tree.Size() {
			for b := range tt.tree.Size() {
				if hi.Hops(a, b) != tt.tree.Hops(a, b) {
					t.Fatalf("%s: nodes %d, %d: %d hops as levels, %d on the tree", tt.name, a, b, hi.Hops(a, b), tt.tree.Hops(a, b))
				}
			}
		}
		if err := topotest.Check(hi); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		want := []int{2, 4, 6}[:len(hi.Radices())]
		var costs []int
		for i := range hi.Radices() {
			costs = append(costs, hi.LevelCost(i+1))
		}
		if !slices.Equal(costs, want) {
			t.Errorf("%s: level costs %v, want %v", tt.name, costs, want)
		}
	}
}
