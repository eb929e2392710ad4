package solve

import (
	"slices"
	"testing"
)

// TestDefaultStarts: the graph mappers start PAIRS only where no other
// heuristic applies.
func TestDefaultStarts(t *testing.T) {
	names := func(as []Algorithm) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	algos := func(ns ...string) []Algorithm {
		var out []Algorithm
		for _, n := range ns {
			a, _ := Lookup(n)
			out = append(out, a)
		}
		return out
	}
	for _, tt := range []struct{ in, want []string }{
		{[]string{"rowmajor", "affn", "rb", "greedy"}, []string{"rowmajor", "affn"}},
		{[]string{"rb", "greedy"}, []string{"rb", "greedy"}},
		{[]string{"standard", "rb"}, []string{"standard"}},
		{nil, nil},
	} {
		if got := names(defaultStarts(algos(tt.in...))); !slices.Equal(got, tt.want) {
			t.Errorf("defaultStarts(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
