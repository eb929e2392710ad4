//go:build !(js && wasm)

package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestGanttTimesKeepEveryDigit: the times given keep every digit in the
// fields and the permalink (six significant digits turned 1234567 into
// 1234570 and the permalink's totals changed), never in scientific
// notation.
func TestGanttTimesKeepEveryDigit(t *testing.T) {
	for _, tt := range []struct{ ta, tc string }{
		{"1234567", "1.2345678"},
		{"1", "123456.5"},
		{"1000000000", "0.0000003"},
		{"0", "0.000000001"},
	} {
		c := &GanttPage{}
		c.load(app.Context{}, mustQuery(t, "guest=hypercube:3&host=ring:8&algo=xor&vs=standard&ta="+tt.ta+"&tc="+tt.tc))
		if len(c.errs) > 0 {
			t.Fatalf("ta=%s tc=%s: %v", tt.ta, tt.tc, c.errs)
		}
		if u := c.url(); !strings.Contains(u, "ta="+tt.ta+"&") || !strings.Contains(u, "tc="+tt.tc+"&") {
			t.Errorf("ta=%s tc=%s: permalink %s", tt.ta, tt.tc, u)
		}
		for name, want := range map[string]string{"ta": tt.ta, "tc": tt.tc} {
			if html := app.HTMLString(c.timeField(name, name, map[string]float64{"ta": c.ta, "tc": c.tc}[name])); !strings.Contains(html, `value="`+want+`"`) {
				t.Errorf("%s=%s: field %s", name, want, html)
			}
		}
	}
}

// TestGanttInvalidTimesStayInTheirFields: a time that does not parse
// stays in its field, as its message quotes it (the fields showed 1).
func TestGanttInvalidTimesStayInTheirFields(t *testing.T) {
	c := &GanttPage{}
	c.load(app.Context{}, mustQuery(t, "guest=hypercube:3&host=ring:8&algo=xor&vs=standard&ta=-1&tc=abc"))
	for name, want := range map[string]string{"ta": "-1", "tc": "abc"} {
		html := app.HTMLString(c.timeField(name, name, 1))
		if !strings.Contains(html, `value="`+want+`"`) || !strings.Contains(c.errs[name], `"`+want+`"`) {
			t.Errorf("%s: message %q, field %s; want the field to show %q", name, c.errs[name], html, want)
		}
	}
}

// TestGanttDrawsTheSideThatApplies: byweight does not apply to a torus;
// the other embedding is drawn and byweight's message stays under its
// field, Left or Right, and stands in its chart's place.
func TestGanttDrawsTheSideThatApplies(t *testing.T) {
	for _, tt := range []struct{ query, bad string }{
		{"algo=byweight&vs=xor", "algo"},
		{"algo=xor&vs=byweight", "vs"},
	} {
		c := &GanttPage{}
		c.load(app.Context{}, mustQuery(t, "guest=hypercube:6&host=torus:8x8&"+tt.query))
		if len(c.scheds) != 1 || c.scheds[0].Algo != "xor" || len(c.svgs) != 1 {
			t.Errorf("%s: %d schedules, %d drawings; want xor's", tt.query, len(c.scheds), len(c.svgs))
		}
		if !strings.Contains(c.errs[tt.bad], "byweight") || len(c.errs) != 1 {
			t.Errorf("%s: errors %v, want byweight's under %s", tt.query, c.errs, tt.bad)
		}
		if html := app.HTMLString(c.renderCharts()); !strings.Contains(html, `id="missing-`+tt.bad+`"`) || !strings.Contains(html, "byweight does not apply") {
			t.Errorf("%s: byweight's message not in its chart's place:\n%.600s", tt.query, html)
		}
	}
	// The permalink keeps the Left that does not apply (it was /gantt).
	c := &GanttPage{}
	c.load(app.Context{}, mustQuery(t, "guest=hypercube:6&host=torus:8x8&algo=byweight&vs=xor"))
	if got, want := c.url(), "/gantt?algo=byweight&guest=hypercube:6&host=torus:8x8&ta=1&tc=1&vs=xor"; got != want {
		t.Errorf("url %s, want %s", got, want)
	}
	c.load(app.Context{}, mustQuery(t, "guest=hypercube:6&host=torus:8x8&algo=byweight&vs=byweight"))
	if len(c.scheds) != 0 {
		t.Errorf("%d schedules where neither side applies", len(c.scheds))
	}
}

// TestGanttInvalidInstanceDoesNotPanic: an invalid guest or host, or
// none, is its field's message, not a panic in Right's check (the
// server's prerender answered /gantt?guest=bogus with a 500).
func TestGanttInvalidInstanceDoesNotPanic(t *testing.T) {
	for _, q := range []string{"guest=bogus", "guest=hypercube:3", "guest=hypercube:3&host=bogus", "host=bogus"} {
		c := &GanttPage{}
		c.load(app.Context{}, mustQuery(t, q))
		if c.errs["guest"] == "" && c.errs["host"] == "" {
			t.Errorf("%s: errors %v, want the guest's or the host's", q, c.errs)
		}
	}
}

// TestGanttRowsNoteSeparatesThousands: the note on the rows shown reads
// "processes 1,000 and on".
func TestGanttRowsNoteSeparatesThousands(t *testing.T) {
	c := &GanttPage{}
	c.load(app.Context{}, mustQuery(t, "guest=hypercube:12&host=ring:4096&algo=xor&vs=standard&from=1000&order=host"))
	if len(c.scheds) == 0 {
		t.Fatalf("no schedule: %v %s", c.errs, c.err)
	}
	if got := c.rows(c.scheds[0]).RowsNote; got != "processes 1,000 and on, in host order" {
		t.Errorf("rows note %q", got)
	}
}
