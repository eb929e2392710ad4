package solve

import (
	"slices"
	"testing"
)

// TestDefaultStarts: every graph mapper starts PAIRS on a graph
// (multisection up to graphStartLimit vertices); on shapes the shaped
// heuristics, rank order and, up to shapeStartLimit vertices, rb and
// multisection.
func TestDefaultStarts(t *testing.T) {
	algos := func(ns ...string) []Algorithm {
		var out []Algorithm
		for _, n := range ns {
			a, _ := Lookup(n)
			out = append(out, a)
		}
		return out
	}
	for _, tt := range []struct {
		in   []string
		n    int
		want []string
	}{
		{[]string{"rowmajor", "affn", "rb", "greedy", "identity"}, 64, []string{"rowmajor", "affn", "rb", "identity"}},
		{[]string{"rowmajor", "affn", "rb", "greedy", "identity"}, shapeStartLimit, []string{"rowmajor", "affn", "rb", "identity"}},
		{[]string{"rowmajor", "affn", "rb", "greedy", "identity"}, shapeStartLimit + 1, []string{"rowmajor", "affn", "identity"}},
		{[]string{"rb", "greedy", "identity"}, graphStartLimit + 1, []string{"rb", "greedy", "identity"}},
		{[]string{"rb", "multisection", "greedy", "identity"}, graphStartLimit, []string{"rb", "multisection", "greedy", "identity"}},
		{[]string{"rb", "multisection", "greedy", "identity"}, graphStartLimit + 1, []string{"rb", "greedy", "identity"}},
		{[]string{"bricks", "rb", "multisection", "greedy", "identity"}, 64, []string{"bricks", "rb", "multisection", "identity"}},
		{[]string{"bricks", "rb", "multisection", "greedy", "identity"}, shapeStartLimit + 1, []string{"bricks", "identity"}},
		{[]string{"standard", "rb"}, 8, []string{"standard", "rb"}},
		{nil, 8, nil},
	} {
		if got := algoNames(defaultStarts(algos(tt.in...), tt.n)); !slices.Equal(got, tt.want) {
			t.Errorf("defaultStarts(%v, %d) = %v, want %v", tt.in, tt.n, got, tt.want)
		}
	}
}

// algoNames lists the names of as, in order.
func algoNames(as []Algorithm) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
