//go:build !(js && wasm)

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// ganttTotal reads the total time shown for one embedding.
func ganttTotal(t *testing.T, ctx context.Context, algo string) string {
	return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#gantt-summary tr[data-algo=%q] td.total')?.textContent ?? ""`, algo))
}

// modelTotal runs the execution model as topomap schedule does.
func modelTotal(t *testing.T, query string, ta, tc float64) float64 {
	t.Helper()
	s, err := sim.Run(solvetest.Map(t, query).Mapping, ta, tc)
	if err != nil {
		t.Fatal(err)
	}
	return s.Total()
}

// TestGanttComparison loads the Xor paper's Fig. 4 comparison (a 3-cube
// on an 8-node line, standard vs byweight): T = 10 and 12 with
// T_a = t_c = 1 (algorithms/sim's example), 8 processes × 6 phases each
// plus the waits; moving the T_a slider updates URL and chart.
func TestGanttComparison(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&ta=1&tc=1&vs=byweight")
	waitJS(t, ctx, `document.querySelectorAll('#gantt svg .bar').length > 0`)
	for algo, want := range map[string]float64{"standard": 10, "byweight": 12} {
		if got := ganttTotal(t, ctx, algo); got != strconv.FormatFloat(want, 'g', 6, 64) {
			t.Errorf("%s: total %q, want %v", algo, got, want)
		}
	}
	waits := count(t, ctx, `#gantt svg .bar[data-kind="wait"]`)
	if got := count(t, ctx, "#gantt svg .bar"); got != 2*8*6+waits || waits == 0 {
		t.Errorf("%d bars with %d waits, want %d", got, waits, 2*8*6+waits)
	}
	// Hover over a wait bar of byweight's process 0 (it waits in stage 1).
	x := eval[float64](t, ctx, `(r => r.x + r.width/2)(document.querySelector('#gantt svg .bar[data-kind="wait"][data-p="0"]').getBoundingClientRect())`)
	y := eval[float64](t, ctx, `(r => r.y + r.height/2)(document.querySelector('#gantt svg .bar[data-kind="wait"][data-p="0"]').getBoundingClientRect())`)
	do(t, ctx, chromedp.MouseEvent("mouseMoved", x, y))
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('process 0, stage 1: wait from 5 to 6')`)
	screenshot(t, ctx, "gantt-standard-byweight-line8")

	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-ta"), "2"))
	eval[bool](t, ctx, `document.querySelector('#f-ta').dispatchEvent(new Event('change', {bubbles: true}))`)
	waitJS(t, ctx, `location.search.includes('ta=2')`)
	for _, algo := range []string{"standard", "byweight"} {
		want := modelTotal(t, "guest=hypercube:3&host=line:8&algo="+algo, 2, 1)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#gantt-summary tr[data-algo=%q] td.total')?.textContent === %q`, algo, strconv.FormatFloat(want, 'g', 6, 64)))
	}
}

// TestCompare runs every applicable algorithm for a 4-cube on a 16-ring
// and for the thesis' 9×8 → 6×12 (Fig. 9.7's kind of chart): one bar per
// algorithm, the bounds drawn, each value equal to solve.Map's, and the
// link loads' rule and lower bound stated as the command line states them.
func TestCompare(t *testing.T) {
	ctx := tab(t)
	for _, c := range []struct{ guest, host, shot string }{
		{"hypercube:4", "ring:16", "compare-cube4-ring16"},
		{"grid:9x8", "mesh:6x12", "compare-grid9x8-mesh6x12"},
	} {
		open(t, ctx, "/compare?"+url.Values{"guest": {c.guest}, "host": {c.host}}.Encode())
		g, _ := spec.ParseGuest(c.guest)
		h, _ := spec.ParseHost(c.host)
		algos := solve.Applicable(g, h)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#compare-table tbody tr').length === %d && !document.querySelector('#progress')`, len(algos)))
		if got := count(t, ctx, `#compare svg rect.bar`); got != 2*len(algos) {
			t.Errorf("%s: %d bars, want %d (hops/byte and time per algorithm)", c.shot, got, 2*len(algos))
		}
		if got := count(t, ctx, `#compare svg .bound`); got < 1 {
			t.Errorf("%s: no bound drawn", c.shot)
		}
		for _, a := range algos {
			r := solvetest.Map(t, url.Values{"guest": {c.guest}, "host": {c.host}, "algo": {a.Name}}.Encode())
			got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#compare-table tr[data-algo=%q] td.hpb')?.textContent ?? ""`, a.Name))
			if want := metric.Fixed(r.Metrics.HopsPerByte, 4); got != want {
				t.Errorf("%s, %s: %s hops/byte shown, want %s", c.shot, a.Name, got, want)
			}
		}
		// the link loads' rule and bound, as the command line states them
		r := solvetest.Map(t, url.Values{"guest": {c.guest}, "host": {c.host}, "algo": {algos[0].Name}}.Encode())
		if got, want := eval[string](t, ctx, `document.querySelector('#link-bound')?.textContent ?? ""`), "max link load: "+r.Metrics.LinkBound(); got != want {
			t.Errorf("%s: %q, want %q", c.shot, got, want)
		}
		screenshot(t, ctx, c.shot)
	}
}

// TestServerJob opens an instance above the browser's limit, submits it as
// a job and follows the job page to its result.
func TestServerJob(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A17&host=ring%3A131072")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#submit-job")))
	waitJS(t, ctx, `location.pathname.startsWith('/jobs/')`)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	// The page followed the job over its event stream, not by polling.
	if via := eval[string](t, ctx, `document.querySelector('#job-status').dataset.via`); via != "sse" {
		t.Errorf("job followed by %q, want sse", via)
	}
	r := solvetest.Map(t, "algo=xor&guest=hypercube:17&host=ring:131072")
	want := metric.Fixed(r.Metrics.HopsPerByte, 4)
	waitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#metrics td')].some(td => td.textContent === %q)`, want))
	waitJS(t, ctx, `document.querySelector('#job-drawing svg image.heat') !== null`)
	screenshot(t, ctx, "job-xor-17cube")

	// A PAIRS job of 32768 objects (a 15-cube, whose starts are not optimal on
	// this mesh) with a budget of 250 ms: the job page's
	// progress bar moves (events from the server), then the result shows.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: progressScript}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/?algo=pairs&budget=250ms&guest=hypercube%3A15&host=mesh%3A128x256")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	click(t, ctx, "#submit-job")
	waitJS(t, ctx, `location.pathname.startsWith('/jobs/')`)
	waitJS(t, ctx, `document.querySelector('#progress') !== null`)
	screenshot(t, ctx, "job-pairs-running")
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	seen := eval[[]string](t, ctx, `window.__progress`)
	t.Logf("PAIRS job, 32768 objects, 250 ms: %d distinct progress labels (last %q)", len(seen), last(seen))
	if len(seen) < 2 {
		t.Errorf("job progress labels %q: want the bar to move", seen)
	}

	// Cancel a 60 s job from its page.
	open(t, ctx, "/?algo=pairs&budget=60s&guest=hypercube%3A15&host=mesh%3A128x256&seed=3")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`) // once the server's cap is known
	click(t, ctx, "#submit-job")
	// Cancel once the search has made moves (so that it has a best mapping
	// to keep; before, it is still building its starts).
	waitJS(t, ctx, `location.pathname.startsWith('/jobs/') && /after [1-9][0-9,]* moves/.test(document.querySelector('#progress-text')?.textContent)`)
	cancelFromAnotherTab(t, eval[string](t, ctx, `location.pathname`))
	click(t, ctx, "#cancel")
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'cancelled' && !document.querySelector('#progress')`)
	// The cancelled job kept its best placement: drawn, with
	// its metrics and downloads, and said to be partial.
	waitJS(t, ctx, `document.querySelector('#partial') !== null && document.querySelector('#job-drawing svg image.heat') !== null`)
	waitJS(t, ctx, `document.querySelector('#dl-csv') !== null && document.querySelectorAll('#metrics td').length > 0`)
	screenshot(t, ctx, "job-cancelled-partial")
}

// cancelFromAnotherTab opens a running job's page in a tab that did not
// submit it, so holds no cancel token: Cancel says who can cancel, and
// the message stays through the next progress events (they cleared it)
// while the job runs on.
func cancelFromAnotherTab(t *testing.T, path string) {
	other := tab(t)
	open(t, other, path)
	waitJS(t, other, `document.querySelector('#progress-text') !== null`)
	click(t, other, "#cancel")
	waitJS(t, other, `document.querySelector('#cancel-error')?.textContent.includes('Only the tab that submitted this job can cancel it')`)
	label := eval[string](t, other, `document.querySelector('#progress-text').textContent`)
	waitJS(t, other, fmt.Sprintf(`document.querySelector('#progress-text')?.textContent !== %q`, label))
	if eval[bool](t, other, `document.querySelector('#cancel-error') === null || document.querySelector('#job-status').textContent !== 'running'`) {
		t.Error("the cancel message went with the next progress event, or the job stopped")
	}
	screenshot(t, other, "job-cancel-other-tab")
}

// TestJobTooLargeToDraw: a job above the server's drawing cap says on its
// page why it is not drawn, offers no SVG that would fail, and keeps its
// placement downloads (it used to wait on "drawing…" forever).
func TestJobTooLargeToDraw(t *testing.T) {
	ctx := tab(t, "status of 400") // render.svg refuses the job, as it should
	j := submitJob(t, api.Request{Guest: "grid:512x512", Host: "mesh:512x512", Algo: "rowmajor"})
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-svg-error') !== null`)
	msg := eval[string](t, ctx, `document.querySelector('#job-svg-error').textContent`)
	if !strings.Contains(msg, "262,144 nodes") || !strings.Contains(msg, "download its placement") {
		t.Errorf("drawing message %q, want the node count and the way out", msg)
	}
	if eval[bool](t, ctx, `document.querySelector('#job-svg-loading') !== null || document.querySelector('#dl-svg') !== null`) {
		t.Error(`the page still says "drawing…" or offers the SVG`)
	}
	waitJS(t, ctx, `document.querySelector('#dl-csv') !== null`)
	screenshot(t, ctx, "job-too-large-to-draw")
}
