package graphmap_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// cliques returns k cliques of s vertices each, heavy inside (volume
// 100), with a light ring through them (volume 1 between the first
// vertices of consecutive cliques), its vertices shuffled so that rank
// order says nothing.
func cliques(k, s int, seed uint64) (*guest.Graph, []int) {
	r := rand.New(rand.NewPCG(seed, 3))
	perm := r.Perm(k * s) // perm[i]: the vertex of member i%s of clique i/s
	var edges []guest.Edge
	for c := range k {
		for a := range s {
			for b := a + 1; b < s; b++ {
				edges = append(edges, guest.Edge{U: perm[c*s+a], V: perm[c*s+b], Volume: 100})
			}
		}
		edges = append(edges, guest.Edge{U: perm[c*s], V: perm[(c+1)%k*s], Volume: 1})
	}
	clique := make([]int, k*s)
	for i, v := range perm {
		clique[v] = i / s
	}
	return must(guest.FromEdges(k*s, edges)), clique
}

// TestBipartitionFollowsHierarchy: rb cuts a host along its own
// structure, so that every clique of as many vertices as a group of the
// host lands in one group: under one leaf switch of a fat tree, on one
// router of a dragonfly, on one node of a host with cores (over a fat
// tree or a torus). Cutting by coordinates instead splits a fat tree's
// leaf switches first and scatters the cliques.
func TestBipartitionFollowsHierarchy(t *testing.T) {
	for _, tt := range []struct {
		host  string
		group func(h topology.Host, x int) int // the group a clique must share
		size  int
	}{
		{"fattree:4,3", func(_ topology.Host, x int) int { return x / 4 }, 4},
		{"fattree:2,6", func(_ topology.Host, x int) int { return x / 8 }, 8}, // two levels: a subtree of 8
		{"dragonfly:4,4,2,5", func(_ topology.Host, x int) int { return x / 4 }, 4},
		{"fattree:4,2:cores=4", func(_ topology.Host, x int) int { return x / 4 }, 4},
		{"torus:4x4:cores=4", func(_ topology.Host, x int) int { return x / 4 }, 4},
		{"mesh:3x3:cores=8", func(_ topology.Host, x int) int { return x / 8 }, 8},
	} {
		h := must(topology.Parse(tt.host))
		for seed := range uint64(3) {
			g, clique := cliques(h.Size()/tt.size, tt.size, seed)
			place, err := graphmap.Bipartition(context.Background(), g, h)
			if err != nil {
				t.Fatal(err)
			}
			at := map[int]int{} // clique → its group
			for v, x := range place {
				grp := tt.group(h, x)
				if first, ok := at[clique[v]]; ok && first != grp {
					t.Errorf("%s seed %d: clique %d spans groups %d and %d", tt.host, seed, clique[v], first, grp)
					break
				}
				at[clique[v]] = grp
			}
		}
	}
}

// TestBipartitionFollowsSwitchTree: on a machine read from a file, a tree
// of switches whose nodes are numbered across its leaf switches (node i
// under switch i mod 4, as a file may list them), rb cuts the tree by
// its switches, not by node number: every clique of a leaf switch's size
// lands under one leaf switch, with cores per node or not.
func TestBipartitionFollowsSwitchTree(t *testing.T) {
	followsSwitchTree(t, graphmap.Bipartition)
}

// interleavedTree is a machine of 32 nodes under 4 leaf switches under
// one top switch, node i under leaf switch i mod 4.
func interleavedTree() *topology.SwitchTree {
	const nodes, leaves = 32, 4
	names := make([]string, nodes)
	parent := make([]int, nodes+1+leaves)
	for i := range names {
		names[i] = fmt.Sprintf("n%d", i)
		parent[i] = nodes + 1 + i%leaves
	}
	parent[nodes] = -1
	for k := range leaves {
		parent[nodes+1+k] = nodes
	}
	return must(topology.NewSwitchTree(names, []string{"top", "s0", "s1", "s2", "s3"}, parent))
}

// followsSwitchTree checks that a mapper puts every clique of a leaf
// switch's size under one leaf switch of interleavedTree, with cores per
// node or not.
func followsSwitchTree(t *testing.T, mapper func(context.Context, *guest.Graph, topology.Host) ([]int, error)) {
	t.Helper()
	tree := interleavedTree()
	for _, c := range []int{1, 2} {
		var h topology.Host = tree
		if c > 1 {
			h = must(topology.NewCores(tree, c))
		}
		size := tree.Size() / 4 * c
		for seed := range uint64(3) {
			g, clique := cliques(h.Size()/size, size, seed)
			place := must(mapper(context.Background(), g, h))
			at := map[int]int{}
			for v, x := range place {
				leaf := tree.Parent(x / c)
				if first, ok := at[clique[v]]; ok && first != leaf {
					t.Fatalf("%d cores, seed %d: clique %d under switches %d and %d", c, seed, clique[v], first, leaf)
				}
				at[clique[v]] = leaf
			}
		}
	}
}
