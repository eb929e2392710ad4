package export_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve/solvetest"
)

// TestTextSaysAllocation: the text summary of a run on an allocation
// says how many nodes it had, which, how many of them 16 ranks at 4 per
// node may use (the first 4 of 5), how many hold ranks and how many
// each; a run without one has no such line.
func TestTextSaysAllocation(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:4x4&host=preset:xe6-slice&algo=greedy&nodes=nid[00010-00013,00020]&ranksPerNode=4")
	var buf bytes.Buffer
	if err := export.Text(&buf, r); err != nil {
		t.Fatal(err)
	}
	if want := "allocation        5 nodes allocated (nid[00010-00013,00020]), the first 4 usable, 4 used, 4 ranks on each\n"; !strings.Contains(buf.String(), want) {
		t.Errorf("text summary:\n%s\nwant the line %q", buf.String(), want)
	}
	buf.Reset()
	if err := export.Text(&buf, solvetest.Map(t, "guest=grid:4x4&host=preset:xe6-slice&algo=greedy")); err != nil || strings.Contains(buf.String(), "allocation") {
		t.Errorf("no allocation: %v\n%s", err, buf.String())
	}
}
