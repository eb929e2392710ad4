package metric

import (
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// TestLevelsWorkCapped counts the arcs the levels bound's searches visit
// (not time): never more than maxLevelsWork, on guests small enough to
// search far and large enough to be cut short; the bound stays above
// what it says without its searches (16³ on nodes of 8 cores: the
// partner counts give 0, each vertex's 6 partners fitting on its node).
func TestLevelsWorkCapped(t *testing.T) {
	tests := []struct {
		guest, host string
		atMost      int     // arc visits
		atLeast     float64 // the bound
	}{
		{"grid:4x4", "fattree:4,2", 16 * 16 * 4, 2.6}, // each search sees the whole guest at most
		{"grid:16x16x16:wrap", "fattree:8,3:cores=8", maxLevelsWork, 1},
		{"grid:64x64x64:wrap", "fattree:8,6", maxLevelsWork, 2}, // 2 hops under a leaf switch
	}
	for _, tt := range tests {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		s, err := guest.Parse(tt.guest)
		if err != nil {
			t.Fatal(err)
		}
		g, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		b, work, ok := levelsWork(g, h)
		if !ok || b.Value < tt.atLeast {
			t.Errorf("%s on %s: levels bound %+v, ok %v; want at least %v", tt.guest, tt.host, b, ok, tt.atLeast)
		}
		if work > tt.atMost || work == 0 {
			t.Errorf("%s on %s: %d arc visits, want 1 to %d", tt.guest, tt.host, work, tt.atMost)
		}
		t.Logf("%s on %s: %.4f after %d arc visits", tt.guest, tt.host, b.Value, work)
	}
}
