package embedding_test

import (
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// FuzzEmbed builds a host of 2^d nodes from fuzzed parameters (family,
// field widths, wrap flags) and checks that every embedding either refuses
// it with an error or returns a bijection, and that Xor is constant-distance.
func FuzzEmbed(f *testing.F) {
	f.Add(uint8(4), uint8(0), uint8(0), uint8(0), uint8(0))
	f.Add(uint8(6), uint8(3), uint8(3), uint8(1), uint8(3))
	f.Add(uint8(6), uint8(4), uint8(1), uint8(2), uint8(1))
	f.Add(uint8(9), uint8(3), uint8(3), uint8(3), uint8(7))
	f.Fuzz(func(t *testing.T, d, a, b, kind, wrap uint8) {
		dd := int(d % 11)
		var host *topology.Lattice
		switch kind % 4 {
		case 0:
			host = must(topology.NewRing(1 << dd))
		case 1:
			host = must(topology.NewLine(1 << dd))
		case 2:
			host = must(topology.NewHypercube(dd))
		default:
			// up to three fields; the last takes the remaining bits
			w1 := int(a) % (dd + 1)
			w2 := int(b) % (dd - w1 + 1)
			sides := []int{1 << w1, 1 << w2, 1 << (dd - w1 - w2)}
			wraps := []bool{wrap&1 != 0, wrap&2 != 0, wrap&4 != 0}
			host = must(topology.NewGrid(sides, wraps))
		}
		g := must(guest.NewHypercube(dd))
		for _, e := range all {
			place, err := e.f(dd, host)
			if err != nil {
				continue
			}
			if err := (&mapping.Mapping{Guest: g, Host: host, Place: place}).Validate(); err != nil {
				t.Fatalf("%s on %s: %v", e.name, host, err)
			}
			if e.name == "xor" && constantD(dd, host, place) == nil {
				t.Fatalf("xor on %s is not constant-distance", host)
			}
		}
		// Wrong sizes are always refused.
		for _, e := range all {
			if _, err := e.f(dd+1, host); err == nil {
				t.Fatalf("%s accepted a %d-cube on %s", e.name, dd+1, host)
			}
		}
	})
}
