//go:build !(js && wasm)

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// viewport sets the tab's window to width×height CSS pixels.
func viewport(t *testing.T, ctx context.Context, width, height int64) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride,
		emulation.SetDeviceMetricsOverrideParams{Width: width, Height: height, DeviceScaleFactor: 1, Mobile: width < 600}); err != nil {
		t.Fatal(err)
	}
}

// TestFirstScreenSaysWhatTopomapDoes: at 1280×800 the explorer's first
// screen says in three sentences what topomap does, offers the example
// gallery, and shows the drawing above the fold; at 390 px the text and the
// gallery fit the width.
func TestFirstScreenSaysWhatTopomapDoes(t *testing.T) {
	ctx := tab(t)
	viewport(t, ctx, 1280, 800)
	open(t, ctx, "/")
	waitJS(t, ctx, `document.querySelector('#drawing svg') !== null`)
	pitch := eval[string](t, ctx, `document.querySelector('#intro .pitch').textContent`)
	if n := strings.Count(strings.TrimSpace(pitch)+" ", ". "); n != 3 {
		t.Errorf("the pitch has %d sentences, want 3: %q", n, pitch)
	}
	if n := count(t, ctx, `#examples a.example`); n < 6 {
		t.Errorf("the gallery has %d examples, want at least 6", n)
	}
	// the drawing starts above the fold, with a good part of it visible
	shown := eval[float64](t, ctx, `(r => Math.min(r.bottom, innerHeight) - Math.max(r.top, 0))(document.querySelector('#drawing').getBoundingClientRect())`)
	if shown < 200 {
		t.Errorf("%.0f px of the drawing show in the first 800 px, want at least 200", shown)
	}
	if y := eval[float64](t, ctx, `document.querySelector('#examples').getBoundingClientRect().bottom`); y > 800 {
		t.Errorf("the gallery ends at %.0f px, below the fold", y)
	}
	screenshotViewport(t, ctx, "onboarding-first-screen-1280x800")

	viewport(t, ctx, 390, 844)
	open(t, ctx, "/")
	if w := eval[float64](t, ctx, `Math.max(document.querySelector('#intro').scrollWidth, document.querySelector('#examples').scrollWidth)`); w > 390 {
		t.Errorf("the first screen is %.0f px wide at 390 px", w)
	}
	screenshotViewport(t, ctx, "onboarding-first-screen-390")
}

// TestExampleGalleryOpens opens every example of the gallery by its
// permalink: the page keeps the permalink's query, shows no error and
// draws its figure (the mapping, or the Gantt chart).
func TestExampleGalleryOpens(t *testing.T) {
	ctx := tab(t)
	viewport(t, ctx, 1280, 800)
	open(t, ctx, "/")
	links := eval[[]string](t, ctx, `[...document.querySelectorAll('#examples a.example')].map(a => a.getAttribute('href'))`)
	if len(links) < 6 {
		t.Fatalf("%d examples, want at least 6", len(links))
	}
	for i, link := range links {
		open(t, ctx, link)
		figure := `#drawing svg title`
		if strings.HasPrefix(link, "/gantt") {
			figure = `#gantt svg .bar`
		}
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null && document.querySelector('.progress') === null`, figure))
		if got, want := eval[string](t, ctx, `location.pathname + location.search`), link; got != want {
			t.Errorf("example %d: the page's URL became %s, want the permalink %s", i+1, got, want)
		}
		if msgs := eval[[]string](t, ctx, `[...document.querySelectorAll('.msg, .error')].map(e => e.textContent).filter(s => s.trim())`); len(msgs) > 0 {
			t.Errorf("example %d (%s) shows errors: %q", i+1, link, msgs)
		}
		screenshotViewport(t, ctx, fmt.Sprintf("example-%d", i+1))
	}
}

// glossaryCheck lists the labels, column heads and figure names of the
// page that name a glossary term without carrying its definition as a
// tooltip (title) on themselves, a part or an enclosing element.
const glossaryCheck = `(() => {
  const terms = {guest: 'guest:', host: 'host:', 'hop-bytes': 'hop-bytes:', dilation: 'dilation:', bound: 'bound:'};
  const bad = [];
  for (const el of document.querySelectorAll('#intro .pitch, label, th, dt, #metrics td, .bounds td, option, summary')) {
    const text = el.textContent;
    const titles = [...el.querySelectorAll('[title]'), el.closest('[title]')].filter(Boolean).map(e => e.getAttribute('title')).join(' ');
    for (const [term, def] of Object.entries(terms)) {
      if (new RegExp('(^|[^a-z-])' + term + 's?([^a-z]|$)', 'i').test(text) && !titles.includes(def)) bad.push(term + ' in ' + el.tagName + ': ' + text.trim().slice(0, 60));
    }
  }
  return bad;
})()`

// TestGlossaryTooltips: wherever a page's labels, column heads or figure
// names say guest, host, hop-bytes, dilation or bound, a one-line
// definition is their tooltip.
func TestGlossaryTooltips(t *testing.T) {
	ctx := tab(t)
	for _, c := range []struct{ path, ready string }{
		{"/?algo=xor&guest=hypercube%3A4&host=ring%3A16", `#metrics`},
		{"/compare?guest=hypercube%3A4&host=ring%3A16", `#compare-table tbody tr`},
		{"/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight", `#gantt svg .bar`},
	} {
		open(t, ctx, c.path)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null`, c.ready))
		if bad := eval[[]string](t, ctx, glossaryCheck); len(bad) > 0 {
			t.Errorf("%s: terms without their definition as a tooltip:\n%s", c.path, strings.Join(bad, "\n"))
		}
	}
}
