package export_test

import (
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
)

// TestRankOrderRanges: an MPICH_RANK_ORDER file with ranges, as CrayPat
// writes them ("0-15,32-47", descending "15-0"), is told apart from a
// hostfile and read rank by rank; a range past the guest's ranks is
// refused at its first rank out of range.
func TestRankOrderRanges(t *testing.T) {
	h, err := spec.ParseHost("ring:8")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, format, want, err string }{
		{"0-3\n7-4\n", "", "0 1 2 3 7 6 5 4", ""},
		{"0,1-2,3\n4 5-7\n", "", "0 1 2 3 4 5 6 7", ""},
		{"7-0\n", "", "7 6 5 4 3 2 1 0", ""},
		{"0-15\n", "", "", "line 1: rank 8 out of range: the guest has ranks 0 to 7"},
		{"0-3,4-\n", "rankorder", "", `rank "" is not a number`},
	} {
		place, format, err := export.ReadPlacement(strings.NewReader(c.in), c.format, export.Target{Host: h, Ranks: 8})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || format != "rankorder" {
			t.Fatalf("%q: read as %q, %v", c.in, format, err)
		}
		order := make([]string, 8) // the rank on each slot
		for rank, slot := range place {
			order[slot] = strconv.Itoa(rank)
		}
		if got := strings.Join(order, " "); got != c.want {
			t.Errorf("%q: ranks by slot %s, want %s", c.in, got, c.want)
		}
	}
	if f, _ := export.Sniff([]byte("nid0-3\n")); f != "slurm" {
		t.Errorf("a host name with a dash is read as %s", f)
	}
}
