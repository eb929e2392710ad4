package draw_test

import (
	"bytes"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// TestWideHostFoldsToFillItsBox: a host much wider or longer than its
// box (a wide mesh or torus, a long ring or line) folds, so that its
// nodes span most of the box both ways instead of a thin band: at least
// 90 % of the box's width or height and 60 % of the other, inside it;
// the seams where a fold parts neighbours are drawn.
func TestWideHostFoldsToFillItsBox(t *testing.T) {
	for _, tc := range []struct {
		q     string
		w, h  int
		seams bool // neighbours parted (a line's rows turn, its neighbours stay side by side)
	}{
		{"guest=grid:512x64&host=mesh:512x64&algo=rowmajor", 900, 600, true},
		{"guest=grid:256x16&host=torus:256x16&algo=rowmajor", 900, 600, true},
		{"guest=grid:128x512&host=mesh:128x512&algo=rowmajor", 1200, 560, true},
		{"guest=grid:128x8&host=mesh:128x8&algo=rowmajor", 390, 700, true},
		{"guest=grid:256x32&host=mesh:128x16:cores=4&algo=rowmajor", 900, 500, true},
		{"guest=hypercube:10&host=ring:1024&algo=gray", 900, 600, true},
		{"guest=hypercube:12&host=line:4096&algo=gray", 900, 600, false},
	} {
		r := solvetest.Map(t, tc.q)
		o := draw.Options{Width: tc.w, Height: tc.h}
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, o); err != nil {
			t.Fatal(err)
		}
		loc := draw.NewLocator(r, o)
		x0, y0, x1, y1 := 1<<30, 1<<30, 0, 0
		for h := range r.Mapping.Host.Size() {
			x, y, side := loc.Box(h)
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+side), max(y1, y+side)
		}
		fw, fh := float64(x1-x0)/float64(tc.w-32), float64(y1-y0)/float64(tc.h-32)
		if max(fw, fh) < 0.9 || min(fw, fh) < 0.6 || x1 > tc.w || y1 > tc.h {
			t.Errorf("%s in %dx%d: nodes span (%d,%d)-(%d,%d): %.0f%% of the width, %.0f%% of the height", tc.q, tc.w, tc.h, x0, y0, x1, y1, 100*fw, 100*fh)
		}
		if n := len(elements(t, buf.Bytes(), "seam")); (n >= 2) != tc.seams {
			t.Errorf("%s: %d seams drawn, want them %v", tc.q, n, tc.seams)
		}
	}
}

// TestSquareHostIsNotCut: a square host that fills a phone's width uncut
// is not folded for the few per cent that its strips' shorter row labels
// would give (mesh:32x32 at 360 units was cut in four for 2 %): one
// panel, no seams.
func TestSquareHostIsNotCut(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:32x32&host=mesh:32x32&algo=rowmajor")
	for _, h := range []int{600, 2100} {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{Width: 360, Height: h}); err != nil {
			t.Fatal(err)
		}
		if n := len(elements(t, buf.Bytes(), "panel")); n != 1 || bytes.Contains(buf.Bytes(), []byte("folded to fill")) {
			t.Errorf("360x%d: %d panels (want 1), folded: %v", h, n, bytes.Contains(buf.Bytes(), []byte("folded to fill")))
		}
	}
}
