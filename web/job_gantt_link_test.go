//go:build !(js && wasm)

package web

import (
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/sim"
)

// TestJobPageOffersGanttAsTheModelDoes: the job page links a job's Gantt
// chart exactly for the guests of every registered kind that the
// execution model takes (sim.Models), not by the spec's spelling.
func TestJobPageOffersGanttAsTheModelDoes(t *testing.T) {
	for _, k := range guest.Kinds() {
		for _, ex := range k.Examples {
			if got, want := modelled(ex), sim.Models(k.Kind); got != want {
				t.Errorf("guest %s: Gantt link %v, the model takes it: %v", ex, got, want)
			}
		}
	}
	for _, s := range []string{"", "graph:0123456789abcdef0123456789abcdef", "hypercube:x"} {
		if modelled(s) {
			t.Errorf("guest %q: a Gantt link", s)
		}
	}
	if !modelled(" HyperCube:3 ") {
		t.Error("a hypercube spec as typed (case, spaces): no Gantt link")
	}
}
