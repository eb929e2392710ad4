package hostlist_test

import (
	"strings"
	"testing"

	"topomap/algorithms/hostlist"
)

// FuzzExpand: an expression gives at most limit names, exactly as
// many as it counts (limit = that count takes it, one less refuses it),
// none with a bracket or a comma; or a one-line error.
func FuzzExpand(f *testing.F) {
	f.Add("nid[00001-00004,00007],login[1-2]", 10)
	f.Add("r[1-2]n[1-3]", 6)
	f.Add("n[0-999999999]", 1000)
	f.Add("a,,b", 3)
	f.Add("n[1-[2]]", 3)
	f.Add("n[3-1]", 3)
	f.Add("plain", 1)
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
