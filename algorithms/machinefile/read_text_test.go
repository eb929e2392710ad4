package machinefile_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
)

// bom is the UTF-8 byte order mark that editors on Windows write first.
const bom = "\ufeff"

// TestReadSkipsByteOrderMark: a machine file of every format, and a
// node's text read by ReadNode, reads the same with a leading byte order
// mark as without.
func TestReadSkipsByteOrderMark(t *testing.T) {
	conf, err := os.ReadFile("testdata/three-switches.conf")
	if err != nil {
		t.Fatal(err)
	}
	xml := `<?xml version="1.0"?><topology><object type="Machine"><object type="Package"><object type="Core"/><object type="Core"/></object></object></topology>`
	for _, c := range []struct{ format, text string }{
		{"slurm", string(conf)},
		{"coords", fourNodes},
		{"tgt", "tleaf 2 4 9 4 1"},
		{"hwloc-synthetic", "pack:2 core:2\n"},
		{"hwloc-xml", xml},
	} {
		want, _, err := machinefile.Read(strings.NewReader(c.text))
		if err != nil {
			t.Fatalf("%s without a mark: %v", c.format, err)
		}
		got, format, err := machinefile.Read(strings.NewReader(bom + c.text))
		if err != nil || format != c.format || got.String() != want.String() {
			t.Errorf("%s with a mark: %v as %s (%v), want %s as %s", c.format, got, format, err, want, c.format)
		}
	}
	for _, text := range []string{"pack:2 core:2", xml} {
		if n, err := machinefile.ReadNode([]byte(bom + text)); err != nil || len(n.Sizes) == 0 {
			t.Errorf("ReadNode(mark + %.20q): %v (%v), want its levels", text, n, err)
		}
	}
	if tc, err := machinefile.ReadTorusCoords(strings.NewReader(bom + fourNodes)); err != nil || len(tc.Names) != 4 {
		t.Errorf("ReadTorusCoords with a mark: %v (%v), want 4 nodes", tc.Names, err)
	}
}

// TestNodeTextRefusedAsMachineFiles: the text of a node, read by
// ReadText then ReadNode, is refused as Read refuses a machine file:
// too large, empty (a mark alone is empty), or with a line too long
// (which Read cannot sniff, so names no format).
func TestNodeTextRefusedAsMachineFiles(t *testing.T) {
	for _, c := range []struct{ name, text, node, read string }{
		{"too large", strings.Repeat(" ", machinefile.MaxBytes+1), "a machine file of more than 16,777,216 B (16.8 MB)", ""},
		{"empty", "", "the machine file is empty", ""},
		{"blank", " \n\t\n", "the machine file is empty", ""},
		{"mark alone", bom + "\n", "the machine file is empty", ""},
		{"line too long", "pack:2 core:2" + strings.Repeat(" ", machinefile.MaxLine), "hwloc synthetic string, line 1: a line of more than 1,048,576 bytes", "line 1: a line of more than 1,048,576 bytes"},
	} {
		if c.read == "" {
			c.read = c.node
		}
		text, err := machinefile.ReadText(strings.NewReader(c.text))
		if err == nil {
			_, err = machinefile.ReadNode(text)
		}
		var fe *graphfile.Error
		if err == nil || err.Error() != c.node || !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want the file's error %q", c.name, err, c.node)
		}
		if _, _, err := machinefile.Read(strings.NewReader(c.text)); err == nil || err.Error() != c.read {
			t.Errorf("%s: Read's error %v, want %q", c.name, err, c.read)
		}
	}
}
