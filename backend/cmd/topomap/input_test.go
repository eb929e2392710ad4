package main

import (
	"os"
	"strings"
	"testing"
)

// TestFilesReadFromStandardInput: a path "-" reads standard input, for
// a graph (file:-), a machine (file:-) and a placement (-), so that a
// command reads a pipe; two flags naming it are refused, naming the one
// that took it.
func TestFilesReadFromStandardInput(t *testing.T) {
	defer func() { stdin = os.Stdin }()
	fromFile, _, err := runArgs(t, "map", "--guest", "hypercube:2", "--host", "ring:4", "--algo", "gray", "--format", "rankorder")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		input string
		args  []string
		want  string // in the output, or the error if err
		err   bool
	}{
		{"4 4\n2 3\n1 4\n1 4\n2 3\n", []string{"map", "--guest", "file:-", "--host", "ring:4", "--algo", "identity"}, "hop-bytes         12", false},
		{"SwitchName=s Nodes=n[0-3]\n", []string{"map", "--guest", "hypercube:2", "--host", "file:-", "--algo", "identity"}, "on machine:", false},
		{fromFile, []string{"score", "--guest", "hypercube:2", "--host", "ring:4", "--placement", "-"}, "hop-bytes         8", false},
		{"4 4\n2 3\n1 4\n1 4\n2 3\n", []string{"score", "--guest", "file:-", "--host", "ring:4", "--placement", "-"},
			"--placement: standard input (-) is read once, and --guest reads it already", true},
	} {
		stdin = strings.NewReader(tc.input)
		out, _, err := runArgs(t, tc.args...)
		got := out
		if err != nil {
			got = err.Error()
		}
		if (err != nil) != tc.err || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %v\n%s\nwant %q", strings.Join(tc.args, " "), err, out, tc.want)
		}
	}
}
