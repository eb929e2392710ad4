package machinefile_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// fourNodes is a coordinates file of 4 nodes of a 4x4x2 torus that does
// not wrap on its last axis, in the manner of an xtprocadmin listing.
const fourNodes = "# torus 4x4x2 wrap=1,1,0\n# name x y z\nnid00001 0 0 0\nnid00002 1 0 0\n\nnid00007 3 2 1\nnid00004 0 1 0\n"

// TestTorusCoordsOracle: the nodes' indices, by hand (x + 4y + 16z), in
// the file's order, with their names; the torus wraps on x and y only.
func TestTorusCoordsOracle(t *testing.T) {
	tc, err := machinefile.ReadTorusCoords(strings.NewReader(fourNodes))
	if err != nil {
		t.Fatal(err)
	}
	wantNodes, wantNames := []int{0, 1, 3 + 4*2 + 16, 4}, []string{"nid00001", "nid00002", "nid00007", "nid00004"}
	if strings.Join(tc.Names, " ") != strings.Join(wantNames, " ") || len(tc.Nodes) != 4 {
		t.Fatalf("names %v, want %v", tc.Names, wantNames)
	}
	for i, n := range wantNodes {
		if tc.Nodes[i] != n {
			t.Errorf("node %s at %d, want %d", tc.Names[i], tc.Nodes[i], n)
		}
	}
	// x wraps (0 and 3 are 1 apart), z does not: nid00001 (0,0,0) and
	// nid00007 (3,2,1) are 1 + 2 + 1 = 4 apart
	if got := tc.Torus.Hops(tc.Nodes[0], tc.Nodes[2]); got != 4 || tc.Torus.Size() != 32 {
		t.Errorf("torus %s of %d nodes, distance %d; want 32 nodes, 4", tc.Torus, tc.Torus.Size(), got)
	}
}

// TestTorusCoordsErrors: each refusal names its line.
func TestTorusCoordsErrors(t *testing.T) {
	for _, tt := range []struct {
		text string
		line int
		want string
	}{
		{"n1 0 0\n", 1, "want the header # torus AxBxC"},
		{"# torus 4x4 wrap=1\nn1 0 0\n", 1, "one 0 or 1 per axis (2)"},
		{"# torus 4x4\nn1 0\n", 2, "2 fields: want a name and 2 coordinates"},
		{"# torus 4x4\nn1 0 4\n", 2, "are not a node of"},
		{"# torus 4x4\nn1 0 x\n", 2, `coordinate 2, "x"`},
		{"# torus 4x4\nn1 0 0\nn1 1 0\n", 3, `name "n1" is listed again (first on line 2)`},
		{"# torus 4x4\nn1 0 0\n#\nn2 0 0\n", 4, "place of node 0 is listed again (first on line 2)"},
		{"# torus 2\na 0\nb 1\nc 0\n", 4, "more lines than the 2 nodes"},
		{"# torus 4x4\n", 0, "no nodes"},
		{"# torus 4x0\n", 1, "at least 1"},
		{"# torus 4\nn0 0\n\nn\\1 1\n", 4, `name 2: "n\\1" has '\\'`},
	} {
		_, err := machinefile.ReadTorusCoords(strings.NewReader(tt.text))
		checkFileError(t, err, tt.line, tt.want)
	}
	// read as any machine file, one without its header is told from its
	// lines (it was "cannot tell the format")
	_, _, err := machinefile.Read(strings.NewReader("n0 0 0 0\nn1 1 0 0\n"))
	checkFileError(t, err, 1, "a coordinates file starts with its header, # torus AxBxC")
}

// FuzzReadTorusCoords: any input is a listing or an error of the file;
// a listing's nodes are distinct nodes of its torus, one per name.
func FuzzReadTorusCoords(f *testing.F) {
	f.Add(fourNodes)
	f.Add("# torus 8\na 7\n")
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := machinefile.ReadTorusCoords(strings.NewReader(text))
		var fe *graphfile.Error
		if err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *graphfile.Error", err)
			}
			return
		}
		seen := map[int]bool{}
		for i, n := range tc.Nodes {
			if n < 0 || n >= tc.Torus.Size() || seen[n] || tc.Names[i] == "" {
				t.Fatalf("node %d (%q) of %s", n, tc.Names[i], tc.Torus)
			}
			seen[n] = true
		}
	})
}

// TestTorusCoordsAsMachine: read as a machine, a coordinates file is
// its listed nodes in the file's order, with their names and torus
// coordinates (by hand: nid00007 at (3,2,1)), the torus's hops between
// them (nid00001 (0,0,0) to nid00007 (3,2,1): 1 across the wrap of x,
// 2 on y, 1 on z, which does not wrap), and writes back as the same
// machine.
func TestTorusCoordsAsMachine(t *testing.T) {
	h, format, err := machinefile.Read(strings.NewReader(fourNodes))
	if err != nil || format != "coords" {
		t.Fatalf("%v, %q (%v)", h, format, err)
	}
	l, ok := h.(*topology.Listed)
	if !ok || l.Size() != 4 || l.NodeName(2) != "nid00007" || fmt.Sprint(l.Coords(2, nil)) != "[3 2 1]" {
		t.Fatalf("machine %v: want the 4 listed nodes", h)
	}
	if got := l.Hops(0, 2); got != 4 {
		t.Errorf("hops nid00001–nid00007 = %d, want 4", got)
	}
	var b strings.Builder
	if err := machinefile.WriteCoords(&b, l); err != nil {
		t.Fatal(err)
	}
	back, _, err := machinefile.Read(strings.NewReader(b.String()))
	if err != nil || back.String() != l.String() {
		t.Errorf("written back as\n%s\nread as %v (%v), want %s", b.String(), back, err, l)
	}
}
