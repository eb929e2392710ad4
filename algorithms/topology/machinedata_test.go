package topology_test

import (
	"errors"
	"testing"

	"topomap/algorithms/topology"
)

// TestMachinesRebuildFromTheirData: a tree of switches and the listed
// nodes of a torus rebuild from their data as the same machine (same id,
// names and distances); data that was changed, or that describes another
// machine than its id, is refused.
func TestMachinesRebuildFromTheirData(t *testing.T) {
	tree, err := topology.NewSwitchTree([]string{"a", "b", "c"}, []string{"leaf", "top"}, []int{3, 3, 4, 4, -1})
	if err != nil {
		t.Fatal(err)
	}
	torus, _ := topology.Parse("torus:4x4")
	listed, err := topology.NewListed(torus, []int{5, 0, 15}, []string{"n5", "n0", "n15"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []topology.Machine{tree, listed} {
		d := m.Data()
		got, err := topology.RebuildMachine(d)
		if err != nil || got.ID() != m.ID() || got.NodeName(2) != m.NodeName(2) || got.Hops(0, 2) != m.Hops(0, 2) {
			t.Errorf("%v rebuilt as %v, %v", m, got, err)
			continue
		}
		d.Names = append([]string{"x"}, d.Names[1:]...)
		if _, err := topology.RebuildMachine(d); !errors.Is(err, topology.ErrInvalid) {
			t.Errorf("%v renamed under its id: %v, want ErrInvalid", m, err)
		}
	}
	d := tree.Data()
	d.Nodes = len(d.Names)
	if _, err := topology.RebuildMachine(d); err == nil {
		t.Errorf("a tree without switches rebuilt")
	}
}
