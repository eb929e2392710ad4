package graphmap

import (
	"topomap/algorithms/internal/order"
	"topomap/algorithms/topology"
)

// switchTree is the tree of a host of nodes under switches
// (topology.Rooted) as rb splits it: per vertex (the nodes, then the
// switches) its parent, depth and, for a node, its place in a depth-first
// order of the tree, so that the nodes under any switch are consecutive
// in that order.
type switchTree struct {
	parent, depth, rank []int32
}

// newSwitchTree reads t's tree. O(vertices).
func newSwitchTree(t topology.Rooted) *switchTree {
	tr := readTree(t)
	st := &switchTree{parent: tr.parent, depth: make([]int32, len(tr.parent)), rank: make([]int32, t.Size())}
	next, stack := int32(0), []int32{tr.root}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if int(u) < len(st.rank) {
			st.rank[u], next = next, next+1
		}
		for i := len(tr.kids[u]) - 1; i >= 0; i-- { // the first child first
			k := tr.kids[u][i]
			st.depth[k] = st.depth[u] + 1
			stack = append(stack, k)
		}
	}
	return st
}

// rootedTree is a tree of switches (topology.Rooted) read once: per
// vertex (the nodes, then the switches) its parent (-1 at the root) and
// its children in order, and the root. Both ways of splitting the host
// along it read it so: rb's (switchTree) and Multisection's
// (rootedGroups).
type rootedTree struct {
	parent []int32
	kids   [][]int32
	root   int32
}

// readTree reads t's tree. O(vertices).
func readTree(t topology.Rooted) rootedTree {
	v := t.Size() + t.Switches()
	tr := rootedTree{parent: make([]int32, v), kids: make([][]int32, v), root: -1}
	for u := range v {
		p := int32(t.Parent(u))
		tr.parent[u] = p
		if p < 0 {
			tr.root = int32(u)
		} else {
			tr.kids[p] = append(tr.kids[p], int32(u))
		}
	}
	return tr
}

// sortSlots sorts slots (c slots per node) by the tree's depth-first order
// of their nodes, then by slot. O(n log n).
func (st *switchTree) sortSlots(slots []int32, c int32) {
	order.Int32s(slots, func(x, y int32) bool {
		if rx, ry := st.rank[x/c], st.rank[y/c]; rx != ry {
			return rx < ry
		}
		return x < y
	})
}

// cut returns the size of the first part of slots of two nodes or more
// (c slots per node), in order: cut between the subtrees of the nodes'
// lowest common ancestor, at the boundary nearest the middle.
// O(n·depth).
func (st *switchTree) cut(slots []int32, c int32) int32 {
	n := int32(len(slots))
	lca := st.ancestor(slots[0]/c, slots[n-1]/c)
	under := func(x int32) int32 { // the child of lca above x's node
		u := x / c
		for st.parent[u] != lca {
			u = st.parent[u]
		}
		return u
	}
	return nearestCut(slots, func(x, y int32) bool { return under(x) == under(y) })
}

// ancestor returns the lowest common ancestor of vertices a and b.
func (st *switchTree) ancestor(a, b int32) int32 {
	for a != b {
		if st.depth[a] < st.depth[b] {
			a, b = b, a
		}
		a = st.parent[a]
	}
	return a
}
