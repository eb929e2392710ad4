package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// searchPanel says what a local search did (moves, improving moves, the
// start it worked from among those it tried) and suggests a budget when
// it stopped by its own rule short of the lower bound. It also
// carries the dilation warning of any result. link is the page's
// permalink builder. Nothing for an algorithm that is not a search and
// has no warning.
func searchPanel(in spec.Instance, run *solve.PairsRun, m metric.Metrics, link func(spec.Instance) string) app.UI {
	warn := export.DilationWarning(m)
	if run == nil && warn == "" {
		return app.Div().ID("search")
	}
	var lines []app.UI
	if run != nil && run.Optimal {
		lines = append(lines, app.P().ID("search-moves").Text("PAIRS: "+run.OptimalText()+"."))
	} else if run != nil {
		lines = append(lines, app.P().ID("search-moves").Text("PAIRS "+run.Text()+"."))
		if in.Budget == 0 && in.Moves == 0 && (run.Improved == 0 || m.HopsPerByte > m.LowerBound*1.01) {
			// a budget that plans twice the moves made (at the cost of
			// a move on this guest, under this objective)
			more := in
			more.Budget = solve.BudgetFor(2*run.Moves, in, m.Arcs, m.HopsPerByte)
			why := "It stopped by its own rule (annealing cycles that no longer gain, or its one focused annealing)"
			if run.Improved == 0 {
				why = "No move improved its start"
			}
			figures := metric.Fixed4(m.HopsPerByte) + " hops per byte against a lower bound of " + metric.Fixed4(m.LowerBound)
			if sq, ok := m.Value("squaredLinkLoads"); ok && in.Objective == spec.ObjectiveCongestion {
				figures = "minimising " + spec.ObjectiveTitle(in.Objective) + ": Σ squared link loads " + sq + ", " + figures
			}
			lines = append(lines, app.P().ID("suggest-budget").Body(
				app.Text(why+", "+figures+": "),
				app.A().ID("suggest-link").Href(link(more)).Text("make twice the moves with a budget of "+more.Budget.String()),
				app.Text(" (a budget counts moves at one core's measured rate, not the time a run takes)."),
			))
		}
	}
	if warn != "" {
		lines = append(lines, app.P().ID("dilation-warning").Class("msg").Text("Warning: "+warn+"."))
	}
	return app.Div().ID("search").Class("search").Body(lines...)
}

// bestStart is the start option's value for "the best of all" (go-app
// leaves an empty value attribute out, and the option's text would then
// be its value); no algorithm name has a "*".
const bestStart = "*"
