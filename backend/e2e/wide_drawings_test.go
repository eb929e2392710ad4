//go:build !(js && wasm)

package e2e

// Browser tests of drawings whose host is far from the shape of their
// box: they fold to fill it.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/backend/api"
)

// TestWideMeshFillsJobBox: on the job page, at 1280×800 and at 390 px, a
// host much wider (mesh:512x64) or taller (mesh:128x512, once a thin
// column in an empty box) than the drawing's box folds into strips whose
// panels span at least 80 % of the box one way and 50 % the other, with
// the seams drawn.
func TestWideMeshFillsJobBox(t *testing.T) {
	ctx := tab(t)
	for _, size := range []string{"512x64", "128x512"} {
		j := submitJob(t, api.Request{Guest: "grid:" + size, Host: "mesh:" + size, Algo: "rowmajor"})
		for _, w := range []int64{1280, 390} {
			setWidth(t, ctx, w)
			open(t, ctx, "/jobs/"+j.ID)
			waitJS(t, ctx, `document.querySelectorAll('#job-drawing svg rect.panel').length > 1 && (s => s.viewBox.baseVal.width <= s.parentNode.clientWidth + 12)(document.querySelector('#job-drawing svg'))`)
			fill := eval[[]float64](t, ctx, `(() => {
				const box = document.querySelector('#job-drawing');
				const rs = [...box.querySelectorAll('svg rect.panel')].map(p => p.getBoundingClientRect());
				const w = Math.max(...rs.map(r => r.right)) - Math.min(...rs.map(r => r.left));
				const h = Math.max(...rs.map(r => r.bottom)) - Math.min(...rs.map(r => r.top));
				return [w / box.clientWidth, h / (innerHeight * 0.7), box.querySelectorAll('svg .seam').length];
			})()`)
			if max(fill[0], fill[1]) < 0.8 || min(fill[0], fill[1]) < 0.5 || fill[2] < 2 {
				t.Errorf("mesh:%s at %d px: panels span %.0f%% of the box's width and %.0f%% of its height, %v seams", size, w, 100*fill[0], 100*fill[1], fill[2])
			}
			screenshot(t, ctx, fmt.Sprintf("job-mesh-%s-%d", size, w))
		}
	}
}

// TestFoldedHeatMapReadout: on a folded and scaled heat map (mesh:512x64
// in the explorer, two strips of columns) the pointer over the first
// strip's top-left node and the last strip's bottom-right node names
// those nodes, (0,63) and (511,0).
func TestFoldedHeatMapReadout(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A512x64&host=mesh%3A512x64")
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null && document.querySelectorAll('#drawing svg rect.panel').length === 2`)
	for _, c := range []struct {
		js, want string
	}{
		{`[r.left + d, r.top + d]`, "host node 32256 at (0,63)"},
		{`[r.right - d, r.bottom - d]`, "host node 511 at (511,0)"},
	} {
		panel := map[string]string{"host node 32256 at (0,63)": "0", "host node 511 at (511,0)": "1"}[c.want]
		xy := eval[[]float64](t, ctx, `(() => { const p = document.querySelectorAll('#drawing svg rect.panel')[`+panel+`]; p.scrollIntoView({block: "center"});
			const r = p.getBoundingClientRect(), b = p.getBBox(), k = r.width / b.width, d = (2 + (b.width - 4) / 512) * k;
			return `+c.js+`; })()`)
		do(t, ctx, chromedp.MouseEvent("mouseMoved", xy[0], xy[1]), chromedp.MouseEvent("mouseMoved", xy[0], xy[1]+0.2))
		waitJS(t, ctx, `document.querySelector('#hover').textContent.includes('host node')`)
		if got := eval[string](t, ctx, `document.querySelector('#hover').textContent`); !strings.Contains(got, c.want) {
			t.Errorf("pointer at (%.1f, %.1f): readout %q, want %q", xy[0], xy[1], got, c.want)
		}
	}
	screenshotViewport(t, ctx, "folded-heat-map-readout")
}
