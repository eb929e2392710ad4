package graphfile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

// TestEdgeListHeaderIsAnyLineWithoutNumbers: a first line with no number
// in any field is a header of column names, whatever its letters
// (accents, parentheses, brackets, a name longer than a number can be),
// both when the format is named and when it is detected.
func TestEdgeListHeaderIsAnyLineWithoutNumbers(t *testing.T) {
	for _, tc := range []struct{ name, in, format string }{
		{"accented names", "émetteur,récepteur,octets\n0,1,2\n", "csv"},
		{"unit in parentheses", "src,dst,volume (bytes)\n0,1,2\n", "csv"},
		{"brackets and symbols", "[src],dst#,vol/s\n0,1,2\n", "csv"},
		{"empty name", "src,dst,\n0,1,2\n", "csv"},
		{"name of 80 bytes", "src,dst," + strings.Repeat("é", 40) + "\n0,1,2\n", "csv"},
		{"blank-separated, accented", "émetteur récepteur octets\n0 1 2\n1 0 2\n", "edges"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, named := range []string{tc.format, ""} {
				res, err := graphfile.Read(strings.NewReader(tc.in), graphfile.Options{Format: named})
				if err != nil {
					t.Fatalf("format %q: %v", named, err)
				}
				if res.Format != tc.format || !strings.HasPrefix(arcList(res.Graph), "0→1:2") {
					t.Errorf("format %q: read as %s, arcs %s; want %s, 0→1:2", named, res.Format, arcList(res.Graph), tc.format)
				}
			}
		})
	}
}

// TestEdgeListFirstLineWithANumberNamesItsField: a first line with a
// number in it is an edge; when it starts with a name, the error says
// which field made it one, and a long field is named at its own place.
func TestEdgeListFirstLineWithANumberNamesItsField(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"name and a year", "src,dst,2024\n0,1,2\n", `CSV edge list, line 1, field 1: expected the source process src (an integer ≥ 0), got "src"; the first line is read as an edge, not as a header of column names, because field 3 ("2024") is a number`},
		{"negative number", "-1,-2\n0,1\n", `CSV edge list, line 1, field 1: expected the source process src (an integer ≥ 0), got "-1"`},
		{"long field after numbers", "0,1," + strings.Repeat("x", 70) + "\n", `CSV edge list, line 1, field 3: expected a number, got "` + strings.Repeat("x", 64) + `…" (longer than 64 characters)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := graphfile.Read(strings.NewReader(tc.in), graphfile.Options{Format: "csv"})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestFromOneWarningGroupsThousands: the warning of a list numbered from
// 1 writes every count with thousands separators, the last vertex too.
func TestFromOneWarningGroupsThousands(t *testing.T) {
	in := "1,5000,1\n5000,1,1\n"
	res, err := graphfile.Read(strings.NewReader(in), graphfile.Options{Format: "csv"})
	if err != nil {
		t.Fatal(err)
	}
	want := "(5,000 vertices, 0 to 4,999), not as 5,001 with an isolated vertex 0"
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], want) {
		t.Errorf("warnings %q, want one saying %q", res.Warnings, want)
	}
}
