package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// objectiveSelect offers what a local search minimises, next to the
// algorithm: hop-bytes (the default) or the congestion (Σ of the squared
// link loads under the host's routing). Only a local search has an
// objective; for the others nothing is shown, unless the URL set one.
func objectiveSelect(f form, msg string, onChange app.EventHandler) app.UI {
	a, ok := solve.Lookup(f.Algo)
	if (!ok || !a.Search) && f.Objective == "" {
		return app.Text("")
	}
	known := f.Objective == "" || f.Objective == spec.ObjectiveHopBytes || f.Objective == spec.ObjectiveCongestion
	return app.Div().Class("field").Body(
		app.Label().For("f-objective").Text("Minimise"),
		app.Select().ID("f-objective").Name("objective").OnChange(onChange).Body(
			selectedIf(app.Option().Value(spec.ObjectiveHopBytes).Title(gloss("hop-bytes")).Text(spec.ObjectiveTitle("")), f.Objective == "" || f.Objective == spec.ObjectiveHopBytes),
			selectedIf(app.Option().Value(spec.ObjectiveCongestion).Text(spec.ObjectiveTitle(spec.ObjectiveCongestion)), f.Objective == spec.ObjectiveCongestion),
			app.If(!known, func() app.UI { return app.Option().Value(f.Objective).Text(f.Objective).Selected(true) }),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-objective").Class("msg").Aria("live", "polite").Text(msg) }),
	)
}

func (c *Explorer) onObjective(ctx app.Context, e app.Event) {
	c.form.Objective = ctx.JSSrc().Get("value").String()
	if c.form.Objective == spec.ObjectiveHopBytes {
		c.form.Objective = "" // the default: one permalink
	}
	c.navigate(ctx)
}
