package jobs

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// MachineRecord returns the record of an uploaded tree of switches (see
// GraphRecord): its tree as a graph of child → parent arcs under the
// machine's id, and its names.
func MachineRecord(t *topology.SwitchTree, r GraphRecord) (GraphRecord, error) {
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

// Machine rebuilds the tree of switches of a machine record and checks
// that it is the one its id names.
func (r GraphRecord) Machine() (*topology.SwitchTree, error) {
	g := r.Graph
	if !r.IsMachine() || g == nil || len(r.Names) != g.Order() || r.Nodes < 1 || r.Nodes >= g.Order() {
		return nil, fmt.Errorf("%w: not a machine record", ErrCorrupt)
	}
	parent := make([]int, g.Order())
	for u := range parent {
		switch lo, hi := g.Offsets[u], g.Offsets[u+1]; hi - lo {
		case 0:
			parent[u] = -1
		case 1:
			parent[u] = int(g.Adj[lo])
		default:
			return nil, fmt.Errorf("%w: machine %s: vertex %d has %d parents", ErrCorrupt, g.ID, u, hi-lo)
		}
	}
	t, err := topology.NewSwitchTree(r.Names[:r.Nodes], r.Names[r.Nodes:], parent)
	if err != nil {
		return nil, fmt.Errorf("%w: machine %s: %v", ErrCorrupt, g.ID, err)
	}
	if t.ID() != g.ID {
		return nil, fmt.Errorf("%w: machine %s holds the machine %s", ErrCorrupt, g.ID, t.ID())
	}
	return t, nil
}

// StoredMachine returns the machine g stores under id: an error wrapping
// ErrNotFound if it stores none (or an uploaded graph there), ErrCorrupt
// if its record is damaged.
func StoredMachine(g GraphService, id string) (*topology.SwitchTree, error) {
	rec, err := g.Graph(id)
	if err == nil && !rec.IsMachine() {
		err = fmt.Errorf("%w: %s is an uploaded graph, not a machine", ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	return rec.Machine()
}

// MachineSource is what topology.SetMachineSource wants of g: a server
// whose store is shared with others (or holds more machines than a
// process keeps registered) finds there a machine:ID it was not sent.
func MachineSource(g GraphService) func(id string) (*topology.SwitchTree, error) {
	return func(id string) (*topology.SwitchTree, error) {
		t, err := StoredMachine(g, id)
		if errors.Is(err, ErrNotFound) {
			return nil, nil
		}
		return t, err
	}
}
