//go:build !(js && wasm)

package e2e

// Browser tests of the drawings people read: text no smaller than 11 px
// as the page shows it, at 1280×800 and on a 390 px phone, and figures
// of millions written out with separators.

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"io"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"topomap/backend/api"
	"topomap/web/draw"
)

// minDrawingTextPx is the smallest text a drawing may show at 100 % zoom.
const minDrawingTextPx = 11

// smallDrawingTexts returns the texts of the page's drawings (the
// minimap's thumbnail aside) that show smaller than minDrawingTextPx:
// the font size in user units times the drawing's scale on the screen
// (getScreenCTM), each as "size px: text".
func smallDrawingTexts(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll('svg text')].filter(e => !e.closest('.minimap'))
		.map(e => { const m = e.getScreenCTM(); return [parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b), e.textContent, (e.closest("[id]") || {}).id]; })
		.filter(([px]) => px < %d - 0.01).map(([px, s, id]) => px.toFixed(1) + " px: " + s.slice(0, 60) + " in #" + id)`, minDrawingTextPx))
}

// fittedScreenshots saves the page at 390 px and at 1280×800 (the size
// it leaves the tab at), each once its drawing is drawn again for its
// box.
func fittedScreenshots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, w := range []int64{390, 1280} {
		setWidth(t, ctx, w)
		waitJS(t, ctx, `(s => s && s.viewBox.baseVal.width <= s.parentNode.clientWidth + 12)(document.querySelector('.zoom-host > svg'))`)
		screenshot(t, ctx, fmt.Sprintf("%s-%d", name, w))
	}
}

// setWidth emulates a window of width w by 800 px.
func setWidth(t *testing.T, ctx context.Context, w int64) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 800, DeviceScaleFactor: 1, Mobile: w < 600}); err != nil {
		t.Fatal(err)
	}
}

// TestDrawingTextReadable: on the explorer (edges, link heat map, a
// ring), the job page, the compare page and the Gantt page, no drawing's text
// shows below 11 px, at 1280×800 and at 390 px.
func TestDrawingTextReadable(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:16x16", Host: "torus:8x8x4", Algo: "rowmajor"})
	pages := []struct{ name, path, ready string }{
		{"explorer", "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12", `#drawing svg line.l`},
		{"explorer-3d", "/?algo=gray&guest=hypercube%3A6&host=torus%3A4x4x4", `#drawing svg line.l`},
		{"explorer-ring", "/?algo=xor&guest=hypercube%3A4&host=ring%3A16", `#drawing svg .e`},
		{"job", "/jobs/" + j.ID, `#job-drawing svg text`},
		{"compare", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", `#compare svg .bound`},
		{"gantt", "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight", `#gantt-1 svg .bar`},
	}
	ctx := tab(t)
	for _, w := range []int64{1280, 390} {
		setWidth(t, ctx, w)
		for _, p := range pages {
			open(t, ctx, p.path)
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null && !document.querySelector('#progress')`, p.ready))
			// drawn for its box, not wider: the page draws again once its columns settle
			waitJS(t, ctx, `(s => s && s.viewBox.baseVal.width <= s.parentNode.clientWidth + 12)(document.querySelector('.zoom-host > svg'))`)
			if small := smallDrawingTexts(t, ctx); len(small) > 0 {
				t.Errorf("%s at %d px: %d texts below %d px, e.g. %q", p.name, w, len(small), minDrawingTextPx, small[:min(3, len(small))])
			}
			screenshot(t, ctx, fmt.Sprintf("readable-%s-%d", p.name, w))
		}
	}
}

// TestMegabyteFiguresReadable: a graph of messages of a megabyte and
// more (hop-bytes 9,234,567 on ring:4 by greedy) shows every figure of
// the page (panel, drawing, tooltip) with thousands separators and none
// in scientific notation.
func TestMegabyteFiguresReadable(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "big.csv", "0,1,1000000\n1,2,1500000\n2,3,1000000\n3,0,2500000\n0,2,1234567\n", false)
	waitJS(t, ctx, `location.search.includes("guest=graph:")`)
	search := eval[string](t, ctx, `location.search`)
	q, _ := url.ParseQuery(strings.TrimPrefix(search, "?"))
	q.Set("host", "ring:4")
	q.Set("algo", "greedy")
	open(t, ctx, "/?"+q.Encode())
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length > 0 && document.querySelector('#metrics tr[data-metric="hop-bytes"] td') !== null`)
	eval[bool](t, ctx, `document.querySelector('#drawing svg .e').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))`)
	waitJS(t, ctx, `document.querySelector('#hover').textContent.includes('volume ')`)
	if got := metricText(t, ctx, "hop-bytes"); got != "9,234,567 (9.23 M)" {
		t.Errorf("hop-bytes %q, want 9,234,567 (9.23 M)", got)
	}
	text := eval[string](t, ctx, `document.body.innerText + " " + [...document.querySelectorAll('svg text')].map(e => e.textContent).join(" ")`)
	for _, l := range strings.Split(text, "\n") {
		if exponent.MatchString(l) {
			t.Errorf("a figure in scientific notation: %q", l)
		}
	}
	if hover := eval[string](t, ctx, `document.querySelector('#hover').textContent`); !regexp.MustCompile(`volume \d{1,3}(,\d{3})+`).MatchString(hover) {
		t.Errorf("tooltip %q: the volume without separators", hover)
	}
	fittedScreenshots(t, ctx, "megabyte-figures")
}

// TestProjectedViewTurns: a 3-D torus's result shows its projected 3-D
// view, which the server draws for the same instance (one dot per node,
// one line per link; the browser's client no longer carries its drawing
// code), once its section is opened; the buttons turn it in steps of 15°
// and its link follows; a 2-D host has none.
func TestProjectedViewTurns(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=gray&guest=hypercube%3A9&host=torus%3A8x8x8")
	waitJS(t, ctx, `document.querySelector('#view3d-link') !== null`)
	click(t, ctx, "#view3d summary")
	click(t, ctx, "#view3d-right")
	click(t, ctx, "#view3d-down")
	click(t, ctx, "#view3d-down")
	waitJS(t, ctx, `(i => i.src.includes('yaw=15&pitch=30') && i.complete && i.naturalWidth > 300)(document.querySelector('#view3d-img'))`)
	screenshot(t, ctx, "projected-view")
	href := eval[string](t, ctx, `document.querySelector('#view3d-link').href`)
	if img := eval[string](t, ctx, `document.querySelector('#view3d-img').src`); img != href {
		t.Errorf("the image shows %s, its link opens %s", img, href)
	}
	resp, err := http.Get(href)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || strings.Count(string(body), `class="n3"`) != 512 || strings.Count(string(body), `class="l3"`) != 3*7*64 {
		t.Errorf("%s: %d (%v), %d dots, %d lines", href, resp.StatusCode, err, strings.Count(string(body), `class="n3"`), strings.Count(string(body), `class="l3"`))
	}
	open(t, ctx, "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelector('#drawing svg') !== null && document.querySelector('#view3d-link') === null`)
}

// TestTallMeshFillsJobBox: the job page draws mesh:128x512 folded into
// strips side by side that span most of the drawing's width, not a thin
// column, at 1280×800 and at 390 px.
func TestTallMeshFillsJobBox(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:128x512", Host: "mesh:128x512", Algo: "rowmajor"})
	ctx := tab(t)
	for _, w := range []int64{1280, 390} {
		setWidth(t, ctx, w)
		open(t, ctx, "/jobs/"+j.ID)
		waitJS(t, ctx, `document.querySelector('#job-drawing svg rect.panel') !== null`)
		waitJS(t, ctx, `(s => s && s.viewBox.baseVal.width <= s.parentNode.clientWidth + 12)(document.querySelector('#job-drawing svg'))`)
		got := eval[[]float64](t, ctx, `(() => { const svg = document.querySelector('#job-drawing svg'); const rs = [...svg.querySelectorAll('rect.panel')].map(p => p.getBoundingClientRect());
			return [rs.length, (Math.max(...rs.map(r => r.right)) - Math.min(...rs.map(r => r.left))) / svg.getBoundingClientRect().width]; })()`)
		if got[0] < 2 || got[1] < 0.7 { // at 390 px one pixel a node leaves 26%
			t.Errorf("at %d px: %v panels spanning %.0f%% of the drawing's width; want strips side by side over most of it", w, got[0], 100*got[1])
		}
		screenshot(t, ctx, fmt.Sprintf("tall-mesh-job-%d", w))
	}
}

// TestPerfectMappingPaintedCoolest: the explorer paints the links of a
// perfect mapping (grid:64x64 on torus:64x64, every used link loaded 1,
// the ideal) in the coolest colour of the absolute scale and none hotter.
func TestPerfectMappingPaintedCoolest(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A64x64&host=torus%3A64x64")
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null && document.querySelector('#drawing svg rect.lg-max') !== null`)
	href := eval[string](t, ctx, `document.querySelector('#drawing svg image.heat').getAttribute('href')`)
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(href, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	pic, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	colours := map[string]int{}
	for y := range pic.Bounds().Dy() {
		for x := range pic.Bounds().Dx() {
			if r, g, b, a := pic.At(x, y).RGBA(); a != 0 {
				colours[fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)]++
			}
		}
	}
	if colours[draw.CoolestLoadColour()] == 0 {
		t.Errorf("no link in the coolest colour %s: %v", draw.CoolestLoadColour(), colours)
	}
	for k := 1; k < draw.LoadBins; k++ {
		if c := draw.LoadColour(math.Ldexp(1, k), 1); colours[c] > 0 {
			t.Errorf("%d pixels of %s, the colour of loads up to %v ideals", colours[c], c, math.Ldexp(1, k))
		}
	}
	// The legend outlines the first colour: the largest load is the ideal.
	if x := eval[string](t, ctx, `(+document.querySelector('#drawing svg rect.lg-max').getAttribute('x') + 2) + " " + document.querySelectorAll('#drawing svg rect.lg')[1].getAttribute('x')`); strings.Split(x, " ")[0] != strings.Split(x, " ")[1] {
		t.Errorf("outline and first colour at x %s", x)
	}
	fittedScreenshots(t, ctx, "perfect-torus-coolest")
}

// TestLargeGraphHeatMapThenEdges: a graph of 480 communicating pairs
// (a 16×16 halo) is drawn as a heat map of its nodes; "draw every edge"
// draws its 480 edges bundled along their routes and says so in the URL.
func TestLargeGraphHeatMapThenEdges(t *testing.T) {
	var csv strings.Builder
	for v := range 256 {
		x, y := v%16, v/16
		if x < 15 {
			fmt.Fprintf(&csv, "%d,%d,1000\n%d,%d,1000\n", v, v+1, v+1, v)
		}
		if y < 15 {
			fmt.Fprintf(&csv, "%d,%d,1000\n%d,%d,1000\n", v, v+16, v+16, v)
		}
	}
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "halo.csv", csv.String(), false)
	waitJS(t, ctx, `location.search.includes("guest=graph:")`)
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null && document.querySelector('#f-edges') !== null`)
	if n := count(t, ctx, "#drawing svg .e"); n != 0 {
		t.Errorf("%d edges drawn by default, want the heat map alone", n)
	}
	fittedScreenshots(t, ctx, "graph-heatmap")
	click(t, ctx, "#f-edges")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg path.e').length === 480 && location.search.includes("edges=1")`)
	fittedScreenshots(t, ctx, "graph-edges-bundled")
}
