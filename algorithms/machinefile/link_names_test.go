package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestLinksNameTheMachinesNodes: a route on a machine read from a file
// names its nodes as the file does ("nx3"), with or without cores, where
// the pages' link lists said "(2)".
func TestLinksNameTheMachinesNodes(t *testing.T) {
	h, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=nx[1-2]\nSwitchName=s1 Nodes=nx[3-4]\nSwitchName=top Switches=s[0-1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	withCores, err := topology.NewCores(h, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		host     topology.Host
		from, to int
	}{{h, 0, 2}, {withCores, 1, 5}} {
		r, ok := topology.RouterOf(tc.host)
		if !ok {
			t.Fatalf("%s has no routes", tc.host)
		}
		links := r.Route(tc.from, tc.to, nil)
		from, _, _ := r.Link(links[0])
		_, to, _ := r.Link(links[len(links)-1])
		if got := topology.VertexName(tc.host, from) + " … " + topology.VertexName(tc.host, to); got != "nx1 … nx3" {
			t.Errorf("%s, route %d→%d: %s, want nx1 … nx3", tc.host, tc.from, tc.to, got)
		}
	}
}
