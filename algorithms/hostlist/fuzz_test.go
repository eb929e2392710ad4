package hostlist_test

import (
	"strings"
	"testing"

	"topomap/algorithms/hostlist"
)

// expandSeeds are FuzzExpand's seed corpus, which
// TestExpandAgreesWithScontrol also has Slurm expand.
var expandSeeds = []struct {
	expr  string
	limit int
}{
	{"nid[00001-00004,00007],login[1-2]", 10},
	{"r[1-2]n[1-3]", 6},
	{"a[1-2]b[3-4]c[5-6]", 8},
	{"n[0-999999999]", 1000},
	{"a,,b", 3},
	{"n[1-[2]]", 3},
	{"n[3-1]", 3},
	{"plain", 1},
}

// FuzzExpand: an expression gives at most limit names, exactly as
// many as it counts (limit = that count takes it, one less refuses it),
// none with a bracket or a comma; or a one-line error.
func FuzzExpand(f *testing.F) {
	for _, s := range expandSeeds {
		f.Add(s.expr, s.limit)
	}
	f.Fuzz(func(t *testing.T, expr string, limit int) {
		if limit < 0 || limit > 1<<12 {
			t.Skip()
		}
		names, err := hostlist.Expand(expr, limit)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if len(names) > limit {
			t.Fatalf("%q: %d names, limit %d", expr, len(names), limit)
		}
		for _, n := range names {
			if strings.ContainsAny(n, "[],") {
				t.Fatalf("%q: name %q", expr, n)
			}
		}
		if plain := strings.TrimSpace(expr); !strings.ContainsAny(expr, "[],") && (len(names) != 1 || names[0] != plain) {
			t.Fatalf("%q: %q, want itself", expr, names)
		}
		if again, err := hostlist.Expand(expr, len(names)); err != nil || len(again) != len(names) {
			t.Fatalf("%q with limit %d: %d names, %v", expr, len(names), len(again), err)
		}
		if len(names) > 0 {
			if _, err := hostlist.Expand(expr, len(names)-1); err == nil {
				t.Fatalf("%q: %d names, yet limit %d takes it", expr, len(names), len(names)-1)
			}
		}
	})
}
