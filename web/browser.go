package web

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// targetData returns the data-* attributes named in keys of the element
// under an event, or nil if it has none: events from the app.Raw SVG are
// delegated to its wrapper (see the package doc, Platform notes).
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

// drawBox returns the box a drawing fills at 100 %: the inner width of
// the first element that one of the selectors finds (the drawing's host,
// else its column before it is drawn), at least minBoxWidth, and 70 % of
// the window's height; 0, 0 on the server (the default width).
func drawBox(selectors ...string) [2]int {
	if app.IsServer {
		return [2]int{}
	}
	w := app.Window()
	width := 0
	for _, sel := range selectors {
		if el := w.Get("document").Call("querySelector", sel); el.Truthy() {
			if width = el.Get("clientWidth").Int(); width > 0 {
				break
			}
		}
	}
	if width <= 0 { // no box yet: the window's width less the page's margins
		width = w.Get("innerWidth").Int() - 48
	}
	// a few units narrower than the box (its border): shown a little
	// larger than 100 %, never smaller
	return [2]int{max(minBoxWidth, width-4), max(minBoxWidth, w.Get("innerHeight").Int()*7/10)}
}

func absInt(x int) int { return max(x, -x) }

// minBoxWidth is the narrowest box drawBox gives (render.svg's least width).
const minBoxWidth = 280

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
	// The span is the live region: the notes below are added after the
	// click, and a region added with its text is not announced.
	return app.Span().Class("copy").Aria("live", "polite").Body(
		app.Button().ID("copy-link").Text("Copy link").OnClick(onCopy),
		app.If(s.result == "copied", func() app.UI { return app.Span().ID("copy-note").Class("note").Text("copied") }),
		app.If(s.result == "selected", func() app.UI {
			return app.Span().Body(
				app.Input().ID("copy-text").Type("text").ReadOnly(true).Value(s.link).Aria("label", "link to this page"),
				app.Span().ID("copy-note").Class("note").
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

// rawUpload is a request body that apiDo sends as it is (a file).
type rawUpload struct{ contentType, data string }

// fileText reads the text of a File (from a file input or a drop) with the
// browser's File.text(). It blocks the calling goroutine (run it in
// ctx.Async).
func fileText(file app.Value) (string, error) {
	ch := make(chan error, 1)
	var text string
	onText := app.FuncOf(func(this app.Value, args []app.Value) any {
		text = args[0].String()
		ch <- nil
		return nil
	})
	onError := app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- errors.New("the file could not be read")
		return nil
	})
	defer onText.Release()
	defer onError.Release()
	file.Call("text").Call("then", onText, onError)
	return text, <-ch
}

// apiBase is the job server's REST API (backend/server).
const apiBase = "/api/v1"

// apiDo sends one API request with the browser's fetch and decodes a
// JSON answer into out; an error answer's message becomes the error. It
// blocks the calling goroutine (run it in ctx.Async). Using fetch rather
// than net/http's client keeps TLS and the HTTP transport out of the wasm
// (7 MB). On the server it fails: pages never call the API while they
// pre-render.
func apiDo(method, path string, body any, out any) error {
	if app.IsServer {
		return errors.New("the job server is called from the browser only")
	}
	opts, err := fetchOptions(method, body)
	if err != nil {
		return err
	}
	status, text, err := fetchText(path, opts)
	if err != nil {
		return err
	}
	if status >= 300 {
		var e struct {
			Error string `json:"error"` // the server's ErrorBody
		}
		if json.Unmarshal([]byte(text), &e) == nil && e.Error != "" {
			return errors.New(e.Error)
		}
		return fmt.Errorf("the job server answered %s %s with status %d", method, path, status)
	}
	if t, ok := out.(*string); ok { // a document, not JSON
		*t = text
		return nil
	}
	if out != nil {
		return json.Unmarshal([]byte(text), out)
	}
	return nil
}

// fetchOptions returns the options of a fetch of that method, with body
// as JSON (a rawUpload as it is), if any.
func fetchOptions(method string, body any) (app.Value, error) {
	w := app.Window()
	opts := w.Get("Object").New()
	opts.Set("method", method)
	if body != nil {
		contentType, data := "application/json", ""
		if raw, ok := body.(rawUpload); ok {
			contentType, data = raw.contentType, raw.data
		} else {
			b, err := json.Marshal(body)
			if err != nil {
				return nil, err
			}
			data = string(b)
		}
		hdr := w.Get("Object").New()
		hdr.Set("Content-Type", contentType)
		opts.Set("headers", hdr)
		opts.Set("body", data)
	}
	return opts, nil
}

// fetchText fetches path with opts and returns the answer's status and
// text, or why the server could not be reached. It blocks the calling
// goroutine until the browser answers.
func fetchText(path string, opts app.Value) (int, string, error) {
	type answer struct {
		status int
		text   string
		err    error
	}
	ch := make(chan answer, 1)
	var onText, onResponse, onError app.Func
	status := 0
	onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "network error"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		ch <- answer{err: fmt.Errorf("the job server is not reachable: %s", msg)}
		return nil
	})
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- answer{status: status, text: args[0].String()}
		return nil
	})
	onResponse = app.FuncOf(func(this app.Value, args []app.Value) any {
		status = args[0].Get("status").Int()
		args[0].Call("text").Call("then", onText, onError)
		return nil
	})
	app.Window().Call("fetch", path, opts).Call("then", onResponse, onError)
	a := <-ch
	onText.Release()
	onResponse.Release()
	onError.Release()
	return a.status, a.text, a.err
}

// streamEvents follows a Server-Sent Events stream with the browser's
// EventSource: onEvent gets the data of every event named event or last,
// and the stream closes after last; onFail is called once if the stream
// fails before that. It returns false (and does nothing) where the browser
// has no EventSource. The callbacks run on the JS event loop: use
// ctx.Dispatch to touch a component.
func streamEvents(ctx app.Context, path, event, last string, onEvent func(data string), onFail func()) bool {
	es := app.Window().Get("EventSource")
	if !es.Truthy() {
		return false
	}
	src := es.New(path)
	var onData, onLast, onErr app.Func
	closed := false
	// closeStream stops the stream; the callbacks are released on the UI
	// goroutine, after the one running has returned.
	closeStream := func() {
		if closed {
			return
		}
		closed = true
		src.Call("close")
		ctx.Dispatch(func(app.Context) {
			onData.Release()
			onLast.Release()
			onErr.Release()
		})
	}
	handle := func(args []app.Value) {
		if len(args) > 0 {
			onEvent(args[0].Get("data").String())
		}
	}
	onData = app.FuncOf(func(this app.Value, args []app.Value) any {
		handle(args)
		return nil
	})
	onLast = app.FuncOf(func(this app.Value, args []app.Value) any {
		handle(args)
		closeStream()
		return nil
	})
	onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		if !closed {
			closeStream()
			onFail()
		}
		return nil
	})
	src.Call("addEventListener", event, onData)
	src.Call("addEventListener", last, onLast)
	src.Call("addEventListener", "error", onErr)
	return true
}
