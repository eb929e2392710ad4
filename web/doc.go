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
// spec.Instance.Query, one per field of spec.Fields (guest, host, algo,
// seed, budget, moves, start, ta, tc, objective, nodes, ranksPerNode), and
// a few page keys add view state (explorer: step, minhops, detail, edges;
// gantt: vs, show, order, from). Components
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
//
// # Platform notes
//
// Facts of go-app v10 and js/wasm, checked in Chromium, that the code
// relies on:
//
//   - app.Raw keeps only the first node of its HTML. svgo starts every
//     document with an XML prolog, which would be that node and the drawing
//     would vanish once the wasm mounts, so draw.Inline strips everything
//     before <svg>. Raw nodes cannot carry go-app handlers: their events
//     are handled on the wrapper element, which reads event.target.
//   - js/wasm is single-threaded, and the browser paints only while every
//     goroutine is blocked. time.Sleep hands control back to the JS event
//     loop; runtime.Gosched does not, and a page that only yields that way
//     freezes. Each sleep costs some 6 to 10 ms (timer clamping and the
//     frame ticker), so long work yields on a time budget, not every step.
//   - Work of seconds in the tab freezes it: the page runs only instances
//     under its caps and offers larger ones to the job server.
//   - A service worker that claims its clients makes go-app's app.js
//     report an update on the first visit; neither of ours claims them. A
//     deploy's Version names its cache, so clients move to a new build.
//   - app.LocalDir resolves the wasm's URL as a file path, and run from
//     the repository root it serves the Go sources; the handler resolves
//     go-app's /web/... URLs from an fs.FS of assets/static instead.
package web
