//go:build !(js && wasm)

package e2e

// Browser tests of what the pages say: error messages under the field at
// fault, the 404 page and the pages' titles.

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// quietTab opens a tab that does not fail on console errors: Chromium
// logs every 404 answer as one, and some tests ask for 404s.
func quietTab(t *testing.T) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// TestMessagesUnderField: messages name the real problem, without Go package
// prefixes, under the field the user edited.
func TestMessagesUnderField(t *testing.T) {
	ctx := tab(t)
	noPrefix := `![...document.querySelectorAll('.msg, .notice')].some(e => /\b(spec|solve|web|jobs|server): /.test(e.textContent))`
	open(t, ctx, "/?algo=xor&guest=hypercube%3A04&host=ring%3A16")
	waitJS(t, ctx, `document.querySelector('#err-guest')?.textContent.includes('as 4, without leading zeros')`)
	waitJS(t, ctx, noPrefix)
	open(t, ctx, "/?algo=pairs&guest=grid%3A4x4&host=mesh%3A4x4&start=pairs")
	waitJS(t, ctx, `document.querySelector('#err-start')?.textContent.includes('"pairs" is a search itself')`)
	waitJS(t, ctx, noPrefix)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	setField(t, ctx, "#f-guest", "hypercube:5", "input")
	waitJS(t, ctx, `document.querySelector('#err-guest')?.textContent.startsWith('sizes differ') && !document.querySelector('#err-host')`)
	waitJS(t, ctx, noPrefix)
	screenshot(t, ctx, "message-under-guest")
	// The Gantt page of a grid (the explorer's instance): the guest is the
	// one thing to fix, and nothing is offered for download.
	open(t, ctx, "/gantt?guest=grid%3A9x8&host=mesh%3A6x12")
	waitJS(t, ctx, `document.querySelector('#err-guest')?.textContent.includes('choose a hypercube guest') && !document.querySelector('#err-algo') && !document.querySelector('#err-vs') && !document.querySelector('#dl-svg')`)
	// The job page relays the server's message as it is (it said
	// "web: jobs: no such job").
	ctx = quietTab(t)
	open(t, ctx, "/jobs/"+strings.Repeat("0", 20))
	waitJS(t, ctx, `document.querySelector('#run-error')?.textContent.startsWith('no such job')`)
	waitJS(t, ctx, noPrefix)
}

// TestNotFoundAndTitles: an unknown path gets the app's 404 page
// with status 404; each page has its own title.
func TestNotFoundAndTitles(t *testing.T) {
	resp, err := http.Get(baseURL + "/nope")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("/nope: %d %s, want 404 text/html", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ctx := quietTab(t)
	open(t, ctx, "/nope")
	waitJS(t, ctx, `document.querySelector('#not-found') !== null && document.title.startsWith('Page not found')`)
	screenshot(t, ctx, "not-found")
	titles := map[string]bool{}
	for _, p := range []string{"/?algo=xor&guest=hypercube%3A4&host=ring%3A16", "/gantt", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		open(t, ctx, p)
		title := eval[string](t, ctx, `document.title`)
		if titles[title] || !strings.HasSuffix(title, "· topomap") {
			t.Errorf("%s: title %q", p, title)
		}
		titles[title] = true
	}
}
