package graphmap

import (
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// A groupTree is the tree of nested groups Multisection partitions a
// host along: each group's subgroups, in the order they are filled, with
// their slots' counts, down to single slots.
type groupTree interface {
	// top returns the group of the whole host.
	top() int64
	// subgroups appends the subgroups of group g to dst: none for a slot.
	subgroups(g int64, dst []subgroup) []subgroup
	// slot returns the slot of a group of one slot.
	slot(g int64) int
}

// A subgroup is a group and the number of its slots.
type subgroup struct {
	id   int64
	size int32
}

// groupsOf returns the tree of groups of h: a host of nested groups
// (metric.Groups: a host with the Hierarchy capability or a regular tree
// of switches, and nodes with cores or an inside over one), or a tree of
// switches (topology.Rooted) whose nodes may have cores or an inside
// (metric.NodeLevels); false for others.
func groupsOf(h topology.Host) (groupTree, bool) {
	if radices, ok := metric.Groups(h); ok {
		return newLevels(radices), true
	}
	inside, _, nodes := metric.NodeLevels(h)
	if t, ok := nodes.(topology.Rooted); ok {
		return newRootedGroups(t, newLevels(inside)), true
	}
	return nil, false
}

// HasGroups reports whether Multisection applies to h: a host of nested
// groups (a fat tree, a dragonfly, a tree:, a machine read from a file,
// with cores or an inside in its nodes or not).
func HasGroups(h topology.Host) bool {
	_, ok := groupsOf(h)
	return ok
}

// levels is the groupTree of groups of fixed radices: levels[i] slots in
// a group of level i (levels[0] = 1), a group the consecutive slots from
// its first; its id is level<<32 | first slot.
type levels []int32

// newLevels returns the levels of groups of those radices, innermost
// first.
func newLevels(radices []int) levels { return append(levels{1}, groupSizes(radices)...) }

func (l levels) top() int64 { return int64(len(l)-1) << 32 }

func (l levels) subgroups(g int64, dst []subgroup) []subgroup {
	lv, first := int(g>>32), int32(g)
	if lv == 0 {
		return dst
	}
	c := l[lv-1]
	for x := first; x < first+l[lv]; x += c {
		dst = append(dst, subgroup{int64(lv-1)<<32 | int64(x), c})
	}
	return dst
}

func (l levels) slot(g int64) int { return int(int32(g)) }

// rootedGroups is the groupTree of a tree of switches whose nodes have
// the groups in inside (a node's slots, in[len(in)-1] of them, and
// their levels): a group is a vertex of the tree (nodes, then switches),
// the subgroups of a switch its children, those of a node its inside's
// top groups. A group of level lv < len(in)-1 inside a node, from slot
// first, has the id V + lv·S + first (V the tree's vertices, S the
// slots): a slot is V + itself.
type rootedGroups struct {
	kids  [][]int32
	slots []int32 // per vertex: the slots under it
	root  int32
	nodes int
	in    levels
}

func newRootedGroups(t topology.Rooted, in levels) *rootedGroups {
	tr := readTree(t)
	r := &rootedGroups{kids: tr.kids, slots: make([]int32, len(tr.kids)), root: tr.root, nodes: t.Size(), in: in}
	for x := range r.nodes {
		for u := int32(x); u >= 0; u = tr.parent[u] {
			r.slots[u] += r.perNode()
		}
	}
	return r
}

// perNode returns the slots of a node.
func (r *rootedGroups) perNode() int32 { return r.in[len(r.in)-1] }

func (r *rootedGroups) top() int64 { return int64(r.root) }

func (r *rootedGroups) subgroups(g int64, dst []subgroup) []subgroup {
	v, all := int64(len(r.kids)), int64(r.nodes)*int64(r.perNode())
	switch {
	case g >= v: // inside a node
		lv, first := (g-v)/all, (g-v)%all
		return r.inside(int(lv), first, dst)
	case g < int64(r.nodes) && len(r.in) > 1:
		return r.inside(len(r.in)-1, g*int64(r.perNode()), dst)
	}
	for _, k := range r.kids[g] {
		dst = append(dst, subgroup{int64(k), r.slots[k]})
	}
	return dst
}

// inside appends the subgroups of the group of level lv of a node's
// inside whose first slot is first: none for a slot.
func (r *rootedGroups) inside(lv int, first int64, dst []subgroup) []subgroup {
	if lv == 0 {
		return dst
	}
	v, all := int64(len(r.kids)), int64(r.nodes)*int64(r.perNode())
	c := int64(r.in[lv-1])
	for x := first; x < first+int64(r.in[lv]); x += c {
		dst = append(dst, subgroup{v + int64(lv-1)*all + x, int32(c)})
	}
	return dst
}

func (r *rootedGroups) slot(g int64) int {
	if g >= int64(len(r.kids)) {
		return int(g) - len(r.kids)
	}
	return int(g) // a node of one slot
}
