package sim_test

import (
	"reflect"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/mapping"
	"topomap/algorithms/sim"
	"topomap/algorithms/topology"
)

// TestAnyHost: a host without the lattice fast path gives the same
// schedule through Host.Hops.
func TestAnyHost(t *testing.T) {
	for _, h := range []*topology.Lattice{ring(64), must(topology.NewTorus(8, 8)), line(64)} {
		m := embed(embedding.Gray, 6, h)
		fast := must(sim.Run(m, 1, 1))
		slow := must(sim.Run(&mapping.Mapping{Guest: m.Guest, Host: struct{ topology.Host }{h}, Place: m.Place}, 1, 1))
		if !reflect.DeepEqual(fast.Summary(), slow.Summary()) {
			t.Errorf("%s: lattice %+v, Hops %+v", h, fast.Summary(), slow.Summary())
		}
	}
}
