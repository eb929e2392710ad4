package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestMessagesGroupThousandsOfCapsAndCounts: the messages that name a cap
// or a count (a refused spec, a flag out of range, link loads not counted)
// write it with thousands separators and never in scientific notation;
// only what the user wrote, quoted, stays as written.
func TestMessagesGroupThousandsOfCapsAndCounts(t *testing.T) {
	quoted := regexp.MustCompile(`"[^"]*"`)
	exponent := regexp.MustCompile(`\de[+-]?\d`)
	ungrouped := regexp.MustCompile(`(^|[^.,\d])\d{4,}`)
	mapOn := func(host string, extra ...string) []string {
		return append([]string{"map", "--guest", "hypercube:3", "--host", host, "--algo", "xor"}, extra...)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string // in the error, or in the output when it succeeds
	}{
		{"objects", []string{"map", "--guest", "grid:4096x4097", "--host", "ring:8", "--algo", "xor"}, "more than 16,777,216 objects"},
		{"stencil arcs", []string{"map", "--guest", "grid:256x256x256", "--host", "ring:8", "--algo", "xor"}, "100,270,080 stencil arcs, more than 67,108,864"},
		{"nodes", mapOn("torus:8192x8193"), "more than 67,108,864 nodes"},
		{"slots", mapOn("mesh:1024x1024:cores=1024"), "1,048,576 nodes × 1,024 cores is more than 67,108,864 slots"},
		{"routers", mapOn("mesh:1024x1024:nodes-per-router=1024"), "1,048,576 routers × 1,024 nodes is more than 67,108,864 nodes"},
		{"cores", mapOn("line:8:cores=2000"), "from 1 to 1,024"},
		{"level cost", mapOn("tree:4x4:dist=1,2000000"), "from 0 to 1,000,000"},
		{"dragonfly groups", mapOn("dragonfly:100,100,100,20000"), "G = 20,000 groups, but A·H = 10,000 global channels per group reach at most 10,001 groups"},
		{"moves", mapOn("ring:8", "--moves", "-1"), "from 0 to 17,179,869,184"},
		{"ranks per node", mapOn("ring:8", "--ranks-per-node", "5000"), "from 1 to 1,024"},
		{"model time", mapOn("ring:8", "--ta", "1e-320"), "want 0 or a number from 0.000000001 to 1,000,000,000"},
		{"link loads", []string{"map", "--guest", "hypercube:2", "--host", "mesh:4096x4096", "--algo", "identity", "--format", "text"}, "link loads        — (not counted on more than 33,554,432 links)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runArgs(t, tt.args...)
			msg := out
			if err != nil {
				msg = oneLine(err)
			} else {
				_, msg, _ = strings.Cut(out, "\n") // the first line names the instance, spec sizes and all
			}
			if !strings.Contains(msg, tt.want) {
				t.Fatalf("%q (%v), want it to contain %q", msg, err, tt.want)
			}
			for _, l := range strings.Split(msg, "\n") {
				if strings.HasPrefix(l, "time") || strings.HasPrefix(l, "placement") {
					break
				}
				if bare := quoted.ReplaceAllString(l, `""`); exponent.MatchString(bare) || ungrouped.MatchString(bare) {
					t.Errorf("a number without separators or in scientific notation: %q", l)
				}
			}
		})
	}
}
