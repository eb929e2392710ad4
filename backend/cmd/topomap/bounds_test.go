package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMapReportsBothBounds: on a fat tree, map's text and JSON and
// compare's text give the neighbourhood bound and the levels bound, each
// with its scope, and the lower bound is the larger (8×8 on fattree:4,3:
// 2.3214 and 2.9689); the link load bound spreads it over the links
// (2.9689 × 224 bytes / 384 links = 1.73187).
func TestMapReportsBothBounds(t *testing.T) {
	args := []string{"--guest", "grid:8x8", "--host", "fattree:4,3"}
	out, _, err := runArgs(t, append([]string{"map", "--algo", "rb"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\nlower bound       2.9689\n",
		"\n  neighbourhood   2.3214  (all mappings)\n",
		"\n  levels          2.9689  (all mappings)\n",
		", lower bound 1.732 (d-mod-k routing)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("map text: no %q in\n%s", want, out)
		}
	}
	out, _, err = runArgs(t, append([]string{"map", "--algo", "rb", "--format", "json"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Metrics struct {
			LowerBound float64
			Bounds     []struct{ Name, Scope string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range rep.Metrics.Bounds {
		names = append(names, b.Name+" ("+b.Scope+")")
	}
	if got := strings.Join(names, ", "); got != "neighbourhood (all mappings), levels (all mappings)" || int(rep.Metrics.LowerBound*1e4) != 29689 {
		t.Errorf("map JSON: bounds %s, lower bound %v", got, rep.Metrics.LowerBound)
	}
	out, _, err = runArgs(t, append([]string{"compare", "--budget", "20ms"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "lower bounds on hops/byte:\n  neighbourhood    2.3214  all mappings\n  levels           2.9689  all mappings\n") {
		t.Errorf("compare text: no bounds in\n%s", out)
	}
}
