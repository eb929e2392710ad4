package export_test

import (
	"strings"
	"testing"

	"topomap/algorithms/export"
)

// FuzzParseHostnames: a names file gives exactly one valid, distinct
// name per node, or a one-line error.
func FuzzParseHostnames(f *testing.F) {
	f.Add("n0\nn1\nn2\n", 3)
	f.Add("# rack 1\n  a \n\nb\n", 2)
	f.Add("a\na\n", 2)
	f.Add("a b\n", 1)
	f.Add("", 0)
	f.Add(strings.Repeat("x", 400), 1)
	f.Fuzz(func(t *testing.T, in string, nodes int) {
		if nodes < 0 || nodes > 1<<16 {
			t.Skip()
		}
		names, err := export.ParseHostnames(strings.NewReader(in), nodes)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if len(names) != nodes || export.CheckHostnames(names, nodes) != nil {
			t.Fatalf("%q: %d names for %d nodes: %v", in, len(names), nodes, names)
		}
		for _, n := range names {
			if strings.ContainsAny(n, " \t=,#[]") || strings.HasPrefix(n, "-") {
				t.Fatalf("name %q", n)
			}
		}
	})
}
