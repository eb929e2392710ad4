//go:build !(js && wasm)

package e2e

// Browser tests of the drawings people read: text no smaller than 11 px
// as the page shows it, at 1280×800 and on a 390 px phone.

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"topomap/backend/api"
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

// setWidth emulates a window of width w by 800 px.
func setWidth(t *testing.T, ctx context.Context, w int64) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 800, DeviceScaleFactor: 1, Mobile: w < 600}); err != nil {
		t.Fatal(err)
	}
}

// TestDrawingTextReadable: on the explorer (edges, link heat map, a
// weighted graph), the job page and the compare page, no drawing's text
// shows below 11 px, at 1280×800 and at 390 px.
func TestDrawingTextReadable(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:16x16", Host: "torus:8x8x4", Algo: "rowmajor"})
	pages := []struct{ name, path, ready string }{
		{"explorer", "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12", `#drawing svg line.l`},
		{"explorer-3d", "/?algo=gray&guest=hypercube%3A6&host=torus%3A4x4x4", `#drawing svg line.l`},
		{"explorer-ring", "/?algo=xor&guest=hypercube%3A4&host=ring%3A16", `#drawing svg .e`},
		{"job", "/jobs/" + j.ID, `#job-drawing svg text`},
		{"compare", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", `#compare svg .bound`},
	}
	ctx := tab(t)
	for _, w := range []int64{1280, 390} {
		setWidth(t, ctx, w)
		for _, p := range pages {
			open(t, ctx, p.path)
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null && !document.querySelector('#progress')`, p.ready))
			// drawn for its box: the page draws again once its columns settle
			waitJS(t, ctx, `(s => s && Math.abs(s.viewBox.baseVal.width - s.parentNode.clientWidth) <= 12)(document.querySelector('.zoom-host > svg'))`)
			if small := smallDrawingTexts(t, ctx); len(small) > 0 {
				t.Errorf("%s at %d px: %d texts below %d px, e.g. %q", p.name, w, len(small), minDrawingTextPx, small[:min(3, len(small))])
			}
			screenshot(t, ctx, fmt.Sprintf("readable-%s-%d", p.name, w))
		}
	}
}
