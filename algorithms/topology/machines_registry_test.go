package topology_test

import (
	"errors"
	"testing"

	"topomap/algorithms/topology"
)

// TestMachineRegistry: machine:ID names a registered switch tree (with
// cores too), and an unknown id is ErrUnknownMachine.
func TestMachineRegistry(t *testing.T) {
	tr, err := topology.NewSwitchTree([]string{"a", "b", "c"}, []string{"leaf", "top"}, []int{3, 3, 4, 4, -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := topology.Parse(tr.String()); !errors.Is(err, topology.ErrUnknownMachine) {
		t.Fatalf("before registering: %v", err)
	}
	topology.RegisterMachine(tr)
	for _, s := range []string{tr.String(), " MACHINE:" + tr.ID()} {
		if h, err := topology.Parse(s); err != nil || h != topology.Host(tr) {
			t.Errorf("%q: %v (%v), want the registered tree", s, h, err)
		}
	}
	h, err := topology.Parse(tr.String() + ":cores=4")
	if err != nil || h.Size() != 12 || h.Hops(0, 11) != 3 || h.String() != tr.String()+":cores=4" {
		t.Errorf("with cores: %v (%v)", h, err)
	}
}
