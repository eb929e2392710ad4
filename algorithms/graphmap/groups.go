package graphmap

import "topomap/algorithms/topology"

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

// groupsOf returns the tree of groups of h: a host with the Hierarchy
// capability (topology.HierarchyOf: cores over one included), or a tree
// of switches (topology.Rooted, cores over one included); false for
// others.
func groupsOf(h topology.Host) (groupTree, bool) {
	if radices, ok := topology.HierarchyOf(h); ok {
		l := levels{1}
		for _, r := range radices {
			l = append(l, l[len(l)-1]*int32(r))
		}
		return l, true
	}
	inner, c := topology.SplitCores(h)
	if t, ok := inner.(topology.Rooted); ok {
		return newRootedGroups(t, c), true
	}
	return nil, false
}

// HasGroups reports whether Multisection applies to h: a host of nested
// groups (a fat tree, a dragonfly, a tree:, a machine read from a file,
// or cores over one).
func HasGroups(h topology.Host) bool {
	_, ok := groupsOf(h)
	return ok
}

// levels is the groupTree of a host with the Hierarchy capability:
// levels[i] slots in a group of level i (levels[0] = 1), a group the
// consecutive slots from its first; its id is level<<32 | first slot.
type levels []int32

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

// rootedGroups is the groupTree of a tree of switches with c slots per
// node: a group is a vertex of the tree (nodes, then switches), the
// subgroups of a switch its children, those of a node its slots (ids
// from the tree's vertices on) when c > 1.
type rootedGroups struct {
	kids  [][]int32
	slots []int32 // per vertex: the slots under it
	root  int32
	nodes int
	c     int32
}

func newRootedGroups(t topology.Rooted, c int) *rootedGroups {
	tr := readTree(t)
	r := &rootedGroups{kids: tr.kids, slots: make([]int32, len(tr.kids)), root: tr.root, nodes: t.Size(), c: int32(c)}
	for x := range r.nodes {
		for u := int32(x); u >= 0; u = tr.parent[u] {
			r.slots[u] += int32(c)
		}
	}
	return r
}

func (r *rootedGroups) top() int64 { return int64(r.root) }

func (r *rootedGroups) subgroups(g int64, dst []subgroup) []subgroup {
	switch {
	case g >= int64(len(r.kids)): // a slot
	case g < int64(r.nodes) && r.c > 1:
		for i := range int64(r.c) {
			dst = append(dst, subgroup{int64(len(r.kids)) + g*int64(r.c) + i, 1})
		}
	default:
		for _, k := range r.kids[g] {
			dst = append(dst, subgroup{int64(k), r.slots[k]})
		}
	}
	return dst
}

func (r *rootedGroups) slot(g int64) int {
	if g >= int64(len(r.kids)) {
		return int(g) - len(r.kids)
	}
	return int(g) // a node of one slot
}
