package graphfile_test

import (
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

// A self-loop counts as one neighbour entry (as in METIS's ReadGraph), so
// a header that leaves it out is one entry short: the error names the
// self-loop, not the line where the count runs out.
var metisSelfLoopCountTests = []struct{ name, in, want string }{
	{"self-loop before the count runs out", "4 4\n1 2 4\n1 3\n2 4\n1 3\n",
		"METIS graph, line 2, field 1: vertex 1 lists itself as a neighbour; this self-loop counts as one neighbour entry, and with it the vertex lines hold more than the 8 entries of the header's 4 edges (one more on line 5, field 2): remove the self-loop"},
	{"self-loop as the extra entry", "2 1 1\n2 5\n1 5 2 3\n",
		"METIS graph, line 3, field 3: vertex 2 lists itself as a neighbour; this self-loop counts as one neighbour entry, and with it the vertex lines hold more than the 2 entries of the header's 1 edge (one more on line 3, field 4): remove the self-loop"},
	{"header counting the self-loop as an edge", "4 5\n1 2 4\n1 3\n2 4\n1 3\n",
		"METIS graph, line 1, field 2: the header says 5 edges, so 10 neighbour entries, but the vertex lines hold 9; vertex 1 lists itself on line 2, a self-loop, which counts as one entry"},
	{"extra entry without self-loops", "3 1\n2 3\n1\n\n",
		"METIS graph, line 3, field 1: the header says 1 edge, so 2 neighbour entries, and this is one more"},
}

func TestMETISNamesTheSelfLoopThatBreaksTheCount(t *testing.T) {
	for _, tt := range metisSelfLoopCountTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{Format: "metis"})
			var e *graphfile.Error
			if !errors.As(err, &e) || err.Error() != tt.want {
				t.Errorf("error %v\nwant %q", err, tt.want)
			}
		})
	}
}
