package api_test

import (
	"testing"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// TestGraphGuestParsesBack: an uploaded graph's guest spec is the one
// the guest kind of uploaded graphs writes, and parses back to its id.
func TestGraphGuestParsesBack(t *testing.T) {
	g := api.Graph{ID: "0123456789abcdef0123456789abcdef"}
	if got := g.Guest(); got != "graph:"+g.ID {
		t.Errorf("Guest() = %q", got)
	}
	parsed, err := spec.ParseGuest(g.Guest())
	if err != nil || parsed.ID != g.ID {
		t.Errorf("ParseGuest(%q) = %+v, %v", g.Guest(), parsed, err)
	}
}
