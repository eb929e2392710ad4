//go:build !(js && wasm)

package e2e

// Browser tests of the Gantt page: its times and its views at scale.

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestGanttTimesKept: T_a can be 0 (it used to snap back to 1), values
// beyond the slider's old range and between its steps are kept, and the
// number fields edit them.
func TestGanttTimesKept(t *testing.T) {
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
	screenshot(t, ctx, "gantt-wait-host-order")

	open(t, ctx, "/gantt?algo=pairs&budget=40ms&guest=hypercube%3A6&host=torus%3A8x8&seed=5&start=standard&vs=xor")
	waitJS(t, ctx, `document.querySelector('#gantt-summary tr[data-algo="pairs"]') !== null && !document.querySelector('#progress')`)
	if v := eval[string](t, ctx, `document.querySelector('#f-budget').value + ' ' + document.querySelector('#f-seed').value`); v != "40ms 5" {
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
