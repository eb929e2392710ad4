package draw

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"topomap/algorithms/solve/solvetest"
)

// The drawings' fit to their box and their labels' fit to their shapes,
// on the hosts a browser audit found wanting.

// render draws the mapping of query q as Mapping does with o.
func render(t *testing.T, q string, o Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Mapping(&buf, solvetest.Map(t, q), o); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLatticeWithCoresDrawsItsLinksAndFillsTheBox: a mesh or torus with
// cores per node draws its links coloured by load (all of them, a
// torus's wrap-arounds as stubs) between the nodes' frames, its cores
// as its nodes go (core 0 bottom left, the first coordinate fastest,
// rows upwards), and its nodes' frames over most of its box.
func TestLatticeWithCoresDrawsItsLinksAndFillsTheBox(t *testing.T) {
	for _, tc := range []struct {
		q     string
		links int
	}{
		{"guest=grid:8x8&host=torus:4x4:cores=4&algo=rowmajor", 64},
		{"guest=grid:8x8&host=torus:4x4x2:cores=2&algo=rowmajor", 4*32 + 32}, // 2 planes joined both ways
		{"guest=grid:8x8&host=mesh:4x4:cores=4&algo=rowmajor", 48},
	} {
		o := Options{Width: 1120, Height: 700}
		doc := render(t, tc.q, o)
		if n := bytes.Count(doc, []byte(`class="l" data-l=`)); n != tc.links {
			t.Errorf("%s: %d links drawn, want %d", tc.q, n, tc.links)
		}
		lay, _ := mappingLayout(solvetest.Map(t, tc.q), o)
		if lay.x[1] <= lay.x[0] || lay.perNode == 4 && lay.y[2] >= lay.y[0] {
			t.Errorf("%s: core 0 at (%d,%d), 1 at (%d,%d), 2 at (%d,%d): want 1 right of 0, 2 above it", tc.q, lay.x[0], lay.y[0], lay.x[1], lay.y[1], lay.x[2], lay.y[2])
		}
		y0, y1, x0, x1 := 1<<30, 0, 1<<30, 0
		for _, f := range lay.frames {
			x0, y0, x1, y1 = min(x0, f[0]), min(y0, f[1]), max(x1, f[0]+f[2]), max(y1, f[1]+f[3])
		}
		if fw, fh := float64(x1-x0)/float64(o.Width-2*margin), float64(y1-y0)/float64(o.Height-2*margin); max(fw, fh) < 0.6 || x1 > o.Width || y1 > o.Height {
			t.Errorf("%s: frames span (%d,%d)-(%d,%d), %.0f%% of the box's width, %.0f%% of its height", tc.q, x0, y0, x1, y1, 100*fw, 100*fh)
		}
	}
}

// TestFatTreeNumbersUnderItsArcsWithoutABlankBand: a fat tree's node
// numbers, a whole label apart at a 1-2-5 step, sit under the deepest arc
// of the guest's edges (right under the nodes on a heat map), and the
// drawing ends with them: no blank band between the tree and the caption.
func TestFatTreeNumbersUnderItsArcsWithoutABlankBand(t *testing.T) {
	for _, tc := range []struct {
		q     string
		width int
	}{
		{"guest=grid:8x8&host=fattree:4,3&algo=rowmajor", 1120},
		{"guest=grid:8x8&host=fattree:4,3&algo=rowmajor", 720},
		{"guest=grid:32x32&host=fattree:4,5&algo=rowmajor", 1120},
		{"guest=grid:64x64&host=fattree:16,3&algo=rowmajor", 1120},
		{"guest=grid:64x64&host=fattree:8,3:cores=8&algo=rowmajor", 1120},
	} {
		r := solvetest.Map(t, tc.q)
		lay, heatMap := mappingLayout(r, Options{Width: tc.width, Height: 700})
		deepest, g, place := 0, r.Mapping.Guest, r.Mapping.Place // the lowest point of an arc
		for u := range g.Order() {
			for e := g.Offsets[u]; e < g.Offsets[u+1] && lay.arcs && !heatMap; e++ {
				a, b := place[u], place[g.Adj[e]]
				deepest = max(deepest, lay.y[a]+lay.r+min(lay.topSpace-4, abs(lay.x[a]-lay.x[b])/2))
			}
		}
		var nums []axisTick
		for _, tk := range lay.ticks {
			if !tk.end {
				nums = append(nums, tk)
			}
		}
		for i := 1; i < len(nums); i++ {
			if gap := nums[i].x - nums[i-1].x; gap < textW(nums[i-1].text, 12)+4 {
				t.Fatalf("%s: numbers %s and %s %d units apart", tc.q, nums[i-1].text, nums[i].text, gap)
			}
		}
		if y := nums[0].y; y-9 < deepest || lay.h-y > 24 {
			t.Errorf("%s: numbers at y=%d, the deepest arc at %d, the drawing ends at %d", tc.q, y, deepest, lay.h)
		}
	}
}

// TestDragonflyNumbersFitTheirShapes: every guest vertex's number a
// dragonfly's drawing writes fits inside its node's circle (by textW,
// the package's estimate), and every router carries its number in its
// group inside its square, at any width.
func TestDragonflyNumbersFitTheirShapes(t *testing.T) {
	circle := regexp.MustCompile(`<circle cx="(\d+)" cy="(\d+)" r="(\d+)" class="n[^>]*>\n(?:<text x="\d+" y="\d+" class="lbl" >(\d+)</text>)?`)
	sw := regexp.MustCompile(`<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" fill="#9aa3ad" class="switch" />`)
	name := regexp.MustCompile(`<text x="(\d+)" y="(\d+)" class="lbl" >(\d+)</text>`)
	for _, width := range []int{720, 900, 1120} {
		q := "guest=grid:12x12&host=dragonfly:4,4,2,9&algo=rowmajor"
		doc := render(t, q, Options{Width: width})
		labelled := 0
		for _, m := range circle.FindAllSubmatch(doc, -1) {
			r := atoiT(t, m[3])
			if len(m[4]) > 0 {
				labelled++
				if w := textW(string(m[4]), 11); w > 2*r-2 {
					t.Errorf("width %d: number %s, %d units wide, in a circle of radius %d", width, m[4], w, r)
				}
			}
		}
		inside := 0
		for _, b := range sw.FindAllSubmatch(doc, -1) {
			x, y, w, h := atoiT(t, b[1]), atoiT(t, b[2]), atoiT(t, b[3]), atoiT(t, b[4])
			for _, n := range name.FindAllSubmatch(doc, -1) {
				tx, ty := atoiT(t, n[1]), atoiT(t, n[2])
				if tx == x+w/2 && ty > y && ty <= y+h && textW(string(n[3]), 11) <= w && h >= 13 {
					inside++
				}
			}
		}
		if inside != 36 {
			t.Errorf("width %d: %d of 36 routers carry their number inside their square (%d nodes numbered)", width, inside, labelled)
		}
	}
}

// TestReadableMeshDoesNotFold: a host whose unfolded nodes are large
// enough for their numbers is not folded into strips, even where strips
// would make them larger still (72 nodes, 8×9 or 9×8, in a wide box).
func TestReadableMeshDoesNotFold(t *testing.T) {
	for _, q := range []string{"guest=grid:8x9&host=mesh:8x9&algo=rowmajor", "guest=grid:9x8&host=mesh:9x8&algo=rowmajor", "guest=grid:6x12&host=torus:6x12&algo=rowmajor"} {
		for _, box := range [][2]int{{1120, 500}, {1000, 450}, {1400, 600}, {720, 500}} {
			o := Options{Width: box[0], Height: box[1]}
			lay, _ := mappingLayout(solvetest.Map(t, q), o)
			if doc := render(t, q, o); lay.fold != nil || bytes.Contains(doc, []byte(`class="seam"`)) {
				t.Errorf("%s in %dx%d: folded, nodes %d units apart", q, box[0], box[1], lay.cell)
			}
			if lay.cell < readableCell || lay.w > box[0] || lay.h > box[1] {
				t.Errorf("%s in %dx%d: nodes %d units apart in %dx%d", q, box[0], box[1], lay.cell, lay.w, lay.h)
			}
		}
	}
}

func atoiT(t *testing.T, b []byte) int {
	t.Helper()
	n, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
