//go:build !(js && wasm)

package e2e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// trapScript runs before any script of the page: every way the payloads
// below announce themselves (a dialog, or setting window.pwned) leaves a
// mark that the test reads.
const trapScript = `window.pwned = 0;
for (const f of ["alert", "confirm", "prompt"]) { window[f] = () => { window.pwned++; }; }`

// hostilePermalinks are the reflected-injection permalinks reported against the pages:
// a quote that closed go-app's pre-rendered value attribute, through every
// field that reached one. (A job page's path reached og:url the same way;
// web's TestPrerenderEscapes covers it, as the page then fetches the
// malformed id and logs the API's 400.)
func hostilePermalinks() []string {
	const payload = `"><img src=x onerror=alert(1)>`
	const handler = `x" autofocus onfocus="window.pwned++" y="`
	ps := []string{"/?guest=grid:9x8&host=%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E&algo=affn"}
	base := url.Values{"guest": {"grid:9x8"}, "host": {"mesh:6x12"}, "algo": {"affn"}}
	for _, key := range []string{"guest", "seed", "budget", "start"} {
		for _, p := range []string{payload, handler} {
			q := url.Values{}
			for k, v := range base {
				q[k] = v
			}
			q.Set(key, p)
			ps = append(ps, "/?"+q.Encode())
		}
	}
	for _, p := range []string{payload, handler} {
		ps = append(ps,
			"/gantt?"+url.Values{"guest": {"hypercube:3"}, "host": {"line:8"}, "algo": {"standard"}, "vs": {p}}.Encode(),
			"/compare?"+url.Values{"guest": {p}, "host": {"mesh:6x12"}}.Encode())
	}
	return ps
}

// TestHostilePermalinks loads each hostile permalink in Chromium and fails
// if any script of the payload ran or its markup reached the page, and
// checks that the app still runs (under the CSP) and names the bad field.
func TestHostilePermalinks(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: trapScript}); err != nil {
		t.Fatal(err)
	}
	for _, p := range hostilePermalinks() {
		open(t, ctx, p)
		time.Sleep(200 * time.Millisecond) // an injected <img src=x> fails and fires within this
		if n := eval[int](t, ctx, `window.pwned`); n != 0 {
			t.Errorf("%s: the payload ran %d times", p, n)
		}
		if n := count(t, ctx, `[onerror], [onfocus], img[src="x"], script:not([src])`); n != 0 {
			t.Errorf("%s: %d injected elements or handlers in the page", p, n)
		}
		if count(t, ctx, ".msg") == 0 {
			t.Errorf("%s: no field message", p)
		}
	}
}

// TestSecurityHeaders checks the defence-in-depth headers on a page, an
// API answer, an error and a static file.
func TestSecurityHeaders(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	for _, p := range []string{"/", "/api/v1/healthz", "/api/v1/nope", "/web/app.css", "/app.js"} {
		res, err := http.Get(baseURL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		h := res.Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "'wasm-unsafe-eval'") {
			t.Errorf("%s: Content-Security-Policy %q", p, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: X-Content-Type-Options %q, Referrer-Policy %q", p, h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		}
	}
}

// TestJobCancelInBrowser: DELETE now wants the cancel token of the submit
// that started the run; the tab that submitted the job keeps it, so its
// cancel button still works.
func TestJobCancelInBrowser(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=pairs&budget=60s&guest=hypercube%3A15&host=mesh%3A128x256")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
	click(t, ctx, "#submit-job")
	waitJS(t, ctx, `location.pathname.startsWith('/jobs/')`)
	waitJS(t, ctx, `document.querySelector('#cancel') !== null`)
	click(t, ctx, "#cancel")
	waitJS(t, ctx, `document.querySelector('#job-status')?.textContent === 'cancelled'`)
}
