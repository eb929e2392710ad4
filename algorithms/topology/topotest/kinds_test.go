package topotest_test

import (
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// TestRegisteredKinds runs the contract on the examples of every
// registered host kind, so a new kind is checked without a line here.
func TestRegisteredKinds(t *testing.T) {
	for _, k := range topology.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			if len(k.Examples) == 0 {
				t.Fatalf("kind %s registers no examples", k.Name)
			}
			for _, s := range k.Examples {
				h, err := topology.Parse(s)
				if err != nil {
					t.Fatalf("example %q: %v", s, err)
				}
				if h.String() != s {
					t.Errorf("example %q is not canonical: %q", s, h)
				}
				t.Run(s, func(t *testing.T) { topotest.Test(t, h) })
				if _, ok := h.(topology.Grid); ok {
					t.Run(s+" without its grid fast paths", func(t *testing.T) { topotest.Test(t, plain{h}) })
				}
			}
		})
	}
}

// plain hides every method but Host's, so the contract's generic clauses
// run as they would on a kind without the Grid capability.
type plain struct{ topology.Host }
