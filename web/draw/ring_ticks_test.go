package draw_test

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"topomap/web/draw"
)

// TestRingIndexesClearTheCaption: the index written under a ring's
// bottom node ends above the caption's first line (ring:4's "2" and the
// caption were drawn over each other: the ring's height left it out).
func TestRingIndexesClearTheCaption(t *testing.T) {
	tick := regexp.MustCompile(`<text x="\d+" y="(\d+)" class="tick"`)
	caption := regexp.MustCompile(`<text x="\d+" y="(\d+)" class="t"`)
	for _, host := range []string{"ring:4", "ring:16", "ring:64"} {
		for _, width := range []int{390, 900} {
			var buf bytes.Buffer
			if err := draw.Mapping(&buf, onHost(t, "hypercube:2", host), draw.Options{Width: width}); err != nil {
				t.Fatal(err)
			}
			c := caption.FindSubmatch(buf.Bytes())
			if c == nil {
				t.Fatalf("%s: no caption", host)
			}
			top, _ := strconv.Atoi(string(c[1]))
			top -= 14 // the caption's font size
			for _, m := range tick.FindAllSubmatch(buf.Bytes(), -1) {
				// 3 under the baseline: the descent of the 12 px digits
				if y, _ := strconv.Atoi(string(m[1])); y+3 > top {
					t.Errorf("%s at %d px: an index ends at y %d, under the caption's top %d", host, width, y+3, top)
				}
			}
		}
	}
}
