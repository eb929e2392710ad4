package main

import (
	"os"
	"path/filepath"
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
	// A graph of messages of a megabyte and more: link loads, volumes and
	// bounds in the millions (9,234,567 hop-bytes on ring:4 by greedy).
	big := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(big, []byte("0,1,1000000\n1,2,1500000\n2,3,1000000\n3,0,2500000\n0,2,1234567\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"map", "--guest", "hypercube:13", "--host", "ring:8192", "--algo", "standard", "--format", "text"},
		{"compare", "--guest", "hypercube:11", "--host", "ring:2048", "--format", "text"},
		{"map", "--guest", "file:" + big, "--host", "ring:4", "--algo", "greedy", "--format", "text"},
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
		if args[3] == "ring:4" && !strings.Contains(out, "link loads        max 2,500,000 (2.5 M)") {
			t.Errorf("megabyte messages: link loads not written as max 2,500,000 (2.5 M):\n%s", out)
		}
		if !strings.Contains(out, "67,100,672 (67.1 M)") && args[3] == "ring:8192" {
			t.Errorf("map: hop-bytes of the standard embedding not written as 67,100,672 (67.1 M):\n%s", out[:min(len(out), 1500)])
		}
	}
}
