package machinefile_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestTleafOfRegularSwitchTree: a topology.conf whose nodes are all at
// one depth under switches of equal fan-out per level is a Scotch tleaf,
// 2 per level (the tree path's wires): written and read back, every
// pair of nodes is as far apart. Three leaf switches of four nodes under
// one top switch are tleaf 2 3 2 4 2, i.e. tree:4x3:dist=2,4. A tree
// whose leaf switches differ in size is refused, saying why.
func TestTleafOfRegularSwitchTree(t *testing.T) {
	for _, tt := range []struct{ conf, tgt, back string }{
		{"SwitchName=s0 Nodes=n[0-3]\nSwitchName=s1 Nodes=n[4-7]\nSwitchName=s2 Nodes=n[8-11]\nSwitchName=top Switches=s[0-2]\n",
			"tleaf 2 3 2 4 2", "tree:4x3:dist=2,4"},
		{"SwitchName=s0 Nodes=n[0-1]\nSwitchName=s1 Nodes=n[2-3]\nSwitchName=s2 Nodes=n[4-5]\nSwitchName=s3 Nodes=n[6-7]\n" +
			"SwitchName=m0 Switches=s[0-1]\nSwitchName=m1 Switches=s[2-3]\nSwitchName=top Switches=m[0-1]\n",
			"tleaf 3 2 2 2 2 2 2", "tree:2x2x2:dist=2,4,6"},
		// a switch of one child is no level of Scotch's, which refuses one
		{"SwitchName=s0 Nodes=n[0-3]\nSwitchName=top Switches=s0\n", "tleaf 1 4 2", "tree:4:dist=2"},
	} {
		h, format, err := machinefile.Read(strings.NewReader(tt.conf))
		if err != nil || format != "slurm" {
			t.Fatalf("read as %s: %v", format, err)
		}
		var buf bytes.Buffer
		if err := machinefile.WriteTarget(&buf, h); err != nil || strings.TrimSpace(buf.String()) != tt.tgt {
			t.Errorf("%s written as %q (%v), want %q", h, buf.String(), err, tt.tgt)
			continue
		}
		back, _, err := machinefile.Read(&buf)
		if err != nil || back.String() != tt.back {
			t.Fatalf("%s read back as %v (%v), want %s", tt.tgt, back, err, tt.back)
		}
		for a := range h.Size() {
			for b := range h.Size() {
				if h.Hops(a, b) != back.Hops(a, b) {
					t.Fatalf("%s: Hops(%d, %d) = %d, read back %d", tt.tgt, a, b, h.Hops(a, b), back.Hops(a, b))
				}
			}
		}
	}
	h, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=n[0-3]\nSwitchName=s1 Nodes=n[4-6]\nSwitchName=top Switches=s[0-1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := machinefile.WriteTarget(&bytes.Buffer{}, h); err == nil || !strings.Contains(err.Error(), "not") || !strings.Contains(err.Error(), "regular") {
		t.Errorf("leaf switches of 4 and 3 nodes: error %v, want one that says the tree is not regular", err)
	}
}
