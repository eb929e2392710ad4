package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestPairsSearchPanel (issues 12 and 14): the explorer shows what PAIRS
// did (moves, improving moves, the start among those tried), offers the
// starts that apply as a list, suggests a budget when the search stopped
// by its own rule above the lower bound, says when its start was already
// optimal, and warns about a very large maximum dilation.
func TestPairsSearchPanel(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	open(t, ctx, "/?algo=pairs&guest=grid%3A9x8&host=mesh%3A6x12&start=snake&seed=1")
	waitJS(t, ctx, `document.querySelector('#search-moves') !== null`)
	text := eval[string](t, ctx, `document.querySelector('#search-moves').textContent`)
	if !strings.Contains(text, "moves") || !strings.Contains(text, "improving") || !strings.Contains(text, "from snake") {
		t.Errorf("search line %q", text)
	}
	// the start list: "best of all" (*) then the heuristics that apply
	g, _ := spec.ParseGuest("grid:9x8")
	h, _ := spec.ParseHost("mesh:6x12")
	want := []string{"*"}
	for _, a := range solve.Starts(g, h) {
		want = append(want, a.Name)
	}
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#f-start option')].map(o => o.value)`)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("start options %q, want %q", got, want)
	}
	if v := eval[string](t, ctx, `document.querySelector('#f-start').value`); v != "snake" {
		t.Errorf("start select shows %q, want snake", v)
	}
	if hpb := metricText(t, ctx, "hops per byte"); hpb == "2.0866" {
		t.Errorf("PAIRS from snake stayed at its start, %s", hpb)
	}
	// stopped by its own rule above the lower bound: a budget is offered
	// that plans twice the moves made (1,004,544: 0.3 s at 8M moves a second)
	waitJS(t, ctx, `document.querySelector('#suggest-link')?.getAttribute('href').includes('budget=300ms')`)
	screenshot(t, ctx, "explorer-pairs-search")
	// choosing another start from the list runs again from it
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-start"), "step"))
	eval[bool](t, ctx, `(s => { s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-start'))`)
	waitJS(t, ctx, `location.search.includes('start=step') && document.querySelector('#search-moves')?.textContent.includes('from step')`)
	// and "best of all" drops the start from the URL
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-start"), "*"))
	eval[bool](t, ctx, `(s => { s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-start'))`)
	waitJS(t, ctx, `!location.search.includes('start=') && document.querySelector('#search-moves')?.textContent.includes('chosen among')`)

	// a start already at the lower bound is returned as it is, said so,
	// and no budget is offered
	open(t, ctx, "/?algo=pairs&guest=grid%3A8x8&host=torus%3A8x8")
	waitJS(t, ctx, `document.querySelector('#search-moves')?.textContent.startsWith('PAIRS: its start rowmajor already meets the lower bound')`)
	if eval[bool](t, ctx, `document.querySelector('#suggest-link') !== null`) {
		t.Error("a budget is offered to search from an optimal start")
	}

	// a very large maximum dilation is warned about
	open(t, ctx, "/?algo=mxovlp&guest=grid%3A27x44&host=mesh%3A36x33")
	waitJS(t, ctx, `document.querySelector('#dilation-warning')?.textContent.includes('maximum dilation 59')`)
}

// TestPairsBudgetRepeats: a budgeted permalink gives in the
// browser the result the CLI gives natively, though the browser is far
// slower than the budget (1 ms, which its clock used to cut): the same
// metrics and the same moves, on every load, and the URL is left alone
// (no moves= to add).
func TestPairsBudgetRepeats(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	const q = "algo=pairs&budget=1ms&guest=grid:40x30&host=mesh:20x60&start=rowmajor&seed=2"
	want := solvetest.Map(t, q)
	wantMoves := fmt.Sprintf("PAIRS made %s moves and tried %s swaps", metric.Thousands(int(want.Pairs.Moves)),
		metric.Thousands(int(want.Pairs.ClosingSwaps)))
	path := "/?" + strings.ReplaceAll(q, ":", "%3A")
	for range 2 {
		open(t, ctx, path)
		waitJS(t, ctx, `document.querySelector('#search-moves') !== null`)
		checkMetrics(t, ctx, want)
		if text := eval[string](t, ctx, `document.querySelector('#search-moves').textContent`); !strings.HasPrefix(text, wantMoves) {
			t.Errorf("search line %q, want it to start %q", text, wantMoves)
		}
		if url := eval[string](t, ctx, `location.search`); strings.Contains(url, "moves=") {
			t.Errorf("the run changed the URL to %q", url)
		}
	}
}

// TestPairsJobSearch: a PAIRS job's page shows the moves, the
// improving moves and the start, and links to the Explorer with the
// moves that repeat the run.
func TestPairsJobSearch(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	// A move cap keeps the job short under the race detector (a default
	// run of this size is about 1 s natively, 5-10 times that with -race).
	body, _ := json.Marshal(map[string]any{"guest": "grid:64x64", "host": "mesh:32x128", "algo": "pairs", "moves": 200000, "start": "snake"})
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
	waitJS(t, ctx, `document.querySelector('#search-moves')?.textContent.includes('from snake')`)
	text := eval[string](t, ctx, `document.querySelector('#search-moves').textContent`)
	// counts with thousands separators (some 200,000 moves)
	m := regexp.MustCompile(`^PAIRS made (\d{1,3}(,\d{3})*) moves and tried (\d{1,3}(,\d{3})*) swaps in its closing search, (\d{1,3}(,\d{3})*) of them \(moves and swaps\) improving`).FindStringSubmatch(text)
	if m == nil || len(m[1]) < len("200,000") || m[5] == "0" {
		t.Errorf("job search line %q", text)
	}
	screenshot(t, ctx, "job-pairs-search")
}
