package topology_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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

// TestAnUnknownMachineIsFetchedFromTheMachineSource: a machine:ID this
// process never registered is asked of the machine source (well-formed
// ids only), registered once found, and still ErrUnknownMachine when the
// source has none or fails (its error wrapped too, for a server's 503).
func TestAnUnknownMachineIsFetchedFromTheMachineSource(t *testing.T) {
	tr, err := topology.NewSwitchTree([]string{"x", "y"}, []string{"s1", "s2", "top"}, []int{2, 3, 4, 4, -1})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := topology.NewSwitchTree([]string{"x", "z"}, []string{"top"}, []int{2, 2, -1})
	var asked []string
	var failure error
	topology.SetMachineSource(func(id string) (topology.Machine, error) {
		asked = append(asked, id)
		if id == tr.ID() {
			return tr, failure
		}
		return nil, nil
	})
	defer topology.SetMachineSource(nil)
	failure = errors.New("the database is down")
	if _, err := topology.Parse(tr.String()); !errors.Is(err, topology.ErrUnknownMachine) || !errors.Is(err, failure) {
		t.Errorf("a failing source: %v", err)
	}
	for _, s := range []string{other.String(), "machine:nothex", "machine:" + strings.Repeat("a", 31)} {
		if _, err := topology.Parse(s); !errors.Is(err, topology.ErrUnknownMachine) {
			t.Errorf("%q: %v, want ErrUnknownMachine", s, err)
		}
	}
	failure = nil
	for range 2 {
		if h, err := topology.Parse(strings.ToUpper(tr.String())); err != nil || h != topology.Host(tr) {
			t.Errorf("fetched: %v (%v), want the source's tree", h, err)
		}
	}
	if want := []string{tr.ID(), other.ID(), tr.ID()}; !slices.Equal(asked, want) {
		t.Errorf("asked the source for %q, want %q (well-formed ids, once found)", asked, want)
	}
}

// TestMachineRegistryBoundsItsNodes: the registry forgot a machine only
// after 1,024 later ones, whatever their size: 1,024 uploads of a
// three-line topology.conf of 262,144 nodes (13 MB each in memory) would
// have kept 13 GB. It now also keeps at most MaxMachineNodes nodes, the
// ones registered first forgotten (a server fetches them again from its
// store).
func TestMachineRegistryBoundsItsNodes(t *testing.T) {
	const n = 1 << 18
	parent := make([]int, n+1)
	for i := range n {
		parent[i] = n
	}
	parent[n] = -1
	var trees []*topology.SwitchTree
	for k := range topology.MaxMachineNodes/n + 1 {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("m%dn%d", k, i)
		}
		tr, err := topology.NewSwitchTree(names, []string{"top"}, parent)
		if err != nil {
			t.Fatal(err)
		}
		topology.RegisterMachine(tr)
		trees = append(trees, tr)
	}
	if _, err := topology.Parse(trees[0].String()); !errors.Is(err, topology.ErrUnknownMachine) {
		t.Errorf("the first of %d machines of %d nodes: %v, want it forgotten", len(trees), n, err)
	}
	last := trees[len(trees)-1]
	if h, err := topology.Parse(last.String()); err != nil || h != topology.Host(last) {
		t.Errorf("the last machine: %v (%v), want it registered", h, err)
	}
}
