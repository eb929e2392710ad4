package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestTextReportGroupsThousands: the text report of a large instance
// writes every figure with thousands separators and none in scientific
// notation (hop-bytes, dilations, distances, link loads, bounds).
func TestTextReportGroupsThousands(t *testing.T) {
	exponent := regexp.MustCompile(`\de[+-]?\d`)
	ungrouped := regexp.MustCompile(`(^|[^.,\d])\d{4,}`) // 4+ digits in a whole part
	for _, args := range [][]string{
		{"map", "--guest", "hypercube:13", "--host", "ring:8192", "--algo", "standard", "--format", "text"},
		{"compare", "--guest", "hypercube:11", "--host", "ring:2048", "--format", "text"},
	} {
		out, _, err := runArgs(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for _, l := range lines[1:] { // the first line names the instance
			if strings.HasPrefix(l, "time") || strings.HasPrefix(l, "placement") {
				break
			}
			if exponent.MatchString(l) || ungrouped.MatchString(l) {
				t.Errorf("%s: figure without separators or in scientific notation: %q", args[0], l)
			}
		}
		if !strings.Contains(out, "67,100,672") && args[0] == "map" {
			t.Errorf("map: hop-bytes of the standard embedding not written as 67,100,672:\n%s", out[:min(len(out), 1500)])
		}
	}
}
