package draw_test

import (
	"bytes"
	"strconv"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// TestDrawingFillsItsBox: given a box (Width × Height), a lattice host's
// panels fill most of its width or height and stay inside both, whatever
// the host's aspect: a tall mesh folds into strips side by side instead
// of a thin column, a 3-D torus's planes shrink to fit.
func TestDrawingFillsItsBox(t *testing.T) {
	for _, tc := range []struct {
		q      string
		w, h   int
		panels int // at least
	}{
		{"guest=grid:128x512&host=mesh:128x512&algo=rowmajor", 900, 600, 2},
		{"guest=grid:16x64&host=torus:16x64&algo=rowmajor", 900, 600, 2},
		{"guest=grid:16x64&host=torus:16x64&algo=rowmajor", 360, 600, 2},
		{"guest=grid:64x64&host=torus:64x64&algo=rowmajor", 900, 600, 1},
		{"guest=hypercube:9&host=torus:8x8x8&algo=gray", 900, 600, 8},
	} {
		r := solvetest.Map(t, tc.q)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{Width: tc.w, Height: tc.h}); err != nil {
			t.Fatal(err)
		}
		frames := elements(t, buf.Bytes(), "panel")
		if len(frames) < tc.panels {
			t.Errorf("%s in %dx%d: %d panels, want at least %d", tc.q, tc.w, tc.h, len(frames), tc.panels)
			continue
		}
		x0, y0, x1, y1 := 1<<30, 1<<30, 0, 0
		for _, f := range frames {
			x, _ := strconv.Atoi(f.attrs["x"])
			y, _ := strconv.Atoi(f.attrs["y"])
			w, _ := strconv.Atoi(f.attrs["width"])
			h, _ := strconv.Atoi(f.attrs["height"])
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+w), max(y1, y+h)
		}
		vw, _ := viewBox(t, buf.Bytes())
		usedW, usedH := float64(x1-x0)/float64(tc.w-32), float64(y1-y0)/float64(tc.h-32)
		if vw != float64(tc.w) || y1 > tc.h || x1 > tc.w || max(usedW, usedH) < 0.75 {
			t.Errorf("%s in %dx%d: panels span (%d,%d)-(%d,%d) of a %v-wide document: %.0f%% of the width, %.0f%% of the height",
				tc.q, tc.w, tc.h, x0, y0, x1, y1, vw, 100*usedW, 100*usedH)
		}
	}
}

// TestLongTreesFitTheirBox: a tree or fat tree whose nodes in a row at
// the usual pitch would be wider than the box draws them closer (down to
// one unit each) so that the page need not shrink it and its numbers;
// only a row of more nodes than the box has units is wider.
func TestLongTreesFitTheirBox(t *testing.T) {
	for _, tc := range []struct {
		q    string
		w    int
		want float64 // the document's width
	}{
		{"guest=grid:32x16&host=fattree:8,3&algo=rb", 1200, 1200},
		{"guest=grid:32x32&host=fattree:4,5&algo=rb", 1200, 1200},
		{"guest=grid:32x16&host=tree:16x32:dist=2,4&algo=rb", 1200, 1200},
		{"guest=grid:8x8&host=fattree:4,3&algo=rb", 1200, 1200},
		{"guest=grid:64x64&host=fattree:16,3&algo=rb", 1200, 2*16 + 4096},
	} {
		r := solvetest.Map(t, tc.q)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{Width: tc.w}); err != nil {
			t.Fatal(err)
		}
		if vw, _ := viewBox(t, buf.Bytes()); vw != tc.want {
			t.Errorf("%s in %d units: %v wide, want %v", tc.q, tc.w, vw, tc.want)
		}
	}
}
