package machinefile_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestTargetRead: each Scotch target and the host it is, by hand. A
// tleaf lists its levels from the root, each with the cost its links
// add: "tleaf 2 4 9 4 1" is 4 groups of 4 leaves, 1 apart in a group and
// 9 + 1 = 10 across (as Scotch's atst measures it).
func TestTargetRead(t *testing.T) {
	for _, tt := range []struct{ text, host string }{
		{"tleaf 2 4 9 4 1", "tree:4x4:dist=1,10"},
		{"tleaf 3\n2 5\n2 3\n2 1\n", "tree:2x2x2:dist=1,4,9"},
		{"cmplt 5", "tree:5:dist=1"},
		{"mesh2D 5 1", "line:5"},
		{"torus2D 6 1", "ring:6"},
		{"mesh3D 2 3 4", "mesh:2x3x4"},
		{"torus3D 2 3 4", "torus:2x3x4"},
		{"torusXD 4 2 2 2 5", "torus:2x2x2x5"},
		{"hcub 3", "hypercube:3"},
		{"MESH2D 5 2", "mesh:5x2"}, // Scotch reads its keywords in any case
		{"Tleaf 1 4 1", "tree:4:dist=1"},
		{"tleaf 0", "tree:1:dist=1"}, // one terminal, as atst reads it
	} {
		h, format, err := machinefile.Read(strings.NewReader(tt.text))
		if err != nil || format != "tgt" || h.String() != tt.host {
			t.Errorf("%q: %v as %s (%v), want %s", tt.text, h, format, err, tt.host)
		}
	}
}

// TestTleafRoundTrip: a tree: host or a fat tree written as tleaf and read
// back has the same distances; levels of one cost are written as one level of Scotch's.
func TestTleafRoundTrip(t *testing.T) {
	for _, tt := range []struct{ host, tgt, back string }{
		{"tree:4x4:dist=1,10", "tleaf 2 4 9 4 1", "tree:4x4:dist=1,10"},
		{"tree:2x3x2:dist=2,4,6", "tleaf 3 2 2 3 2 2 2", "tree:2x3x2:dist=2,4,6"},
		{"tree:2x2x3:dist=1,1,7", "tleaf 2 3 6 4 1", "tree:4x3:dist=1,7"},
		{"fattree:3,2", "tleaf 2 3 2 3 2", "tree:3x3:dist=2,4"},
		{"mesh:3x4", "mesh2D 3 4", "mesh:3x4"},
		{"line:7", "mesh2D 7 1", "line:7"},
		{"torus:2x2x2x5", "torusXD 4 2 2 2 5", "torus:2x2x2x5"},
		{"hypercube:4", "hcub 4", "hypercube:4"},
		// levels of one child are left out: Scotch refuses them
		{"tree:4x1:dist=1,2", "tleaf 1 4 1", "tree:4:dist=1"},
		{"tree:2x1x3:dist=1,2,5", "tleaf 2 3 4 2 1", "tree:2x3:dist=1,5"},
		{"tree:1:dist=1", "tleaf 0", "tree:1:dist=1"},
		// an axis of 2 nodes is as far across with or without its wrap
		{"mesh:2x2x2x2", "torusXD 4 2 2 2 2", "torus:2x2x2x2"},
		{"mesh:4x4x2:wrap=110", "torus3D 4 4 2", "torus:4x4x2"},
		{"mesh:4x2:wrap=01", "mesh2D 4 2", "mesh:4x2"},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := machinefile.WriteTarget(&buf, h); err != nil || strings.TrimSpace(buf.String()) != tt.tgt {
			t.Errorf("%s written as %q (%v), want %q", tt.host, buf.String(), err, tt.tgt)
			continue
		}
		back, _, err := machinefile.Read(&buf)
		if err != nil || back.String() != tt.back {
			t.Errorf("%s read back as %v (%v), want %s", tt.host, back, err, tt.back)
			continue
		}
		for a := range h.Size() {
			for b := range h.Size() {
				if h.Hops(a, b) != back.Hops(a, b) {
					t.Fatalf("%s: Hops(%d, %d) = %d, read back %d", tt.host, a, b, h.Hops(a, b), back.Hops(a, b))
				}
			}
		}
	}
}

// TestTargetErrors: what Scotch cannot hold, and malformed targets, each
// said with the line.
func TestTargetErrors(t *testing.T) {
	for _, host := range []string{"tree:4x4:dist=0,2", "dragonfly:2,1,1,3", "mesh:3x2x2x2", "mesh:4x4:wrap=10"} {
		h, err := topology.Parse(host)
		if err != nil {
			t.Fatal(err)
		}
		if err := machinefile.WriteTarget(&bytes.Buffer{}, h); err == nil || !strings.Contains(err.Error(), "Scotch") {
			t.Errorf("%s: error %v, want one that says what Scotch lacks", host, err)
		}
	}
	for _, tt := range []struct {
		text string
		line int
		want string
	}{
		{"tleaf 2 4 9 4", 1, "tleaf takes 5 numbers, not 4"},
		{"\n\nmesh2D 4 x", 3, `"x": want a whole number`},
		{"tleaf 2 4 0 4 1", 1, "link costs from 1"},
		{"meshXD 2 3 3", 1, "Scotch target meshXD is not read (Scotch 7 measures its distances as a torus's"},
		{"hcub 40", 1, "hcub:"},
		{"tleaf", 1, "count of levels"},
		// amk_hy 3: a decomposition-defined target, once "cannot tell the format"
		{"deco\n0\n8\t15\n0\t1\t8\n1\n1 2\n", 1, "Scotch target deco is not read (a decomposition-defined target"},
		{"deco\n0\n" + strings.Repeat("1 ", 100), 1, "Scotch target deco is not read"}, // longer than a target read
		// Scotch's other keywords, once a coordinates file without header or "cannot tell the format"
		{"cmpltw 4 1 2 3 4", 1, "Scotch target cmpltw is not read (a complete graph of weighted processors"},
		{"# made by hand\n\nvcmplt", 3, "Scotch target vcmplt is not read (a variable-sized target"},
		{"VarHcub", 1, "Scotch target varhcub is not read"},
		{"ltleaf 1 4 1 4 0 1 2 3", 1, "topomap reads cmplt, hcub, mesh2D, mesh3D, tleaf, torus2D, torus3D and torusXD"},
	} {
		_, _, err := machinefile.Read(strings.NewReader(tt.text))
		checkFileError(t, err, tt.line, tt.want)
	}
}

var atstDistance = regexp.MustCompile(`Distance\s+min=\S+\s+max=(\S+)\s+avg=(\S+)`)

// TestTargetsAgainstScotch: Scotch's atst reads each written target (a
// tree with levels of one child among them) and measures the largest and
// the average distance between distinct terminals; they equal the host's
// own.
func TestTargetsAgainstScotch(t *testing.T) {
	meshtest.NeedTools(t, "atst")
	for _, spec := range []string{"tree:4x4:dist=1,10", "tree:2x3x2:dist=2,4,6", "tree:2x2x3:dist=1,1,7", "mesh:3x4", "torus:2x3x4", "line:5", "ring:6", "hypercube:3", "torus:2x2x2x5",
		"tree:4x1:dist=1,2", "tree:2x1x3:dist=1,2,5", "mesh:2x2x2x2", "mesh:4x4x2:wrap=110"} {
		h, err := topology.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := machinefile.WriteTarget(&buf, h); err != nil {
			t.Fatal(err)
		}
		atstAgrees(t, buf.String(), h)
	}
}

// TestTargetsReadAgreeWithAtst: targets written by hand, in the forms
// Scotch reads (axes of size 1, keywords in capitals, torusXD), are read
// as hosts whose largest and average distances are atst's.
func TestTargetsReadAgreeWithAtst(t *testing.T) {
	meshtest.NeedTools(t, "atst")
	for _, text := range []string{"tleaf 3 2 5 3 2 4 1", "tleaf 2 3 1 3 7", "torus3D 3 1 2", "mesh3D 4 1 1", "torusXD 1 5",
		"cmplt 7", "TORUS2D 3 5", "torus3D 4 4 4", "torusXD 5 2 3 1 4 2", "mesh2D 1 6", "hcub 5"} {
		h, _, err := machinefile.Read(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		atstAgrees(t, text, h)
	}
}

// atstAgrees fails unless atst measures the target text as h: the same
// largest and average distance between distinct terminals.
func atstAgrees(t *testing.T, text string, h topology.Host) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "host.tgt")
	if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("atst", path).CombinedOutput()
	m := atstDistance.FindStringSubmatch(string(out))
	if err != nil || m == nil {
		t.Fatalf("atst %s: %v\n%s", text, err, out)
	}
	maxD, sum, n := 0, 0, h.Size()
	for a := range n {
		for b := range n {
			maxD, sum = max(maxD, h.Hops(a, b)), sum+h.Hops(a, b)
		}
	}
	avg := float64(sum) / float64(n*(n-1))
	gotMax, _ := strconv.Atoi(m[1])
	gotAvg, _ := strconv.ParseFloat(m[2], 64)
	if gotMax != maxD || gotAvg < avg-1e-4 || gotAvg > avg+1e-4 {
		t.Errorf("%s (%q): atst max %d avg %g, the host's %d and %g", h, strings.TrimSpace(text), gotMax, gotAvg, maxD, avg)
	}
}
