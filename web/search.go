package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// suggestBudget is the budget offered when a search stopped by its own
// rule short of the lower bound.
const suggestBudget = "2s"

// searchPanel says what a local search did (moves, improving moves, the
// start it worked from among those it tried), suggests a budget when it
// stopped by its own rule short of the lower bound, and gives the link
// that repeats the run (with its moves) when the budget cut it. It also
// carries the dilation warning of any result. link is the page's
// permalink builder. Nothing for an algorithm that is not a search and
// has no warning.
func searchPanel(in spec.Instance, run *solve.PairsRun, m metric.Metrics, link func(spec.Instance) string) app.UI {
	warn := export.DilationWarning(m)
	if run == nil && warn == "" {
		return app.Div().ID("search")
	}
	var lines []app.UI
	if run != nil {
		lines = append(lines, app.P().ID("search-moves").Text(fmt.Sprintf(
			"PAIRS made %d moves, %d of them improving, from %s (chosen among %s).",
			run.Moves, run.Improved, run.Start, strings.Join(run.Starts, ", "))))
		switch {
		case run.Clock:
			again := in
			again.Moves = run.Moves
			lines = append(lines, app.P().ID("search-repeat").Body(
				app.Text("The budget ended the run on this machine; "),
				app.A().ID("repeat-link").Href(link(again)).Text(fmt.Sprintf("this link repeats it (moves=%d)", run.Moves)),
				app.Text("."),
			))
		case in.Budget == 0 && in.Moves == 0 && (run.Improved == 0 || m.HopsPerByte > m.LowerBound*1.01):
			more := in
			more.Budget, _ = spec.ParseBudget(suggestBudget)
			why := "it stopped by its own rule (annealing cycles that no longer gain)"
			if run.Improved == 0 {
				why = "no move improved its start"
			}
			lines = append(lines, app.P().ID("suggest-budget").Body(
				app.Text(fmt.Sprintf("%s, %.4f hops per byte against a lower bound of %.4f: ", strings.ToUpper(why[:1])+why[1:], m.HopsPerByte, m.LowerBound)),
				app.A().ID("suggest-link").Href(link(more)).Text("search longer with a budget of "+suggestBudget),
				app.Text("."),
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

// startSelect offers the starts of a local search that apply to the
// instance as typed (every cheap heuristic, STEP and folds included), or
// "best of all" (the default); a value that does not apply stays shown,
// with its message.
func startSelect(f form, msg string, onChange app.EventHandler) app.UI {
	var names []string
	g, err1 := spec.ParseGuest(f.Guest)
	h, err2 := spec.ParseHost(f.Host)
	if err1 == nil && err2 == nil {
		for _, a := range solve.Starts(g, h) {
			names = append(names, a.Name)
		}
	}
	known := f.Start == ""
	for _, n := range names {
		known = known || n == f.Start
	}
	return app.Div().Class("field").Body(
		app.Label().For("f-start").Text("Start from"),
		app.Select().ID("f-start").Name("start").OnChange(onChange).Body(
			selectedIf(app.Option().Value(bestStart).Text("best of all that apply"), f.Start == ""),
			app.If(!known, func() app.UI { return app.Option().Value(f.Start).Text(f.Start).Selected(true) }),
			app.Range(names).Slice(func(i int) app.UI {
				return selectedIf(app.Option().Value(names[i]).Text(names[i]), names[i] == f.Start)
			}),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-start").Class("msg").Text(msg) }),
	)
}

// keepMoves records in the page's URL (replacing, not adding, a history
// entry) the moves of a search that the budget cut in this browser, so
// that the permalink and Copy link repeat the result shown rather than
// a run of another length.
func (c *Explorer) keepMoves(res *solve.Result) {
	if res.Pairs == nil || !res.Pairs.Clock || app.IsServer {
		return
	}
	res.Instance.Moves = res.Pairs.Moves
	c.in.Moves = res.Pairs.Moves
	c.form.Moves = strconv.FormatInt(res.Pairs.Moves, 10)
	app.Window().Get("history").Call("replaceState", nil, "", pageURL("/", c.in, c.viewKeys()))
}

// hopsPerByte formats the hops per byte of m, or says there is none: a
// guest without messages (grid:1x1) has no hops per byte (0/0), not 0.
func hopsPerByte(m metric.Metrics) string {
	if m.Arcs == 0 && m.HopsPerByte == 0 {
		return "— (no messages)"
	}
	return fmt.Sprintf("%.4f", m.HopsPerByte)
}
