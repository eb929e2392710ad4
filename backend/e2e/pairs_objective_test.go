package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
)

// TestPairsObjective: next to the algorithm, PAIRS offers what
// to minimise; choosing congestion records it in the permalink and maps
// again, as the CLI does natively: on grid:64x16 → torus:32x32 (30,000
// moves, seed 1) the largest link load falls from 8 (hop-bytes) to 6
// (Σ L²), the hops per byte rise from 1.0569 to 1.0838. The page shows
// both figures of each run, as computed natively.
func TestPairsObjective(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	const q = "algo=pairs&guest=grid:64x16&host=torus:32x32&moves=30000&seed=1"
	hb, cong := solvetest.Map(t, q), solvetest.Map(t, q+"&objective=congestion")
	if !(*cong.Metrics.MaxLinkLoad < *hb.Metrics.MaxLinkLoad) {
		t.Fatalf("natively, max link load %v under congestion, %v under hop-bytes: no drop to show", *cong.Metrics.MaxLinkLoad, *hb.Metrics.MaxLinkLoad)
	}
	shows := func(r *solve.Result) string {
		return fmt.Sprintf(`(m => m('hops per byte') === %q && m('max link load') === %q)(`+
			`k => document.querySelector('#metrics tr[data-metric="' + k + '"] td')?.textContent)`,
			metric.Fixed(r.Metrics.HopsPerByte, 4), metric.FormatLoad(*r.Metrics.MaxLinkLoad))
	}
	open(t, ctx, "/?"+strings.ReplaceAll(q, ":", "%3A"))
	waitJS(t, ctx, shows(hb))
	if v := eval[string](t, ctx, `document.querySelector('#f-objective').value`); v != "hopbytes" {
		t.Errorf("objective shows %q, want hopbytes", v)
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-objective"), "congestion"))
	eval[bool](t, ctx, `(s => { s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-objective'))`)
	waitJS(t, ctx, `location.search.includes('objective=congestion')`)
	waitJS(t, ctx, shows(cong))
	screenshot(t, ctx, "explorer-pairs-congestion")
	// the permalink repeats it on a fresh load
	open(t, ctx, "/?"+strings.ReplaceAll(q, ":", "%3A")+"&objective=congestion")
	waitJS(t, ctx, shows(cong))
	if v := eval[string](t, ctx, `document.querySelector('#f-objective').value`); v != "congestion" {
		t.Errorf("objective shows %q after a reload, want congestion", v)
	}
	// a server job with the objective records it, shows it with the
	// request and gives the figures of the native run
	body, _ := json.Marshal(map[string]any{"guest": "grid:64x16", "host": "torus:32x32", "algo": "pairs", "moves": 30000, "seed": 1, "objective": "congestion"})
	resp, err := http.Post(baseURL+"/api/v1/jobs", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var job struct{ ID string }
	json.NewDecoder(resp.Body).Decode(&job)
	resp.Body.Close()
	if job.ID == "" {
		t.Fatalf("no job id (status %s)", resp.Status)
	}
	open(t, ctx, "/jobs/"+job.ID)
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'done'`)
	if v := eval[string](t, ctx, `document.querySelector('#request dd[data-key="objective"]')?.textContent ?? ""`); v != "congestion" {
		t.Errorf("job request shows objective %q, want congestion", v)
	}
	waitJS(t, ctx, shows(cong))
	if href := eval[string](t, ctx, `document.querySelector('#to-explorer').getAttribute('href')`); !strings.Contains(href, "objective=congestion") {
		t.Errorf("the job's explorer link %s drops the objective", href)
	}
}
