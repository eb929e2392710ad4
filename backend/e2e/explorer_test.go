//go:build !(js && wasm)

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// metricText reads one row of the metrics panel, its no-break spaces
// (which join a figure to its unit on the page, "121 k") as the spaces
// the CLI's text writes.
func metricText(t *testing.T, ctx context.Context, name string) string {
	return eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('#metrics tr[data-metric=%q] td')?.textContent ?? "").replaceAll("\u00a0", " ")`, name))
}

// checkMetrics compares the panel with solve.Map's metrics, formatted as
// the CLI's text output formats them.
func checkMetrics(t *testing.T, ctx context.Context, r *solve.Result) {
	t.Helper()
	want := map[string]string{
		"hop-bytes":     metric.SI(r.Metrics.HopBytes),
		"hops per byte": metric.Fixed(r.Metrics.HopsPerByte, 4),
		"max dilation":  metric.Thousands(r.Metrics.MaxDilation),
		"lower bound":   "", // no row: a bound of 0 says nothing
	}
	if r.Metrics.LowerBound > 0 {
		want["lower bound"] = metric.Fixed(r.Metrics.LowerBound, 4)
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
	checkMetrics(t, ctx, solvetest.Map(t, q))
	if got := eval[string](t, ctx, `document.querySelector('#confidence').textContent`); got == "" {
		t.Error("no confidence shown")
	}

	// Hover over guest vertex 5: the delegated handler reads its data-*.
	eval[bool](t, ctx, `(el => { el.scrollIntoView({block: "center"}); return true })(document.querySelector('#drawing svg .n[data-v="5"]'))`)
	x := eval[float64](t, ctx, `(r => r.x + r.width/2)(document.querySelector('#drawing svg .n[data-v="5"]').getBoundingClientRect())`)
	y := eval[float64](t, ctx, `(r => r.y + r.height/2)(document.querySelector('#drawing svg .n[data-v="5"]').getBoundingClientRect())`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", x, y))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest vertex 5 (bits 1,0,1,0, bit 0 first) on host node')`)
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
	waitJS(t, ctx, `location.search === '?algo=xor&guest=hypercube:4&host=torus:4x4'`)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on torus:4x4 by xor')`)
	checkMetrics(t, ctx, solvetest.Map(t, "algo=xor&guest=hypercube:4&host=torus:4x4"))
	screenshot(t, ctx, "explorer-xor-torus")

	do(t, ctx, chromedp.NavigateBack())
	waitJS(t, ctx, `location.search === '?algo=xor&guest=hypercube%3A4&host=ring%3A16'`) // the permalink opened, in the older, escaped form
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on ring:16 by xor')`)
	if got := eval[string](t, ctx, `document.querySelector('#f-host').value`); got != "ring:16" {
		t.Errorf("host field after back = %q, want ring:16", got)
	}
}

// TestExplorerAffn loads the thesis' 9×8 → 6×12 AFFN example: 72 nodes,
// 8·8 + 9·7 = 127 edges, the reference 1.5276 hops/byte (194/127·2/2).
func TestExplorerAffn(t *testing.T) {
	needAlgo(t, "affn")
	ctx := tab(t)
	const q = "algo=affn&guest=grid%3A9x8&host=mesh%3A6x12"
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 72`)
	if n, e := count(t, ctx, "#drawing svg .n"), count(t, ctx, "#drawing svg .e"); n != 72 || e != 127 {
		t.Errorf("drawing has %d nodes and %d edges, want 72 and 127", n, e)
	}
	r := solvetest.Map(t, q)
	checkMetrics(t, ctx, r)
	// Package gridmap's reference figures: avg hops/byte 194/127 = 1.5276,
	// max dilation 3.
	if got := metricText(t, ctx, "hops per byte"); got != "1.5276" {
		t.Errorf("hops per byte %s, want 1.5276 (AFFN's reference figure)", got)
	}
	// Gold (axis 0) and green (axis 1) edge groups, as in the thesis.
	if got := eval[string](t, ctx, `document.querySelector('#drawing svg g[data-dim="0"]').getAttribute('stroke')`); got != "#e69f00" {
		t.Errorf("axis-0 edges stroke %s, want orange-gold #e69f00", got)
	}
	screenshot(t, ctx, "explorer-affn-9x8-6x12")

	// The step view maps object rows one at a time (thesis Fig. 9.4): with
	// rows i < 3 shown, 3·8 = 24 objects are placed and 48 nodes are free.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-step"), "3"))
	eval[bool](t, ctx, `document.querySelector('#f-step').dispatchEvent(new Event('change', {bubbles: true}))`)
	waitJS(t, ctx, `location.search.includes('step=3') && document.querySelectorAll('#drawing svg .n.free').length === 48`)
	screenshot(t, ctx, "explorer-affn-step3")
}

// TestDownloadsAndAssets clicks the download buttons and compares the
// files with algorithms/export's output and draw's SVG, checks that the page
// loaded nothing from another origin (it must work offline), and copies
// the permalink to the clipboard.
func TestDownloadsAndAssets(t *testing.T) {
	ctx := tab(t)
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	const q = "algo=xor&guest=hypercube%3A3&host=ring%3A8"
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 8`)
	r := solvetest.Map(t, q)
	var csv bytes.Buffer
	if err := export.CSV(&csv, r.Mapping); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct{ button, file, want string }{
		{"#dl-csv", "hypercube-3_ring-8_xor.csv", csv.String()},
		{"#dl-json", "hypercube-3_ring-8_xor.json", ""},
		{"#dl-svg", "hypercube-3_ring-8_xor.svg", ""},
		{"#dl-png", "hypercube-3_ring-8_xor.png", ""},
		{"#dl-rankorder", "hypercube-3_ring-8_xor.rankorder", ""},
		{"#dl-scotch", "hypercube-3_ring-8_xor.map", "8\n0\t0\n1\t1\n2\t2\n3\t3\n4\t6\n5\t7\n6\t4\n7\t5\n"},
	} {
		do(t, ctx, chromedp.Click(chromedp.CSS(d.button)))
		path := filepath.Join(dir, d.file)
		var b []byte
		for range 100 {
			if b, _ = os.ReadFile(path); len(b) > 0 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		switch {
		case len(b) == 0:
			t.Errorf("%s: no file %s", d.button, d.file)
		case d.want != "" && string(b) != d.want:
			t.Errorf("%s: %q, want %q", d.file, b, d.want)
		}
		if d.file[len(d.file)-4:] == "json" {
			var rep solve.Report
			if err := json.Unmarshal(b, &rep); err != nil || rep.Metrics.HopsPerByte != r.Metrics.HopsPerByte || len(rep.Placement) != 8 {
				t.Errorf("%s: %v, %+v", d.file, err, rep)
			}
		}
		if d.file[len(d.file)-3:] == "svg" && !bytes.HasPrefix(b, []byte("<?xml")) {
			t.Errorf("%s is not a standalone SVG document", d.file)
		}
		if d.file[len(d.file)-3:] == "png" {
			if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() < 720 {
				t.Errorf("%s: %v (want a PNG at least 720 px wide)", d.file, err)
			}
		}
	}

	if foreign := eval[[]string](t, ctx, `performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))`); len(foreign) > 0 {
		t.Errorf("resources from other origins: %q", foreign)
	}

	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: baseURL}); err != nil {
			t.Fatal(err)
		}
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#copy-link")))
	waitJS(t, ctx, `navigator.clipboard.readText().then(s => s === location.href)`)
}
