package topology

import (
	"strconv"
	"strings"
)

// Router is the optional capability of hosts with a deterministic routing
// rule: every message from node a to node b follows Route(a, b), a path of
// Hops(a, b) directed links. Callers type-assert it (RouterOf); a host
// without it has no link loads, and the product says so rather than
// guessing a rule.
//
// Directed links are numbered 0..LinkSlots()-1; some numbers of the
// numbering may be no link (Link says which), so that a link's number is
// computed, not looked up. A link's ends are vertices of the host's
// wiring: its nodes 0..Size()-1 and, on an indirect network (Network),
// its switches Size()+s. The links leaving node u are numbered u + n·j
// for some j ≥ 0, n the number of nodes (of the inner host, on a host
// with cores); other links may share those numbers' residues, so a caller
// that finds a node's links this way checks their tails.
type Router interface {
	Host
	// Routing names the rule, e.g. "dimension-order".
	Routing() string
	// LinkSlots returns the size of the link numbering.
	LinkSlots() int
	// Links returns the number of directed links.
	Links() int
	// Link returns the tail and head of link id, vertices of the
	// wiring; ok is false when id is a number of the numbering that is
	// no link.
	Link(id int) (tail, head int, ok bool)
	// Route appends to dst the links from a to b, in the order a message
	// crosses them, and returns it.
	Route(a, b int, dst []int) []int
}

// RouterOf returns h's routing capability and whether it has one. A
// host built over another (a host with cores, a Subset, a host with a
// node inside) routes through the routes of the host it is built on
// (overRouter).
func RouterOf(h Host) (Router, bool) {
	if o, ok := h.(overRouter); ok {
		return o.router()
	}
	r, ok := h.(Router)
	return r, ok
}

// overRouter is the capability of hosts built over another, whose routes
// are derived from that host's: router returns them, false when that
// host has none.
type overRouter interface {
	router() (Router, bool)
}

// AxisRouter is the optional capability of routers over a grid whose
// routes and link numbers follow its axes, so that a route is walked, and
// the loads of many messages summed, axis line by axis line: Loads marks
// each message's segment per axis in difference arrays and sums every
// line once, in O(c) per message; package pairs' congestion walks routes
// on its coordinate table. A message from a to b corrects axis 0 first,
// then 1, … (DimensionOrder, which is ECube on a hypercube), along a
// wrapping axis the shorter way round, on an exact tie (k/2, so every
// step on an axis of size 2) in the + direction; the link from node u to
// its neighbour along axis j in direction dir (+1 or −1) is
// u + Size()·AxisSlot(j, dir), for every axis of size 2 or more, one slot
// for both directions on an axis of size 2. Lattices have it; topotest
// checks it against Route.
type AxisRouter interface {
	Router
	Grid
	// AxisSlot returns the slot of the links along axis j (of size 2
	// or more) in direction dir.
	AxisSlot(j, dir int) int
}

// AxisLine is what a route along one axis of an AxisRouter needs: the
// axis's size K, whether it wraps, the Stride of its coordinate in node
// numbers, and the numbers Plus and Minus of the links out of node 0 in
// the + and the − direction (node u's are u + Plus and u + Minus, one
// link on an axis of size 2, none, −1, on an axis of size 1).
type AxisLine struct {
	K, Stride, Plus, Minus int
	Wrap                   bool
}

// AxisLines returns r's axes as lines of links, axis 0 first. O(c²).
func AxisLines(r AxisRouter) []AxisLine {
	lines := make([]AxisLine, r.Rank())
	stride := 1
	for j := range lines {
		k := r.Dim(j)
		lines[j] = AxisLine{K: k, Stride: stride, Plus: -1, Minus: -1, Wrap: r.Wraps(j)}
		if k > 1 {
			lines[j].Plus, lines[j].Minus = r.Size()*r.AxisSlot(j, 1), r.Size()*r.AxisSlot(j, -1)
		}
		stride *= k
	}
	return lines
}

// VertexName names vertex v of h's wiring for people: a node (v a slot
// of it on a host with cores: links leave the node, not a core) by its
// name on a machine whose nodes have names (Named: a machine file's
// "nx3"), else by its coordinates, "(1,2)"; under routers
// (":nodes-per-router=P") links leave the router, named by its
// coordinates, "(1,2,3)", not its first node's "(1,2,3,0)"; a switch,
// v ≥ Size(), by its network's SwitchName.
func VertexName(h Host, v int) string {
	base, per := SplitRouters(h)
	if v < h.Size() {
		if _, c := NodesOf(h); c == per {
			if name, ok := NodeNameOf(h, v); ok {
				return name
			}
		}
		xs := base.Coords(v/per, nil)
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(x)
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	if net, ok := base.(Network); ok && v-h.Size() < net.Switches() {
		return net.SwitchName(v - h.Size())
	}
	return "vertex " + strconv.Itoa(v)
}

// The routing rules of lattices (see the package doc).
const (
	// DimensionOrder corrects axis 0 first, then 1, ...; with wrap-around
	// the shorter way round, on an exact tie (k/2) in the + direction.
	DimensionOrder = "dimension-order"
	// ECube flips the differing bits of a hypercube label, bit 0 first.
	ECube = "e-cube"
)

// Routing returns the lattice's rule: e-cube on a hypercube (which is
// dimension-order routing on the (2,...,2) mesh), dimension-order
// otherwise.
func (t *Lattice) Routing() string {
	if t.kind == Hypercube {
		return ECube
	}
	return DimensionOrder
}

// Link numbering of a lattice of n nodes: link id = node + n·slot, where
// node is the link's tail and slot numbers the (axis, direction) pairs
// that exist, axis by axis:
//   - an axis of size 1 has no slot;
//   - an axis of size 2 has one: the link to the other node (+ from
//     coordinate 0 and − from 1 on a mesh; + from both with wrap-around,
//     the only direction the tie rule uses there), so a d-cube has d·2^d slots,
//     one per node and dimension;
//   - a larger axis has two, + (to x+1) then − (to x−1). On a mesh the
//     numbers of + from x = k−1 and − from x = 0 are no links.
//
// AxisSlot returns the slot of the links along axis j in direction dir
// (+1 or −1; both share the one slot of an axis of size 2), numbered as
// above (AxisRouter). O(c).
func (t *Lattice) AxisSlot(j, dir int) int {
	slot := 0
	for _, k := range t.dims[:j] {
		slot += min(k-1, 2)
	}
	if dir < 0 && t.dims[j] > 2 {
		slot++
	}
	return slot
}

// LinkSlots returns the size of the link numbering (see Link): n times
// the number of (axis, direction) slots.
func (t *Lattice) LinkSlots() int {
	s := 0
	for _, k := range t.dims {
		s += min(k-1, 2)
	}
	return s * t.size
}

// Links returns the number of directed links: per axis of size k, 2(k−1)
// per line on a mesh, 2k with wrap-around (k > 2), and one per node on an
// axis of size 2.
func (t *Lattice) Links() int {
	l := 0
	for j, k := range t.dims {
		switch {
		case k == 2:
			l += t.size
		case k > 2 && t.wrap[j]:
			l += 2 * t.size
		case k > 2:
			l += 2 * (k - 1) * (t.size / k)
		}
	}
	return l
}

// Link returns the tail and head of link id, numbered node + n·slot (see
// the numbering above); ok is false for a number that is no link (a mesh
// boundary) or out of range. O(c).
func (t *Lattice) Link(id int) (tail, head int, ok bool) {
	if id < 0 || id >= t.LinkSlots() {
		return 0, 0, false
	}
	tail, slot := id%t.size, id/t.size
	for j, k := range t.dims {
		n := min(k-1, 2)
		if slot >= n {
			slot -= n
			continue
		}
		s, x := t.strides[j], tail/t.strides[j]%k
		y := x + 1 // the + direction
		if slot == 1 || (k == 2 && x == 1 && !t.wrap[j]) {
			y = x - 1
		}
		if y < 0 || y >= k {
			if !t.wrap[j] {
				return 0, 0, false
			}
			y = (y + k) % k
		}
		return tail, tail + (y-x)*s, true
	}
	return 0, 0, false
}

// axisStep returns the direction (+1 or −1) and the number of steps that
// the route takes along an axis of size k from coordinate x to y: on a
// mesh straight there; with wrap-around the shorter way round, an exact
// tie (k/2, so every step on an axis of size 2) going +.
func axisStep(x, y, k int, wrap bool) (dir, steps int) {
	switch d := y - x; {
	case !wrap && d >= 0:
		return 1, d
	case !wrap:
		return -1, -d
	default:
		d = (d + k) % k
		if 2*d <= k {
			return 1, d
		}
		return -1, k - d
	}
}

// Route appends to dst the links of the route from a to b (dimension-order,
// e-cube on a hypercube, see Routing) and returns it. O(c + Hops(a, b)).
func (t *Lattice) Route(a, b int, dst []int) []int {
	cur, first := a, 0 // first: axis j's first slot
	for j, k := range t.dims {
		s := t.strides[j]
		x, y := cur/s%k, b/s%k
		dir, steps := axisStep(x, y, k, t.wrap[j])
		slot := first
		if dir < 0 && k > 2 {
			slot++
		}
		first += min(k-1, 2)
		for range steps {
			dst = append(dst, cur+t.size*slot)
			nx := (x + dir + k) % k
			cur += (nx - x) * s
			x = nx
		}
	}
	return dst
}

var _ AxisRouter = (*Lattice)(nil)
