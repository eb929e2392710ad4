//go:build !(js && wasm)

package e2e

// Browser tests of the Gantt page: its times and its views at scale.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
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

// TestGanttTimesExactInFieldsAndPermalink: T_a and t_c keep every digit
// given, in their fields and in the permalink, so that the permalink gives
// the same totals; no field clips its value.
func TestGanttTimesExactInFieldsAndPermalink(t *testing.T) {
	ctx := tab(t)
	const q = "guest=hypercube:3&host=ring:8&algo=xor"
	open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A3&host=ring%3A8&vs=standard&ta=1234567&tc=1.2345678")
	want := metric.Number(modelTotal(t, q, 1234567, 1.2345678))
	total := fmt.Sprintf(`document.querySelector('#gantt-summary tr[data-algo="xor"] td.total')?.textContent === %q`, want)
	waitJS(t, ctx, total)
	if v := eval[string](t, ctx, `document.querySelector('#f-ta').value + ' ' + document.querySelector('#f-tc').value`); v != "1234567 1.2345678" {
		t.Errorf("fields %q, want 1234567 1.2345678", v)
	}
	href := eval[string](t, ctx, `document.querySelector('#permalink').getAttribute('href')`)
	if !strings.Contains(href, "ta=1234567&") || !strings.Contains(href, "tc=1.2345678&") {
		t.Errorf("permalink %s", href)
	}
	open(t, ctx, href)
	waitJS(t, ctx, total)
	for _, c := range []struct{ query, field, want string }{
		{"tc=123456.5", "#f-tc", "123456.5"},
		{"tc=0.0000003", "#f-tc", "0.0000003"},
		{"tc=0.000000001", "#f-tc", "0.000000001"},
		{"ta=1000000000", "#f-ta", "1000000000"},
	} {
		open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A3&host=ring%3A8&vs=standard&"+c.query)
		waitJS(t, ctx, `document.querySelector('#gantt-summary td.total') !== null`)
		if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).value`, c.field)); got != c.want {
			t.Errorf("%s: field shows %q, want %q", c.query, got, c.want)
		}
		if clipped := eval[bool](t, ctx, fmt.Sprintf(`(el => el.scrollWidth > el.clientWidth)(document.querySelector(%q))`, c.field)); clipped {
			t.Errorf("%s: the field clips %q", c.query, c.want)
		}
	}
	screenshot(t, ctx, "gantt-times-exact")
}

// TestGanttInvalidTimesShownAsGiven: a time the URL gives that does not
// parse stays in its (red) field, as its message quotes it.
func TestGanttInvalidTimesShownAsGiven(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A3&host=ring%3A8&vs=standard&ta=-1&tc=abc")
	waitJS(t, ctx, `document.querySelector('#err-ta') !== null && document.querySelector('#err-tc') !== null`)
	for _, c := range [][2]string{{"ta", "-1"}, {"tc", "abc"}} {
		got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#f-%s').value`, c[0]))
		msg := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#err-%s').textContent`, c[0]))
		if got != c[1] || !strings.Contains(msg, `"`+c[1]+`"`) {
			t.Errorf("%s: field %q, message %q; want the field to show %q", c[0], got, msg, c[1])
		}
	}
	screenshot(t, ctx, "gantt-invalid-times")
}

// TestGanttRowsLabelled: a 64-row chart numbers its rows at a readable
// step and names the axis; in host order each label gives the process
// and its host node; every text stays at 11 px or more, at 1280 and at
// 390 px.
func TestGanttRowsLabelled(t *testing.T) {
	ctx := tab(t)
	for _, w := range []int64{1280, 390} {
		setWidth(t, ctx, w)
		ganttRowsLabelled(t, ctx, fmt.Sprint(w))
	}
}

func ganttRowsLabelled(t *testing.T, ctx context.Context, width string) {
	t.Helper()
	for _, c := range []struct{ path, title, sep, shot string }{
		{"/gantt?algo=xor&guest=hypercube%3A6&host=torus%3A8x8&vs=standard", "process", "", "gantt-rows-64"},
		{"/gantt?algo=xor&guest=hypercube%3A12&host=ring%3A4096&vs=standard&show=wait&order=host", "process @ host node", " @ ", "gantt-rows-wait-host"},
		{"/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight&order=host", "process @ host node", " @ ", "gantt-rows-8-host"},
	} {
		open(t, ctx, c.path)
		waitJS(t, ctx, `document.querySelectorAll('.gantt-panel svg').length === 2`)
		waitJS(t, ctx, `(s => s && s.viewBox.baseVal.width <= s.parentNode.clientWidth + 12)(document.querySelector('.zoom-host > svg'))`)
		labels := eval[[]string](t, ctx, `[...document.querySelectorAll('#gantt-0 svg text[data-row]')].map(e => e.textContent)`)
		if len(labels) < 8 {
			t.Errorf("%s: %d row labels %q, want 8 or more", c.path, len(labels), labels)
		}
		for _, l := range labels {
			if strings.Contains(l, " @ ") != (c.sep != "") {
				t.Errorf("%s: row label %q", c.path, l)
			}
		}
		if gap := eval[float64](t, ctx, `(ys => Math.min(...ys.slice(1).map((y, i) => y - ys[i])))([...document.querySelectorAll('#gantt-0 svg text[data-row]')].map(e => e.getBoundingClientRect().top))`); gap < 11 {
			t.Errorf("%s: row labels %.1f px apart", c.path, gap)
		}
		if title := eval[string](t, ctx, `document.querySelector('#gantt-0 svg text.axis-title')?.textContent ?? ""`); title != c.title {
			t.Errorf("%s: axis title %q, want %q", c.path, title, c.title)
		}
		if small := smallDrawingTexts(t, ctx); len(small) > 0 {
			t.Errorf("%s: %d texts below %d px, e.g. %q", c.path, len(small), minDrawingTextPx, small[:min(3, len(small))])
		}
		screenshot(t, ctx, c.shot+"-"+width)
	}
}

// TestGanttDrawsTheSideThatApplies: when one of the two embeddings does
// not apply (byweight on a torus), the other is drawn at its usual width
// and the first's message is shown under its field and in its chart's
// place.
func TestGanttDrawsTheSideThatApplies(t *testing.T) {
	ctx := tab(t)
	for _, c := range []struct{ query, bad string }{
		{"algo=byweight&guest=hypercube%3A6&host=torus%3A8x8&vs=xor", "algo"},
		{"algo=xor&guest=hypercube%3A6&host=torus%3A8x8&vs=byweight", "vs"},
	} {
		open(t, ctx, "/gantt?"+c.query)
		waitJS(t, ctx, `document.querySelector('#gantt-summary tr[data-algo="xor"]') !== null`)
		if n := count(t, ctx, ".gantt-panel svg"); n != 1 {
			t.Errorf("%s: %d charts, want 1", c.query, n)
		}
		if msg := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#err-%s')?.textContent ?? ""`, c.bad)); !strings.Contains(msg, "byweight") {
			t.Errorf("%s: message %q, want byweight's", c.query, msg)
		}
		// In the chart's place, side by side with the other, its message.
		if msg := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#missing-%s')?.textContent ?? ""`, c.bad)); !strings.Contains(msg, "byweight does not apply") {
			t.Errorf("%s: in the chart's place %q, want byweight's message", c.query, msg)
		}
		if !eval[bool](t, ctx, `(p => p.length === 2 && Math.abs(p[0].getBoundingClientRect().width - p[1].getBoundingClientRect().width) < 2)(document.querySelectorAll('.gantt-panel'))`) {
			t.Errorf("%s: the chart does not keep half the width", c.query)
		}
	}
	screenshot(t, ctx, "gantt-one-side")
	// A host typed on which the Left no longer applies: the Right alone.
	open(t, ctx, "/gantt?algo=byweight&guest=hypercube%3A6&host=line%3A64&vs=standard")
	waitJS(t, ctx, `document.querySelectorAll('.gantt-panel svg').length === 2`)
	setField(t, ctx, "#f-host", "torus:8x8", "input", "change")
	waitJS(t, ctx, `location.search.includes('host=torus:8x8') && document.querySelector('#missing-algo') !== null`)
	if n := count(t, ctx, ".gantt-panel svg"); n != 1 {
		t.Errorf("after the host typed: %d charts, want standard's alone", n)
	}
}

// TestGanttCountsSeparateThousands: the Gantt charts' "(64 of N)" reads
// with thousands separators, on the page and in the server's drawing.
func TestGanttCountsSeparateThousands(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A12&host=ring%3A4096&vs=standard")
	waitJS(t, ctx, `document.querySelectorAll('.gantt-panel svg').length === 2`)
	if !eval[bool](t, ctx, `document.querySelector('#gantt-0 svg').textContent.includes('(64 of 4,096)')`) {
		t.Error("the page's chart lacks (64 of 4,096)")
	}
	if svg := get(t, "/api/v1/render.svg?view=gantt&guest=hypercube:14&host=ring:16384&algo=xor"); !strings.Contains(svg, "(64 of 16,384)") {
		t.Errorf("the server's chart lacks (64 of 16,384): %.300s", svg)
	}
}

// TestGanttRowChoiceFitsTheCube: a cube of fewer processes than a chart
// draws offers all of them, not "64 from number…" with a number field
// that changes nothing.
func TestGanttRowChoiceFitsTheCube(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight")
	waitJS(t, ctx, `document.querySelectorAll('#gantt svg .bar').length > 0`)
	got := eval[string](t, ctx, `[...document.querySelectorAll('#f-show option')].map(o => o.textContent).join('|') + (document.querySelector('#f-from').disabled ? ' disabled' : '')`)
	if want := "all 8|the 8 that wait longest disabled"; got != want {
		t.Errorf("row choice %q, want %q", got, want)
	}
}
