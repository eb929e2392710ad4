package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuestFormatNamesAFilesFormat: --guest-format reads a file as the
// format it names whatever its content looks like (a 3-line edge list
// without an extension looks like a dense 3×3 matrix, and the warning
// says so and names the flag); it is refused with a spec guest, and an
// unknown name lists the known ones. graph and compare take it too.
func TestGuestFormatNamesAFilesFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "edges3")
	if err := os.WriteFile(path, []byte("0 1 5\n1 2 5\n2 3 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"--guest", "file:" + path, "--host", "ring:8", "--algo", "identity", "--format", "json"}
	out, errOut, err := runArgs(t, append([]string{"map"}, base...)...)
	if err != nil || !strings.Contains(out, `"hopBytes":24`) || !strings.Contains(errOut, "name it with --guest-format: edges") {
		t.Errorf("guessed: %v, %.80s…, stderr %q", err, out, errOut)
	}
	out, errOut, err = runArgs(t, append([]string{"map", "--guest-format", "edges"}, base...)...)
	if err != nil || !strings.Contains(out, `"hopBytes":15`) || errOut != "" {
		t.Errorf("named edges: %v, %.80s…, stderr %q", err, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"map", "--guest", "grid:2x2", "--guest-format", "edges", "--host", "ring:4", "--algo", "identity"}, "--guest-format edges: it names the format of a file"},
		{[]string{"map", "--guest", "file:" + path, "--guest-format", "nope", "--host", "ring:8", "--algo", "identity"}, `unknown format "nope"; known: goal, matrixmarket`},
		{[]string{"graph", "--guest", "file:" + path, "--guest-format", "nope"}, `unknown format "nope"`},
		{[]string{"compare", "--guest", "file:" + path, "--guest-format", "nope", "--host", "ring:8"}, `unknown format "nope"`},
	} {
		if _, _, err := runArgs(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestGuestFormatChacoReadsVertexNumbers: a Chaco graph with vertex
// numbers (fmt 100) in a .graph file reads as METIS, with a warning that
// names --guest-format chaco; named chaco, or in a .chaco file, it reads
// with no warning. Read either way it is the same 3-vertex path.
func TestGuestFormatChacoReadsVertexNumbers(t *testing.T) {
	dir := t.TempDir()
	const path3 = "3\t2\t100\n1\t2\n2\t1\t3\n3\t2\n"
	for _, name := range []string{"path.graph", "path.chaco"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(path3), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	graph := func(name string, more ...string) (string, string) {
		out, errOut, err := runArgs(t, append([]string{"graph", "--guest", "file:" + filepath.Join(dir, name), "--format", "csv"}, more...)...)
		if err != nil {
			t.Fatalf("%s %q: %v", name, more, err)
		}
		return out, errOut
	}
	const csv = "src,dst,volume\n0,1,1\n1,0,1\n1,2,1\n2,1,1\n"
	if out, errOut := graph("path.graph"); out != csv || !strings.Contains(errOut, "If it is a Chaco graph, name it with --guest-format: chaco") {
		t.Errorf("as METIS: %q, stderr %q", out, errOut)
	}
	for _, args := range [][]string{{"path.graph", "--guest-format", "chaco"}, {"path.chaco"}} {
		if out, errOut := graph(args[0], args[1:]...); out != csv || errOut != "" {
			t.Errorf("%q: %q, stderr %q", args, out, errOut)
		}
	}
}
