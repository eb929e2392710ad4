package pairs

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/topology"
)

// TestDeltaByOffsetsIsDeltaByCoordinates: on every grid host of the test
// instances but the hypercubes', the deltas read from the table of
// distances by offset are those summed from the coordinates axis by axis
// (the path of hosts of more than maxOffsets offsets), exactly, for
// swaps and moves to empty nodes, while the swaps are made.
func TestDeltaByOffsetsIsDeltaByCoordinates(t *testing.T) {
	tried := 0
	for _, in := range testInstances() {
		s := newState(in.g, in.h, in.place)
		if s.offs == nil {
			continue
		}
		tried++
		rng := rand.New(rand.NewPCG(3, 5))
		for i := range 2000 {
			a, pb := int32(rng.IntN(s.n)), int32(rng.IntN(len(s.occ)))
			pa, b := s.pos[a], s.occ[pb]
			if pa == pb {
				continue
			}
			d, q := s.delta(a, b, pa, pb)
			code := s.code
			s.code = nil
			dc, qc := s.delta(a, b, pa, pb)
			s.code = code
			if d != dc || q != qc {
				t.Fatalf("%s, swap %d: by offset %v and %d, by coordinates %v and %d", in.name, i, d, q, dc, qc)
			}
			s.swap(a, b, pa, pb)
		}
		checkState(t, s)
	}
	if tried < 6 {
		t.Errorf("%d instances with a table of offsets, want at least 6", tried)
	}
}

// TestOffsetTablesStopAtTheirBound: a host of more than maxOffsets
// offsets between nodes gets no table; one just below gets one whose
// every entry is an offset's hops.
func TestOffsetTablesStopAtTheirBound(t *testing.T) {
	g := randomGraph(4, 0, rand.New(rand.NewPCG(1, 1)))
	for _, c := range []struct {
		host string
		want bool
	}{
		{"torus:512x512", true}, // 1,046,529 offsets
		{"torus:64x64x32", true},
		{"torus:514x512", false}, // 1,050,621
		{"torus:64x64x64", false},
	} {
		s := newState(g, must(topology.Parse(c.host)), []int{0, 1, 2, 3})
		if (s.offs != nil) != c.want {
			t.Errorf("%s: a table of offsets %v, want %v", c.host, s.offs != nil, c.want)
		}
	}
}
