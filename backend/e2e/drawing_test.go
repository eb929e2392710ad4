//go:build !(js && wasm)

package e2e

// Browser tests of the explorer's drawing: zoom and pan, tooltips and
// routes, a perfect mapping drawn as one, labels clear of the marks.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// centre returns the viewport coordinates of the centre of an element,
// scrolled into view, once the page has settled (a late scroll bar lays
// the drawing out again and moves its nodes).
func centre(t *testing.T, ctx context.Context, sel string) (float64, float64) {
	t.Helper()
	at := fmt.Sprintf(`(el => { el.scrollIntoView({block: "center"}); const r = el.getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2].join(' '); })(document.querySelector(%q))`, sel)
	var x, y float64
	xy := settled(t, func() string { return eval[string](t, ctx, at) })
	if _, err := fmt.Sscan(xy, &x, &y); err != nil {
		t.Fatalf("centre of %s: %q: %v", sel, xy, err)
	}
	return x, y
}

// settled returns read's answer once three reads 100 ms apart agree (a
// drawing may be laid out again as the page settles: a scroll bar, a
// late font), so that a test compares against the final state.
func settled(t *testing.T, read func() string) string {
	t.Helper()
	last, same := read(), 0
	for i := 0; same < 2 && i < 300; i++ { // at most 30 s
		time.Sleep(100 * time.Millisecond)
		if now := read(); now == last {
			same++
		} else {
			last, same = now, 0
		}
	}
	return last
}

// TestZoomPan: the wheel zooms around the pointer, a drag pans, the keys
// and Reset view work; a large drawing shows its minimap when zoomed.
func TestZoomPan(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 72`)
	vb := func() string {
		return eval[string](t, ctx, `document.querySelector('#drawing svg').getAttribute('viewBox')`)
	}
	x, y := centre(t, ctx, "#drawing svg")
	start := settled(t, vb)
	// The wheel is dispatched in the page at the point the pointer hits:
	// CDP's mouseWheel waits for the renderer's scroll ack, and on a
	// loaded CI machine that ack once never came (the step hung 2 minutes).
	if !eval[bool](t, ctx, fmt.Sprintf(`document.elementFromPoint(%[1]g, %[2]g).dispatchEvent(new WheelEvent("wheel", {clientX: %[1]g, clientY: %[2]g, deltaX: 1, deltaY: -400, bubbles: true, cancelable: true})) === false`, x, y)) {
		t.Fatal("the drawing did not take the wheel (its default was not prevented)")
	}
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 1.5`)
	zoomed := vb()
	do(t, ctx, chromedp.MouseEvent("mousePressed", x, y, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseMoved", x+60, y+40, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseMoved", x+120, y+80, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseReleased", x+120, y+80, chromedp.ButtonLeft))
	if vb() == zoomed {
		t.Error("dragging did not pan")
	}
	screenshot(t, ctx, "zoomed")
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#drawing'))`)
	do(t, ctx, chromedp.KeyEvent("0"))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg').getAttribute('viewBox') === %q`, start))
	do(t, ctx, chromedp.KeyEvent("+"))
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 1.2`)
	click(t, ctx, "#drawing-reset")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg').getAttribute('viewBox') === %q`, start))
	// The host stays within the window (its caption and legends under it
	// may not): its planes are at most 70% of the window's height.
	if h := eval[float64](t, ctx, `(rs => (Math.max(...rs.map(r => r.bottom)) - Math.min(...rs.map(r => r.top))) / innerHeight)([...document.querySelectorAll('#drawing svg rect.panel')].map(p => p.getBoundingClientRect()))`); h > 0.72 {
		t.Errorf("the host's planes are %.0f%% of the window's height", 100*h)
	}

	// A two-finger pinch zooms (one finger is left to scroll the page).
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 2}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && document.querySelector('#drawing svg .n') !== null`)
	x, y = centre(t, ctx, "#drawing svg")
	// The fingers' pointer events are dispatched in the page, as the
	// wheel is: CDP's Input.dispatchTouchEvent waits for the renderer's
	// ack, which on a loaded machine once never came (39 minutes, under
	// the race detector).
	finger := func(typ string, id int, px float64) {
		t.Helper()
		eval[bool](t, ctx, fmt.Sprintf(`document.elementFromPoint(%[3]g, %[4]g).dispatchEvent(new PointerEvent(%[1]q, {pointerId: %[2]d, pointerType: "touch", isPrimary: %[2]d === 1, button: 0, clientX: %[3]g, clientY: %[4]g, bubbles: true, cancelable: true})) || true`, typ, id, px, y))
	}
	finger("pointerdown", 1, x-20)
	finger("pointerdown", 2, x+20)
	for _, sp := range []float64{30, 45, 60, 80} {
		finger("pointermove", 1, x-sp)
		finger("pointermove", 2, x+sp)
	}
	finger("pointerup", 1, x-80)
	finger("pointerup", 2, x+80)
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 2`)

	open(t, ctx, "/?algo=rowmajor&guest=grid%3A256x256&host=mesh%3A256x256")
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null`)
	eval[bool](t, ctx, `(b => { b.click(); b.click(); return true })(document.querySelector('#drawing-zoom-in'))`)
	waitJS(t, ctx, `!document.querySelector('#drawing .minimap').hidden && document.querySelector('#drawing .minimap .mm-view') !== null`)
	screenshot(t, ctx, "minimap")
}

// TestTooltipRoute: hovering a vertex shows its guest coordinates at the
// pointer and highlights its edges; hovering an edge draws its route.
func TestTooltipRoute(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 72`)
	x, y := centre(t, ctx, `#drawing svg .n[data-v="10"]`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", x, y))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest vertex 10 (object 1,1) on host node')`)
	if d := eval[float64](t, ctx, fmt.Sprintf(`(r => Math.hypot(r.left - %v, r.top - %v))(document.querySelector('#hover').getBoundingClientRect())`, x, y)); d > 80 {
		t.Errorf("tooltip %.0f px from the pointer", d)
	}
	// Vertex 10 = object (1,1) of a 9x8 grid has 4 neighbours.
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e.hl').length === 4`)
	screenshot(t, ctx, "tooltip-vertex")

	// The longest edge: its route has dilation+1 points.
	sel := eval[string](t, ctx, `(() => { let best = null; for (const e of document.querySelectorAll('#drawing svg .e')) if (!best || +e.dataset.dil > +best.dataset.dil) best = e; return '#drawing svg .e[data-u="' + best.dataset.u + '"][data-v="' + best.dataset.v + '"]'; })()`)
	dil := eval[int](t, ctx, fmt.Sprintf(`+document.querySelector(%q).dataset.dil`, sel))
	eval[bool](t, ctx, fmt.Sprintf(`(e => { e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); return true })(document.querySelector(%q))`, sel))
	waitJS(t, ctx, fmt.Sprintf(`(p => p !== null && p.getAttribute('points').split(' ').length === %d)(document.querySelector('#drawing svg .route'))`, dil+1))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.includes('route on the host')`)
	screenshot(t, ctx, "tooltip-route")

	// The keyboard's way: the inspect field.
	setField(t, ctx, "#f-inspect", "71", "input")
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest vertex 71 (object 8,7)')`)
	setField(t, ctx, "#f-inspect", "70-71", "input")
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest edge 70–71 (axis 0): dilation ') && document.querySelector('#drawing svg .route') !== null`)

	// A heat map has no element per node: the pointer's position names it.
	// rowmajor puts object (i,j) of 256x256 on node (i,j).
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A256x256&host=mesh%3A256x256")
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null`)
	xy := eval[[]float64](t, ctx, `(() => { const img = document.querySelector('#drawing svg image.heat'); img.scrollIntoView({block: "center"});
		const r = img.getBoundingClientRect(); return [r.left + r.width * 0.1, r.top + r.height * 0.5]; })()`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", xy[0], xy[1]), chromedp.MouseEvent("mouseMoved", xy[0]+1, xy[1]))
	waitJS(t, ctx, `/^guest vertex \d+ \(object \d+,\d+\) on host node \d+ at \(\d+,\d+\)/.test(document.querySelector('#hover').textContent)`)
	got := eval[string](t, ctx, `document.querySelector('#hover').textContent`)
	var v, i, j, h, hx, hy int
	if _, err := fmt.Sscanf(got, "guest vertex %d (object %d,%d) on host node %d at (%d,%d)", &v, &i, &j, &h, &hx, &hy); err != nil || v != h || i != hx || j != hy || hx < 10 || hx > 40 || hy < 100 || hy > 156 {
		t.Errorf("heat map tooltip %q (%v)", got, err)
	}
	if !eval[bool](t, ctx, `document.querySelector('#drawing svg > rect.box') !== null`) {
		t.Error("the node under the pointer is not outlined")
	}
	screenshot(t, ctx, "tooltip-heatmap")
}

// TestPerfectTorus: a perfect mapping of an 8x8x8 grid onto an 8x8x8
// torus looks perfect: every edge drawn short (links between planes as
// stubs), and "hide dilation-1 edges" leaves none.
func TestPerfectTorus(t *testing.T) {
	needAlgo(t, "affn3d")
	ctx := tab(t)
	open(t, ctx, "/?algo=affn3d&guest=grid%3A8x8x8&host=torus%3A8x8x8")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length === 3*8*8*7`)
	if got := metricText(t, ctx, "max dilation"); got != "1" {
		t.Fatalf("max dilation %s: not a perfect mapping", got)
	}
	long := eval[int](t, ctx, `(() => { const x = h => document.querySelector('#drawing svg .n[data-h="' + h + '"]').cx.baseVal.value;
		const pitch = Math.abs(x(1) - x(0));
		return [...document.querySelectorAll('#drawing svg .e')].filter(e => { const b = e.getBBox(); return Math.hypot(b.width, b.height) > 1.1 * pitch; }).length; })()`)
	if long > 0 {
		t.Errorf("%d edges drawn longer than a node pitch", long)
	}
	screenshot(t, ctx, "perfect-torus-8x8x8")
	click(t, ctx, "#f-hide1")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length === 0 && location.search.includes('minhops=2')`)
}

// TestLabelsClearOfMarks: no bound line strikes a bar's value, the caption does
// not call an estimate a bound, plane labels are above the edges, and no
// edge runs over the caption.
func TestLabelsClearOfMarks(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/compare?guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelector('#compare svg .bound') !== null && !document.querySelector('#progress')`)
	struck := eval[[]string](t, ctx, `(() => {
		const lines = [...document.querySelectorAll('#compare svg line.bound')].map(l => l.getBBox());
		// The bars' values: texts that are just a number (bound labels name the bound).
		return [...document.querySelectorAll('#compare svg text')].filter(t => /^\d+\.\d{4}\*?$/.test(t.textContent)).filter(t => {
			const b = t.getBBox();
			return lines.some(l => l.y >= b.y && l.y <= b.y + b.height);
		}).map(t => t.textContent);
	})()`)
	if len(struck) > 0 {
		t.Errorf("bound lines strike through %q", struck)
	}
	caption := eval[string](t, ctx, `[...document.querySelectorAll('#compare svg text')].map(t => t.textContent).join(' | ')`)
	if strings.Contains(caption, "dashed: bounds") || !strings.Contains(caption, "grey dotted: estimate, not a bound") {
		t.Errorf("chart texts %q: want the estimate captioned as one, and no 'dashed: bounds'", caption)
	}
	screenshot(t, ctx, "compare-labels")

	open(t, ctx, "/?algo=standard&guest=hypercube%3A6&host=mesh%3A4x4x4")
	// The plane labels ("x3=0" ...) come after every edge: drawn on top.
	planeLabels := `[...document.querySelectorAll('#drawing svg text')].filter(t => t.textContent.startsWith('x3='))`
	waitJS(t, ctx, planeLabels+`.length === 4 && document.querySelectorAll('#drawing svg .e').length === 192`)
	if !eval[bool](t, ctx, `(() => { const es = document.querySelectorAll('#drawing svg .e'); const last = es[es.length-1];
		return `+planeLabels+`.every(l => last.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING); })()`) {
		t.Error("plane labels are drawn under edges")
	}

	open(t, ctx, "/?algo=standard&guest=hypercube%3A10&host=mesh%3A32x32")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length === 5120`)
	over := eval[int](t, ctx, `[...document.querySelectorAll('#drawing svg .e')].filter(e => e.getBBox().y < 0).length`)
	if over > 0 {
		t.Errorf("%d edges run over the caption", over)
	}
	// the window, not the whole page: Chromium stalled three times in a
	// row on a full capture of these 5,120 edges beside the other tests
	// (make test, 2026-12-07); the caption and the top rows are in view
	screenshotViewport(t, ctx, "1024-edges")
}
