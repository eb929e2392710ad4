package topotest_test

import (
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// The contract must reject hosts that break it; each wrapper breaks one
// clause of a correct torus or mesh.

type noWrapDistance struct{ *topology.Lattice }

// Distance ignores wrap-around: too long across the seam.
func (h noWrapDistance) Hops(a, b int) int {
	d := 0
	for j := range h.Rank() {
		d += abs(h.Coords(a, nil)[j] - h.Coords(b, nil)[j])
	}
	return d
}

type asymmetric struct{ *topology.Lattice }

func (h asymmetric) Hops(a, b int) int {
	if a == 0 && b == 1 {
		return 2
	}
	return h.Lattice.Hops(a, b)
}

type lostNeighbour struct {
	*topology.Lattice
	node int
}

func (h lostNeighbour) Neighbors(idx int, dst []int) []int {
	out := h.Lattice.Neighbors(idx, dst)
	if idx == h.node {
		out = out[:len(out)-1]
	}
	return out
}

type lastFastest struct{ *topology.Lattice }

// Coords lists the last coordinate first: the wrong convention.
func (h lastFastest) Coords(idx int, dst []int) []int {
	dst = h.Lattice.Coords(idx, dst)
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

type shortDiameter struct{ *topology.Lattice }

func (h shortDiameter) Diameter() int { return h.Lattice.Diameter() - 1 }

type detour struct{ *topology.Lattice }

// Route goes from node 0 to node 1 the long way round the first axis: a
// chain of links, but not a shortest one.
func (h detour) Route(a, b int, dst []int) []int {
	if k := h.Dim(0); a == 0 && b == 1 {
		for x := k; x > 1; x-- {
			dst = h.Lattice.Route(x%k, x-1, dst)
		}
		return dst
	}
	return h.Lattice.Route(a, b, dst)
}

// swappedSlots says that the links of each axis are numbered the other
// way round (− before +): its routes do not follow its numbering.
type swappedSlots struct{ *topology.Lattice }

func (h swappedSlots) AxisSlot(j, dir int) int { return h.Lattice.AxisSlot(j, -dir) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestCheckRejects(t *testing.T) {
	torus := must(topology.NewTorus(5, 4))
	big := must(topology.NewTorus(64, 32)) // sampled, not exhaustive
	tests := []struct {
		name string
		host topotest.Host
		want string // a property that must fail
	}{
		{"distance without wrap", noWrapDistance{torus}, "axes"},
		{"distance without wrap, sampled", noWrapDistance{big}, "axes"},
		{"asymmetric", asymmetric{torus}, "metric"},
		{"lost neighbour", lostNeighbour{torus, 3}, "neighbours"},
		{"lost neighbour, sampled", lostNeighbour{big, 0}, "neighbours"},
		{"last coordinate fastest", lastFastest{must(topology.NewMesh(3, 4))}, "coordinates"},
		{"short diameter", shortDiameter{torus}, "diameter"},
		{"short diameter, sampled", shortDiameter{big}, "diameter"},
		{"route round the long way", detour{torus}, "routes"},
		{"axis slots swapped", swappedSlots{torus}, "routes"},
		{"axis slots swapped, sampled", swappedSlots{big}, "routes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := topotest.Check(tt.host)
			if err == nil {
				t.Fatal("Check accepted a broken host")
			}
			if !strings.Contains(err.Error(), tt.want+":") {
				t.Errorf("Check did not flag %q:\n%v", tt.want, err)
			}
		})
	}
}

func TestCheckAccepts(t *testing.T) {
	if err := topotest.Check(must(topology.NewTorus(6, 5))); err != nil {
		t.Error(err)
	}
}

func must(t *topology.Lattice, err error) *topology.Lattice {
	if err != nil {
		panic(err)
	}
	return t
}
