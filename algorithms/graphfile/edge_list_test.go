package graphfile_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

// TestEdgeListsRead: blank-separated edge lists are read (named or
// detected) like CSV ones, and a list that names no process 0 is read as
// numbered from 1, with a warning, not given an isolated vertex 0. The
// arcs are the hand-made oracle of each input.
func TestEdgeListsRead(t *testing.T) {
	tests := []struct {
		name, format, in string
		wantFormat       string
		arcs             string
		warning          string
	}{
		{"spaces", "", "0 1 5\n1 2 5\n2 0 2.5\n0 2 1\n", "edges", "0→1:5 0→2:1 1→2:5 2→0:2.5", ""},
		{"tabs and header", "", "src\tdst\tvolume\n0\t1\t3\n1\t0\t3\n", "edges", "0→1:3 1→0:3", ""},
		{"two columns", "", "# comment\n0 1\n1 2\n2 3\n", "edges", "0→1:1 1→2:1 2→3:1", ""},
		{"named", "edges", "0 1 4\n", "edges", "0→1:4", ""},
		{"1-based csv", "", "1,2,7\n2,3,7\n3,1,7\n", "csv", "0→1:7 1→2:7 2→0:7", "numbered from 1: no line names process 0, so process k is read as vertex k-1 (3 vertices, 0 to 2), not as 4 with an isolated vertex 0"},
		{"1-based edges", "", "1 2\n2 3\n3 1\n", "edges", "0→1:1 1→2:1 2→0:1", "numbered from 1"},
		{"0-based csv keeps 0", "", "0,2,1\n2,0,1\n", "csv", "0→2:1 2→0:1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := graphfile.Read(strings.NewReader(tc.in), graphfile.Options{Format: tc.format})
			if err != nil {
				t.Fatal(err)
			}
			checkGraph(t, res.Graph)
			if res.Format != tc.wantFormat || arcList(res.Graph) != tc.arcs {
				t.Errorf("format %s, arcs %s; want %s, %s", res.Format, arcList(res.Graph), tc.wantFormat, tc.arcs)
			}
			said := slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "numbered from 1") })
			if tc.warning == "" && said || tc.warning != "" && !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, tc.warning) }) {
				t.Errorf("warnings %q, want %q", res.Warnings, tc.warning)
			}
		})
	}
}

// TestEdgeListsSniff: the blank-separated edge list is told apart from
// the formats it resembles: a square dense matrix and a METIS file whose
// lines hold 2 or 3 numbers.
func TestEdgeListsSniff(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0 1 2.5\n1 2 2.5\n2 3 2.5\n3 0 2.5\n", "edges"},
		{"0 1 2\n1 0 2\n2 2 0\n", "dense"},                                   // 3 lines of 3: a 3×3 matrix
		{"4 4\n2 4\n1 3\n2 4\n1 3\n", "metis"},                               // a 4-ring in METIS: the header's n + 1 lines
		{"0 5 1 0 0\n5 0 0 0 0\n1 0 0 0 0\n0 0 0 0 1\n0 0 0 1 0\n", "dense"}, // more than 3 columns
		{"src dst\n0 1\n1 2\n2 3\n", "edges"},                                // a header
	}
	for _, tc := range tests {
		res, err := graphfile.Read(strings.NewReader(tc.in), graphfile.Options{})
		if err != nil && tc.want != "" {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if res.Format != tc.want {
			t.Errorf("%q read as %s, want %s", tc.in, res.Format, tc.want)
		}
	}
}

// TestSquareEdgeListIsReadAsAMatrixWithANote: k lines of k numbers (k 2
// or 3) read as a dense k×k matrix, as before, but the reader says it
// reads as an edge list too and how to ask for that, with the caller's
// name for the format (FormatField); other inputs get no such note.
func TestSquareEdgeListIsReadAsAMatrixWithANote(t *testing.T) {
	for _, tc := range []struct {
		in, field, note string
	}{
		{"0 1 5\n1 2 5\n2 3 5\n", "--guest-format", "read as a dense 3×3 matrix, as its content looks; it reads as an edge list of 3 arcs too (src dst [volume] a line): to read it so, name it with --guest-format: edges"},
		{"0 1\n1 0\n", "", "read as a dense 2×2 matrix, as its content looks; it reads as an edge list of 2 arcs too (src dst [volume] a line): to read it so, name it: edges"},
		{"0 5 1 0\n5 0 0 0\n1 0 0 0\n0 0 0 0\n", "", ""}, // 4 columns: no edge list
		{"0 1 2.5\n1 2 2.5\n2 3 2.5\n3 0 2.5\n", "", ""}, // an edge list, detected as one
	} {
		res, err := graphfile.Read(strings.NewReader(tc.in), graphfile.Options{FormatField: tc.field})
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		noted := len(res.Warnings) > 0 && strings.HasPrefix(res.Warnings[0], "read as a dense")
		if tc.note == "" && noted || tc.note != "" && (!noted || res.Warnings[0] != tc.note) {
			t.Errorf("%q: warnings %q, want first %q", tc.in, res.Warnings, tc.note)
		}
	}
	res, err := graphfile.Read(strings.NewReader("0 1 5\n1 2 5\n2 3 5\n"), graphfile.Options{Format: "edges"})
	if err != nil || res.Format != "edges" || res.Graph.Order() != 4 {
		t.Errorf("named edges: %v, %v", res, err)
	}
}
