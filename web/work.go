package web

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// prerenderBudget bounds the server's pre-render of a page: anytime
// algorithms are cut off, and the browser then runs them with progress.
// A variable only so that tests of what the browser does can lift it.
var prerenderBudget = 300 * time.Millisecond

// browserComputes is AppOptions.ComputeInBrowser: the server's pre-render
// maps nothing.
var browserComputes atomic.Bool

// serverSkips reports whether this run is a pre-render that leaves the
// mapping to the browser (AppOptions.ComputeInBrowser).
func serverSkips() bool { return app.IsServer && browserComputes.Load() }

// yieldEvery is how much work may pass between two yields to the browser:
// js/wasm is single-threaded and the page repaints only while Go is blocked
// (see the package doc, Platform notes).
const yieldEvery = 40 * time.Millisecond

// runContext returns the context of one run: cancellable by the page in
// the browser, cut off after prerenderBudget on the server.
func runContext() (context.Context, context.CancelFunc) {
	if app.IsServer {
		return context.WithTimeout(context.Background(), prerenderBudget)
	}
	return context.WithCancel(context.Background())
}

// asyncRun is a page's one long computation at a time (the explorer's
// mapping, the compare page's comparison): start stops the previous run
// and runs work off the UI goroutine with a context that the page cancels
// (cut off after prerenderBudget on the server, not run there with
// AppOptions.ComputeInBrowser) and a yielder; work's
// updates, and the finish it returns, reach the page only while its run
// is still the current one.
type asyncRun struct {
	id      int
	cancel  context.CancelFunc
	running bool
	// settled, if set, runs on the UI goroutine once the page shows a
	// run's finish (the explorer then checks its drawing's box).
	settled func(app.Context)
}

// start runs work in ctx.Async. update runs f on the UI goroutine (and
// re-renders) unless a newer run started; finish runs there likewise,
// after the run is marked over.
func (r *asyncRun) start(ctx app.Context, work func(rctx context.Context, y *yielder, update func(f func())) (finish func())) {
	r.stop()
	if serverSkips() {
		return
	}
	r.id++
	id := r.id
	rctx, cancel := runContext()
	r.cancel, r.running = cancel, true
	ctx.Async(func() {
		defer cancel()
		update := func(f func()) {
			ctx.Dispatch(func(app.Context) {
				if r.id == id {
					f()
				}
			})
		}
		var y yielder
		finish := work(rctx, &y, update)
		ctx.Dispatch(func(dctx app.Context) {
			if r.id != id {
				return
			}
			r.running, r.cancel = false, nil
			finish()
			if r.settled != nil {
				dctx.Defer(r.settled) // after the page shows the result
			}
		})
	})
}

// interrupt cancels the run, which finishes with what it has.
func (r *asyncRun) interrupt() {
	if r.cancel != nil {
		r.cancel()
	}
}

// stop cancels the run and marks it over at once.
func (r *asyncRun) stop() {
	r.interrupt()
	r.cancel, r.running = nil, false
}

// yielder lets the browser paint during long work on a time budget:
// time.Sleep blocks the goroutine, which hands control back to the JS event
// loop; runtime.Gosched does not (see the package doc). Each sleep costs
// 6-10 ms, so it sleeps at most every yieldEvery.
type yielder struct{ last time.Time }

// now yields at once (e.g. to paint a progress bar before the work).
func (y *yielder) now() {
	if !app.IsServer {
		time.Sleep(time.Millisecond)
	}
	y.last = time.Now()
}

// maybe yields if yieldEvery has passed since the last yield, and reports
// whether it did (a good moment to show progress).
func (y *yielder) maybe() bool {
	if !y.due() {
		return false
	}
	y.now()
	return true
}

// due reports whether yieldEvery has passed since the last yield.
func (y *yielder) due() bool { return time.Since(y.last) >= yieldEvery }

// textField returns the handlers of a text input bound to *dst: validate
// while typing (messages under the fields), commit on change (Enter or
// leaving the field), which pushes the new URL.
func textField(dst *string, validate func(), commit func(app.Context)) (onInput, onChange app.EventHandler) {
	onInput = func(ctx app.Context, e app.Event) {
		*dst = ctx.JSSrc().Get("value").String()
		validate()
	}
	onChange = func(ctx app.Context, e app.Event) {
		*dst = ctx.JSSrc().Get("value").String()
		commit(ctx)
	}
	return onInput, onChange
}

func msSince(t time.Time) float64 { return float64(time.Since(t).Microseconds()) / 1000 }
