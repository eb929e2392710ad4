package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topomap/algorithms/export"
)

// TestScoreReadsWhatMapWrites: for every placement format, `map` writes
// a file and `score` reads it (format told from the content) with
// exactly the metrics map printed, in JSON and in text, with host names
// given through --hostnames.
func TestScoreReadsWhatMapWrites(t *testing.T) {
	dir := t.TempDir()
	names := filepath.Join(dir, "names")
	if err := os.WriteFile(names, []byte("nid[001-016]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	inst := []string{"--guest", "grid:8x8", "--host", "torus:4x4:cores=4"}
	mapped, _, err := runArgs(t, append([]string{"map", "--algo", "rb", "--format", "json"}, inst...)...)
	if err != nil {
		t.Fatal(err)
	}
	mappedText, _, err := runArgs(t, append([]string{"map", "--algo", "rb"}, inst...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range export.ReadableNames() {
		file := filepath.Join(dir, format)
		out, _, err := runArgs(t, append([]string{"map", "--algo", "rb", "--format", format, "--hostnames", names}, inst...)...)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
			t.Fatal(err)
		}
		scored, _, err := runArgs(t, append([]string{"score", "--placement", file, "--hostnames", names, "--format", "json"}, inst...)...)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if got, want := metricsOf(t, scored), metricsOf(t, mapped); got != want {
			t.Errorf("%s: score's metrics\n%s\nwant map's\n%s", format, got, want)
		}
		text, _, err := runArgs(t, append([]string{"score", "--placement", file, "--hostnames", names}, inst...)...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := metricLines(text), metricLines(mappedText); got != want {
			t.Errorf("%s: score's text\n%s\nwant map's\n%s", format, got, want)
		}
		// the ranks fill the machine: block is rank order, listed once
		if !strings.Contains(text, "baselines ") || !strings.Contains(text, "  identity ") || strings.Contains(text, "  block ") || !strings.Contains(text, "  cyclic ") {
			t.Errorf("%s: no baselines in\n%s", format, text)
		}
	}
}

func metricsOf(t *testing.T, out string) string {
	t.Helper()
	var rep struct{ Metrics json.RawMessage }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return string(rep.Metrics)
}

// metricLines are the lines of a text report between the title and the
// run time, without the baselines.
func metricLines(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n")[1:] {
		if strings.HasPrefix(l, "time ") {
			break
		}
		if strings.HasPrefix(l, "baselines ") || strings.HasPrefix(l, "  identity ") || strings.HasPrefix(l, "  cyclic ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// TestScoreErrors: score's flags and a bad file give one-line errors that
// name the problem.
func TestScoreErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("nid01\n"), 0o600)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--guest", "grid:2x2", "--host", "ring:4"}, "missing --placement"},
		{[]string{"--guest", "grid:2x2", "--host", "ring:4", "--placement", bad, "--format", "csv"}, "unknown --format \"csv\" (want json or text)"},
		{[]string{"--guest", "grid:2x2", "--host", "ring:4", "--placement", bad}, "line 1: unknown host name \"nid01\""},
		{[]string{"--guest", "grid:2x2", "--host", "ring:4", "--placement", bad, "--placement-format", "text"}, "text is a report, not a placement file"},
		{[]string{"--guest", "grid:2x2", "--host", "ring:4", "--placement", filepath.Join(dir, "none")}, "--placement: open"},
	}
	for _, tc := range tests {
		_, _, err := runArgs(t, append([]string{"score"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("score %v: %v, want %q", tc.args, err, tc.want)
		}
	}
}
