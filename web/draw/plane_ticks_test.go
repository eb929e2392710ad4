package draw_test

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// TestPlaneTicksClearTheNextRow: on a 3-D host drawn as rows of planes,
// the x1 ticks under the first plane stay clear of the labels of the
// planes below ("0 15 30 45 60" ran into "x3=4" on torus:64x32x32 at 770
// px): no tick's box meets a label's.
func TestPlaneTicksClearTheNextRow(t *testing.T) {
	for _, tc := range []struct {
		q string
		w int
	}{
		{"guest=grid:128x64&host=torus:32x16x16&algo=rowmajor", 770},
		{"guest=grid:64x64&host=torus:16x16x16&algo=rowmajor", 800},
		{"guest=grid:16x16&host=mesh:4x4x16&algo=rowmajor", 1200},
	} {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, solvetest.Map(t, tc.q), draw.Options{Width: tc.w}); err != nil {
			t.Fatal(err)
		}
		ticks := textBoxes(buf.Bytes(), `class="tick" text-anchor="middle"`, true)
		labels := textBoxes(buf.Bytes(), `class="s plane-label"`, false)
		if len(ticks) == 0 || len(labels) < 2 {
			t.Fatalf("%s: %d ticks, %d plane labels", tc.q, len(ticks), len(labels))
		}
		for _, a := range ticks {
			for _, b := range labels {
				if a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3] {
					t.Errorf("%s at %d px: tick box %v meets plane label box %v", tc.q, tc.w, a, b)
				}
			}
		}
	}
}

// textBoxes returns the boxes (x0, y0, x1, y1) of the texts of an SVG with
// those attributes after x and y, at 11 px: centred on x, or from it.
func textBoxes(doc []byte, attrs string, centred bool) [][4]int {
	var out [][4]int
	for _, m := range regexp.MustCompile(`<text x="(\d+)" y="(\d+)" `+attrs+`[^>]*>([^<]*)<`).FindAllSubmatch(doc, -1) {
		x, _ := strconv.Atoi(string(m[1]))
		y, _ := strconv.Atoi(string(m[2]))
		w := 6 * len([]rune(string(m[3])))
		if centred {
			x -= w / 2
		}
		out = append(out, [4]int{x, y - 9, x + w, y + 2})
	}
	return out
}
