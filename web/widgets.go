package web

// The widgets every page shares: labelled fields and selects, the
// progress bar, tooltips, the zoomable drawing, and the helpers that set
// a boolean attribute only when it holds (go-app writes false ones too).

import (
	"fmt"
	"regexp"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// field renders a labelled input whose message (if any) shows under it.
// The input's id is "f-"+name; its message's id is "err-"+name.
func field(name, label, value, placeholder, msg string, onInput, onChange app.EventHandler) app.UI {
	in := app.Input().ID("f-" + name).Name(name).Type("text").Value(value).Placeholder(placeholder).
		AutoComplete(false).Spellcheck(false).OnInput(onInput).OnChange(onChange)
	if msg != "" {
		in = in.Class("invalid").Aria("invalid", "true").Aria("describedby", "err-"+name)
	}
	return app.Div().Class("field").Body(
		app.Label().For("f-"+name).Body(termText(label)),
		in,
		app.If(msg != "", func() app.UI { return app.Div().ID("err-"+name).Class("msg").Aria("live", "polite").Text(msg) }),
	)
}

// progressBar shows a determinate bar when the fraction is known, an
// indeterminate one otherwise, with a cancel button.
func progressBar(fraction float64, label string, onCancel app.EventHandler) app.UI {
	p := app.Progress().ID("progress").Max(1).Aria("label", "progress")
	if fraction > 0 {
		p = p.Value(fraction)
	}
	return app.Div().Class("progress").Body(
		p,
		app.Span().ID("progress-text").Aria("live", "polite").Text(label),
		app.Button().ID("cancel").Text("Cancel").OnClick(onCancel),
	)
}

// progressText is the label of a search's progress: the objective it
// lowers (Σ squared link loads under the congestion objective, when
// p.SquaredLinkLoads > 0), its moves and run time; before its first
// figures, the start it is computing, if it says, and the run time
// (hops per byte 0 is "not known").
func progressText(p api.Progress) string {
	if p.HopsPerByte == 0 && p.SquaredLinkLoads == 0 && p.Evaluated == 0 {
		if start := solve.StartText(p.Start, p.StartDone); start != "" {
			return fmt.Sprintf("%s, %.1f s", start, p.Elapsed)
		}
		return fmt.Sprintf("running, %.1f s", p.Elapsed)
	}
	value := metric.Fixed4(p.HopsPerByte) + " hops/byte"
	if p.SquaredLinkLoads > 0 {
		value = "Σ squared link loads " + metric.FormatLoad(p.SquaredLinkLoads) + " (" + value + ")"
	}
	return fmt.Sprintf("%s%s after %s (%s improving), %.1f s", value, solve.LevelText(p.Level),
		metric.Plural(int(p.Evaluated), "move"), metric.Thousands(int(p.Improved)), p.Elapsed)
}

func openIf(d app.HTMLDetails, open bool) app.HTMLDetails {
	if open {
		return d.Open(true)
	}
	return d
}

func selectedIf(o app.HTMLOption, selected bool) app.HTMLOption {
	if selected {
		return o.Selected(true)
	}
	return o
}

func checkedIf(in app.HTMLInput, checked bool) app.HTMLInput {
	if checked {
		return in.Checked(true)
	}
	return in
}

// disabledIf disables a button or an input.
func disabledIf[E interface{ Disabled(bool) E }](e E, disabled bool) E {
	if disabled {
		return e.Disabled(true)
	}
	return e
}

// tooltip is the hover readout placed at the pointer by /web/topomap.js
// and read out by screen readers.
func tooltip(text string) app.UI {
	t := app.Div().ID("hover").Class("tooltip").Aria("live", "polite").Text(text)
	if text == "" {
		t = t.Hidden(true)
	}
	return t
}

// algoSelect is a select of algorithm names (with their titles if asked)
// and its message; an unknown value stays selectable so that its message
// makes sense.
func algoSelect(name, label, value string, choices []solve.Algorithm, msg string, onChange app.EventHandler, titles bool) app.UI {
	return app.Div().Class("field").Body(
		app.Label().For("f-"+name).Body(termText(label)),
		app.Select().ID("f-"+name).Name(name).OnChange(onChange).Body(
			app.If(!hasAlgo(choices, value), func() app.UI {
				return app.Option().Value(value).Text(value).Selected(true)
			}),
			app.Range(choices).Slice(func(i int) app.UI {
				text := choices[i].Name
				if titles {
					text += " · " + choices[i].Notes.Title
				}
				return selectedIf(app.Option().Value(choices[i].Name).Text(text), choices[i].Name == value)
			}),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-"+name).Class("msg").Aria("live", "polite").Text(msg) }),
	)
}

// startSelect offers the starts of a local search that apply to the
// instance as typed (every cheap heuristic, STEP and folds included), or
// "best of all" (the default); a value that does not apply stays shown,
// with its message.
func startSelect(f form, msg string, onChange app.EventHandler) app.UI {
	var names []string
	g, err1 := parseGuest(f.Guest)
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

// pointer are the handlers of pointer events on a drawing (nil = none).
type pointer struct{ over, move, leave app.EventHandler }

// zoomable wraps a drawing (an SVG document for app.Raw) in a pannable,
// zoomable view (/web/topomap.js rewrites its viewBox): buttons, wheel,
// pinch, drag and keys, a minimap when zoomed into a large drawing, and
// the tooltip tip (if not nil) placed at the pointer.
func zoomable(id, label string, large bool, svg string, on pointer, tip app.UI) app.UI {
	wrap := "zoom-wrap"
	if tip == nil {
		tip = app.Span()
	} else {
		wrap += " tip-area"
	}
	zoom := func(f float64) app.EventHandler {
		return func(ctx app.Context, e app.Event) { app.Window().Call("topomapZoom", id, f) }
	}
	cls := "svg-host zoom-host"
	if large {
		cls += " large"
	}
	// role="group": ARIA names no generic div, so without a role a screen
	// reader may drop the label that tells the keys.
	host := app.Div().ID(id).Class(cls).TabIndex(0).Attr("role", "group").Aria("label", label+"; + and − zoom, arrow keys pan, 0 shows all")
	if on.over != nil {
		host = host.OnMouseOver(on.over)
	}
	if on.move != nil {
		host = host.OnMouseMove(on.move)
	}
	if on.leave != nil {
		host = host.OnMouseLeave(on.leave)
	}
	return app.Div().Class(wrap).Body(
		app.Div().Class("zoom-bar").Body(
			app.Button().ID(id+"-zoom-in").Title("zoom in (+)").Aria("label", "zoom in").Text("+").OnClick(zoom(1.5)),
			app.Button().ID(id+"-zoom-out").Title("zoom out (−)").Aria("label", "zoom out").Text("−").OnClick(zoom(1/1.5)),
			app.Button().ID(id+"-reset").Title("show all (0)").Text("Reset view").
				OnClick(func(ctx app.Context, e app.Event) { app.Window().Call("topomapZoomReset", id) }),
			app.Span().Class("note").Text("wheel or pinch to zoom, drag to pan; focused: + − 0 and arrow keys"),
		),
		host.Body(
			app.Raw(svg),
			app.Div().Class("minimap").Hidden(true),
		),
		tip,
	)
}

// metricsPanel shows the metrics m of a result, the explorer's or a
// job's: the rows of metric.Fields of level Detail (a figure, or "— (why
// there is none)"), then extra label/value pairs such as the run time,
// then the bounds. Each row carries its label as data-metric.
func metricsPanel(m metric.Metrics, extra ...string) app.UI {
	var rows [][2]string
	for _, r := range m.Rows(metric.Detail) {
		rows = append(rows, [2]string{r.Label, shown(r.Value, r.OK)})
	}
	for i := 0; i+1 < len(extra); i += 2 {
		rows = append(rows, [2]string{extra[i], extra[i+1]})
	}
	return app.Div().ID("metrics").Class("metrics").Body(
		app.H2().Text("Metrics"),
		app.Table().Body(app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
			return app.Tr().DataSet("metric", rows[i][0]).Body(app.Th().Body(termText(rows[i][0])), app.Td().Body(termText(unbroken(rows[i][1]))))
		}))),
		boundsTables(m.Bounds, false),
	)
}

// baselineRow is the row of a metrics table that compares a result with
// rank order ("−26.7 % hop-bytes vs rank order (identity: 120)"), none
// without a baseline.
func baselineRow(b *metric.Baseline) []string {
	if b == nil {
		return nil
	}
	return []string{"baseline", b.Text()}
}

// shown is a figure as a panel shows it: value, or "— (why)" when there
// is none (ok false; see metric.Field).
func shown(value string, ok bool) string {
	if !ok {
		return "— (" + value + ")"
	}
	return value
}

// figure formats field f of m for a table cell: the figure, or metric.NoFigure with
// the reason as the cell's title.
func figure(f metric.Field, m metric.Metrics) app.HTMLTd {
	v, ok := f.Value(m)
	if !ok {
		return app.Td().Title(v).Text(metric.NoFigure)
	}
	return app.Td().Text(unbroken(v))
}

// A unit after a figure ("6.3 %", "0.1 ms", "121 k"), a sign before one
// ("< 0.1"; "~1.48" has no space) and a share's hop count ("1: 77.2 %"),
// as package metric writes them.
var (
	unitAfter  = regexp.MustCompile(`(\d) (%|(?:ns|µs|ms|s|B|kB|MB|GB|TB|k|M|G|T|P|E|Z|Y)\b)`)
	signBefore = regexp.MustCompile(`(^|[\s(])([<>≤≥~≈]) (\d)`)
	countOf    = regexp.MustCompile(`(^|[\s(])(\d+:) (\d)`)
)

// unbroken joins the figures of a cell's text to their units and signs
// with no-break spaces, so that a narrow cell breaks its line between
// figures ("1: 77.2 %, 2: 16.5 %" after a comma), never inside one
// ("6.3" on one line, "%" on the next). The text reports keep plain
// spaces: only the pages' cells read this.
func unbroken(s string) string {
	s = unitAfter.ReplaceAllString(s, "${1}\u00a0${2}")
	s = countOf.ReplaceAllString(s, "${1}${2}\u00a0${3}")
	return signBefore.ReplaceAllString(s, "${1}${2}\u00a0${3}")
}
