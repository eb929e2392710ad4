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
