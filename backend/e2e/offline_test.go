//go:build !(js && wasm)

package e2e

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"topomap/web"
)

// TestOffline loads the app once with its real service worker, stops the
// server, and opens a Gantt permalink: the worker answers with the cached
// app and the wasm draws the page from its URL, with no network at all.
func TestOffline(t *testing.T) {
	ctx := tab(t)
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
