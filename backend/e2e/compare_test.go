//go:build !(js && wasm)

package e2e

// Browser tests of the compare page: above the browser's cap, and
// cancelled.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCompareAboveCapRunsJobs: Compare above the browser's cap runs every
// applicable algorithm as a job, not rowmajor alone.
func TestCompareAboveCapRunsJobs(t *testing.T) {
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

// TestCompareCancelMarksNotRun: cancelling a comparison marks the algorithms it
// did not run.
func TestCompareCancelMarksNotRun(t *testing.T) {
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
	screenshot(t, ctx, "compare-cancelled")
}
