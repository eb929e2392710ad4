package export_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve/solvetest"
)

// TestTextSaysWhatPairsSearched: the text summary of a PAIRS run gives
// its moves and starts, or, when its start was already optimal, says so
// instead of "0 moves", and names the objective it minimised when that
// is not the hop-bytes (no line for the default).
func TestTextSaysWhatPairsSearched(t *testing.T) {
	for _, tt := range []struct{ query, want string }{
		{"guest=grid:8x8&host=fattree:4,3&algo=pairs&moves=2000&objective=congestion", "\nobjective         minimised congestion (Σ squared link loads), not hop-bytes\nsearch "},
		{"guest=grid:8x8&host=torus:8x8&algo=pairs", "search            its start rowmajor already meets the lower bound that holds for every mapping (no placement has fewer hop-bytes), so it made no move\n"},
		{"guest=grid:4x4&host=mesh:2x8&algo=pairs&moves=1000", " moves and tried 116 swaps in its closing search, 0 of them (moves and swaps) improving, from snake"},
	} {
		var buf bytes.Buffer
		if err := export.Text(&buf, solvetest.Map(t, tt.query)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), tt.want) {
			t.Errorf("%s: text summary\n%s\nwant %q", tt.query, buf.String(), tt.want)
		}
		if !strings.Contains(tt.query, "objective=") && strings.Contains(buf.String(), "objective") {
			t.Errorf("%s: the default objective named:\n%s", tt.query, buf.String())
		}
	}
}
