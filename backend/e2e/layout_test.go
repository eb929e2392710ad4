//go:build !(js && wasm)

package e2e

// Browser tests of the pages' layout: wide hosts and phones fit, and the
// dark theme.

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestWideHostDrawnWhole: a host 512 columns wide is drawn whole (its heat
// map image fits the document) on a wide window and at 390 px.
func TestWideHostDrawnWhole(t *testing.T) {
	ctx := tab(t)
	for _, width := range []int64{1280, 390} {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: width, Height: 900, DeviceScaleFactor: 1}); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, "/?algo=rowmajor&guest=grid%3A512x32&host=mesh%3A512x32")
		// Whatever draws the nodes (shapes, or one image), nothing lies
		// beyond the document's right edge, and the document fits the page.
		waitJS(t, ctx, `document.querySelector('#drawing svg .n, #drawing svg image') !== null`)
		fits := eval[bool](t, ctx, `(() => {
			const svg = document.querySelector('#drawing svg'), vb = svg.viewBox.baseVal;
			const shown = [...svg.querySelectorAll('.n, image')];
			const right = Math.max(...shown.map(e => { const b = e.getBBox(); return b.x + b.width; }));
			const r = svg.getBoundingClientRect();
			return right <= vb.width && r.right <= document.documentElement.clientWidth + 0.5;
		})()`)
		if !fits {
			t.Errorf("width %d: the host is not drawn whole", width)
		}
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(width) {
			t.Errorf("width %d: the page is %d px wide", width, w)
		}
		screenshot(t, ctx, fmt.Sprintf("heatmap-512x32-%d", width))
	}
}

// TestPhoneLayout: at 390 px the Gantt page does not overflow and its
// two charts stack, and no other page overflows either.
func TestPhoneLayout(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight")
	waitJS(t, ctx, `document.querySelectorAll('#gantt svg .bar').length > 0`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("page is %d px wide at 390", w)
	}
	// The two charts stack: two drawings, one under the other.
	if !eval[bool](t, ctx, `(p => p.length === 2 && p[1].getBoundingClientRect().top >= p[0].getBoundingClientRect().bottom)(document.querySelectorAll('#gantt svg'))`) {
		t.Error("the two charts are side by side at 390 px")
	}
	screenshot(t, ctx, "gantt-390")
	// No page overflows a phone's width.
	for _, p := range []string{"/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		do(t, ctx, chromedp.Navigate(baseURL+p))
		waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && !document.querySelector('#progress')`)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s is %d px wide at 390", p, w)
		}
	}
}

// TestDarkTheme: the page follows prefers-color-scheme: dark; drawings
// keep their light paper.
func TestDarkTheme(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelector('#drawing svg') !== null`)
	if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(21, 25, 30)" {
		t.Errorf("body background %s in dark mode", bg)
	}
	if bg := eval[string](t, ctx, `getComputedStyle(document.querySelector('#drawing')).backgroundColor`); bg != "rgb(255, 255, 255)" {
		t.Errorf("drawing background %s in dark mode", bg)
	}
	// Panels, fields and buttons are dark with light text (readable).
	for _, sel := range []string{".panel", "#f-guest", "#copy-link"} {
		got := eval[[]string](t, ctx, fmt.Sprintf(`(s => [s.backgroundColor, s.color])(getComputedStyle(document.querySelector(%q)))`, sel))
		if got[0] != "rgb(31, 37, 44)" || got[1] != "rgb(227, 231, 236)" {
			t.Errorf("%s in dark mode: background %s, text %s", sel, got[0], got[1])
		}
	}
	screenshot(t, ctx, "dark")
}

// TestPhoneTablesShowEveryColumn: at 390 px the last columns of the Gantt
// summary ("waiting (sum)") and of the comparison ("confidence") lie
// inside the page and inside their table's visible box, without
// scrolling the table sideways (a head may break at its soft hyphen, a
// figure never inside itself).
func TestPhoneTablesShowEveryColumn(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, table, column, shot string }{
		{"/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight", "#gantt-summary", "waiting (sum)", "gantt-table-390"},
		{"/compare?guest=grid%3A9x8&host=mesh%3A6x12", "#compare-table", "confidence", "compare-table-390"},
	} {
		open(t, ctx, c.path)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('%s td').length > 4 && !document.querySelector('#progress')`, c.table))
		where := eval[string](t, ctx, fmt.Sprintf(`((table, name) => {
			const th = [...table.querySelectorAll('th')].find(th => th.textContent.replaceAll("\u00ad", "").trim() === name);
			if (!th) return "no such column";
			const r = th.getBoundingClientRect(), box = table.getBoundingClientRect();
			const right = Math.min(document.documentElement.clientWidth, box.right);
			return r.right <= right + 0.5 ? "" : "right edge " + Math.round(r.right) + " px beyond " + Math.round(right) + " px";
		})(document.querySelector(%q), %q)`, c.table, c.column))
		if where != "" {
			t.Errorf("%s: column %q cut off: %s", c.path, c.column, where)
		}
		screenshot(t, ctx, c.shot)
	}
}
