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

// TestTextSaysEmptySlots: the text summary counts the slots no rank
// holds, and where they are: 4 ranks on mesh:2x2:cores=2 leave 4 cores;
// on 5 allocated nodes of ring:64, 59 nodes lie outside the allocation
// and 1 allocated node holds no rank. A bijection has no such line.
func TestTextSaysEmptySlots(t *testing.T) {
	for q, want := range map[string]string{
		"guest=grid:2x2&host=mesh:2x2:cores=2&algo=identity":          "empty slots       4 (the host is larger than the guest)\n",
		"guest=grid:2x2&host=ring:64&nodes=0,32,5,9,12&algo=identity": "empty slots       60 (59 outside the allocation, 1 allocated and unused)\n",
		"guest=grid:2x2&host=mesh:2x2&algo=identity":                  "",
	} {
		var buf bytes.Buffer
		if err := export.Text(&buf, solvetest.Map(t, q)); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); want != "" && !strings.Contains(got, want) || want == "" && strings.Contains(got, "empty slots") {
			t.Errorf("%s:\n%s\nwant the line %q", q, got, want)
		}
	}
}

// TestTextSaysWhereALargePlacementIs: the text summary pictures the
// placement up to 4,096 host slots; above, it says the placement is not
// shown and which formats list it (it ended without a word).
func TestTextSaysWhereALargePlacementIs(t *testing.T) {
	for q, want := range map[string]string{
		"guest=grid:64x64&host=mesh:64x64&algo=identity":  "placement (guest vertex on each host node",
		"guest=grid:64x64&host=mesh:64x128&algo=identity": "placement         not shown on a host of more than 4,096 slots: the json and csv formats list it\n",
	} {
		var buf bytes.Buffer
		if err := export.Text(&buf, solvetest.Map(t, q)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%s:\n%s\nwant %q", q, buf.String(), want)
		}
	}
}
