//go:build !(js && wasm)

package e2e

// Browser tests of the figures people read: thousands separators and no
// exponent, rows only where they mean something, estimates apart from
// bounds, and words that agree with their numbers.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var (
	// exponent matches a number in scientific notation (1.7722368e+07).
	exponent = regexp.MustCompile(`\de[+-]?\d`)
	// ungrouped matches four or more digits in a whole part (12290).
	ungrouped = regexp.MustCompile(`(^|[^.,\d])\d{4,}`)
	// plural1 matches a plural after the number 1 ("1 hops").
	plural1 = regexp.MustCompile(`(^|[^.,\d])1 (hops|edges|vertices|nodes|arcs|links|moves|messages)\b`)
)

// screenshots saves the page at a phone's 390 px and at 1280×800, the
// size it leaves the tab at.
func screenshots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, w := range []int64{390, 1280} {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 800, DeviceScaleFactor: 1}); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("%s-%d", name, w))
	}
}

// panelFigures returns the label and text of every row of the metrics
// panel's tables but the run time.
func panelFigures(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	rows := eval[[][]string](t, ctx, `[...document.querySelectorAll('#metrics tr')].filter(tr => tr.querySelector('td'))
		.map(tr => [tr.dataset.metric ?? tr.querySelector('td').textContent, [...tr.querySelectorAll('td')].map(td => td.textContent).join(' | ')])`)
	out := map[string]string{}
	for _, r := range rows {
		if r[0] != "time" {
			out[r[0]] = r[1]
		}
	}
	return out
}

// TestMetricsPanelGroupsThousands: every figure of the panel has
// thousands separators and none is in scientific notation (here the node
// volumes, 14,336 and 1,792).
func TestMetricsPanelGroupsThousands(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A64x64&host=mesh%3A8x8%3Acores%3D64")
	waitJS(t, ctx, `document.querySelector('#metrics tr[data-metric="hop-bytes"] td') !== null`)
	for label, text := range panelFigures(t, ctx) {
		if exponent.MatchString(text) || ungrouped.MatchString(text) {
			t.Errorf("row %s: %q has a figure without separators or in scientific notation", label, text)
		}
	}
	if got := metricText(t, ctx, "intra-node volume"); got != "14,336" {
		t.Errorf("intra-node volume %q, want 14,336", got)
	}
	screenshots(t, ctx, "metrics-cores")
}

// TestMetricsRowsSayOnlyWhatApplies: no node volumes on a host without
// cores, no lower bound of 0 on a host with cores (a 3-cube fits on one
// node of 8 cores, so every bound is 0), and the estimate of the sources
// in a table of its own, not among the bounds.
func TestMetricsRowsSayOnlyWhatApplies(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=identity&guest=hypercube%3A3&host=ring%3A2%3Acores%3D8")
	waitJS(t, ctx, `document.querySelector('#metrics tr[data-metric="hop-bytes"] td') !== null`)
	if n := count(t, ctx, `#metrics tr[data-metric="lower bound"]`); n != 0 {
		t.Errorf("a lower bound row on a host with cores: %q", metricText(t, ctx, "lower bound"))
	}
	if n := count(t, ctx, `#bounds td`); n != 0 {
		t.Errorf("bounds listed on a host with cores: %s", eval[string](t, ctx, `document.querySelector('#bounds').textContent`))
	}

	open(t, ctx, "/?algo=affn&guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelector('#metrics tr[data-metric="hop-bytes"] td') !== null`)
	for _, row := range []string{"intra-node volume", "inter-node volume"} {
		if n := count(t, ctx, fmt.Sprintf(`#metrics tr[data-metric=%q]`, row)); n != 0 {
			t.Errorf("a %s row on a host without cores", row)
		}
	}
	bounds := eval[string](t, ctx, `document.querySelector('#bounds')?.textContent ?? ""`)
	estimates := eval[string](t, ctx, `document.querySelector('#estimates')?.textContent ?? ""`)
	if strings.Contains(bounds, "estimate") || strings.Contains(bounds, "affine") || !strings.Contains(estimates, "affine") {
		t.Errorf("bounds %q, estimates %q: want the affine estimate apart from the bounds", bounds, estimates)
	}
	screenshots(t, ctx, "metrics-estimates")
}

// TestTooltipsAgreeInNumber: one hop, one edge, not "1 hops", "1 edges".
func TestTooltipsAgreeInNumber(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A2x1&host=mesh%3A2x1")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 2`)
	eval[bool](t, ctx, `document.querySelector('#drawing svg .n[data-v="0"]').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))`)
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest vertex 0')`)
	vertex := eval[string](t, ctx, `document.querySelector('#hover').textContent`)
	eval[bool](t, ctx, `document.querySelector('#drawing svg .e').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))`)
	waitJS(t, ctx, `document.querySelector('#hover').textContent.startsWith('guest edge')`)
	edge := eval[string](t, ctx, `document.querySelector('#hover').textContent`)
	for _, s := range []string{vertex, edge} {
		if plural1.MatchString(s) {
			t.Errorf("tooltip %q: a plural after 1", s)
		}
	}
	if !strings.Contains(vertex, "1 edge, the longest 1 hop") || !strings.Contains(edge, "(1 hop)") {
		t.Errorf("tooltips %q and %q: want \"1 edge, the longest 1 hop\" and \"(1 hop)\"", vertex, edge)
	}
}
