package topology

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// MachineIDLen is the length of a machine's id: hex digits of a SHA-256
// prefix (128 bits) of its canonical description, as a graph's.
const MachineIDLen = 32

// SwitchTree is a machine read from a file (a Slurm topology.conf): named
// nodes under a tree of named switches (NamedTree; see the package doc,
// Machines read from files). Nodes are numbered in the order the file
// first names them, a node's coordinates are [its index], and Hops is
// the number of wires on the tree path; messages follow that path
// (Router, rule TreePath). Its spec string is "machine:ID", ID the
// content hash of its canonical description (the names and the parent of
// every vertex), so the same tree written in any order of lines has one
// id only when its nodes are named in the same order.
type SwitchTree struct {
	names  []string // the nodes', then the switches'
	parent []int32  // per vertex; -1 for the root
	dep    []int32
	kidOff []int32 // children of vertex v: kids[kidOff[v]:kidOff[v+1]]
	kids   []int32
	nodes  int
	id     string
	net    treeNet
	// under[(s-nodes)*(levels+1)+d] counts the nodes under switch s at
	// depth at most d (Ball); nil for a tree of more than maxBallLevels
	// levels.
	under  []int32
	levels int
	// radices are the children per switch of each level, innermost
	// first, of a regular tree (Regular); nil for others
	radices []int
}

// NewSwitchTree returns the tree of those nodes and switches, parent[v]
// being the vertex above vertex v (nodes 0..len(nodes)-1, then the
// switches), -1 for the one root, a switch. Every node must hang from a
// switch, and every vertex must reach the root.
func NewSwitchTree(nodes, switches []string, parent []int) (*SwitchTree, error) {
	n, v := len(nodes), len(nodes)+len(switches)
	if n == 0 || len(switches) == 0 || len(parent) != v || v > MaxNodes {
		return nil, reason.New(ErrInvalid, "a switch tree needs nodes, switches and a parent per vertex, at most %s in all", numtext.Count(MaxNodes))
	}
	t := &SwitchTree{names: append(append([]string(nil), nodes...), switches...), parent: make([]int32, v), nodes: n}
	root := -1
	for u, p := range parent {
		if p < -1 || p >= v || (p >= 0 && p < n) || (p == -1 && u < n) {
			return nil, reason.New(ErrInvalid, "vertex %s has parent %d, want a switch", t.names[u], p)
		}
		if p == -1 && root >= 0 {
			return nil, reason.New(ErrInvalid, "two switches at the top, %s and %s", t.names[root], t.names[u])
		}
		if p == -1 {
			root = u
		}
		t.parent[u] = int32(p)
	}
	if root < 0 {
		return nil, reason.New(ErrInvalid, "no switch at the top: the switches form a cycle")
	}
	if err := t.depths(); err != nil {
		return nil, err
	}
	t.buildChildren()
	t.countUnder()
	t.radices = t.regularRadices()
	t.id = t.hash()
	t.net = treeNet{t}
	return t, nil
}

// depths sets every vertex's depth, refusing a vertex that never reaches
// the root (a cycle). O(v) amortised: each walk stops at a vertex whose
// depth is known.
func (t *SwitchTree) depths() error {
	v := len(t.parent)
	t.dep = make([]int32, v)
	for i := range t.dep {
		t.dep[i] = -1
	}
	var path []int
	for u := range v {
		path = path[:0]
		w := u
		for w >= 0 && t.dep[w] < 0 {
			path = append(path, w)
			if len(path) > v {
				return reason.New(ErrInvalid, "switch %s is its own ancestor (a cycle)", t.names[w])
			}
			w = int(t.parent[w])
		}
		d := int32(-1)
		if w >= 0 {
			d = t.dep[w]
		}
		for i := len(path) - 1; i >= 0; i-- {
			d++
			t.dep[path[i]] = d
		}
	}
	return nil
}

// buildChildren builds the children lists, in vertex order.
func (t *SwitchTree) buildChildren() {
	v := len(t.parent)
	t.kidOff = make([]int32, v+1)
	for _, p := range t.parent {
		if p >= 0 {
			t.kidOff[p+1]++
		}
	}
	for i := range v {
		t.kidOff[i+1] += t.kidOff[i]
	}
	t.kids = make([]int32, t.kidOff[v])
	fill := append([]int32(nil), t.kidOff[:v]...)
	for u, p := range t.parent {
		if p >= 0 {
			t.kids[fill[p]] = int32(u)
			fill[p]++
		}
	}
}

// hash returns the id: SHA-256 of the node count, then per vertex its
// name's length and bytes and its parent, little-endian.
func (t *SwitchTree) hash() string {
	head := binary.LittleEndian.AppendUint32(nil, uint32(t.nodes))
	return machineHash(head, t.names, func(u int) int { return int(t.parent[u]) })
}

// machineHash returns the content hash of a machine's description: head,
// then per name its length and bytes and ref of its index, little-endian
// (written in pieces of about 32 KB).
func machineHash(head []byte, names []string, ref func(i int) int) string {
	h := sha256.New()
	b := head
	for i, name := range names {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(name)))
		b = append(b, name...)
		b = binary.LittleEndian.AppendUint32(b, uint32(ref(i)))
		if len(b) > 32<<10 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:MachineIDLen/2])
}

// ID returns the content hash of the tree's description.
func (t *SwitchTree) ID() string { return t.id }

// Size returns the number of nodes.
func (t *SwitchTree) Size() int { return t.nodes }

// String returns "machine:ID".
func (t *SwitchTree) String() string { return machinePrefix + t.id }

// NodeName returns the name of node i, as the file gave it.
func (t *SwitchTree) NodeName(i int) string { return t.names[i] }

// Coords writes [idx].
func (t *SwitchTree) Coords(idx int, dst []int) []int {
	if idx < 0 || idx >= t.nodes {
		panic(fmt.Sprintf("topology: node %d out of range [0, %d)", idx, t.nodes))
	}
	return append(dst[:0], idx)
}

// Index returns the node of coordinates [i].
func (t *SwitchTree) Index(coords []int) (int, error) {
	if len(coords) != 1 || coords[0] < 0 || coords[0] >= t.nodes {
		return 0, reason.New(ErrInvalid, "coordinates %v, want [i] with 0 ≤ i < %d", coords, t.nodes)
	}
	return coords[0], nil
}

// Hops returns the number of wires on the tree path from a to b.
func (t *SwitchTree) Hops(a, b int) int { return t.net.hops(a, b) }

// Neighbors lists nothing: nodes are joined through switches.
func (t *SwitchTree) Neighbors(idx int, dst []int) []int { return dst }

// Switches returns the number of switches.
func (t *SwitchTree) Switches() int { return len(t.names) - t.nodes }

// Family returns "tree": drawings lay a switch tree out as its tree.
func (t *SwitchTree) Family() string { return "tree" }

// SwitchName returns switch s's name, as the file gave it.
func (t *SwitchTree) SwitchName(s int) string { return t.names[t.nodes+s] }

// Parent returns the vertex above v, -1 for the root.
func (t *SwitchTree) Parent(v int) int { return int(t.parent[v]) }

func (t *SwitchTree) depth(v int) int { return int(t.dep[v]) }

func (t *SwitchTree) children(v int, dst []int) []int {
	for _, c := range t.kids[t.kidOff[v]:t.kidOff[v+1]] {
		dst = append(dst, int(c))
	}
	return dst
}

// Wires appends the wires at vertex v: its parent and its children.
func (t *SwitchTree) Wires(v int, dst []Wire) []Wire { return t.net.wires(v, dst) }

// Routing returns TreePath.
func (t *SwitchTree) Routing() string { return TreePath }

// LinkSlots returns twice the vertices.
func (t *SwitchTree) LinkSlots() int { return 2 * t.net.vertices() }

// Links returns two per wire.
func (t *SwitchTree) Links() int { return 2 * (t.net.vertices() - 1) }

// Link returns the ends of link id (child → parent below the vertex
// count V, parent → child from V).
func (t *SwitchTree) Link(id int) (tail, head int, ok bool) { return t.net.link(id) }

// Route appends the links of the tree path from a to b. O(depth).
func (t *SwitchTree) Route(a, b int, dst []int) []int { return t.net.route(a, b, dst) }

var (
	_ Router    = (*SwitchTree)(nil)
	_ Network   = (*SwitchTree)(nil)
	_ Rooted    = (*SwitchTree)(nil)
	_ NamedTree = (*SwitchTree)(nil)
)

// maxBallLevels is the deepest tree whose balls are counted (Ball); a
// machine's switch tree has a few levels.
const maxBallLevels = 64

// countUnder fills under, the nodes under each switch by depth, unless
// the tree is deeper than maxBallLevels. O(nodes·levels) time,
// O(switches·levels) memory.
func (t *SwitchTree) countUnder() {
	t.levels = int(slices.Max(t.dep))
	if t.levels > maxBallLevels {
		return
	}
	w := t.levels + 1
	t.under = make([]int32, (len(t.parent)-t.nodes)*w)
	for u := range t.nodes {
		for s := int(t.parent[u]); s >= 0; s = int(t.parent[s]) {
			t.under[(s-t.nodes)*w+int(t.dep[u])]++
		}
	}
	for s := range len(t.parent) - t.nodes {
		for d := 1; d < w; d++ {
			t.under[s*w+d] += t.under[s*w+d-1]
		}
	}
}

// Ball returns the largest number of nodes within r hops of one node
// (topology.Balls), every node on a tree too deep to count. From node x,
// the nodes whose lowest common ancestor with x is a, k hops above x,
// are those under a but not under a's child towards x, and they are
// within r hops of x when their depth is at most depth(a) + r − k.
// O(nodes·levels).
func (t *SwitchTree) Ball(r int) int {
	if r < 0 {
		return 0
	}
	if t.under == nil {
		return t.nodes
	}
	best := 1
	for x := range t.nodes {
		n := 1
		for prev, a := x, t.Parent(x); a >= 0; prev, a = a, t.Parent(a) {
			lim := 2*t.depth(a) + r - t.depth(x)
			n += t.within(a, lim) - t.within(prev, lim)
		}
		best = max(best, n)
	}
	return best
}

// within returns the nodes under vertex v (v itself for a node) at depth
// at most lim.
func (t *SwitchTree) within(v, lim int) int {
	switch {
	case v < t.nodes && int(t.dep[v]) <= lim:
		return 1
	case v < t.nodes || lim < 0:
		return 0
	}
	return int(t.under[(v-t.nodes)*(t.levels+1)+min(lim, t.levels)])
}

var _ Balls = (*SwitchTree)(nil)

// Regular returns the tree's levels when it is regular, a Scotch tleaf:
// every node at one depth L, the switches of each depth with one number
// of children, and the nodes under every switch numbered consecutively.
// Two nodes whose lowest common switch is of level i (1 the switches
// over the nodes) are then 2i wires apart, so the tree is the hierarchy
// tree:R1x…xRL:dist=2,4,…,2L over the same node numbers (R1 the children
// of a switch over nodes): the host returned, with the LevelCosts
// capability (LevelCost(i) = 2i), its coordinates the digits. Other trees
// return false: a capability cannot hold for some trees of a type only.
// O(L); NewSwitchTree checks the tree in O(nodes·L).
func (t *SwitchTree) Regular() (LevelCosts, bool) {
	if t.radices == nil {
		return nil, false
	}
	dist := make([]int, len(t.radices))
	for i := range dist {
		dist[i] = 2 * (i + 1)
	}
	tr, err := NewTree(t.radices, dist)
	if err != nil {
		return nil, false // deeper than MaxLevelCost/2 levels
	}
	return tr, true
}

// regularRadices returns the children per switch of each level,
// innermost first, of a regular tree (see Regular), or nil.
func (t *SwitchTree) regularRadices() []int {
	kids := make([]int, t.levels) // per depth: the children of its switches
	for v := range t.parent {
		d, k := int(t.dep[v]), int(t.kidOff[v+1]-t.kidOff[v])
		switch {
		case (v < t.nodes) != (d == t.levels):
			return nil // a node above the bottom, or a switch at it
		case v < t.nodes:
		case k == 0 || kids[d] != 0 && kids[d] != k:
			return nil
		default:
			kids[d] = k
		}
	}
	slices.Reverse(kids)
	if !t.numberedByGroups(kids) {
		return nil
	}
	return kids
}

// numberedByGroups reports whether, on a tree whose switches have
// radices[i] children at height i+1 (1 the switches over nodes), the
// nodes under every switch of height h+1 are the consecutive ones from a
// multiple of radices[0]·…·radices[h] (they share their quotient by it).
// A node's climb stops at the first switch whose quotient is set: the
// switches above it agree too (their sizes are multiples of its size),
// so the work is the number of vertices, not nodes × levels.
func (t *SwitchTree) numberedByGroups(radices []int) bool {
	quot := make([]int, len(t.parent)-t.nodes) // per switch: its nodes' quotient, -1 unset
	for i := range quot {
		quot[i] = -1
	}
	for u := range t.nodes {
		size := 1
		for h, s := 0, int(t.parent[u]); s >= 0; h, s = h+1, int(t.parent[s]) {
			size *= radices[h]
			q := &quot[s-t.nodes]
			if *q >= 0 {
				if *q != u/size {
					return false
				}
				break
			}
			*q = u / size
		}
	}
	return true
}
