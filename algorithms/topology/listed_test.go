package topology_test

import (
	"slices"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestTorusCoordsMachine: the listed nodes of a torus are a machine
// whose nodes are those nodes, in the given order, with their names,
// their torus coordinates and the torus's hops and routes between them
// (counted by hand on torus:4x4), named machine:ID in Parse once
// registered; another order or another name is another machine.
func TestTorusCoordsMachine(t *testing.T) {
	torus, err := topology.Parse("torus:4x4")
	if err != nil {
		t.Fatal(err)
	}
	// a (0,0), b (3,0), c (2,2), d (1,3)
	places, names := []int{0, 3, 10, 13}, []string{"a", "b", "c", "d"}
	l, err := topology.NewListed(torus, places, names)
	if err != nil {
		t.Fatal(err)
	}
	hops := []struct{ a, b, want int }{
		{0, 1, 1}, // across the wrap of x
		{0, 2, 4},
		{1, 3, 3}, // x 3→1 (2), y 0→3 across the wrap (1)
		{2, 3, 2},
		{3, 0, 2}, // x 1→0, y 3→0 across the wrap
		{2, 2, 0},
	}
	for _, c := range hops {
		if got := l.Hops(c.a, c.b); got != c.want {
			t.Errorf("hops %s–%s = %d, want %d", names[c.a], names[c.b], got, c.want)
		}
		if got := len(l.Route(c.a, c.b, nil)); got != c.want {
			t.Errorf("route %s–%s crosses %d links, want %d", names[c.a], names[c.b], got, c.want)
		}
	}
	if l.Size() != 4 || l.NodeName(2) != "c" || !slices.Equal(l.Coords(3, nil), []int{1, 3}) {
		t.Errorf("size %d, node 2 %q, coords of d %v", l.Size(), l.NodeName(2), l.Coords(3, nil))
	}
	if i, err := l.Index([]int{2, 2}); err != nil || i != 2 {
		t.Errorf("index of (2,2) = %d (%v), want 2", i, err)
	}
	if _, err := l.Index([]int{1, 1}); err == nil {
		t.Error("(1,1) is no listed node, but Index found it")
	}
	topology.RegisterMachine(l)
	if h, err := topology.Parse(l.String()); err != nil || h != topology.Host(l) {
		t.Errorf("Parse(%s) = %v (%v)", l, h, err)
	}
	if h, err := topology.Parse(l.String() + ":cores=2"); err != nil || h.Size() != 8 || h.Hops(0, 7) != 2 {
		t.Errorf("with cores: %v (%v)", h, err)
	}
	for _, other := range []struct {
		places []int
		names  []string
	}{
		{[]int{3, 0, 10, 13}, names},
		{places, []string{"a", "b", "c", "e"}},
	} {
		o, err := topology.NewListed(torus, other.places, other.names)
		if err != nil || o.ID() == l.ID() {
			t.Errorf("%v %v: %v (%v), want another id than %s", other.places, other.names, o, err, l.ID())
		}
	}
	topotest.Test(t, l)
}

// TestListedRefusals: places must be distinct nodes of the torus, one
// per name.
func TestListedRefusals(t *testing.T) {
	torus, _ := topology.Parse("torus:4x4")
	for _, c := range []struct {
		places []int
		names  []string
	}{
		{[]int{0, 0}, []string{"a", "b"}},
		{[]int{16}, []string{"a"}},
		{[]int{1, 2}, []string{"a"}},
		{nil, nil},
	} {
		if _, err := topology.NewListed(torus, c.places, c.names); err == nil {
			t.Errorf("%v %v: no error", c.places, c.names)
		}
	}
}
