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
		// nodes with an inside: one node, then one group of 2 cores
		{"fattree:4,2:node=2x2:dist=1,2", func(_ topology.Host, x int) int { return x / 4 }, 4},
		{"fattree:4,2:node=2x2:dist=1,2", func(_ topology.Host, x int) int { return x / 2 }, 2},
		{"torus:4x4:node=2x4:dist=0,1", func(_ topology.Host, x int) int { return x / 8 }, 8},
		{"torus:4x4:node=2x4:dist=0,1", func(_ topology.Host, x int) int { return x / 2 }, 2},
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
// node or not, or an inside of 2 groups of 2 cores; and (with the inside)
// every clique of 2 on one group of 2 cores.
func followsSwitchTree(t *testing.T, mapper func(context.Context, *guest.Graph, topology.Host) ([]int, error)) {
	t.Helper()
	tree := interleavedTree()
	for _, c := range []int{1, 2, 4} {
		var h topology.Host = tree
		switch c {
		case 2:
			h = must(topology.NewCores(tree, c))
		case 4:
			h = must(topology.NewNodeInside(tree, []int{2, 2}, []int{1, 2}))
			pairsOnOneGroup(t, mapper, h)
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

// pairsOnOneGroup checks that a mapper puts every clique of 2 on one
// group of 2 cores of h, whose nodes' insides have such groups.
func pairsOnOneGroup(t *testing.T, mapper func(context.Context, *guest.Graph, topology.Host) ([]int, error), h topology.Host) {
	t.Helper()
	for seed := range uint64(3) {
		g, clique := cliques(h.Size()/2, 2, seed)
		place := must(mapper(context.Background(), g, h))
		at := map[int]int{}
		for v, x := range place {
			if first, ok := at[clique[v]]; ok && first != x/2 {
				t.Fatalf("%s seed %d: clique %d on groups %d and %d", h, seed, clique[v], first, x/2)
			}
			at[clique[v]] = x / 2
		}
	}
}

// TestBipartitionNodesWithAnInside: rb splits a host whose nodes have an
// inside along its structure, the nodes first, then the inside, so that
// on fattree:2,2:node=2x2:dist=1,2 its own placement of grid:4x4 is no
// worse than rank order's 96 hop-bytes (it was 112: its cuts went by the
// coordinate of largest extent, a node's core, and split every node).
func TestBipartitionNodesWithAnInside(t *testing.T) {
	g := must(guest.NewGrid([]int{4, 4}, false))
	h := must(topology.Parse("fattree:2,2:node=2x2:dist=1,2"))
	place := must(graphmap.Bipartition(context.Background(), g, h))
	identity := make([]int, g.Order())
	for v := range identity {
		identity[v] = v
	}
	got, rank := hopsPerByte(t, g, h, place), hopsPerByte(t, g, h, identity)
	if got > rank {
		t.Errorf("rb: %.4f hops per byte, rank order %.4f", got, rank)
	}
}

// TestBipartitionCostlyInside: where a node's cores are further apart
// than nodes (torus:4x4:node=2x2x4:dist=1,5,10: cores up to 10 apart,
// neighbouring nodes 1), packing a node with neighbours costs more than
// spreading them over the network, so rb's runs alternate between the
// host's structure and the slots' coordinates: on grid:16x16 it stays
// below rank order's 2432 hop-bytes (structure alone gave 4046; both
// ways, 1140).
func TestBipartitionCostlyInside(t *testing.T) {
	g := must(guest.NewGrid([]int{16, 16}, false))
	h := must(topology.Parse("torus:4x4:node=2x2x4:dist=1,5,10"))
	place := must(graphmap.Bipartition(context.Background(), g, h))
	identity := make([]int, g.Order())
	for v := range identity {
		identity[v] = v
	}
	if got, rank := hopsPerByte(t, g, h, place), hopsPerByte(t, g, h, identity); got >= rank {
		t.Errorf("rb: %.4f hops per byte, rank order %.4f", got, rank)
	}
}
