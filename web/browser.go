package web

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// targetData returns the data-* attributes named in keys of the element
// under an event, or nil if it has none: events from the app.Raw SVG are
// delegated to its wrapper (STACK.md §7).
func targetData(e app.Event, keys ...string) map[string]string {
	t := e.Get("target")
	if !t.Truthy() || t.Get("getAttribute").IsUndefined() {
		return nil
	}
	out := map[string]string{}
	for _, k := range keys {
		if v := t.Call("getAttribute", "data-"+k); v.Truthy() {
			out[k] = v.String()
		}
	}
	if len(out) == 0 {
		return nil
	}
	if p := t.Get("parentNode"); p.Truthy() && !p.Get("getAttribute").IsUndefined() {
		if v := p.Call("getAttribute", "data-dim"); v.Truthy() {
			out["dim"] = v.String()
		}
	}
	return out
}

// download hands data to the browser as a file named name. It does
// nothing on the server.
func download(name, mime, data string) {
	if app.IsServer {
		return
	}
	w := app.Window()
	opts := w.Get("Object").New()
	opts.Set("type", mime)
	blob := w.Get("Blob").New(w.Get("Array").New(data), opts)
	u := w.Get("URL").Call("createObjectURL", blob)
	a := w.Get("document").Call("createElement", "a")
	a.Set("href", u)
	a.Set("download", name)
	w.Get("document").Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	w.Get("URL").Call("revokeObjectURL", u)
}

// downloadPNG rasterises an SVG document in the browser (an image drawn
// on a canvas at twice its size, capped at 8192 pixels a side) and saves
// it as a PNG file named name.
func downloadPNG(name, svgDoc string) {
	if app.IsServer {
		return
	}
	app.Window().Call("topomapSavePNG", name, svgDoc)
}

// copyState is a "Copy link" control. Over plain HTTP (any address but
// localhost) browsers offer no clipboard API: the link is then shown
// selected, copied with the older execCommand if the browser allows, and
// the page says which happened.
type copyState struct {
	link   string
	result string // "", "copied" or "selected"
}

func (s *copyState) copy(link string) {
	if app.IsServer {
		return
	}
	s.link = link
	w := app.Window()
	if w.Get("isSecureContext").Truthy() && w.Get("navigator").Get("clipboard").Truthy() {
		w.Get("navigator").Get("clipboard").Call("writeText", link)
		s.result = "copied"
		return
	}
	s.result = "selected"
	// The input shows after this render: topomapCopy waits for it, then
	// selects it and tries the older copy command.
	w.Call("topomapCopy", link, "copy-text")
}

func (s *copyState) render(onCopy app.EventHandler) app.UI {
	return app.Span().Class("copy").Body(
		app.Button().ID("copy-link").Text("Copy link").OnClick(onCopy),
		app.If(s.result == "copied", func() app.UI { return app.Span().ID("copy-note").Class("note").Text("copied") }),
		app.If(s.result == "selected", func() app.UI {
			return app.Span().Body(
				app.Input().ID("copy-text").Type("text").ReadOnly(true).Value(s.link).Aria("label", "link to this page"),
				app.Span().ID("copy-note").Class("note").Aria("live", "polite").
					Text("this address has no clipboard access (plain HTTP): the link is selected, press Ctrl+C (⌘C) to copy it"),
			)
		}),
	)
}

// restoreTyped puts back the values typed into the server's pre-rendered
// page before the app ran (recorded by /web/topomap.js), validates them,
// commits them if the user had (Enter or leaving the field), and gives the
// focus back. fields maps input ids to the form's strings. It runs once
// per page (*done), in the browser.
func restoreTyped(ctx app.Context, done *bool, fields map[string]*string, validate func(), commit func(app.Context)) {
	if *done || app.IsServer || !app.Window().Get("topomapTakeTyped").Truthy() {
		return
	}
	*done = true
	var t struct {
		Fields map[string]struct {
			Value     string `json:"value"`
			Committed bool   `json:"committed"`
		} `json:"fields"`
		Focus string `json:"focus"`
	}
	if json.Unmarshal([]byte(app.Window().Call("topomapTakeTyped").String()), &t) != nil {
		return
	}
	changed, committed := false, false
	for id, f := range t.Fields {
		if dst, ok := fields[id]; ok && *dst != f.Value {
			*dst, changed, committed = f.Value, true, committed || f.Committed
		}
	}
	if changed {
		validate()
		if committed {
			commit(ctx)
		}
	}
	if t.Focus != "" {
		ctx.Defer(func(app.Context) { app.Window().Call("topomapFocus", t.Focus) })
	}
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
	host := app.Div().ID(id).Class(cls).TabIndex(0).Aria("label", label+"; + and − zoom, arrow keys pan, 0 shows all")
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
