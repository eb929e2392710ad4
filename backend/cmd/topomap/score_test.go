package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
)

// TestScoreReadsWhatMapWrites: for every placement format, `map` writes
// a file and `score` reads it (format told from the content) with
// exactly the metrics map printed, in JSON and in text, with host names
// given through --hostnames.
func TestScoreReadsWhatMapWrites(t *testing.T) {
	for format, text := range scoreRoundTrip(t, export.ReadableNames(), "--guest", "grid:8x8", "--host", "torus:4x4:cores=4") {
		// the ranks fill the machine: block is rank order, listed once
		if !strings.Contains(text, "baselines ") || !strings.Contains(text, "  identity ") || strings.Contains(text, "  block ") || !strings.Contains(text, "  cyclic ") {
			t.Errorf("%s: no baselines in\n%s", format, text)
		}
	}
}

// TestScoreReadsWhatMapWroteOnAnAllocation: a placement mapped on some
// nodes with ranks per node names the slots of the host with that many
// cores per node; score, given the same --nodes and --ranks-per-node,
// reads every format back with map's metrics (it read the slots as
// nodes: 56 hop-bytes for 24 on ring:8, or refused the file), and the
// launchers' defaults it compares are on the allocated nodes.
func TestScoreReadsWhatMapWroteOnAnAllocation(t *testing.T) {
	var holes []string // 16 ranks on 8 of 16 nodes: rank order cannot say it
	for _, f := range export.NamesFor(true) {
		if slices.Contains(export.ReadableNames(), f) {
			holes = append(holes, f)
		}
	}
	for format, text := range scoreRoundTrip(t, holes, "--guest", "hypercube:4", "--host", "ring:16", "--nodes", "nid[004-011]", "--ranks-per-node", "2") {
		if !strings.Contains(text, "allocation        8 nodes allocated (nid[004-011]), 8 used, 2 ranks on each") {
			t.Errorf("%s: no allocation line in\n%s", format, text)
		}
	}
}

// scoreRoundTrip maps inst by rb in each of formats, with host names,
// scores each file and checks score's metrics against map's, in JSON and
// text; it returns score's text per format.
func scoreRoundTrip(t *testing.T, formats []string, inst ...string) map[string]string {
	dir := t.TempDir()
	names := filepath.Join(dir, "names")
	if err := os.WriteFile(names, []byte("nid[001-016]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	inst = append(inst, "--hostnames", names)
	mapped, _, err := runArgs(t, append([]string{"map", "--algo", "rb", "--format", "json"}, inst...)...)
	if err != nil {
		t.Fatal(err)
	}
	mappedText, _, err := runArgs(t, append([]string{"map", "--algo", "rb"}, inst...)...)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, format := range formats {
		file := filepath.Join(dir, format)
		out, _, err := runArgs(t, append([]string{"map", "--algo", "rb", "--format", format}, inst...)...)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
			t.Fatal(err)
		}
		scored, _, err := runArgs(t, append([]string{"score", "--placement", file, "--format", "json"}, inst...)...)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if got, want := metricsOf(t, scored), metricsOf(t, mapped); got != want {
			t.Errorf("%s: score's metrics\n%s\nwant map's\n%s", format, got, want)
		}
		text, _, err := runArgs(t, append([]string{"score", "--placement", file}, inst...)...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := metricLines(text), metricLines(mappedText); got != want {
			t.Errorf("%s: score's text\n%s\nwant map's\n%s", format, got, want)
		}
		texts[format] = text
	}
	return texts
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
// run time (map's) or the placement (score's, which has no run time),
// without the baselines.
func metricLines(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n")[1:] {
		if strings.HasPrefix(l, "time ") || strings.HasPrefix(l, "placement") {
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
