package export_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
)

// TestExpandHostlist: Slurm's hostlist syntax, expanded in the order
// `scontrol show hostnames` prints.
func TestExpandHostlist(t *testing.T) {
	for _, tt := range []struct {
		expr string
		want string // the names, space-separated
	}{
		{"n1", "n1"},
		{"a,b,c", "a b c"},
		{" a , b ", "a b"},
		{"n[1-3]", "n1 n2 n3"},
		{"nid[00001-00004,00007],login[1-2]", "nid00001 nid00002 nid00003 nid00004 nid00007 login1 login2"},
		{"n[8-11]", "n8 n9 n10 n11"},
		{"n[08-11]", "n08 n09 n10 n11"},
		{"n[7]", "n7"},
		{"n[3,1,2]", "n3 n1 n2"},
		{"r[1-2]n[1-3]", "r1n1 r1n2 r1n3 r2n1 r2n2 r2n3"},
		{"[1-2]x", "1x 2x"},
		{"rack[1-2]-node[01-02].example.org", "rack1-node01.example.org rack1-node02.example.org rack2-node01.example.org rack2-node02.example.org"},
		{"n[0-0]", "n0"},
		{"n[999999999999999998-999999999999999999]", "n999999999999999998 n999999999999999999"},
	} {
		got, err := export.ExpandHostlist(tt.expr, 100)
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("ExpandHostlist(%q) = %q, %v; want %q", tt.expr, got, err, tt.want)
		}
	}
}

// TestExpandHostlistErrors: malformed expressions say what is wrong.
func TestExpandHostlistErrors(t *testing.T) {
	for _, tt := range []struct{ expr, want string }{
		{"", "an empty name"},
		{"a,,b", "an empty name"},
		{"a,", "an empty name"},
		{"n[1-3", "'[' without its ']'"},
		{"n[1-[2]]", "groups do not nest"},
		{"n1-3]", "']' without its '['"},
		{"n[]", "is not a number"},
		{"n[a-b]", `"a-b" in brackets is not a number`},
		{"n[1-]", "is not a number"},
		{"n[-1]", "is not a number"},
		{"n[1,,2]", "is not a number"},
		{"n[1-2-3]", "is not a number"},
		{"n[3-1]", `range "3-1" ends below its start`},
		{"n[1234567890123456789]", "of 1 to 18 digits"},
		{"n[1-4]", "names more than 3 hosts"},
		{"a,b,c,d", "names more than 3 hosts"},
	} {
		_, err := export.ExpandHostlist(tt.expr, 3)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ExpandHostlist(%q) = %v, want %q", tt.expr, err, tt.want)
		}
	}
}

// TestExpandHostlistCountsFirst: an expression of a billion names (or a
// product of groups past any integer) is refused before a name is made:
// allocations and bytes that grow with the expression's length, not with
// the names it makes.
func TestExpandHostlistCountsFirst(t *testing.T) {
	for _, expr := range []string{
		"n[0-999999999]",
		"n[0-999999999999999999]",
		"a[0-999999]b[0-999999]c[0-999999]d[0-999999]",
		"n[1-2]" + strings.Repeat("[0-9]", 60),
		strings.Repeat("n[0-99999],", 20) + "last",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := export.ExpandHostlist(expr, 1<<20)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "names more than 1048576 hosts") {
			t.Errorf("%.40q: %v, want it refused", expr, err)
		}
		if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 64<<10 {
			t.Errorf("%.40q: %d bytes allocated to refuse it, want the count alone", expr, bytes)
		}
		allocs := testing.AllocsPerRun(10, func() { export.ExpandHostlist(expr, 1<<20) })
		if allocs > float64(len(expr)) {
			t.Errorf("%.40q: %.0f allocations to refuse %d characters", expr, allocs, len(expr))
		}
	}
}

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
		{"n[0-999999999]\n", 1 << 20, "line 1: more host names than the 1048576 nodes"},
		{"n[1-2]\nn2\n", 3, "name 3 repeats name 2"},
		{"n[1-2\n", 2, "line 1: "},
	} {
		_, err := export.ParseHostnames(strings.NewReader(tt.in), tt.nodes)
		if err == nil || !strings.Contains(err.Error(), tt.want) || spec.FieldOf(err) != "hostnames" {
			t.Errorf("ParseHostnames(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}
