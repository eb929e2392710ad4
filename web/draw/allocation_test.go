package draw_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// TestAllocationHighlighted: a mapping on an allocation draws the whole
// machine (every slot) with a mark behind each slot of every allocated
// node, and the caption says so; without an allocation, no mark.
func TestAllocationHighlighted(t *testing.T) {
	for _, tt := range []struct {
		query string
		marks int // allocated nodes × slots per node of the whole machine
		nodes string
	}{
		{"guest=grid:4x2&host=torus:8x8&algo=greedy&nodes=0-3,32-35", 8, "0 1 2 3 32 33 34 35"},
		{"guest=grid:8x4&host=preset:xe6-slice&algo=rb&nodes=nid[00004-00007,00100-00103]&ranksPerNode=4", 8 * 16, "4 5 6 7 100 101 102 103"},
		{"guest=grid:4x4&host=fattree:4,2:cores=2&algo=greedy&ranksPerNode=2", 8 * 2, "0 1 2 3 4 5 6 7"},
		{"guest=grid:4x4&host=mesh:4x4:node=2x2:dist=1,2&algo=greedy&nodes=5,6,9,10", 4 * 4, "5 6 9 10"}, // nodes with an inside
	} {
		r := solvetest.Map(t, tt.query)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		marks := regexp.MustCompile(`<rect class="alloc" data-node="(\d+)"`).FindAllStringSubmatch(svg, -1)
		seen, order := map[string]bool{}, []string{}
		for _, m := range marks {
			if !seen[m[1]] {
				seen[m[1]] = true
				order = append(order, m[1])
			}
		}
		if len(marks) != tt.marks || strings.Join(order, " ") != tt.nodes || !strings.Contains(svg, "allocation highlighted: ") {
			t.Errorf("%s: %d marks on nodes %q, want %d on %q, and the caption's note", tt.query, len(marks), strings.Join(order, " "), tt.marks, tt.nodes)
		}
	}
	r := solvetest.Map(t, "guest=grid:4x2&host=torus:8x8&algo=greedy")
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil || strings.Contains(buf.String(), `class="alloc"`) {
		t.Errorf("no allocation: %v, marks drawn", err)
	}
}
