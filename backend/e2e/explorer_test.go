//go:build !(js && wasm)

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// solved maps a permalink's instance as the CLI does (topomap map).
func solved(t *testing.T, query string) *solve.Result {
	t.Helper()
	q, _ := url.ParseQuery(query)
	in, err := spec.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	r, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// metricText reads one row of the metrics panel.
func metricText(t *testing.T, ctx context.Context, name string) string {
	return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#metrics tr[data-metric=%q] td')?.textContent ?? ""`, name))
}

// checkMetrics compares the panel with solve.Map's metrics, formatted as
// the CLI's text output formats them.
func checkMetrics(t *testing.T, ctx context.Context, r *solve.Result) {
	t.Helper()
	want := map[string]string{
		"hop-bytes":     strconv.FormatFloat(r.Metrics.HopBytes, 'g', -1, 64),
		"hops per byte": fmt.Sprintf("%.4f", r.Metrics.HopsPerByte),
		"max dilation":  strconv.Itoa(r.Metrics.MaxDilation),
		"lower bound":   fmt.Sprintf("%.4f", r.Metrics.LowerBound),
	}
	for k, v := range want {
		if got := metricText(t, ctx, k); got != v {
			t.Errorf("metric %s shown %q, want %q", k, got, v)
		}
	}
}

// count returns the number of elements matching a selector.
func count(t *testing.T, ctx context.Context, sel string) int {
	return eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

// TestExplorerXorRing loads the permalink of the Xor paper's example, a
// 4-cube on a 16-ring: 16 nodes, 4·8 = 32 edges, metrics equal to the
// CLI's, hover shows a vertex, and the step view shows 2 dimensions.
func TestExplorerXorRing(t *testing.T) {
	ctx := tab(t)
	const q = "algo=xor&guest=hypercube%3A4&host=ring%3A16"
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 16`)
	if n, e := count(t, ctx, "#drawing svg .n"), count(t, ctx, "#drawing svg .e"); n != 16 || e != 32 {
		t.Errorf("drawing has %d nodes and %d edges, want 16 and 32", n, e)
	}
	checkMetrics(t, ctx, solved(t, q))
	if got := eval[string](t, ctx, `document.querySelector('#confidence').textContent`); got == "" {
		t.Error("no confidence shown")
	}

	// Hover over guest vertex 5: the delegated handler reads its data-*.
	eval[bool](t, ctx, `(el => { el.scrollIntoView({block: "center"}); return true })(document.querySelector('#drawing svg .n[data-v="5"]'))`)
	x := eval[float64](t, ctx, `(r => r.x + r.width/2)(document.querySelector('#drawing svg .n[data-v="5"]').getBoundingClientRect())`)
	y := eval[float64](t, ctx, `(r => r.y + r.height/2)(document.querySelector('#drawing svg .n[data-v="5"]').getBoundingClientRect())`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", x, y))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest vertex 5 on host node')`)
	screenshot(t, ctx, "explorer-xor-ring")

	// The step view: dimensions 0 and 1 only, 2·8 = 16 edges; in the URL.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-step"), "2"))
	eval[bool](t, ctx, `document.querySelector('#f-step').dispatchEvent(new Event('change', {bubbles: true}))`)
	waitJS(t, ctx, `location.search.includes('step=2') && document.querySelectorAll('#drawing svg .e').length === 16`)
}

// TestExplorerEditAndBack changes the host field: the URL and the drawing
// follow, and the back button restores both.
func TestExplorerEditAndBack(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 16`)

	// An invalid value shows the parser's message while typing.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-host"), "torus:4xq"))
	eval[bool](t, ctx, `document.querySelector('#f-host').dispatchEvent(new Event('input', {bubbles: true}))`)
	_, perr := spec.ParseHost("torus:4xq")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#err-host')?.textContent === %q`, perr.Error()))

	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-host"), "torus:4x4"))
	eval[bool](t, ctx, `document.querySelector('#f-host').dispatchEvent(new Event('change', {bubbles: true}))`)
	waitJS(t, ctx, `location.search === '?algo=xor&guest=hypercube%3A4&host=torus%3A4x4'`)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on torus:4x4 by xor')`)
	checkMetrics(t, ctx, solved(t, "algo=xor&guest=hypercube:4&host=torus:4x4"))
	screenshot(t, ctx, "explorer-xor-torus")

	do(t, ctx, chromedp.NavigateBack())
	waitJS(t, ctx, `location.search === '?algo=xor&guest=hypercube%3A4&host=ring%3A16'`)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on ring:16 by xor')`)
	if got := eval[string](t, ctx, `document.querySelector('#f-host').value`); got != "ring:16" {
		t.Errorf("host field after back = %q, want ring:16", got)
	}
}

// TestExplorerAffn loads the thesis' 9×8 → 6×12 AFFN example: 72 nodes,
// 8·8 + 9·7 = 127 edges, the spec's 1.5276 hops/byte (194/127·2/2).
func TestExplorerAffn(t *testing.T) {
	needAlgo(t, "affn")
	ctx := tab(t)
	const q = "algo=affn&guest=grid%3A9x8&host=mesh%3A6x12"
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 72`)
	if n, e := count(t, ctx, "#drawing svg .n"), count(t, ctx, "#drawing svg .e"); n != 72 || e != 127 {
		t.Errorf("drawing has %d nodes and %d edges, want 72 and 127", n, e)
	}
	r := solved(t, q)
	checkMetrics(t, ctx, r)
	// ALGORITHMS.md B.6: avg hops/byte 194/127 = 1.5276, max dilation 3.
	if got := metricText(t, ctx, "hops per byte"); got != "1.5276" {
		t.Errorf("hops per byte %s, want 1.5276 (spec B.6)", got)
	}
	// Gold (axis 0) and green (axis 1) edge groups, as in the thesis.
	if got := eval[string](t, ctx, `document.querySelector('#drawing svg g[data-dim="0"]').getAttribute('stroke')`); got != "#d4a017" {
		t.Errorf("axis-0 edges stroke %s, want gold #d4a017", got)
	}
	screenshot(t, ctx, "explorer-affn-9x8-6x12")
}
