package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestNodeFlag: --node gives the host's nodes an inside from hwloc, a
// synthetic string with costs per level or an XML file lstopo wrote.
// grid:4x4 in rank order onto fattree:2,2 with nodes of 2 packages of
// 2 cores, 1 apart in a package and 2 across, by hand: row y is node y;
// along a row the cores are 1, 2, 1 apart (4 per row, 16 in all); rows
// 0–1 and 2–3 share a leaf switch (2 hops), rows 1–2 do not (4), 4
// edges each: 32; 48 per direction, hop-bytes 96. Without costs the
// cores are 0 apart (:cores=4): 32 per direction, 64.
func TestNodeFlag(t *testing.T) {
	hopBytes := func(args ...string) (string, float64) {
		t.Helper()
		out, _, err := runArgs(t, append([]string{"map", "--guest", "grid:4x4", "--host", "fattree:2,2", "--algo", "rowmajor", "--format", "json"}, args...)...)
		var res struct {
			Host    string `json:"host"`
			Metrics struct {
				HopBytes float64 `json:"hopBytes"`
			} `json:"metrics"`
		}
		if err != nil || json.Unmarshal([]byte(out), &res) != nil {
			t.Fatalf("map %v: %v\n%s", args, err, out)
		}
		return res.Host, res.Metrics.HopBytes
	}
	for _, c := range []struct {
		node, host string
		hopBytes   float64
	}{
		{"pack:2 core:2 dist=1,2", "fattree:2,2:node=2x2:dist=1,2", 96},
		{"pack:2 core:2 pu:2", "fattree:2,2:cores=4", 64},
	} {
		if host, hb := hopBytes("--node", c.node); host != c.host || hb != c.hopBytes {
			t.Errorf("--node %q: %s, hop-bytes %v; want %s, %v", c.node, host, hb, c.host, c.hopBytes)
		}
	}
	if _, _, err := runArgs(t, "map", "--guest", "grid:4x4", "--host", "fattree:2,2", "--node", "pack:2 numa:2 core:2 dist=1,2", "--algo", "rowmajor"); err == nil || !strings.Contains(err.Error(), "(Core, NUMANode, Package, innermost first)") {
		t.Errorf("costs for too few levels: %v", err)
	}
	if _, err := exec.LookPath("lstopo-no-graphics"); err != nil {
		t.Skip("no lstopo-no-graphics (make deps installs hwloc-nox)")
	}
	xml, err := exec.Command("lstopo-no-graphics", "--of", "xml", "-i", "pack:2 core:2 pu:2", "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, "node.xml", string(xml))
	if host, hb := hopBytes("--node", "file:"+path+" dist=1,2"); host != "fattree:2,2:node=2x2:dist=1,2" || hb != 96 {
		t.Errorf("--node file: of lstopo's XML: %s, hop-bytes %v; want fattree:2,2:node=2x2:dist=1,2, 96", host, hb)
	}
}
