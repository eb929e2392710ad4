//go:build !(js && wasm)

package e2e

// Browser tests of the job pages: a job's downloads and request, and My
// jobs.

import (
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
	"topomap/backend/api"
)

// TestJobPageDownloads: a finished job's page compares its hop-bytes with
// rank order's, and every download saves a file named like the explorer's
// (guest_host_algo.ext), and the page stays (the router used to catch the
// links and show its 404 page).
func TestJobPageDownloads(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"})
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done' && [...document.querySelectorAll('.downloads a')].some(a => a.textContent === 'scotch')`)
	// The metrics compare the answer with the launcher's default, as the
	// command line's do, the figure joined to its "%" by a no-break space.
	const vs = "−26.7\u00a0% hop-bytes vs rank order (identity: 240)"
	if got := eval[string](t, ctx, `document.querySelector('tr[data-metric="baseline"] td')?.textContent ?? ''`); got != vs {
		t.Errorf("baseline row %q, want %q", got, vs)
	}
	for _, d := range []struct{ id, file, starts string }{
		{"json", "json", `{"guest":"hypercube:4"`},
		{"csv", "csv", "vertex,node,x1,g1,g2,g3,g4\n"},
		{"rankorder", "rankorder", "# MPICH_RANK_ORDER"},
		{"scotch", "map", "16\n"},
		{"svg", "svg", "<?xml"},
		{"text", "txt", "hypercube:4 on ring:16 by xor"},
		{"png", "png", "\x89PNG"},
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
	screenshot(t, ctx, "job-downloads")

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
	screenshot(t, ctx, "job-390")
}

// TestJobPageOffersWhatItsResultCanSay: a job on an allocation whose
// ranks fill its slots offers MPICH_RANK_ORDER, which lists the ranks on
// the job's slots (it was hidden because the machine has slots to spare);
// a job that leaves slots of its host empty does not, since the file
// cannot say so.
func TestJobPageOffersWhatItsResultCanSay(t *testing.T) {
	alloc := submitJob(t, api.Request{Guest: "grid:4x4", Host: "preset:xe6-slice", Algo: "identity", Nodes: "nid[00010-00013]", RanksPerNode: 4})
	holes := submitJob(t, api.Request{Guest: "grid:2x2", Host: "ring:8", Algo: "identity"})
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/jobs/"+alloc.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done' && document.querySelector('#dl-rankfile') !== null`)
	click(t, ctx, "#dl-rankorder")
	b := waitGlob(t, filepath.Join(dir, "*.rankorder"))
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) != 2 || lines[1] != "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15" {
		t.Errorf("rank order of the allocation job:\n%s", b)
	}
	open(t, ctx, "/jobs/"+holes.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done' && document.querySelector('#dl-rankfile') !== null`)
	if eval[bool](t, ctx, `document.querySelector('#dl-rankorder') !== null`) {
		t.Error("a job with empty slots offers rankorder, which cannot say so")
	}
}

// TestJobRequestDetails: the job page shows the whole request, the times
// and links to the explorer and to itself.
func TestJobRequestDetails(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:8x8", Host: "mesh:8x8", Algo: "pairs", Seed: 7, Budget: "200ms", Start: "rowmajor"})
	ctx := tab(t)
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	for k, v := range map[string]string{"seed": "7", "budget": "200 ms", "start": "rowmajor"} {
		if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#request dd[data-key=%q]')?.textContent ?? ''`, k)); got != v {
			t.Errorf("request %s shown %q, want %q", k, got, v)
		}
	}
	const explorer = "/?algo=pairs&budget=200ms&guest=grid:8x8&host=mesh:8x8&seed=7&start=rowmajor"
	if href := eval[string](t, ctx, `document.querySelector('#to-explorer').getAttribute('href')`); href != explorer {
		t.Errorf("explorer link %q, want %q", href, explorer)
	}
	if eval[string](t, ctx, `document.querySelector('#request dd[data-key="finished"]')?.textContent ?? ''`) == "" {
		t.Error("no finish time")
	}
	screenshot(t, ctx, "job-request")
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
	screenshot(t, ctx, "my-jobs")
	click(t, ctx, row+" button.delete")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('%s') === null && !localStorage.getItem('topomap.jobs').includes(%q)`, row, id))
}

// TestMyJobsShowsTheServerList: My jobs shows, beside this browser's own
// jobs, the server's newest first, whoever submitted them, with their
// times' zone as the job page writes it, and loads older ones a page at a
// time.
func TestMyJobsShowsTheServerList(t *testing.T) {
	var ids []string // submitted by the test, not by the browser, oldest first
	for n := 5; n <= 25; n++ {
		shape := fmt.Sprintf("3x%d", n)
		ids = append(ids, submitJob(t, api.Request{Guest: "grid:" + shape, Host: "mesh:" + shape, Algo: "rowmajor"}).ID)
	}
	ctx := tab(t)
	open(t, ctx, "/my-jobs")
	row := func(id string) string { return fmt.Sprintf(`#server-jobs tr[data-job=%q]`, id) }
	newest := ids[len(ids)-1]
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#server-jobs tbody tr')?.dataset.job === %q`, newest))
	if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('%s td.status')?.textContent ?? ''`, row(newest))); got != "done" {
		t.Errorf("newest job's status %q, want done", got)
	}
	// Its time names its zone as the job page does: "UTC", not Go's "UTC+0".
	if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('%s td:nth-child(4)')?.textContent ?? ''`, row(newest))); !regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d UTC([+-]\d+(:\d\d)?)?$`).MatchString(got) || strings.HasSuffix(got, "UTC+0") {
		t.Errorf("created %q, want its zone as the job page writes it", got)
	}
	if eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('#my-jobs tr[data-job=%q]') !== null`, newest)) {
		t.Error("a job another client submitted is in this browser's list")
	}
	if eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('%s') !== null`, row(ids[0]))) {
		t.Error("the 21st newest job is on the first page")
	}
	screenshot(t, ctx, "my-jobs-server")
	click(t, ctx, "#more-server-jobs")
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('%s') !== null || document.querySelector('#server-jobs-note') !== null`, row(ids[0])))
	if note := eval[string](t, ctx, `document.querySelector('#server-jobs-note')?.textContent ?? ''`); note != "" {
		t.Fatalf("the second page: %s", note)
	}
	if n := eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll('#server-jobs tr[data-job=%q]').length`, ids[1])); n != 1 {
		t.Errorf("job %s listed %d times after the second page", ids[1], n)
	}
}

// TestJobPageShowsTheExplorersMetrics: a finished job's page shows every
// figure the explorer's table shows for that result (metric.Detail, with
// the baseline and the time), each label on one line, and its time budget
// written for people ("300 ms", not Go's "300ms"), and its times' zone
// ("UTC", not "UTC+0").
func TestJobPageShowsTheExplorersMetrics(t *testing.T) {
	j := submitJob(t, api.Request{Guest: "grid:8x8", Host: "torus:4x4:cores=4", Algo: "pairs", Seed: 1, Budget: "300ms"})
	ctx := tab(t)
	open(t, ctx, "/jobs/"+j.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done' && document.querySelector('#job-drawing svg') !== null`)
	screenshot(t, ctx, "job-metrics")
	var want []string
	for _, r := range j.Metrics.Rows(metric.Detail) {
		want = append(want, r.Label)
	}
	want = append(want, "baseline", "time")
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#metrics tr[data-metric]')].map(tr => tr.dataset.metric)`)
	if !slices.Equal(got, want) {
		t.Errorf("job page metrics\n%q\nwant the explorer's\n%q", got, want)
	}
	// A label that wraps is taller than a line of its row's figure.
	wrapped := eval[[]string](t, ctx, `[...document.querySelectorAll('#metrics th')].filter(th => {
		const r = document.createRange(); r.selectNodeContents(th);
		return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size > 1 }).map(th => th.textContent)`)
	if len(wrapped) > 0 {
		t.Errorf("metric labels wrap: %q", wrapped)
	}
	if got := eval[string](t, ctx, `document.querySelector('#request dd[data-key="budget"]')?.textContent ?? ''`); got != "300 ms" {
		t.Errorf("budget shown %q, want \"300 ms\"", got)
	}
	// Its times name their zone as people write it: "UTC", not Go's "UTC+0".
	if got := eval[string](t, ctx, `document.querySelector('#request dd[data-key="created"]')?.textContent ?? ''`); !regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC([+-]\d+(:\d\d)?)?$`).MatchString(got) || strings.HasSuffix(got, "UTC+0") {
		t.Errorf("submitted at %q", got)
	}
}
