//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/solve"
	"topomap/web"
)

// TestOffline loads the app once with its real service worker, stops the
// server, and opens a Gantt permalink: the worker answers with the cached
// app and the wasm draws the page from its URL, with no network at all.
func TestOffline(t *testing.T) {
	ctx := tab(t, "status of 404") // the app alone has no API: the notes' read (readNotes) is refused
	ts := httptest.NewServer(web.AppHandler(web.AppOptions{Version: "offline-test"}))
	base := ts.URL
	defer ts.Close()

	do(t, ctx, chromedp.Navigate(base+"/"))
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `navigator.serviceWorker.ready.then(r => !!r.active)`)
	waitJS(t, ctx, `caches.open('app-offline-test').then(c => Promise.all(['/', '/web/app.wasm', '/web/app.css', '/web/icon.svg'].map(u => c.match(u)))).then(rs => rs.every(r => !!r))`)

	ts.Close() // offline from here on
	do(t, ctx, chromedp.Navigate(base+"/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight"))
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `document.querySelector('#gantt-summary tr[data-algo="byweight"] td.total')?.textContent === '12'`)
	screenshot(t, ctx, "offline-gantt")
}

// TestUpdate deploys a new version under a loaded page: the new service
// worker takes over, the page offers a reload, and after it the new
// deploy's cache serves the app.
func TestUpdate(t *testing.T) {
	ctx := tab(t, "status of 404") // as TestOffline
	var current atomic.Pointer[http.Handler]
	deploy := func(version string) {
		h := web.AppHandler(web.AppOptions{Version: version})
		current.Store(&h)
	}
	deploy("update-1")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*current.Load()).ServeHTTP(w, r) }))
	defer ts.Close()

	do(t, ctx, chromedp.Navigate(ts.URL+"/?algo=xor&guest=hypercube%3A3&host=ring%3A8"))
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `navigator.serviceWorker.ready.then(r => !!r.active)`)
	// The worker controls the pages opened after it was installed.
	do(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && navigator.serviceWorker.controller !== null`)
	if eval[bool](t, ctx, `document.querySelector('#update') !== null`) {
		t.Fatal("reload banner shown before any new deploy")
	}

	deploy("update-2")
	eval[bool](t, ctx, `(goappTryUpdate(), true)`)
	waitJS(t, ctx, `document.querySelector('#update button') !== null`)
	screenshot(t, ctx, "update-banner")
	click(t, ctx, "#update button")
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && document.querySelector('#update') === null`)
	waitJS(t, ctx, `caches.keys().then(k => k.length === 1 && k[0] === 'app-update-2')`)
}

// TestOfflineNotesAreWhole: the notes the client reads from the server
// (readNotes: summaries, sources and measured costs, which the client
// leaves out) are kept by the service worker once read, so that the
// algorithms page opened offline still shows them whole.
func TestOfflineNotesAreWhole(t *testing.T) {
	ctx := tab(t)
	mux := http.NewServeMux()
	mux.Handle("/", web.AppHandler(web.AppOptions{Version: "offline-notes"}))
	mux.HandleFunc("GET /api/v1/algorithms", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(solve.All())
	})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	whole := `document.querySelector('#root')?.dataset.ready === 'true' &&
		[...document.querySelectorAll('section.notes')].length > 20 &&
		[...document.querySelectorAll('section.notes')].every(s => s.textContent.includes('CPU-s') && s.querySelector('p')?.textContent.length > 80)`

	do(t, ctx, chromedp.Navigate(ts.URL+"/"))
	waitJS(t, ctx, `navigator.serviceWorker.ready.then(r => !!r.active)`)
	do(t, ctx, chromedp.Reload()) // the worker controls the pages opened after it
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null && navigator.serviceWorker.controller !== null`)
	do(t, ctx, chromedp.Navigate(ts.URL+"/algorithms"))
	waitJS(t, ctx, whole)
	waitJS(t, ctx, `caches.open('app-offline-notes').then(c => c.match('/api/v1/algorithms')).then(r => !!r)`)

	ts.Close() // offline from here on
	do(t, ctx, chromedp.Navigate(ts.URL+"/algorithms"))
	waitJS(t, ctx, whole)
	screenshot(t, ctx, "offline-algorithms")
}
