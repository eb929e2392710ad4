package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
)

// AlgorithmsPage is the page at "/algorithms": the documentation of every
// algorithm the app runs, from the registry's notes — what each does, the
// paper or thesis section it comes from, and for those tagged P the
// definition we chose where the source is silent. Each algorithm's section
// has its name as id, so that notes elsewhere link to "/algorithms#name".
type AlgorithmsPage struct {
	app.Compo
	live
	// served are the server's notes, nil until read, or offline.
	served []solve.Algorithm
}

// OnNav names the page and, in the browser, reads the server's notes.
func (c *AlgorithmsPage) OnNav(ctx app.Context) {
	setTitle(ctx, "Algorithms")
	readNotes(ctx, func(all []solve.Algorithm) { c.served = all })
}

// servedNotes are the server's notes (GET /api/v1/algorithms), read once
// in the browser: they hold the summaries, sources, costs and measured
// costs its client leaves out (package solve, notes.go and measured.go).
var servedNotes []solve.Algorithm

// readNotes gives then the server's notes on the UI goroutine, at once
// if read before, else once read; it does nothing on the server (whose
// own notes are whole) or when the server cannot be read.
func readNotes(ctx app.Context, then func([]solve.Algorithm)) {
	if servedNotes != nil {
		then(servedNotes)
		return
	}
	ctx.Async(func() {
		var all []solve.Algorithm
		if apiDo("GET", apiBase+"/algorithms", nil, &all) == nil {
			ctx.Dispatch(func(app.Context) {
				servedNotes = all
				then(all)
			})
		}
	})
}

// withServedNotes is a with the server's notes of its name, if read (a
// scored placement's notes, which are not the registry's, stay).
func withServedNotes(a solve.Algorithm, served []solve.Algorithm) solve.Algorithm {
	for _, s := range served {
		if s.Name == a.Name {
			a.Notes = s.Notes
		}
	}
	return a
}

// Render lists the algorithms: the server's notes once read (the server
// pre-renders the page with them), else the client's own.
func (c *AlgorithmsPage) Render() app.UI {
	all := c.served
	if all == nil {
		all = solve.All()
	}
	return shell("/algorithms", c.ready, "",
		app.H1().Text("Algorithms and our definitions"),
		app.P().Text("Each algorithm cites its source. Its confidence tag says how far the source carries it: "+
			"V read in the source, R repaired from the damaged text of the source, V-num checked by computation "+
			"against the source's numbers, and P the source is silent: the definition below is ours, not the source's."),
		app.P().Text("Conventions of every definition: the first coordinate varies fastest (node (i1, …, ic) of a "+
			"(k1, …, kc) mesh has index i1 + k1·(i2 + k2·(…))); findNearest, used by AFFN, EXCO, COCE, stacking, "+
			"folding and the 3-D affine mapping, returns the free processor closest to a target, ties broken in "+
			"our \"order A\" (the thesis does not say how): by distance, then the offset along x ascending, "+
			"then +y before −y (in 3-D dx, then dy, then +dz before −dz)."),
		app.Range(all).Slice(func(i int) app.UI {
			return app.Section().ID(all[i].Name).Class("notes").Body(notesBody(all[i], false)...)
		}),
	)
}
