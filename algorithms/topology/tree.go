package topology

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/dims"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// MaxLevelCost bounds a level's cost in a tree: spec string.
const MaxLevelCost = 1_000_000

// Tree is the hierarchy host tree:S1xS2x…xSk:dist=D1,D2,…,Dk, the model
// of KaHIP's process mapping (Schulz & Träff, JEA 2020; see the package
// doc, Hierarchies): slots grouped bottom-up, S1 per lowest group, S2
// such groups per group of level 2, and so on; two slots whose lowest
// common group is of level i are D_i apart. A slot's coordinates are its
// digit per level, lowest first, so slot index = d1 + S1·(d2 + S2·(…)).
//
// A Tree's costs are the user's, not counts of links: it has no routes
// (LevelCosts). When they are the lengths of the tree's paths, D_i = 2i
// (up to the level-i group and down again), Parse returns the routed
// tree instead (a Network and a Router); leading zero costs are the
// cores of a node (Parse returns a Cores host over the other levels).
type Tree struct {
	sizes, dist []int
	pow         []int // pow[i] = S1·…·Si, pow[0] = 1
	off         []int // off[i]: the number of the first switch of level i (routed trees)
}

// NewTree returns the hierarchy of those level sizes (each ≥ 1) and
// costs (non-decreasing, from 1 to MaxLevelCost), of at most MaxNodes
// slots.
func NewTree(sizes, dist []int) (*Tree, error) {
	if len(sizes) == 0 || len(sizes) != len(dist) {
		return nil, reason.New(ErrInvalid, "%d levels and %d costs, want one cost per level", len(sizes), len(dist))
	}
	pow := []int{1}
	for i, s := range sizes {
		if s < 1 || pow[i] > MaxNodes/s {
			return nil, reason.New(ErrInvalid, "level %d has %s groups, want 1 to a total of %s slots", i+1, numtext.Count(s), numtext.Count(MaxNodes))
		}
		pow = append(pow, pow[i]*s)
		if dist[i] < 1 || dist[i] > MaxLevelCost || (i > 0 && dist[i] < dist[i-1]) {
			return nil, reason.New(ErrInvalid, "cost %s of level %d, want non-decreasing costs from 1 to %s", numtext.Count(dist[i]), i+1, numtext.Count(MaxLevelCost))
		}
	}
	off := make([]int, len(sizes)+2)
	for i := 1; i <= len(sizes); i++ {
		off[i+1] = off[i] + pow[len(sizes)]/pow[i]
	}
	return &Tree{sizes: append([]int(nil), sizes...), dist: append([]int(nil), dist...), pow: pow, off: off}, nil
}

// parseTree reads "S1xS2x…:dist=D1,D2,…" (see Tree).
func parseTree(args string) (Host, error) {
	sizeText, distText, ok := strings.Cut(args, ":dist=")
	if !ok {
		return nil, errors.New("want tree:S1xS2x…:dist=D1,D2,…, a cost per level")
	}
	sizes, err := dims.ParseSizes(sizeText, MaxNodes, "slots")
	if err != nil {
		return nil, err
	}
	dist, err := parseCosts(distText, len(sizes))
	if err != nil {
		return nil, err
	}
	return BuildTree(sizes, dist)
}

// parseCosts reads "D1,D2,…", one cost per level of n, whole numbers
// from 0 to MaxLevelCost, non-decreasing.
func parseCosts(text string, n int) ([]int, error) {
	parts := strings.Split(text, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%d costs for %d levels, want one per level", len(parts), n)
	}
	dist := make([]int, len(parts))
	for i, p := range parts {
		d, err := strconv.Atoi(p)
		if err != nil || p != strconv.Itoa(d) || d < 0 || d > MaxLevelCost || (i > 0 && d < dist[i-1]) {
			return nil, fmt.Errorf("cost %.20q of level %d: want whole numbers from 0 to %s, non-decreasing", p, i+1, numtext.Count(MaxLevelCost))
		}
		dist[i] = d
	}
	return dist, nil
}

// BuildTree returns the host of a hierarchy whose costs may start with
// zeros (the cores of a node, which become a Cores host over the other
// levels; a single node when every cost is 0), routed when the other
// costs are 2, 4, 6, … (see Tree).
func BuildTree(sizes, dist []int) (Host, error) {
	if len(sizes) == 0 || len(sizes) != len(dist) {
		return nil, fmt.Errorf("%d levels and %d costs, want one cost per level", len(sizes), len(dist))
	}
	for i, s := range sizes {
		if s < 1 {
			return nil, fmt.Errorf("level %d has %s groups, want at least 1", i+1, numtext.Count(s))
		}
	}
	z, cores := 0, 1
	for z < len(dist) && dist[z] == 0 {
		if cores > MaxCores/sizes[z] {
			return nil, fmt.Errorf("levels of cost 0 (one node's cores) hold more than %s cores", numtext.Count(MaxCores))
		}
		cores *= sizes[z]
		z++
	}
	var inner Host
	if z == len(sizes) {
		inner, _ = NewLine(1)
	} else {
		t, err := NewTree(sizes[z:], dist[z:])
		if err != nil {
			return nil, err
		}
		inner = t.routed()
	}
	return withCores(inner, cores)
}

// routed returns the routed tree when t's costs are its path lengths.
func (t *Tree) routed() Host {
	for i, d := range t.dist {
		if d != 2*(i+1) {
			return t
		}
	}
	r := &RoutedTree{Tree: t}
	r.net = treeNet{r}
	return r
}

// LevelCost returns D_i, the distance of two slots whose lowest common
// group is of level i.
func (t *Tree) LevelCost(i int) int { return t.dist[i-1] }

// Radices returns the group sizes, innermost first (Hierarchy): costs never
// decrease with the level, so recursive mappers split a tree group by
// group from the top.
func (t *Tree) Radices() []int { return append([]int(nil), t.sizes...) }

// Size returns S1·…·Sk.
func (t *Tree) Size() int { return t.pow[len(t.sizes)] }

// String returns "tree:S1x…:dist=D1,…".
func (t *Tree) String() string {
	d := make([]string, len(t.dist))
	for i, x := range t.dist {
		d[i] = strconv.Itoa(x)
	}
	return "tree:" + dims.Join(t.sizes) + ":dist=" + strings.Join(d, ",")
}

// Coords writes slot idx's digit per level, lowest first.
func (t *Tree) Coords(idx int, dst []int) []int {
	if idx < 0 || idx >= t.Size() {
		panic(fmt.Sprintf("topology: node %d out of range [0, %d)", idx, t.Size()))
	}
	dst = dst[:0]
	for _, s := range t.sizes {
		dst = append(dst, idx%s)
		idx /= s
	}
	return dst
}

// Index returns the slot of the given digits.
func (t *Tree) Index(coords []int) (int, error) {
	if len(coords) != len(t.sizes) {
		return 0, reason.New(ErrInvalid, "%d coordinates for %d levels", len(coords), len(t.sizes))
	}
	idx := 0
	for j, x := range coords {
		if x < 0 || x >= t.sizes[j] {
			return 0, reason.New(ErrInvalid, "digit %d is %d, want [0, %d)", j+1, x, t.sizes[j])
		}
		idx += x * t.pow[j]
	}
	return idx, nil
}

// level returns the level of the lowest group holding a and b (0 when
// a = b). O(k).
func (t *Tree) level(a, b int) int {
	l := 0
	for a != b {
		a, b = a/t.sizes[l], b/t.sizes[l]
		l++
	}
	return l
}

// Hops returns D_i, i the level of the lowest group holding a and b; 0
// for a = b.
func (t *Tree) Hops(a, b int) int {
	if l := t.level(a, b); l > 0 {
		return t.dist[l-1]
	}
	return 0
}

// Neighbors appends the slots at distance 1: the others of the largest
// group whose levels cost 1.
func (t *Tree) Neighbors(idx int, dst []int) []int {
	m := 0
	for m < len(t.dist) && t.dist[m] == 1 {
		m++
	}
	lo := idx / t.pow[m] * t.pow[m]
	for v := lo; v < lo+t.pow[m]; v++ {
		if v != idx {
			dst = append(dst, v)
		}
	}
	return dst
}

// Ball returns the slots of a group of the highest level that costs at
// most r: the same from every slot.
func (t *Tree) Ball(r int) int {
	if r < 0 {
		return 0
	}
	m := 0
	for m < len(t.dist) && t.dist[m] <= r {
		m++
	}
	return t.pow[m]
}

// Diameter returns the cost of the highest level with more than one
// group (0 for a single slot).
func (t *Tree) Diameter() int {
	for i := len(t.sizes) - 1; i >= 0; i-- {
		if t.sizes[i] > 1 {
			return t.dist[i]
		}
	}
	return 0
}

// RoutedTree is a Tree whose costs are its path lengths (D_i = 2i): a
// tree of switches, one per group, that messages cross along the tree
// path (Router, rule TreePath) and that drawings show (Network). The
// switches of level i (1 ≤ i ≤ k) are numbered after those below, group
// by group; the level-k switch is the root.
type RoutedTree struct {
	*Tree
	net treeNet
}

// Switches returns the number of groups of every level: the switches
// of a routed tree, the frames of a drawing.
func (t *Tree) Switches() int { return t.off[len(t.sizes)+1] }

// Family returns "tree": drawings lay a tree: host out as its tree of groups.
func (t *Tree) Family() string { return "tree" }

// switchLevel returns the level and the group of switch s.
func (t *Tree) switchLevel(s int) (level, group int) {
	level = 1
	for s >= t.off[level+1] {
		level++
	}
	return level, s - t.off[level]
}

// Parent returns the group (switch) just above vertex v (slots, then
// the groups of level 1, 2, …), -1 for the top group.
func (t *Tree) Parent(v int) int {
	n, k := t.Size(), len(t.sizes)
	if v < n {
		return n + v/t.sizes[0]
	}
	l, g := t.switchLevel(v - n)
	if l == k {
		return -1
	}
	return n + t.off[l+1] + g/t.sizes[l]
}

func (t *Tree) depth(v int) int {
	if v < t.Size() {
		return len(t.sizes)
	}
	l, _ := t.switchLevel(v - t.Size())
	return len(t.sizes) - l
}

func (t *Tree) children(v int, dst []int) []int {
	n := t.Size()
	if v < n {
		return dst
	}
	l, g := t.switchLevel(v - n)
	first := g * t.sizes[l-1]
	if l > 1 {
		first += n + t.off[l-1]
	}
	for c := range t.sizes[l-1] {
		dst = append(dst, first+c)
	}
	return dst
}

// Hops returns 2i, i the level of the lowest group holding a and b.
func (t *RoutedTree) Hops(a, b int) int { return t.Tree.Hops(a, b) }

// Neighbors lists nothing: slots are joined through switches.
func (t *RoutedTree) Neighbors(idx int, dst []int) []int { return dst }

// Wires appends the wires at vertex v: its parent and its children.
func (t *RoutedTree) Wires(v int, dst []Wire) []Wire { return t.net.wires(v, dst) }

// SwitchName names switch (group) s by its level and the coordinates of
// the slots below it, "·" for each digit that varies: "L1 (·,2)" is the
// level-1 switch of the slots whose level-2 digit is 2, "L2 (·,·)" the
// root of a two-level tree.
func (t *Tree) SwitchName(s int) string {
	l, g := t.switchLevel(s)
	parts := []string{}
	for range l {
		parts = append(parts, "·")
	}
	for _, size := range t.sizes[l:] {
		parts = append(parts, strconv.Itoa(g%size))
		g /= size
	}
	return "L" + strconv.Itoa(l) + " (" + strings.Join(parts, ",") + ")"
}

// Routing returns TreePath.
func (t *RoutedTree) Routing() string { return TreePath }

// LinkSlots returns twice the vertices (slots and switches).
func (t *RoutedTree) LinkSlots() int { return 2 * t.net.vertices() }

// Links returns two per tree edge.
func (t *RoutedTree) Links() int { return 2 * (t.net.vertices() - 1) }

// Link returns the ends of link id: child → parent below V, parent →
// child from V (V the vertices).
func (t *RoutedTree) Link(id int) (tail, head int, ok bool) { return t.net.link(id) }

// Route appends the links of the tree path from a to b. O(k).
func (t *RoutedTree) Route(a, b int, dst []int) []int { return t.net.route(a, b, dst) }

var (
	_ Router  = (*RoutedTree)(nil)
	_ Network = (*RoutedTree)(nil)
)
