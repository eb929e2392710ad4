package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestNearCoordsHeaderNamesTheHeaderToWrite: a first line that is nearly
// a coordinates header (another case, no blank after #, a mesh) is
// refused at its line with the exact header to write; other content is
// still "cannot tell the format".
func TestNearCoordsHeaderNamesTheHeaderToWrite(t *testing.T) {
	for _, tt := range []struct {
		text string
		line int
		want string
	}{
		{"# Torus 4X4\nn0 0 0\n", 1, `"# Torus 4X4": the header is written in lower case, # torus 4x4`},
		{"#torus 2x2 wrap=1,0\nn0 0 0\n", 1, "the header is written in lower case, # torus 2x2 wrap=1,0"},
		{"# TORUS 4x4 Wrap=1,0\n", 1, "# torus 4x4 wrap=1,0"},
		{"# mesh 4x4\nn0 0 0\n", 1, "a mesh is written as a torus whose axes do not wrap, # torus 4x4 wrap=0,0"},
		{"\n\n# Mesh 2X3X4\n", 3, "# torus 2x3x4 wrap=0,0,0"},
		{"hello world\n", 0, "cannot tell the format of the machine file"},
		{"# a mesh of 4x4 nodes\nhello\n", 0, "cannot tell the format of the machine file"},
	} {
		_, _, err := machinefile.Read(strings.NewReader(tt.text))
		checkFileError(t, err, tt.line, tt.want)
	}
}
