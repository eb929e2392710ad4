package machinefile_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// FuzzReadMachine: any input is a host or an error of the file (never a
// panic); a machine (a switch tree, listed nodes of a torus) written back
// reads as the same machine, and a
// host written as a Scotch target reads back with the same distances.
func FuzzReadMachine(f *testing.F) {
	conf, _ := os.ReadFile("testdata/three-switches.conf")
	for _, s := range []string{string(conf), "tleaf 2 4 9 4 1", "cmplt 3", "mesh3D 2 2 2", "torusXD 1 4", "hcub 2",
		"pack:2 numa:2 core:4 pu:2", fourNodes, "Package:2 Group:2 [NUMANode(memory=1 indexes=1,0)] L2Cache:2(size=4) Core:2 PU:2",
		"\ufeffpack:2 core:2", "cmpltw 4 1 2 3 4", "MESH2D 2 3", "# Torus 4X4\nn0 0 0\n", "# mesh 2x2\n", "SwitchName=a Nodes=n[1-3]\nSwitchName=b Switches=a",
		"SwitchName=a\\#1 Nodes=n[1-3] # c\nSwitchName=\"b c\" Switches=a\\\n#", "BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n3\nBlockName=b3 Nodes=n4\nBlockSizes=1,2",
		"<?xml version=\"1.0\"?><topology><object type=\"Machine\"><object type=\"Package\"><object type=\"Core\"/><object type=\"Core\"/></object></object></topology>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, _, err := machinefile.Read(strings.NewReader(text))
		var fe *graphfile.Error
		if err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *graphfile.Error", err)
			}
			return
		}
		if h.Size() < 1 || h.Size() > topology.MaxNodes {
			t.Fatalf("%d nodes", h.Size())
		}
		var buf bytes.Buffer
		if m, ok := h.(topology.Machine); ok {
			if _, err := machinefile.WriteMachine(&buf, m); err != nil {
				t.Fatal(err)
			}
		} else if err := machinefile.WriteTarget(&buf, h); err != nil {
			return // no Scotch target for it (cores)
		}
		back, _, err := machinefile.Read(&buf)
		if err != nil {
			t.Fatalf("written back as %q: %v", buf.String(), err)
		}
		if back.Size() != h.Size() || h.String() != back.String() && strings.HasPrefix(h.String(), "machine:") {
			t.Fatalf("%s read back as %s", h, back)
		}
		for _, p := range [][2]int{{0, h.Size() - 1}, {h.Size() / 2, 0}} {
			if back.Hops(p[0], p[1]) != h.Hops(p[0], p[1]) {
				t.Fatalf("%s read back as %s: Hops(%d, %d) %d, was %d", h, back, p[0], p[1], back.Hops(p[0], p[1]), h.Hops(p[0], p[1]))
			}
		}
	})
}
