//go:build !(js && wasm)

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// TestLinkHeatMap: the explorer draws every directed link of a
// routed host coloured by its load, with the load legend and the most
// loaded links; hovering a link reads out its load and heaviest messages;
// hovering a guest edge highlights the links of its route. render.svg
// draws the same, and a large host's links are painted into the heat map.
func TestLinkHeatMap(t *testing.T) {
	const q = "algo=affn&guest=grid%3A9x8&host=mesh%3A6x12"
	r := solvetest.Map(t, "algo=affn&guest=grid:9x8&host=mesh:6x12")
	rt, _ := topology.RouterOf(r.Mapping.Host)
	load, _, _ := metric.LinkLoads(r.Mapping)
	maxLoad, _ := r.Metrics.Value("maxLinkLoad")

	ctx := tab(t)
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#drawing svg line.l').length === %d`, rt.Links()))
	// The legend: the unused swatch, then the absolute scale from the
	// ideal (unit messages, the bound 1.008 being larger) doubling per colour, the largest load's
	// colour (3: up to 4 ideals, the third) outlined.
	const swatches = draw.LoadBins + 1
	if n := count(t, ctx, "#drawing svg rect.lg"); n != swatches || maxLoad != "3" {
		t.Errorf("%d legend swatches for a max load of %s, want %d", n, maxLoad, swatches)
	}
	if hi := eval[string](t, ctx, `document.querySelectorAll('#drawing svg rect.lg')[1].dataset.hi`); hi != metric.Number(draw.IdealLoad(r)) {
		t.Errorf("the first colour ends at %s, want the ideal %v", hi, draw.IdealLoad(r))
	}
	if x := eval[string](t, ctx, `(+document.querySelector('#drawing svg rect.lg-max').getAttribute('x') + 2) + " " + document.querySelectorAll('#drawing svg rect.lg')[3].getAttribute('x')`); strings.Split(x, " ")[0] != strings.Split(x, " ")[1] {
		t.Errorf("outline and swatch of the largest load at x %s", x)
	}
	if got := metricText(t, ctx, "max link load"); got != maxLoad {
		t.Errorf("panel's max link load %q, want %q", got, maxLoad)
	}
	// The most loaded link leads the list, and hovering it reads out its load.
	top := eval[string](t, ctx, `document.querySelector('#drawing svg text.top').dataset.l`)
	id, err := strconv.Atoi(top)
	if err != nil || load[id] != *r.Metrics.MaxLinkLoad {
		t.Fatalf("first listed link %q: load %v, want the max %v (%v)", top, load[max(0, id)], maxLoad, err)
	}
	// The page lists the same links.
	if got := eval[string](t, ctx, `[...document.querySelectorAll('#top-links tbody tr')].map(r => r.dataset.l).join(' ')`); got != eval[string](t, ctx, `[...document.querySelectorAll('#drawing svg text.top')].map(e => e.dataset.l).join(' ')`) || !strings.HasPrefix(got, top+" ") {
		t.Errorf("the page lists links %q, the drawing others, or not the heaviest first", got)
	}
	// Pointing at a listed link shows it in the drawing, its tail outlined.
	hover(t, ctx, `#top-links tbody tr td`)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg line.l.hl')?.dataset.l === %q && document.querySelector('#drawing svg > rect.box') !== null`, top))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#top-link-info').textContent.startsWith('link (') && document.querySelector('#top-link-info').textContent.includes(': load %s, ')`, maxLoad))
	hover(t, ctx, fmt.Sprintf(`#drawing svg line.l[data-l="%d"]`, id))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#hover').textContent.startsWith('link (') && document.querySelector('#hover').textContent.includes(': load %s, ')`, maxLoad))
	if txt := eval[string](t, ctx, `document.querySelector('#hover').textContent`); !strings.Contains(txt, "heaviest: ") {
		t.Errorf("link readout %q names no message", txt)
	}
	// The link and the guest edges of its heaviest messages light up.
	through, _ := metric.LinkMessages(r.Mapping, id, 5, 0)
	edges := map[[2]int]bool{}
	for _, msg := range through.Heaviest {
		edges[[2]int{min(msg.From, msg.To), max(msg.From, msg.To)}] = true
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#drawing svg line.l.hl').length === 1 && document.querySelectorAll('#drawing svg .e.hl').length === %d`, len(edges)))
	screenshot(t, ctx, "link-hover")

	// A guest edge of dilation d lights up the d links of its route.
	sel := eval[string](t, ctx, `(() => { let best = null; for (const e of document.querySelectorAll('#drawing svg .e')) if (!best || +e.dataset.dil > +best.dataset.dil) best = e; return '#drawing svg .e[data-u="' + best.dataset.u + '"][data-v="' + best.dataset.v + '"]'; })()`)
	dil := eval[int](t, ctx, fmt.Sprintf(`+document.querySelector(%q).dataset.dil`, sel))
	hover(t, ctx, sel)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#drawing svg line.l.hl').length === %d`, dil))
	screenshot(t, ctx, "edge-route")

	// render.svg: the same drawing from the server.
	svg := get(t, "/api/v1/render.svg?"+q)
	if n := strings.Count(svg, `class="l"`); n != rt.Links() {
		t.Errorf("render.svg has %d links, want %d", n, rt.Links())
	}
	if !strings.Contains(svg, "most loaded links") || strings.Count(svg, `class="lg"`) != swatches {
		t.Error("render.svg lacks the legend or the list of the most loaded links")
	}
	// A large torus: links painted into the heat map, its nodes' readout
	// gives their links' loads.
	big := url.Values{"algo": {"rowmajor"}, "guest": {"grid:64x64"}, "host": {"torus:64x64"}}.Encode()
	open(t, ctx, "/?"+big)
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null && document.querySelector('#drawing svg text.top') !== null`)
	xy := eval[[]float64](t, ctx, `(() => { const img = document.querySelector('#drawing svg image.heat'); img.scrollIntoView({block: "center"});
		const r = img.getBoundingClientRect(); return [r.left + r.width * 0.5, r.top + r.height * 0.5]; })()`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", xy[0], xy[1]), chromedp.MouseEvent("mouseMoved", xy[0]+1, xy[1]))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.includes('loads of its links: →(')`)
	if txt := eval[string](t, ctx, `document.querySelector('#hover').textContent`); !regexp.MustCompile(`→\(\d+,\d+\) 1(, |$)`).MatchString(txt) {
		t.Errorf("node readout %q: want the unit loads of a row-major torus", txt)
	}
	screenshot(t, ctx, "torus-64x64")
}

// hover dispatches a mouseover on the element that sel selects, as the
// pointer would (lines one pixel wide are hard to hit with the mouse).
func hover(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(e => { e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); return true })(document.querySelector(%q))`, sel))
}
