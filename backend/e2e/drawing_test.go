//go:build !(js && wasm)

package e2e

// Regression tests of issue 12's bugs (one test per bug, named after it)
// and browser tests of its features.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// centre returns the viewport coordinates of the centre of an element,
// scrolled into view.
func centre(t *testing.T, ctx context.Context, sel string) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(el => { el.scrollIntoView({block: "center"}); const r = el.getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })(document.querySelector(%q))`, sel))
	return xy[0], xy[1]
}

// setField sets an input's value and fires the events a user's edit fires.
func setField(t *testing.T, ctx context.Context, sel, value string, events ...string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(el => { el.value = %q; for (const e of %q.split(" ")) el.dispatchEvent(new Event(e, {bubbles: true})); return true; })(document.querySelector(%q))`,
		value, strings.Join(events, " "), sel))
}

// allowDownloads saves downloads of the tab's browser into a fresh
// directory and returns it.
func allowDownloads(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// waitFile waits for a downloaded file and returns its content.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("no file %s", filepath.Base(path))
	return nil
}

// submitJob posts a job through the API and waits until it is done.
func submitJob(t *testing.T, req api.Request) api.Job {
	t.Helper()
	b, _ := json.Marshal(req)
	resp, err := http.Post(baseURL+"/api/v1/jobs", "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	var j api.Job
	err = json.NewDecoder(resp.Body).Decode(&j)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if j.Status.Final() {
			return j
		}
		time.Sleep(50 * time.Millisecond)
		r, err := http.Get(baseURL + "/api/v1/jobs/" + j.ID)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(r.Body).Decode(&j)
		r.Body.Close()
	}
	t.Fatalf("job %s did not finish: %+v", j.ID, j)
	return j
}

// falseBool matches an HTML boolean attribute written as false.
var falseBool = regexp.MustCompile(`<[^>]*\s(checked|selected|disabled|hidden|open|readonly|required|multiple|autofocus)="false"[^>]*>`)

// get returns the body of a page as the server sends it.
func get(t *testing.T, path string) string {
	t.Helper()
	resp, err := http.Get(baseURL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// quietTab opens a tab that does not fail on console errors: Chromium
// logs every 404 answer as one, and some tests ask for 404s.
func quietTab(t *testing.T) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// TestBug1JobDownloads: every download of a finished job's page saves a
// file named like the explorer's (guest_host_algo.ext), and the page stays
// (the router used to catch the links and show its 404 page).
func TestBug1JobDownloads(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"})
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done' && [...document.querySelectorAll('.downloads a')].some(a => a.textContent === 'scotch')`)
	for _, d := range []struct{ id, file, starts string }{
		{"json", "json", `{"guest":"hypercube:4"`},
		{"csv", "csv", "vertex,node,x1,g1,g2,g3,g4\n"},
		{"rankorder", "rankorder", "# MPICH_RANK_ORDER"},
		{"scotch", "map", "16\n"},
		{"SVG", "svg", "<?xml"},
		{"text", "txt", "hypercube:4 on ring:16 by xor"},
		{"PNG", "png", "\x89PNG"},
	} {
		// By the link's text, as a user finds it.
		eval[bool](t, ctx, fmt.Sprintf(`(a => { a.click(); return true })([...document.querySelectorAll('.downloads a, .downloads button')].find(a => a.textContent === %q))`, d.id))
		b := waitFile(t, filepath.Join(dir, "hypercube-4_ring-16_xor."+d.file))
		if b != nil && !strings.HasPrefix(string(b), d.starts) {
			t.Errorf("%s: starts %.40q, want %q", d.id, b, d.starts)
		}
		if p := eval[string](t, ctx, `location.pathname`); p != "/jobs/"+j.ID {
			t.Fatalf("after clicking %s the page went to %s", d.id, p)
		}
	}
	resp, err := http.Get(baseURL + "/api/v1/jobs/" + j.ID + "/placement?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Content-Disposition"); got != `attachment; filename="hypercube-4_ring-16_xor.csv"` {
		t.Errorf("Content-Disposition %q", got)
	}
	screenshot(t, ctx, "issue12-job-downloads")

	// The job page's drawing fits a phone (it was clipped at 390 px).
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-drawing svg') !== null`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("job page is %d px wide at 390", w)
	}
	if !eval[bool](t, ctx, `(r => r.right <= 390 && r.width > 300)(document.querySelector('#job-drawing svg').getBoundingClientRect())`) {
		t.Error("the job's drawing does not fit the phone's width")
	}
	screenshot(t, ctx, "issue12-job-390")
}

// TestBug2WideHeatMap: a host 512 columns wide is drawn whole (its heat
// map image fits the document) on a wide window and at 390 px.
func TestBug2WideHeatMap(t *testing.T) {
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
		screenshot(t, ctx, fmt.Sprintf("issue12-heatmap-512x32-%d", width))
	}
}

// TestBug3NoAlgo: a permalink without algo maps with the algorithm the
// list shows (the first applicable); the Gantt page without vs compares
// with the reference embedding.
func TestBug3NoAlgo(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 16`)
	g, _ := spec.ParseGuest("hypercube:4")
	h, _ := spec.ParseHost("ring:16")
	first := solve.Applicable(g, h)[0].Name
	if got := eval[string](t, ctx, `document.querySelector('#f-algo').value`); got != first {
		t.Errorf("algorithm shown %q, want %q", got, first)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg title').textContent.includes(' by %s:')`, first))
	// Only the chosen option is selected, in the server's page too.
	page := get(t, "/?guest=hypercube%3A4&host=ring%3A16")
	algos := page[strings.Index(page, `id="f-algo"`):]
	algos = algos[:strings.Index(algos, "</select>")]
	if n := strings.Count(algos, " selected"); n != 1 {
		t.Errorf("the pre-rendered algorithm list has %d selected options, want 1", n)
	}
	// go-app writes false booleans as name="false", which HTML reads as
	// true: no page may carry one.
	for _, p := range []string{"/?guest=hypercube%3A4&host=ring%3A16", "/gantt", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		if m := falseBool.FindString(get(t, p)); m != "" {
			t.Errorf("%s: pre-rendered page has a false boolean attribute: %s", p, m)
		}
	}

	open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelectorAll('#gantt-summary tbody tr').length === 2`)
	if vs := eval[string](t, ctx, `document.querySelector('#f-vs').value`); vs != "standard" {
		t.Errorf("vs %q, want standard", vs)
	}
}

// TestBug4GanttTimes: T_a can be 0 (it used to snap back to 1), values
// beyond the slider's old range and between its steps are kept, and the
// number fields edit them.
func TestBug4GanttTimes(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight")
	waitJS(t, ctx, `document.querySelectorAll('#gantt svg .bar').length > 0`)
	setField(t, ctx, "#f-ta", "0", "change")
	waitJS(t, ctx, `new URLSearchParams(location.search).get('ta') === '0'`)
	do(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `document.querySelector('#f-ta').value === '0' && document.querySelector('#r-ta').value === '0'`)
	// The slider is logarithmic: 1 in the middle (50), 0.1 at 25, 100 at
	// its end; 0 at its start.
	for _, c := range [][2]string{{"100", "100"}, {"1e2", "100"}, {"0.1", "25"}} {
		v, pos := c[0], c[1]
		open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight&ta="+v)
		waitJS(t, ctx, fmt.Sprintf(`Number(document.querySelector('#f-ta').value) === %s && document.querySelector('#r-ta').value === %q`, v, pos))
	}
	want := modelTotal(t, "guest=hypercube:3&host=line:8&algo=standard", 0.1, 1)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#gantt-summary tr[data-algo="standard"] td.total').textContent === %q`, fmt.Sprint(want)))
}

// TestBug5TypedBeforeLoad types into the server's page while the wasm is
// held back: the typed host survives the app's start and is applied.
func TestBug5TypedBeforeLoad(t *testing.T) {
	ctx := tab(t)
	gate := make(chan struct{})
	wasmGate.Store(&gate)
	released := false
	release := func() {
		if !released {
			released = true
			wasmGate.Store(nil)
			close(gate)
		}
	}
	defer release()
	do(t, ctx, chromedp.Navigate(baseURL+"/?algo=xor&guest=hypercube%3A4&host=ring%3A16"))
	waitJS(t, ctx, `document.querySelector('#app-wasm-loader') !== null && document.querySelector('#root[data-ready="false"]') !== null`)
	screenshot(t, ctx, "issue12-loading")
	do(t, ctx, chromedp.Click(chromedp.CSS("#f-host")))
	eval[bool](t, ctx, `(el => { el.select(); return true })(document.querySelector('#f-host'))`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#f-host"), "torus:4x4"+kb.Enter))
	release()
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `document.querySelector('#f-host').value === 'torus:4x4'`)
	waitJS(t, ctx, `new URLSearchParams(location.search).get('host') === 'torus:4x4'`)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on torus:4x4')`)
}

// insecure makes the page believe it runs over plain HTTP on a LAN
// address: no secure context, no clipboard API.
const insecure = `
Object.defineProperty(window, 'isSecureContext', {get: () => false});
Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});
`

// TestBug6CopyLinkPlainHTTP: without a clipboard API, Copy link shows the
// link selected and says how to copy it.
func TestBug6CopyLinkPlainHTTP(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: insecure}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/?algo=xor&guest=hypercube%3A3&host=ring%3A8")
	click(t, ctx, "#copy-link")
	waitJS(t, ctx, `document.querySelector('#copy-text')?.value === location.href && document.activeElement?.id === 'copy-text'`)
	waitJS(t, ctx, `(el => el.selectionStart === 0 && el.selectionEnd === el.value.length)(document.querySelector('#copy-text'))`)
	if note := eval[string](t, ctx, `document.querySelector('#copy-note')?.textContent ?? ''`); note == "" {
		t.Error("no note says how to copy")
	}
	screenshot(t, ctx, "issue12-copy-plain-http")
}

// TestBug7CompareJobs: Compare above the browser's cap runs every
// applicable algorithm as a job, not rowmajor alone.
func TestBug7CompareJobs(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/compare?guest=grid%3A256x256&host=mesh%3A128x512")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	click(t, ctx, "#submit-job")
	g, _ := spec.ParseGuest("grid:256x256")
	h, _ := spec.ParseHost("mesh:128x512")
	var want []string
	for _, a := range solve.Applicable(g, h) {
		want = append(want, a.Name)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#submitted-jobs li').length === %d`, len(want)))
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#submitted-jobs li')].map(li => li.dataset.algo)`)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("jobs for %v, want %v", got, want)
	}
	// Cancel them: the shared runner has other tests to serve.
	for _, id := range eval[[]string](t, ctx, `[...document.querySelectorAll('#submitted-jobs a')].map(a => a.getAttribute('href').slice(6))`) {
		req, _ := http.NewRequest("DELETE", baseURL+"/api/v1/jobs/"+id, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

// TestBug8CompareCancel: cancelling a comparison marks the algorithms it
// did not run.
func TestBug8CompareCancel(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/compare?budget=30s&guest=grid%3A32x32&host=mesh%3A64x16")
	// Cancel once the search reports moves (before, it may still be
	// computing its starts and would have nothing to keep).
	waitJS(t, ctx, `/running pairs: .* moves/.test(document.querySelector('#progress-text')?.textContent ?? '')`)
	click(t, ctx, "#cancel")
	g, _ := spec.ParseGuest("grid:32x32")
	h, _ := spec.ParseHost("mesh:64x16")
	n := len(solve.Applicable(g, h))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#compare-table tbody tr').length === %d && !document.querySelector('#progress')`, n))
	// PAIRS, interrupted, keeps its best so far; the ones after it did not run.
	notRun := eval[[]string](t, ctx, `[...document.querySelectorAll('#compare-table td.not-run')].map(td => td.closest('tr').dataset.algo + ': ' + td.textContent)`)
	if len(notRun) == 0 || notRun[0] != "pairs-uniform: not run (cancelled)" {
		t.Errorf("rows marked not run: %q", notRun)
	}
	if got := eval[string](t, ctx, `document.querySelector('#compare-table tr[data-algo="pairs"] td.time')?.textContent ?? ''`); !strings.HasSuffix(got, "partial (cancelled)") {
		t.Errorf("interrupted pairs: time %q, want it marked partial", got)
	}
	screenshot(t, ctx, "issue12-compare-cancelled")
}

// TestBug9GanttPhone: at 390 px the Gantt page does not overflow and its
// two charts stack.
func TestBug9GanttPhone(t *testing.T) {
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
	screenshot(t, ctx, "issue12-gantt-390")
	// No page overflows a phone's width.
	for _, p := range []string{"/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		do(t, ctx, chromedp.Navigate(baseURL+p))
		waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && !document.querySelector('#progress')`)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s is %d px wide at 390", p, w)
		}
	}
}

// TestBug10Messages: messages name the real problem, without Go package
// prefixes, under the field the user edited.
func TestBug10Messages(t *testing.T) {
	ctx := tab(t)
	noPrefix := `![...document.querySelectorAll('.msg, .notice')].some(e => /\b(spec|solve|web|jobs|server): /.test(e.textContent))`
	open(t, ctx, "/?algo=xor&guest=hypercube%3A04&host=ring%3A16")
	waitJS(t, ctx, `document.querySelector('#err-guest')?.textContent.includes('as 4, without leading zeros')`)
	waitJS(t, ctx, noPrefix)
	open(t, ctx, "/?algo=pairs&guest=grid%3A4x4&host=mesh%3A4x4&start=pairs")
	waitJS(t, ctx, `document.querySelector('#err-start')?.textContent.includes('"pairs" is a search itself')`)
	waitJS(t, ctx, noPrefix)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	setField(t, ctx, "#f-guest", "hypercube:5", "input")
	waitJS(t, ctx, `document.querySelector('#err-guest')?.textContent.startsWith('sizes differ') && !document.querySelector('#err-host')`)
	waitJS(t, ctx, noPrefix)
	screenshot(t, ctx, "issue12-message-under-guest")
	// The job page relays the server's message as it is (it said
	// "web: jobs: no such job").
	ctx = quietTab(t)
	open(t, ctx, "/jobs/"+strings.Repeat("0", 20))
	waitJS(t, ctx, `document.querySelector('#run-error')?.textContent.startsWith('no such job')`)
	waitJS(t, ctx, noPrefix)
}

// TestBug11SliderHistory: arrow keys on a slider replace the history
// entry instead of adding one per step.
func TestBug11SliderHistory(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelector('#f-step') !== null`)
	before := eval[int](t, ctx, `history.length`)
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#f-step'))`)
	for range 3 {
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	waitJS(t, ctx, `new URLSearchParams(location.search).get('step') === '3'`)
	if after := eval[int](t, ctx, `history.length`); after != before {
		t.Errorf("history grew from %d to %d entries", before, after)
	}
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&ta=1&tc=1&vs=byweight")
	before = eval[int](t, ctx, `history.length`)
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#r-tc'))`)
	for range 3 {
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	waitJS(t, ctx, `new URLSearchParams(location.search).get('tc') !== '1'`)
	if after := eval[int](t, ctx, `history.length`); after != before {
		t.Errorf("Gantt: history grew from %d to %d entries", before, after)
	}
}

// TestBug12Labels: no bound line strikes a bar's value, the caption does
// not call an estimate a bound, plane labels are above the edges, and no
// edge runs over the caption.
func TestBug12Labels(t *testing.T) {
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
	screenshot(t, ctx, "issue12-compare-labels")

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
	screenshot(t, ctx, "issue12-1024-edges")
}

// TestBug13NotFoundAndTitles: an unknown path gets the app's 404 page
// with status 404; each page has its own title.
func TestBug13NotFoundAndTitles(t *testing.T) {
	resp, err := http.Get(baseURL + "/nope")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("/nope: %d %s, want 404 text/html", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ctx := quietTab(t)
	open(t, ctx, "/nope")
	waitJS(t, ctx, `document.querySelector('#not-found') !== null && document.title.startsWith('Page not found')`)
	screenshot(t, ctx, "issue12-not-found")
	titles := map[string]bool{}
	for _, p := range []string{"/?algo=xor&guest=hypercube%3A4&host=ring%3A16", "/gantt", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		open(t, ctx, p)
		title := eval[string](t, ctx, `document.title`)
		if titles[title] || !strings.HasSuffix(title, "· topomap") {
			t.Errorf("%s: title %q", p, title)
		}
		titles[title] = true
	}
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
	start := vb()
	x, y := centre(t, ctx, "#drawing svg")
	do(t, ctx, chromedp.MouseEvent("mouseWheel", x, y, func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1, -400 }))
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 1.5`)
	zoomed := vb()
	do(t, ctx, chromedp.MouseEvent("mousePressed", x, y, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseMoved", x+60, y+40, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseMoved", x+120, y+80, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseReleased", x+120, y+80, chromedp.ButtonLeft))
	if vb() == zoomed {
		t.Error("dragging did not pan")
	}
	screenshot(t, ctx, "issue12-zoomed")
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#drawing'))`)
	do(t, ctx, chromedp.KeyEvent("0"))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg').getAttribute('viewBox') === %q`, start))
	do(t, ctx, chromedp.KeyEvent("+"))
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 1.2`)
	click(t, ctx, "#drawing-reset")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg').getAttribute('viewBox') === %q`, start))
	// The page stays within the window: no drawing taller than it.
	if h := eval[float64](t, ctx, `document.querySelector('#drawing svg').getBoundingClientRect().height / innerHeight`); h > 0.8 {
		t.Errorf("drawing is %.0f%% of the window's height", 100*h)
	}

	// A two-finger pinch zooms (one finger is left to scroll the page).
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 2}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && document.querySelector('#drawing svg .n') !== null`)
	x, y = centre(t, ctx, "#drawing svg")
	touch := func(typ input.DispatchTouchEventType, spread float64) {
		t.Helper()
		one, two := 1.0, 2.0
		pts := []*input.TouchPoint{{X: x - spread, Y: y, ID: &one}, {X: x + spread, Y: y, ID: &two}}
		if typ == input.DispatchTouchEventTypeTouchEnd {
			pts = []*input.TouchPoint{}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			t.Fatal(err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, 20)
	for _, sp := range []float64{30, 45, 60, 80} {
		touch(input.DispatchTouchEventTypeTouchMove, sp)
	}
	touch(input.DispatchTouchEventTypeTouchEnd, 0)
	waitJS(t, ctx, `Number(document.querySelector('#drawing').dataset.zoom) > 2`)

	open(t, ctx, "/?algo=rowmajor&guest=grid%3A256x256&host=mesh%3A256x256")
	waitJS(t, ctx, `document.querySelector('#drawing svg image.heat') !== null`)
	eval[bool](t, ctx, `(b => { b.click(); b.click(); return true })(document.querySelector('#drawing-zoom-in'))`)
	waitJS(t, ctx, `!document.querySelector('#drawing .minimap').hidden && document.querySelector('#drawing .minimap .mm-view') !== null`)
	screenshot(t, ctx, "issue12-minimap")
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
	screenshot(t, ctx, "issue12-tooltip-vertex")

	// The longest edge: its route has dilation+1 points.
	sel := eval[string](t, ctx, `(() => { let best = null; for (const e of document.querySelectorAll('#drawing svg .e')) if (!best || +e.dataset.dil > +best.dataset.dil) best = e; return '#drawing svg .e[data-u="' + best.dataset.u + '"][data-v="' + best.dataset.v + '"]'; })()`)
	dil := eval[int](t, ctx, fmt.Sprintf(`+document.querySelector(%q).dataset.dil`, sel))
	eval[bool](t, ctx, fmt.Sprintf(`(e => { e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); return true })(document.querySelector(%q))`, sel))
	waitJS(t, ctx, fmt.Sprintf(`(p => p !== null && p.getAttribute('points').split(' ').length === %d)(document.querySelector('#drawing svg .route'))`, dil+1))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.includes('route on the host')`)
	screenshot(t, ctx, "issue12-tooltip-route")

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
	screenshot(t, ctx, "issue12-tooltip-heatmap")
}

// TestMyJobs: a job submitted from the explorer is listed on My jobs with
// its status and link, and can be removed from the list.
func TestMyJobs(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A17&host=ring%3A131072&seed=12")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	click(t, ctx, "#submit-job")
	waitJS(t, ctx, `location.pathname.startsWith('/jobs/')`)
	id := eval[string](t, ctx, `location.pathname.slice(6)`)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	open(t, ctx, "/my-jobs")
	row := fmt.Sprintf(`#my-jobs tr[data-job=%q]`, id)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('%s td.status')?.textContent === 'done'`, row))
	if href := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('%s a').getAttribute('href')`, row)); href != "/jobs/"+id {
		t.Errorf("link %q", href)
	}
	screenshot(t, ctx, "issue12-my-jobs")
	click(t, ctx, row+" button.delete")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('%s') === null && !localStorage.getItem('topomap.jobs').includes(%q)`, row, id))
}

// TestJobRequestDetails: the job page shows the whole request, the times
// and links to the explorer and to itself.
func TestJobRequestDetails(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:8x8", Host: "mesh:8x8", Algo: "pairs", Seed: 7, Budget: "200ms", Start: "rowmajor"})
	ctx := tab(t)
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	for k, v := range map[string]string{"seed": "7", "budget": "200ms", "start": "rowmajor"} {
		if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#request dd[data-key=%q]')?.textContent ?? ''`, k)); got != v {
			t.Errorf("request %s shown %q, want %q", k, got, v)
		}
	}
	q := url.Values{"guest": {"grid:8x8"}, "host": {"mesh:8x8"}, "algo": {"pairs"}, "seed": {"7"}, "budget": {"200ms"}, "start": {"rowmajor"}}
	if href := eval[string](t, ctx, `document.querySelector('#to-explorer').getAttribute('href')`); href != "/?"+q.Encode() {
		t.Errorf("explorer link %q, want %q", href, "/?"+q.Encode())
	}
	if eval[string](t, ctx, `document.querySelector('#request dd[data-key="finished"]')?.textContent ?? ''`) == "" {
		t.Error("no finish time")
	}
	screenshot(t, ctx, "issue12-job-request")
}

// TestGanttAtScale: the processes that wait longest, in host order, with
// PAIRS given a seed and budget (mapped in the background); above the
// browser's dimension the two embeddings run as server jobs.
func TestGanttAtScale(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A8&host=ring%3A256&order=host&show=wait&vs=xor")
	waitJS(t, ctx, `document.querySelectorAll('.gantt-panel').length === 2`)
	for i := range 2 {
		rows := eval[int](t, ctx, fmt.Sprintf(`new Set([...document.querySelectorAll('#gantt-%d svg .bar')].map(b => b.dataset.p)).size`, i))
		if rows != 64 {
			t.Errorf("panel %d shows %d processes, want 64", i, rows)
		}
	}
	if !eval[bool](t, ctx, `document.querySelector('#gantt-0 svg').textContent.includes('the processes that wait longest, in host order')`) {
		t.Error("the chart does not say which processes it shows")
	}
	if n := count(t, ctx, "#gantt-0 svg .stage-sep"); n == 0 {
		t.Error("no stage separators")
	}
	screenshot(t, ctx, "issue12-gantt-wait-host-order")

	open(t, ctx, "/gantt?algo=pairs&budget=300ms&guest=hypercube%3A6&host=torus%3A8x8&seed=5&start=standard&vs=xor")
	waitJS(t, ctx, `document.querySelector('#gantt-summary tr[data-algo="pairs"]') !== null && !document.querySelector('#progress')`)
	if v := eval[string](t, ctx, `document.querySelector('#f-budget').value + ' ' + document.querySelector('#f-seed').value`); v != "300ms 5" {
		t.Errorf("budget and seed fields %q", v)
	}

	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A15&host=ring%3A32768&vs=xor")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	click(t, ctx, "#submit-job")
	waitJS(t, ctx, `document.querySelectorAll('#submitted-jobs li').length === 2`)
	id := eval[string](t, ctx, `document.querySelector('#submitted-jobs li[data-algo="xor"] a').getAttribute('href').slice(6)`)
	open(t, ctx, "/jobs/"+id)
	waitJS(t, ctx, `document.querySelector('#job-gantt') !== null`)
	resp, err := http.Get(baseURL + eval[string](t, ctx, `document.querySelector('#job-gantt').getAttribute('href')`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("server Gantt chart: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
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
	screenshot(t, ctx, "issue12-perfect-torus-8x8x8")
	click(t, ctx, "#f-hide1")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length === 0 && location.search.includes('minhops=2')`)
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
	screenshot(t, ctx, "issue12-dark")
}
