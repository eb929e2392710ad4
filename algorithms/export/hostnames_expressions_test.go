package export_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
)

// TestHostnamesExpressions: a names file, a names list, the CLI and the
// API take hostlist expressions as well as names, one per line or entry.
func TestHostnamesExpressions(t *testing.T) {
	want := export.Hostnames{"login1", "nid001", "nid002", "nid003", "nid007", "gpu1a", "gpu1b"}
	got, err := export.ParseHostnames(strings.NewReader("# the login node, then the rest\nlogin1\nnid[001-003,007]\n\ngpu1a,gpu1b\n"), 7)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseHostnames = %q, %v; want %q", got, err, want)
	}
	_, err = export.ExpandHostnames([]string{"login1", "nid[001-003,007]", "gpu1[a]"}, 7)
	if err == nil || !strings.Contains(err.Error(), `name 3: "gpu1[a]"`) {
		t.Errorf("a bad expression in a list: %v", err)
	}
	got, err = export.ExpandHostnames([]string{"login1", "nid[001-003,007]", "gpu1a,gpu1b"}, 7)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ExpandHostnames = %q, %v; want %q", got, err, want)
	}
	for _, tt := range []struct {
		in    string
		nodes int
		want  string
	}{
		{"a\nn[1-5]\n", 5, "line 2: more host names than the 5 nodes"},
		{"n[0-999999999]\n", 1 << 20, "line 1: more host names than the 1,048,576 nodes"},
		{"n[1-2]\nn2\n", 3, "name 3 repeats name 2"},
		{"n[1-2\n", 2, "line 1: "},
	} {
		_, err := export.ParseHostnames(strings.NewReader(tt.in), tt.nodes)
		if err == nil || !strings.Contains(err.Error(), tt.want) || spec.FieldOf(err) != "hostnames" {
			t.Errorf("ParseHostnames(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}
