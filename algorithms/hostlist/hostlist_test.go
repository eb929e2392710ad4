package hostlist_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/hostlist"
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
		{"a[1-2]b[3-4]c[5-6]", "a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 a1b4c6 a2b4c5 a2b4c6"},
		{"a[1-2]b[3-4]c[5-6]d[7-8]", "a1b3c5d7 a1b3c5d8 a2b3c5d7 a2b3c5d8 a1b4c5d7 a1b4c5d8 a2b4c5d7 a2b4c5d8 a1b3c6d7 a1b3c6d8 a2b3c6d7 a2b3c6d8 a1b4c6d7 a1b4c6d8 a2b4c6d7 a2b4c6d8"},
		{"[1-2]x", "1x 2x"},
		{"rack[1-2]-node[01-02].example.org", "rack1-node01.example.org rack1-node02.example.org rack2-node01.example.org rack2-node02.example.org"},
		{"n[0-0]", "n0"},
		{"n[999999999999999998-999999999999999999]", "n999999999999999998 n999999999999999999"},
	} {
		got, err := hostlist.Expand(tt.expr, 100)
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
		_, err := hostlist.Expand(tt.expr, 3)
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
		_, err := hostlist.Expand(expr, 1<<20)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "names more than 1,048,576 hosts") {
			t.Errorf("%.40q: %v, want it refused", expr, err)
		}
		if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 64<<10 {
			t.Errorf("%.40q: %d bytes allocated to refuse it, want the count alone", expr, bytes)
		}
		allocs := testing.AllocsPerRun(10, func() { hostlist.Expand(expr, 1<<20) })
		if allocs > float64(len(expr)) {
			t.Errorf("%.40q: %.0f allocations to refuse %d characters", expr, allocs, len(expr))
		}
	}
}

// TestExpandAllocationForms: the forms of SLURM_JOB_NODELIST a user pastes
// as an allocation, each expanded by hand: zero padding kept, two bracket
// groups multiplied out (the left one slowest), a plain Cray-style name, a
// suffix after a group, a padded range that crosses a power of ten.
func TestExpandAllocationForms(t *testing.T) {
	for _, tt := range []struct {
		expr string
		want []string
	}{
		{"nid[00001-00004,00007]", []string{"nid00001", "nid00002", "nid00003", "nid00004", "nid00007"}},
		{"rack[1-2]-node[01-03]", []string{"rack1-node01", "rack1-node02", "rack1-node03", "rack2-node01", "rack2-node02", "rack2-node03"}},
		{"c712f6n02", []string{"c712f6n02"}},
		{"a[1-2]b", []string{"a1b", "a2b"}},
		{"x[08-11]", []string{"x08", "x09", "x10", "x11"}},
	} {
		got, err := hostlist.Expand(tt.expr, 100)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Expand(%q) = %q, %v; want %q", tt.expr, got, err, tt.want)
		}
	}
}
