package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestNearCoordsHeaderNamesTheHeaderToWrite: a header in another case
// reads; a first line that is nearly a coordinates header (no blank
// after #, a mesh) is refused at its line with the exact header to
// write; other content is still "cannot tell the format".
func TestNearCoordsHeaderNamesTheHeaderToWrite(t *testing.T) {
	for _, tt := range []struct {
		text string
		line int
		want string
	}{
		{"#torus 2x2 wrap=1,0\nn0 0 0\n", 1, `"#torus 2x2 wrap=1,0": want the header # torus 2x2 wrap=1,0`},
		{"#TORUS 4x4 Wrap=1,0\n", 1, "want the header # torus 4x4 wrap=1,0"},
		{"# mesh 4x4\nn0 0 0\n", 1, "a mesh is written as a torus whose axes do not wrap, # torus 4x4 wrap=0,0"},
		{"\n\n# Mesh 2X3X4\n", 3, "# torus 2x3x4 wrap=0,0,0"},
		{"hello world\n", 0, "cannot tell the format of the machine file"},
		{"# a mesh of 4x4 nodes\nhello\n", 0, "cannot tell the format of the machine file"},
	} {
		_, _, err := machinefile.Read(strings.NewReader(tt.text))
		checkFileError(t, err, tt.line, tt.want)
	}
	if h, _, err := machinefile.Read(strings.NewReader("# Torus 4X4 WRAP=1,0\nn0 0 0\nn1 3 2\n")); err != nil || h.Hops(0, 1) != 3 {
		t.Errorf("a header in capitals: %v", err)
	}
}
