package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestParseNode: a --node value is an hwloc synthetic string (levels
// from the outermost, levels of one object dropped) with optional costs
// per level read, innermost first; it gives the host spec suffix with
// the levels innermost first.
func TestParseNode(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"pack:2 core:2", ":node=2x2", ""},
		{"pack:2 core:2 dist=1,2", ":node=2x2:dist=1,2", ""},
		{"pack:2 numa:2 l3:1 core:8 pu:2 dist=0,1,5", ":node=8x2x2:dist=0,1,5", ""},
		{"Package:1 Core:4 PU:2", ":node=4", ""},
		{"pack:2 numa:2 core:8 dist=1,2", "", "2 costs for the 3 levels read (Core, NUMANode, Package, innermost first)"},
		{"pack:2 core:2 dist=1,x", "", "dist= cost 2"},
		{"pack:2 pu:2", "", "no core level"},
		{"core:1", "", "a node of one core"},
		{"Package:2 Die:2 Core:4 dist=1,2,3", ":node=4x2x2:dist=1,2,3", ""},
		{"Package:2 Group:2 [NUMANode(memory=1073741824)] L2Cache:2(size=4194304) Core:2 PU:2 dist=1,2,3,4", ":node=2x2x2x2:dist=1,2,3,4", ""},
		{"Package:2 Group:2 Core:4 dist=1,2,3", "", "3 costs for the 2 levels read (Core, Package, innermost first): give one per level; Group is not read (topomap reads Package, Die, NUMANode, L3, L2 and Core levels), its objects counted in the next level read"},
		{"pack:2 group:2 l1:2 core:2 dist=1,2,3", "", "; group, l1 are not read"},
	} {
		got, err := machinefile.ParseNode(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %q (%v), want an error saying %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %q (%v), want %q", c.in, got, err, c.want)
		}
	}
}

// FuzzParseNode: any --node value is a suffix or an error (never a
// panic); a suffix gives fattree:2,2's 4 nodes that many cores each and
// reads back as itself.
func FuzzParseNode(f *testing.F) {
	for _, s := range []string{"pack:2 core:2 dist=1,2", "pack:2 numa:2 l3:1 core:8 pu:2", "core:4 dist=0", "pack:2 core:2 dist=", "x:1 core:3 dist=2", "core:2 pack:2", "pack:2 core:2 pu:2 l1:2", "Package:2 Group:2 [NUMANode(memory=1)] Die:2 Core:2 PU:2 dist=1,2,3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		suffix, err := machinefile.ParseNode(value)
		if err != nil {
			return
		}
		h, err := topology.Parse("fattree:2,2" + suffix)
		if err != nil {
			return // costs out of order, too many cores
		}
		if h.Size()%4 != 0 || h.Size() < 8 {
			t.Fatalf("%q: %s of %d slots", value, h, h.Size())
		}
		if back, err := topology.Parse(h.String()); err != nil || back.String() != h.String() {
			t.Fatalf("%s reads back as %v (%v)", h, back, err)
		}
	})
}
