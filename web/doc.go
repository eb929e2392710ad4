// Package web owns the browser app (go-app v10 components compiled to
// WebAssembly and pre-rendered by the server): the explorer ("/"), the
// Gantt page ("/gantt"), the compare page ("/compare"), the job page
// ("/jobs/{id}"), My jobs ("/my-jobs") and the algorithms' documentation
// ("/algorithms": the notes of every registered algorithm, our [P]
// definitions included, which user-visible notes link to instead of citing
// a file users do not have); Routes registers them and AppHandler serves
// them.
//
// Every page's state lives in its URL: the instance keys are those of
// spec.Instance.Query (guest, host, algo, seed, start, budget, ta, tc), and
// a few page keys add view state (explorer: step; gantt: vs). Components
// render from zero values, because go-app renders before OnNav and on the
// server. Drawings come from web/draw as standalone SVG documents inserted
// with app.Raw; events on them are delegated to the wrapper element.
//
// Pages are small components over shared parts: widgets.go holds the
// widgets every page uses (fields, selects, the progress bar, tooltips,
// the zoomable drawing), browser.go the browser plumbing (fetch through
// apiDo, EventSource through streamEvents, downloads, the clipboard), and
// work.go the one async-run helper (asyncRun) behind the explorer's
// mapping and the compare page's solve.CompareInstance.
//
// Work that can run long (PAIRS, a comparison) runs in ctx.Async and
// yields to the browser with time.Sleep on a time budget, so the page
// paints its progress bar and its cancel button works; instances above the
// browser's cap (browserLimit: BrowserLimit for anytime searches,
// HeuristicLimit for the others) are offered to the job server instead.
// The service worker precaches the app so that permalinks open offline;
// the API is never cached. Nothing is loaded from another origin.
//
// /web/topomap.js (assets/static) is the plumbing that cannot wait for the
// wasm or a round trip through Go: it records what is typed before the app
// runs (restoreTyped puts it back), zooms and pans drawings by rewriting
// their viewBox, places tooltips at the pointer, highlights edges and
// routes, rasterises PNG downloads and copies links over plain HTTP.
package web
