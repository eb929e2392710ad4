package hostlist_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/hostlist"
)

// TestCompressHostlist: runs of numbered names become ranges, padding
// and order kept; other names stay as they are.
func TestCompressHostlist(t *testing.T) {
	for _, tt := range []struct{ names, want string }{
		{"nid00001 nid00002 nid00003 nid00007", "nid[00001-00003,00007]"},
		{"n8 n9 n10 n11", "n[8-11]"},
		{"n08 n09 n10", "n[08-10]"},
		{"n08 n9", "n[08,9]"},
		{"n3 n1 n2", "n[3,1-2]"},
		{"n1", "n1"},
		{"a b c", "a,b,c"},
		{"n1 m1 n2", "n1,m1,n2"},
		{"login1 login2 nid1 nid2", "login[1-2],nid[1-2]"},
		{"rack1-node01.example.org rack1-node02.example.org", "rack1-node01.example.org,rack1-node02.example.org"},
		{"001 002", "[001-002]"},
		{"n0 n00", "n[0,00]"},
		{"n1234567890123456789 n1234567890123456790", "n1234567890123456789,n1234567890123456790"},
	} {
		names := strings.Fields(tt.names)
		if got := hostlist.Compress(names); got != tt.want {
			t.Errorf("Compress(%q) = %q, want %q", tt.names, got, tt.want)
		}
		back, err := hostlist.Expand(hostlist.Compress(names), len(names)+1)
		if err != nil || !slices.Equal(back, names) {
			t.Errorf("Expand(Compress(%q)) = %q, %v", tt.names, back, err)
		}
	}
}

// TestCompressReadsBack: over random lists of numbered and plain names
// (prefixes, padding, runs, repeats), Expand reads Compress's expression
// back as the same names in the same order, and 262,144 nodes of one
// prefix take one short range.
func TestCompressReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	prefixes := []string{"nid", "n", "r1n", "login", ""}
	for range 2000 {
		names := make([]string, 1+rng.IntN(40))
		v := rng.IntN(1000)
		for i := range names {
			if rng.IntN(4) > 0 {
				v++ // mostly runs
			} else {
				v = rng.IntN(1000)
			}
			num := strconv.Itoa(v)
			if rng.IntN(3) == 0 {
				num = strings.Repeat("0", rng.IntN(3)) + num
			}
			names[i] = prefixes[rng.IntN(2)*rng.IntN(len(prefixes))] + num
			if rng.IntN(20) == 0 {
				names[i] = "head"
			}
		}
		expr := hostlist.Compress(names)
		back, err := hostlist.Expand(expr, len(names)+1)
		if err != nil || !slices.Equal(back, names) {
			t.Fatalf("%q written %q reads back %q, %v", names, expr, back, err)
		}
	}
	many := make([]string, 1<<18)
	for i := range many {
		many[i] = "nid" + strconv.Itoa(i)
	}
	if got := hostlist.Compress(many); got != "nid[0-262143]" {
		t.Errorf("262,144 nodes written %.60q", got)
	}
}
