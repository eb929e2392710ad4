package web

import (
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

// copyText puts s on the clipboard; it reports whether the browser offers
// a clipboard at all (it may still refuse, e.g. without focus).
func copyText(s string) bool {
	if app.IsServer {
		return false
	}
	c := app.Window().Get("navigator").Get("clipboard")
	if !c.Truthy() {
		return false
	}
	c.Call("writeText", s)
	return true
}
