package web

import (
	"testing"

	"topomap/backend/api"
)

// TestProgressSaysTheObjective: a search's progress label leads with the
// value it lowers: Σ squared link loads under the congestion objective
// (a job's page showed hops per byte standing still), hops per byte
// otherwise.
func TestProgressSaysTheObjective(t *testing.T) {
	for _, tc := range []struct {
		squares float64
		want    string
	}{
		{0, "1.2500 hops/byte after 1,024 moves (10 improving), 2.5 s"},
		{1234.5678, "Σ squared link loads 1,235 (1.2500 hops/byte) after 1,024 moves (10 improving), 2.5 s"},
	} {
		if got := progressText(api.Progress{HopsPerByte: 1.25, SquaredLinkLoads: tc.squares, Evaluated: 1024, Improved: 10, Elapsed: 2.5}); got != tc.want {
			t.Errorf("Σ L² %v: %q, want %q", tc.squares, got, tc.want)
		}
	}
}

// TestProgressBeforeItsFirstFigures: before a search reports a figure
// (a job's starts; rb, which reports none), the label says only how long
// it has run: it read "0.0000 hops/byte after 0 moves".
func TestProgressBeforeItsFirstFigures(t *testing.T) {
	if got := progressText(api.Progress{Elapsed: 12.34}); got != "running, 12.3 s" {
		t.Errorf("%q, want running, 12.3 s", got)
	}
}

// TestProgressNamesTheStartBeingComputed: before its search, PAIRS at a
// million vertices computes its starts for tens of seconds (rb's share
// reported, bricks' not); the label said only "running".
func TestProgressNamesTheStartBeingComputed(t *testing.T) {
	for _, tc := range []struct {
		p    api.Progress
		want string
	}{
		{api.Progress{Start: "rb", StartDone: 0.456, Elapsed: 20}, "computing the start rb, 45.6 %, 20.0 s"},
		{api.Progress{Start: "bricks", Elapsed: 1.25}, "computing the start bricks, 1.2 s"},
	} {
		if got := progressText(tc.p); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
