package topology_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/topology"
)

// FuzzParseMachine fuzzes the spec strings of real machines: the
// ":cores=C" suffix on any host, fat trees, dragonflies and presets. A
// string parses to a host whose canonical string parses to the same
// host, with slots = nodes × cores, or to a one-line error without a
// package prefix.
func FuzzParseMachine(f *testing.F) {
	for _, s := range []string{
		"mesh:4x4:cores=2", "torus:8x8x8:cores=16", "mesh:8x4:wrap=10:cores=3", "hypercube:3:cores=1",
		"fattree:16,3", "fattree:2,1:cores=1024", "fattree:1,3", "fattree:16,,3", "dragonfly:4,2,2,9",
		"dragonfly:2,2,1,4", "dragonfly:8,4,4,33:cores=4", "preset:bgq-midplane", "preset:fattree-16port:cores=2",
		"preset:nosuch", "mesh:4x4:cores=", "mesh:4x4:cores=-1", "ring:5:CORES=2:cores=2", ":cores=2", "preset:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := topology.Parse(s)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "topology:") || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("%q: bad error message %q", s, msg)
			}
			return
		}
		c := h.String()
		h2, err := topology.Parse(c)
		if err != nil || h2.String() != c || h2.Size() != h.Size() {
			t.Fatalf("%q: canonical %q parses to %v, %v", s, c, h2, err)
		}
		inner, cores := topology.SplitCores(h)
		if inner.Size()*cores != h.Size() || h.Size() > topology.MaxNodes {
			t.Fatalf("%q: %d slots, %d nodes × %d cores", s, h.Size(), inner.Size(), cores)
		}
	})
}

// FuzzParseRanges: node index ranges give distinct nodes below n, in the
// order written, or a one-line error.
func FuzzParseRanges(f *testing.F) {
	for _, s := range []string{"0-15,32-47", "[3,1-2]", "5,5", "7-3", "+1", "0-99999999", "", ",", "1-", "-1"} {
		f.Add(s, 64)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 1 || n > 1<<12 {
			t.Skip()
		}
		ids, err := topology.ParseRanges(s, n)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		seen := map[int]bool{}
		for _, u := range ids {
			if u < 0 || u >= n || seen[u] {
				t.Fatalf("%q: node %d (n %d, seen %v)", s, u, n, seen[u])
			}
			seen[u] = true
		}
		if back, err := topology.ParseRanges(topology.FormatRanges(ids), n); err != nil || !slices.Equal(back, ids) {
			t.Fatalf("%q: %v written %q reads %v, %v", s, ids, topology.FormatRanges(ids), back, err)
		}
	})
}
