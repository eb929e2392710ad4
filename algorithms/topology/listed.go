package topology

import (
	"encoding/binary"
	"fmt"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Listed is a machine given as the named nodes of a torus (a torus
// coordinates file, as Cray's xtprocadmin or a Blue Gene/Q partition
// list an allocation): its nodes are the listed ones, in the file's
// order, each keeping its name and its coordinates on the torus (Placed,
// Whole being the torus); distances and routes are the torus's. Its spec
// string is "machine:ID", ID the content hash of the torus's spec string
// and every node's name and place.
//
// Its wiring (Network) is the torus's: vertices 0..Size()-1 are the
// listed nodes, and the torus's other nodes, in index order, are its
// "switches" (routers that carry messages but hold no ranks); the links
// of a route are the torus's, their ends numbered so.
type Listed struct {
	*Subset
	names  []string
	id     string
	vertex []int32 // per torus node, its vertex of the wiring
	node   []int32 // per vertex, its torus node
}

// NewListed returns the nodes places of torus (distinct, in range),
// named names; torus must route its messages (a Lattice does).
func NewListed(torus Host, places []int, names []string) (*Listed, error) {
	if _, ok := RouterOf(torus); !ok {
		return nil, reason.New(ErrInvalid, "%s has no routes", torus)
	}
	if len(places) != len(names) {
		return nil, reason.New(ErrInvalid, "%s places for %s names", numtext.Count(len(places)), numtext.Count(len(names)))
	}
	s, err := NewSubset(torus, places)
	if err != nil {
		return nil, err
	}
	l := &Listed{Subset: s, names: names, vertex: make([]int32, torus.Size()), node: make([]int32, 0, torus.Size())}
	for i := range l.vertex {
		l.vertex[i] = -1
	}
	for _, u := range places {
		l.vertex[u], l.node = int32(len(l.node)), append(l.node, int32(u))
	}
	for u, v := range l.vertex {
		if v < 0 {
			l.vertex[u], l.node = int32(len(l.node)), append(l.node, int32(u))
		}
	}
	l.id = l.hash()
	return l, nil
}

// hash returns the id: SHA-256 of the torus's spec string, then per node
// its name's length and bytes and its place, little-endian.
func (l *Listed) hash() string {
	torus := l.whole.String()
	head := append(binary.LittleEndian.AppendUint32(nil, uint32(len(torus))), torus...)
	return machineHash(head, l.names, func(i int) int { return l.ids[i] })
}

// ID returns the content hash of the machine's description.
func (l *Listed) ID() string { return l.id }

// Family returns "listed": a drawing shows the whole host with the
// listed nodes at their places on it.
func (l *Listed) Family() string { return "listed" }

// String returns "machine:ID".
func (l *Listed) String() string { return machinePrefix + l.id }

// NodeName returns the name of node i, as the file gave it.
func (l *Listed) NodeName(i int) string { return l.names[i] }

// Places returns the torus's node of every listed node, in order.
func (l *Listed) Places() []int { return append([]int(nil), l.ids...) }

// Routing returns the torus's rule; "" if it has none.
func (l *Listed) Routing() string { return l.router().Routing() }

// LinkSlots and Links are the torus's (a route's links are the torus's,
// numbered as there).
func (l *Listed) LinkSlots() int { return l.router().LinkSlots() }
func (l *Listed) Links() int     { return l.router().Links() }

// Link returns the ends of the torus's link id, as vertices of the
// wiring.
func (l *Listed) Link(id int) (tail, head int, ok bool) {
	tail, head, ok = l.router().Link(id)
	if !ok {
		return tail, head, ok
	}
	return int(l.vertex[tail]), int(l.vertex[head]), true
}

// Switches returns the torus's nodes that are not listed.
func (l *Listed) Switches() int { return len(l.node) - len(l.ids) }

// SwitchName names an unlisted torus node by its coordinates.
func (l *Listed) SwitchName(s int) string {
	return fmt.Sprintf("unlisted node %v", l.whole.Coords(int(l.node[len(l.ids)+s]), nil))
}

// Wires appends the torus's wires at vertex v.
func (l *Listed) Wires(v int, dst []Wire) []Wire {
	for _, u := range l.whole.Neighbors(int(l.node[v]), nil) {
		dst = append(dst, Wire{To: int(l.vertex[u])})
	}
	return dst
}

// Route appends the torus's route between the listed nodes a and b.
func (l *Listed) Route(a, b int, dst []int) []int { return l.router().Route(l.ids[a], l.ids[b], dst) }

func (l *Listed) router() Router {
	r, _ := RouterOf(l.whole)
	return r
}

var (
	_ Machine = (*Listed)(nil)
	_ Placed  = (*Listed)(nil)
	_ Router  = (*Listed)(nil)
	_ Network = (*Listed)(nil)
)
