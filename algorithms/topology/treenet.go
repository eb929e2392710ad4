package topology

import "slices"

// TreePath names the routing rule of trees of switches (tree: hosts
// whose costs are the tree path's lengths, and switch trees read from a
// file): the one path of the tree.
const TreePath = "tree path"

// Rooted is the optional capability of hosts whose wiring, or whose
// hierarchy of groups, is a rooted tree over their nodes (tree: hosts,
// switch trees read from files): its vertices are the nodes
// 0..Size()-1, then Switches() switches or groups, and Parent(v) is the
// vertex just above v, -1 for the root. Drawings lay such hosts out as
// their tree.
type Rooted interface {
	Host
	Switches() int
	Parent(v int) int
}

// NamedTree is the optional capability of hosts whose wiring is a rooted
// tree of named switches over named nodes (Rooted and Named, and
// SwitchName naming switch s, the vertex Size()+s): a Slurm
// topology.conf writes such a tree, a line per switch naming what hangs
// from it (SwitchTree).
type NamedTree interface {
	Rooted
	Named
	SwitchName(s int) string
}

// treeShape is a rooted tree whose leaves include the host's nodes: its
// vertices are the nodes 0..Size()-1, then the switches Size()..; the
// root is a switch. treeNet derives the routes, links and wiring of
// every tree host from it.
type treeShape interface {
	Size() int
	Switches() int
	// Parent returns the parent of vertex v, or -1 for the root.
	Parent(v int) int
	// depth returns the number of edges from the root to v.
	depth(v int) int
	// children appends the children of vertex v to dst.
	children(v int, dst []int) []int
}

// treeNet is the routing and wiring of a tree host. Every tree edge is
// two directed links, numbered by the child end c of the edge: c →
// parent is link c, parent → c is link V + c (V the vertices), so a
// node u's one link out is u and the root's two numbers are no link.
type treeNet struct{ sh treeShape }

func (t treeNet) vertices() int { return t.sh.Size() + t.sh.Switches() }

// hops returns the number of edges on the tree path from a to b.
func (t treeNet) hops(a, b int) int {
	up, down := t.climbs(a, b)
	return up + down
}

// route appends the links of the tree path from a to b: up from a to the
// lowest common ancestor, then down to b. O(depth), no allocation beyond
// dst's growth.
func (t treeNet) route(a, b int, dst []int) []int {
	up, down := t.climbs(a, b)
	s, v := len(dst), t.vertices()
	dst = slices.Grow(dst, up+down)[:s+up+down]
	for i := range up {
		dst[s+i], a = a, t.sh.Parent(a)
	}
	for i := range down {
		dst[s+up+down-1-i], b = v+b, t.sh.Parent(b)
	}
	return dst
}

// climbs returns the edges from a and from b up to their lowest common
// ancestor.
func (t treeNet) climbs(a, b int) (up, down int) {
	da, db := t.sh.depth(a), t.sh.depth(b)
	for ; da > db; da-- {
		a, up = t.sh.Parent(a), up+1
	}
	for ; db > da; db-- {
		b, down = t.sh.Parent(b), down+1
	}
	for a != b {
		a, b, up, down = t.sh.Parent(a), t.sh.Parent(b), up+1, down+1
	}
	return up, down
}

// link returns the tail and head of link id (see treeNet).
func (t treeNet) link(id int) (tail, head int, ok bool) {
	v := t.vertices()
	if id < 0 || id >= 2*v {
		return 0, 0, false
	}
	c := id % v
	p := t.sh.Parent(c)
	if p < 0 {
		return 0, 0, false
	}
	if id < v {
		return c, p, true
	}
	return p, c, true
}

// wires appends the wires at vertex v: to its parent and its children.
func (t treeNet) wires(v int, dst []Wire) []Wire {
	if p := t.sh.Parent(v); p >= 0 {
		dst = append(dst, Wire{To: p})
	}
	var kids []int
	for _, c := range t.sh.children(v, kids) {
		dst = append(dst, Wire{To: c})
	}
	return dst
}
