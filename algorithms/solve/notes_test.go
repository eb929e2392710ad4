package solve

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
)

// TestEveryAlgorithmHasItsNotes: notes.md has a section for every
// registered algorithm, each with a summary, a source and a cost, and
// none for a name nobody registers.
func TestEveryAlgorithmHasItsNotes(t *testing.T) {
	var names []string
	for _, a := range All() {
		names = append(names, a.Name)
		if w := written[a.Name]; len(w.Summary) < 80 || w.Source == "" || w.Complexity == "" {
			t.Errorf("%s: notes %+v", a.Name, w)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(written)) {
		if !slices.Contains(names, name) {
			t.Errorf("notes.md has a section %q, which no algorithm is named", name)
		}
	}
	if n := strings.Count(notesText, "\n## "); n != len(written) {
		t.Errorf("notes.md has %d sections, %d names", n, len(written))
	}
}

// TestPairsNotesStateTheirConstants: the figures the PAIRS notes quote
// are the code's.
func TestPairsNotesStateTheirConstants(t *testing.T) {
	summary := fmt.Sprintf("%d cycles in a row gain less than %.1f%%", pairs.DefaultPatience, pairs.CycleTau*100)
	cost := fmt.Sprintf("in rounds of max(n, %d) proposals; the annealing cycles end within 2,048 moves per object (at least 1M, at most %dM;",
		pairs.MinAttempts, pairs.DefaultHorizon>>20)
	rate := fmt.Sprintf("(%dM per second of budget for a hop-bytes move", MovesPerSecond/1_000_000)
	for _, name := range []string{"pairs", "pairs-uniform"} {
		a, _ := Lookup(name)
		if !strings.Contains(a.Notes.Summary, summary) || !strings.Contains(a.Notes.Complexity, cost) || !strings.Contains(a.Notes.Complexity, rate) {
			t.Errorf("%s's notes do not say %q, %q and %q:\n%s\n%s", name, summary, cost, rate, a.Notes.Summary, a.Notes.Complexity)
		}
	}
	focused := fmt.Sprintf("one annealing of %s moves per object (at most %dM; with fewer than %s per object, the cycles)",
		metric.Thousands(pairs.FocusedPerObject), pairs.FocusedHorizon>>20, metric.Thousands(pairs.FocusedLeast))
	focusedCost := fmt.Sprintf("annealed focused, %s moves per object (at most %dM)", metric.Thousands(pairs.FocusedPerObject), pairs.FocusedHorizon>>20)
	if a, _ := Lookup("pairs"); !strings.Contains(a.Notes.Summary, focused) || !strings.Contains(a.Notes.Complexity, focusedCost) {
		t.Errorf("pairs's notes do not say %q and %q", focused, focusedCost)
	}
}

func TestParseNotes(t *testing.T) {
	for _, c := range []struct {
		text string
		want map[string]Notes
	}{
		{"", map[string]Notes{}},
		{"# preface\nignored\n", map[string]Notes{}},
		{"## a\n\nOne\ntwo.\n\n## b\nThree.\n", map[string]Notes{"a": {Summary: "One two."}, "b": {Summary: "Three."}}},
		{"## a\r\n  spaced  \r\n", map[string]Notes{"a": {Summary: "spaced"}}},
		{"## a\nOne.\n\nSource: a\npaper\n\nCost: O(n)\n\nTwo.", map[string]Notes{"a": {Summary: "One. Two.", Source: "a paper", Complexity: "O(n)"}}},
	} {
		if got := parseNotes(c.text); !maps.Equal(got, c.want) {
			t.Errorf("parseNotes(%q) = %+v, want %+v", c.text, got, c.want)
		}
	}
}
