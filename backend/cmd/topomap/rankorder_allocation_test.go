package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestMapRankOrderOnAnAllocation is the user audit's: map --format
// rankorder on an allocation refused every mapping ("it leaves 4,032 of
// the 4,096 host slots empty": it counted the whole machine's slots). It
// now lists the ranks over the job's slots, the allocated nodes' in
// allocation order (node u's core k is slot c·u+k of the machine, as the
// scotch file of the same run says), and still refuses holes among them.
func TestMapRankOrderOnAnAllocation(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		nodes []int // the job's nodes, in allocation order
		per   int   // ranks per node
		cores int   // cores per node of the machine
	}{
		{"xe6 slice", []string{"--guest", "grid:8x8", "--host", "preset:xe6-slice", "--nodes", "nid[00000-00007]", "--ranks-per-node", "8", "--algo", "pairs"}, []int{0, 1, 2, 3, 4, 5, 6, 7}, 8, 16},
		{"nodes 2 and 1", []string{"--guest", "grid:4x2", "--host", "torus:2x2:cores=4", "--nodes", "2,1", "--algo", "rb"}, []int{2, 1}, 4, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runArgs(t, append([]string{"map", "--format", "rankorder"}, tt.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			scotch, _, err := runArgs(t, append([]string{"map", "--format", "scotch"}, tt.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			slot := scotchSlots(t, scotch)
			for k, rank := range rankOrderRanks(t, out) {
				if want := tt.cores*tt.nodes[k/tt.per] + k%tt.per; slot[rank] != want {
					t.Errorf("rank %d listed %d-th: on slot %d, want the job's %d-th slot %d\n%s", rank, k, slot[rank], k, want, out)
				}
			}
		})
	}
	_, _, err := runArgs(t, "map", "--guest", "grid:3x2", "--host", "torus:2x2:cores=4", "--nodes", "0-1", "--algo", "rb", "--format", "rankorder")
	if want := "rankorder cannot express this mapping: it leaves 2 of the job's 8 slots empty"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("6 ranks on 2 nodes of 4 cores: %v, want %q", err, want)
	}
}

// scotchSlots reads the slot of every rank from a Scotch mapping file.
func scotchSlots(t *testing.T, text string) []int {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	slot := make([]int, len(lines)-1)
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		v, err1 := strconv.Atoi(f[0])
		s, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("scotch line %q", l)
		}
		slot[v] = s
	}
	return slot
}

// rankOrderRanks reads the ranks an MPICH_RANK_ORDER file lists, in order,
// after its comment line.
func rankOrderRanks(t *testing.T, text string) []int {
	t.Helper()
	head, body, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(head, "# MPICH_RANK_ORDER for ") {
		t.Fatalf("no comment line: %q", head)
	}
	var ranks []int
	for _, f := range strings.FieldsFunc(body, func(r rune) bool { return r == ',' || r == '\n' }) {
		r, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%q is no rank in\n%s", f, text)
		}
		ranks = append(ranks, r)
	}
	return ranks
}

// TestScoreReadsRankOrderOnAnAllocation: score, given map's --nodes and
// --ranks-per-node, reads map's rankorder file over the job's slots with
// map's metrics (TestScoreReadsWhatMapWroteOnAnAllocation for rankorder).
func TestScoreReadsRankOrderOnAnAllocation(t *testing.T) {
	scoreRoundTrip(t, []string{"rankorder"}, "--guest", "hypercube:4", "--host", "ring:16", "--nodes", "nid[004-011]", "--ranks-per-node", "2")
	scoreRoundTrip(t, []string{"rankorder"}, "--guest", "grid:4x2", "--host", "torus:4x4:cores=4", "--nodes", "nid[006,003]")
}
