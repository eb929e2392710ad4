//go:build !(js && wasm)

package web

import (
	"strings"
	"testing"

	"topomap/algorithms/solve/solvetest"
)

// TestInspectSaysWhyNothingIsShown: the inspect field answers every text
// typed in it: a vertex or an edge with its tooltip, and otherwise why
// there is none (it showed nothing for a vertex out of range or a word).
func TestInspectSaysWhyNothingIsShown(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:9x8&host=mesh:12x6&algo=step")
	for _, tt := range []struct {
		text, want string
		u, v       int
	}{
		{"", "", -1, -1},
		{"12", "guest vertex 12 ", -1, 12},
		{"1-0", "guest edge 0–1 (axis 0): dilation ", 0, 1},
		{"0-71", "vertices 0 and 71 are not neighbours in the guest", -1, -1},
		{"72", "no vertex 72: the guest's are 0 to 71", -1, -1},
		{"3-99", "no vertex 99: the guest's are 0 to 71", -1, -1},
		{"<b>", `"<b>" is neither a vertex (12) nor an edge (12-13)`, -1, -1},
	} {
		got, u, v := inspectText(r, tt.text)
		if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") || u != tt.u || v != tt.v {
			t.Errorf("inspect %q: %q, marks %d %d; want %q…, %d %d", tt.text, got, u, v, tt.want, tt.u, tt.v)
		}
	}
}
