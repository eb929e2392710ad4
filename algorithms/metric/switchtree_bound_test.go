package metric_test

import (
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestMachineFromFileBoundsAsItsSpec: a switch tree read from a file (two
// leaf switches of four nodes under a top switch, as a topology.conf
// says) gets the bounds of the same tree written as a spec,
// tree:4x2:dist=2,4, whose path lengths are its costs: its nodes are
// joined by no link of their own, so a walk over neighbours counted no
// ball and the bounds were 0.
func TestMachineFromFileBoundsAsItsSpec(t *testing.T) {
	read, err := topology.NewSwitchTree([]string{"tux0", "tux1", "tux2", "tux3", "tux4", "tux5", "tux6", "tux7"},
		[]string{"s0", "s1", "s2"}, []int{8, 8, 8, 8, 9, 9, 9, 9, 10, 10, -1})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := topology.Parse("tree:4x2:dist=2,4")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []int{2, 3} {
		g, _ := guest.NewHypercube(d)
		got, want := metric.Bounds(g, read), metric.Bounds(g, spec)
		if metric.DilationBound(g, read) != metric.DilationBound(g, spec) || got[0] != want[0] || got[0].Value == 0 {
			t.Errorf("hypercube:%d: %v, dilation bound %d; as a spec %v, %d", d, got, metric.DilationBound(g, read), want, metric.DilationBound(g, spec))
		}
	}
}
