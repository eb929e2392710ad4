package solve

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/pairs"
)

// TestEveryAlgorithmHasOneSummary: summaries.md has a section for every
// registered algorithm and none for a name nobody registers.
func TestEveryAlgorithmHasOneSummary(t *testing.T) {
	var names []string
	for _, a := range All() {
		names = append(names, a.Name)
		if len(summaries[a.Name]) < 80 {
			t.Errorf("%s: summary %q", a.Name, summaries[a.Name])
		}
	}
	for _, name := range slices.Sorted(maps.Keys(summaries)) {
		if !slices.Contains(names, name) {
			t.Errorf("summaries.md has a section %q, which no algorithm is named", name)
		}
	}
	if n := strings.Count(summariesText, "\n## "); n != len(summaries) {
		t.Errorf("summaries.md has %d sections, %d names", n, len(summaries))
	}
}

// TestPairsSummaryStatesItsConstants: the figures the PAIRS summary
// quotes are the package's.
func TestPairsSummaryStatesItsConstants(t *testing.T) {
	want := fmt.Sprintf("%d cycles in a row gain less than %.1f%%", pairs.DefaultPatience, pairs.CycleTau*100)
	for _, name := range []string{"pairs", "pairs-uniform"} {
		if a, _ := Lookup(name); !strings.Contains(a.Notes.Summary, want) {
			t.Errorf("%s's summary does not say %q", name, want)
		}
	}
}

func TestParseSummaries(t *testing.T) {
	for _, c := range []struct {
		text string
		want map[string]string
	}{
		{"", map[string]string{}},
		{"# preface\nignored\n", map[string]string{}},
		{"## a\n\nOne\ntwo.\n\n## b\nThree.\n", map[string]string{"a": "One two.", "b": "Three."}},
		{"## a\r\n  spaced  \r\n", map[string]string{"a": "spaced"}},
	} {
		if got := parseSummaries(c.text); !maps.Equal(got, c.want) {
			t.Errorf("parseSummaries(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
