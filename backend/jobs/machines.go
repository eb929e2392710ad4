package jobs

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// MachineRecord returns the record of an uploaded machine (see
// GraphRecord): a tree of switches, or the listed nodes of a torus.
func MachineRecord(m topology.Machine, r GraphRecord) (GraphRecord, error) {
	if l, ok := m.(*topology.Listed); ok {
		return listedRecord(l, r)
	}
	if t, ok := m.(*topology.SwitchTree); ok {
		return treeRecord(t, r)
	}
	return r, fmt.Errorf("no record for machine %s", m)
}

// listedRecord: the listed nodes' names, the torus's spec string and the
// nodes' places on it, with a graph of as many vertices and no arcs
// under the machine's id.
func listedRecord(l *topology.Listed, r GraphRecord) (GraphRecord, error) {
	n := l.Size()
	g, err := guest.FromCSR(l.ID(), make([]int32, n+1), nil, nil)
	if err != nil {
		return r, err
	}
	r.Graph, r.Names, r.Nodes = g, topology.NamesOf(l), n
	r.Torus, r.Places = l.Whole().String(), l.Places()
	return r, nil
}

// treeRecord: the tree as a graph of child → parent arcs under the
// machine's id, and its names.
func treeRecord(t *topology.SwitchTree, r GraphRecord) (GraphRecord, error) {
	n, v := t.Size(), t.Size()+t.Switches()
	offsets, adj, weight := make([]int32, v+1), make([]int32, 0, v-1), make([]float64, 0, v-1)
	names := make([]string, 0, v)
	for u := range v {
		if p := t.Parent(u); p >= 0 {
			adj, weight = append(adj, int32(p)), append(weight, 1)
		}
		offsets[u+1] = int32(len(adj))
		if u < n {
			names = append(names, t.NodeName(u))
		} else {
			names = append(names, t.SwitchName(u-n))
		}
	}
	g, err := guest.FromCSR(t.ID(), offsets, adj, weight)
	if err != nil {
		return r, err
	}
	r.Graph, r.Names, r.Nodes = g, names, n
	return r, nil
}

// IsMachine reports whether the record is an uploaded machine.
func (r GraphRecord) IsMachine() bool { return r.Names != nil }

// Machine rebuilds the machine of a machine record and checks that it is
// the one its id names.
func (r GraphRecord) Machine() (topology.Machine, error) {
	if !r.IsMachine() || r.Graph == nil {
		return nil, fmt.Errorf("%w: not a machine record", ErrCorrupt)
	}
	var m topology.Machine
	var err error
	if r.Torus != "" {
		m, err = r.listed()
	} else {
		m, err = r.tree()
	}
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: machine %s: %v", ErrCorrupt, r.Graph.ID, err)
	case m.ID() != r.Graph.ID:
		return nil, fmt.Errorf("%w: machine %s holds the machine %s", ErrCorrupt, r.Graph.ID, m.ID())
	}
	return m, nil
}

// listed rebuilds the listed nodes of a torus.
func (r GraphRecord) listed() (topology.Machine, error) {
	torus, err := topology.Parse(r.Torus)
	if err != nil {
		return nil, err
	}
	if len(r.Names) != r.Graph.Order() || r.Graph.Arcs() != 0 {
		return nil, fmt.Errorf("%d names for %d nodes", len(r.Names), r.Graph.Order())
	}
	return topology.NewListed(torus, r.Places, r.Names)
}

// tree rebuilds a tree of switches.
func (r GraphRecord) tree() (topology.Machine, error) {
	g := r.Graph
	if len(r.Names) != g.Order() || r.Nodes < 1 || r.Nodes >= g.Order() {
		return nil, fmt.Errorf("%d names, %d nodes, %d vertices", len(r.Names), r.Nodes, g.Order())
	}
	parent := make([]int, g.Order())
	for u := range parent {
		switch lo, hi := g.Offsets[u], g.Offsets[u+1]; hi - lo {
		case 0:
			parent[u] = -1
		case 1:
			parent[u] = int(g.Adj[lo])
		default:
			return nil, fmt.Errorf("vertex %d has %d parents", u, hi-lo)
		}
	}
	return topology.NewSwitchTree(r.Names[:r.Nodes], r.Names[r.Nodes:], parent)
}

// StoredMachine returns the machine g stores under id: an error wrapping
// ErrNoMachine (an ErrNotFound) if it stores none (or an uploaded graph
// there), ErrCorrupt if its record is damaged.
func StoredMachine(g GraphService, id string) (topology.Machine, error) {
	if !guest.ValidID(id) {
		return nil, fmt.Errorf("%w: malformed machine id", ErrNoMachine)
	}
	rec, err := g.Graph(id)
	switch {
	case errors.Is(err, ErrNotFound):
		// g's message names a graph (and its upload): say machine
		return nil, MachineNotFound(id)
	case err == nil && !rec.IsMachine():
		err = fmt.Errorf("%w: %s is an uploaded graph, not a machine (GET /api/v1/graphs/%s)", ErrNoMachine, id, id)
	}
	if err != nil {
		return nil, err
	}
	return rec.Machine()
}

// MachineNotFound is the error of an id with no machine, in every store.
func MachineNotFound(id string) error {
	return fmt.Errorf("%w: %s is not on this server; upload its file first (POST /api/v1/machines)", ErrNoMachine, id)
}

// MachineSource is what topology.SetMachineSource wants of g: a server
// whose store is shared with others (or holds more machines than a
// process keeps registered) finds there a machine:ID it was not sent.
func MachineSource(g GraphService) func(id string) (topology.Machine, error) {
	return func(id string) (topology.Machine, error) {
		t, err := StoredMachine(g, id)
		if errors.Is(err, ErrNotFound) {
			return nil, nil
		}
		return t, err
	}
}
