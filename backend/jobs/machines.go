package jobs

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// MachineRecord returns the record of an uploaded machine (see
// GraphRecord): its data (topology.MachineData), a tree's parents as the
// child → parent arcs of a graph of its vertices under the machine's id
// (the listed nodes of a torus: a graph of as many vertices and no arcs).
func MachineRecord(m topology.Machine, r GraphRecord) (GraphRecord, error) {
	d := m.Data()
	offsets := make([]int32, len(d.Names)+1)
	var adj []int32
	var weight []float64
	for u := range d.Names {
		if u < len(d.Parents) && d.Parents[u] >= 0 {
			adj, weight = append(adj, int32(d.Parents[u])), append(weight, 1)
		}
		offsets[u+1] = int32(len(adj))
	}
	g, err := guest.FromCSR(d.ID, offsets, adj, weight)
	if err != nil {
		return r, err
	}
	r.Graph, r.Names, r.Nodes, r.Torus, r.Places = g, d.Names, d.Nodes, d.Torus, d.Places
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
	d, err := r.machineData()
	if err != nil {
		return nil, fmt.Errorf("%w: machine %s: %v", ErrCorrupt, r.Graph.ID, err)
	}
	m, err := topology.RebuildMachine(d)
	if err != nil {
		return nil, fmt.Errorf("%w: machine %s: %v", ErrCorrupt, r.Graph.ID, err)
	}
	return m, nil
}

// machineData reads a machine record back as the data MachineRecord
// wrote: a name per vertex of its graph, whose arcs are the parents.
func (r GraphRecord) machineData() (topology.MachineData, error) {
	g := r.Graph
	d := topology.MachineData{ID: g.ID, Names: r.Names, Nodes: r.Nodes, Torus: r.Torus, Places: r.Places}
	if len(r.Names) != g.Order() {
		return d, fmt.Errorf("%d names for %d vertices", len(r.Names), g.Order())
	}
	if g.Arcs() == 0 {
		return d, nil // the listed nodes of a torus
	}
	d.Parents = make([]int, g.Order())
	for u := range d.Parents {
		switch lo, hi := g.Offsets[u], g.Offsets[u+1]; hi - lo {
		case 0:
			d.Parents[u] = -1
		case 1:
			d.Parents[u] = int(g.Adj[lo])
		default:
			return d, fmt.Errorf("vertex %d has %d parents", u, hi-lo)
		}
	}
	return d, nil
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
