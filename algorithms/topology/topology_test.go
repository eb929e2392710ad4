package topology_test

import (
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

func must(t *topology.Lattice, err error) *topology.Lattice {
	if err != nil {
		panic(err)
	}
	return t
}

// hosts are the topologies the contract runs on: every family, sizes 1 and
// 2 (where wrap-around adds no link), mixed wrap, and sampled large ones.
func hosts() []*topology.Lattice {
	return []*topology.Lattice{
		must(topology.NewLine(1)),
		must(topology.NewLine(2)),
		must(topology.NewLine(3)),
		must(topology.NewLine(16)),
		must(topology.NewRing(1)),
		must(topology.NewRing(2)),
		must(topology.NewRing(3)),
		must(topology.NewRing(4)),
		must(topology.NewRing(17)),
		must(topology.NewMesh(1, 1)),
		must(topology.NewMesh(2, 2)),
		must(topology.NewMesh(6, 5)),
		must(topology.NewMesh(5, 1, 3)),
		must(topology.NewMesh(3, 4, 2)),
		must(topology.NewMesh(2, 2, 2, 2)),
		must(topology.NewTorus(1, 1)),
		must(topology.NewTorus(2, 2)),
		must(topology.NewTorus(2, 5)),
		must(topology.NewTorus(8, 8)),
		must(topology.NewTorus(3, 4, 5)),
		must(topology.NewTorus(1, 6, 2)),
		must(topology.NewGrid([]int{8, 4}, []bool{true, false})),
		must(topology.NewGrid([]int{3, 5}, []bool{false, true})),
		must(topology.NewGrid([]int{2, 5, 3}, []bool{false, true, true})),
		must(topology.NewGrid([]int{4, 1, 3}, []bool{true, true, false})),
		must(topology.NewHypercube(0)),
		must(topology.NewHypercube(1)),
		must(topology.NewHypercube(3)),
		must(topology.NewHypercube(6)),
		// sampled: larger than topotest.SmallHost
		must(topology.NewRing(1 << 12)),
		must(topology.NewLine(1000)),
		must(topology.NewTorus(64, 48)),
		must(topology.NewGrid([]int{16, 9, 12}, []bool{true, false, true})),
		must(topology.NewHypercube(12)),
	}
}

func TestContract(t *testing.T) {
	for _, h := range hosts() {
		t.Run(h.String(), func(t *testing.T) { topotest.Test(t, h) })
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		host *topology.Lattice
		want string
		kind topology.Kind
	}{
		{must(topology.NewLine(5)), "line:5", topology.Line},
		{must(topology.NewRing(16)), "ring:16", topology.Ring},
		{must(topology.NewMesh(6, 12)), "mesh:6x12", topology.Mesh},
		{must(topology.NewTorus(8, 8, 8)), "torus:8x8x8", topology.Torus},
		{must(topology.NewGrid([]int{8, 4}, []bool{true, false})), "mesh:8x4:wrap=10", topology.Mesh},
		{must(topology.NewGrid([]int{8, 4}, []bool{true, true})), "torus:8x4", topology.Torus},
		{must(topology.NewGrid([]int{8, 4}, []bool{false, false})), "mesh:8x4", topology.Mesh},
		{must(topology.NewHypercube(4)), "hypercube:4", topology.Hypercube},
		{must(topology.NewHypercube(0)), "hypercube:0", topology.Hypercube},
	}
	for _, tt := range tests {
		if got := tt.host.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if tt.host.Kind() != tt.kind {
			t.Errorf("%s: Kind() = %v, want %v", tt.want, tt.host.Kind(), tt.kind)
		}
	}
	if got := topology.Kind(9).String(); got != "kind(9)" {
		t.Errorf("Kind(9).String() = %q", got)
	}
}

func TestConstructorErrors(t *testing.T) {
	tests := []struct {
		name string
		make func() (*topology.Lattice, error)
		want string
	}{
		{"line of 0", func() (*topology.Lattice, error) { return topology.NewLine(0) }, "dimension 1 has size 0"},
		{"negative ring", func() (*topology.Lattice, error) { return topology.NewRing(-3) }, "dimension 1 has size -3"},
		{"mesh without dimensions", func() (*topology.Lattice, error) { return topology.NewMesh() }, "no dimensions"},
		{"mesh with a zero", func() (*topology.Lattice, error) { return topology.NewMesh(4, 0) }, "dimension 2 has size 0"},
		{"torus too large", func() (*topology.Lattice, error) { return topology.NewTorus(1<<14, 1<<13) }, "more than 67,108,864 nodes"},
		{"overflowing sizes", func() (*topology.Lattice, error) { return topology.NewMesh(1<<40, 1<<40) }, "more than 67,108,864 nodes"},
		{"grid flags", func() (*topology.Lattice, error) { return topology.NewGrid([]int{4, 4}, []bool{true}) }, "1 wrap flags for 2 dimensions"},
		{"hypercube -1", func() (*topology.Lattice, error) { return topology.NewHypercube(-1) }, "hypercube dimension -1 out of [0, 26]"},
		{"hypercube 27", func() (*topology.Lattice, error) { return topology.NewHypercube(27) }, "hypercube dimension 27 out of [0, 26]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := tt.make()
			if err == nil {
				t.Fatalf("got host %v, want an error", h)
			}
			msg := err.Error()
			if !errors.Is(err, topology.ErrInvalid) || !strings.HasPrefix(msg, "topology: ") || strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line, prefix \"topology: \", wrapping ErrInvalid, containing %q", msg, tt.want)
			}
		})
	}
	// the largest allowed sizes are accepted
	if _, err := topology.NewHypercube(26); err != nil {
		t.Errorf("NewHypercube(26): %v", err)
	}
	if _, err := topology.NewTorus(1<<13, 1<<13); err != nil {
		t.Errorf("NewTorus(8192, 8192): %v", err)
	}
}

func TestAccessors(t *testing.T) {
	h := must(topology.NewGrid([]int{8, 4, 3}, []bool{true, false, true}))
	dims := h.Dims()
	dims[0] = 99 // a copy: the host must not change
	if h.Dim(0) != 8 || h.Rank() != 3 || h.Size() != 96 || !h.Wraps(0) || h.Wraps(1) {
		t.Errorf("accessors of %v: Dim(0)=%d Rank=%d Size=%d", h, h.Dim(0), h.Rank(), h.Size())
	}
	// node (5,2,1) of an 8x4x3 host: 5 + 8*(2 + 4*1) = 53 (first coordinate fastest)
	if i, err := h.Index([]int{5, 2, 1}); err != nil || i != 53 {
		t.Errorf("Index(5,2,1) = %d, %v; want 53", i, err)
	}
	// ring distance across the seam: 0 and 7 on the 8-axis are 1 apart
	if d := h.Hops(0, 7); d != 1 {
		t.Errorf("Distance(0,7) = %d, want 1", d)
	}
}

func TestCoordsPanics(t *testing.T) {
	h := must(topology.NewRing(4))
	for _, idx := range []int{-1, 4} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Coords(%d) did not panic", idx)
				}
			}()
			h.Coords(idx, nil)
		}()
	}
}
