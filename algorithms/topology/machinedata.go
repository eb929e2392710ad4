package topology

import "topomap/algorithms/reason"

// MachineData is a machine read from a file as plain data, what a store
// keeps and a page fetches to rebuild it (RebuildMachine). A tree of
// switches: its nodes' names, then its switches', Nodes of them nodes,
// and each vertex's parent (-1 for the root), vertices numbered in that
// order. The listed nodes of a torus: their Names, the Torus's spec
// string and their Places on it (no Parents).
type MachineData struct {
	ID      string   `json:"id"`
	Names   []string `json:"names"`
	Nodes   int      `json:"nodes"`
	Parents []int    `json:"parents,omitempty"`
	Torus   string   `json:"torus,omitempty"`
	Places  []int    `json:"places,omitempty"`
}

// RebuildMachine returns the machine d describes, and an error if d is
// malformed or describes another machine than its ID. O(size of d), plus
// the machine's construction.
func RebuildMachine(d MachineData) (Machine, error) {
	m, err := d.build()
	switch {
	case err != nil:
		return nil, err
	case m.ID() != d.ID:
		return nil, reason.New(ErrInvalid, "machine %s rebuilds as machine %s", d.ID, m.ID())
	}
	return m, nil
}

// build returns the machine of d's kind: the listed nodes of its Torus,
// or its tree of switches.
func (d MachineData) build() (Machine, error) {
	if d.Torus != "" {
		torus, err := Parse(d.Torus)
		if err != nil {
			return nil, err
		}
		return NewListed(torus, d.Places, d.Names)
	}
	if d.Nodes < 1 || d.Nodes >= len(d.Names) {
		return nil, reason.New(ErrInvalid, "%d names for %d nodes and their switches", len(d.Names), d.Nodes)
	}
	return NewSwitchTree(d.Names[:d.Nodes], d.Names[d.Nodes:], d.Parents)
}

// Data returns the listed nodes as data (RebuildMachine).
func (l *Listed) Data() MachineData {
	return MachineData{ID: l.id, Names: append([]string(nil), l.names...), Nodes: l.Size(), Torus: l.whole.String(), Places: l.Places()}
}

// Data returns the tree as data (RebuildMachine): its names and parents.
func (t *SwitchTree) Data() MachineData {
	d := MachineData{ID: t.id, Names: append([]string(nil), t.names...), Nodes: t.nodes, Parents: make([]int, len(t.parent))}
	for v, p := range t.parent {
		d.Parents[v] = int(p)
	}
	return d
}
