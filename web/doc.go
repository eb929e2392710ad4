// Package web owns the browser app (go-app v10 components compiled to
// WebAssembly and pre-rendered by the server): the explorer ("/"), the
// Gantt page ("/gantt"), the compare page ("/compare") and the job page
// ("/jobs/{id}"); Routes registers them and AppHandler serves them.
//
// Every page's state lives in its URL: the instance keys are those of
// spec.Instance.Query (guest, host, algo, seed, start, budget, ta, tc), and
// a few page keys add view state (explorer: step; gantt: vs). Components
// render from zero values, because go-app renders before OnNav and on the
// server. Drawings come from web/draw as standalone SVG documents inserted
// with app.Raw; events on them are delegated to the wrapper element.
package web
