package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/api"
)

// Uploaded communication graphs in the pages: a graph:ID guest is resolved
// from the graphs this page has uploaded or fetched (GET
// /api/v1/graphs/{id}?format=json, the server's canonical graph in CSR
// form), so that small ones are mapped in the browser like any other
// guest. The server reads the files: the wasm carries no file codecs.

// loaded holds the graphs this page has, the most recent last.
var loaded struct {
	sync.Mutex
	ids    []string
	graphs map[string]*guest.Graph
	// waiting lists, per graph in flight, who waits for it
	waiting map[string][]waiter
}

// maxLoadedGraphs bounds the graphs a page keeps in memory.
const maxLoadedGraphs = 4

// keepGraph adds an identified graph to the page's graphs.
func keepGraph(g *guest.Graph) {
	loaded.Lock()
	defer loaded.Unlock()
	if loaded.graphs == nil {
		loaded.graphs = map[string]*guest.Graph{}
	}
	if _, ok := loaded.graphs[g.ID]; ok {
		return
	}
	if len(loaded.ids) == maxLoadedGraphs {
		delete(loaded.graphs, loaded.ids[0])
		loaded.ids = loaded.ids[1:]
	}
	loaded.ids = append(loaded.ids, g.ID)
	loaded.graphs[g.ID] = g
}

// errGraphLoading is the guest's message while its graph is fetched.
var errGraphLoading = errors.New("loading the graph from the server…")

// loadedGraph is a guest.Resolver over the page's graphs.
func loadedGraph(_ context.Context, id string) (*guest.Graph, error) {
	loaded.Lock()
	defer loaded.Unlock()
	if g, ok := loaded.graphs[id]; ok {
		return g, nil
	}
	return nil, errGraphLoading
}

// parseGuest is spec.ParseGuest with the graph of a graph:ID guest
// attached when the page has it (pendingGraph says when not).
func parseGuest(s string) (spec.Guest, error) {
	g, err := spec.ParseGuest(s)
	if err != nil {
		return g, err
	}
	if r, err := g.Resolve(context.Background(), loadedGraph); err == nil {
		return r, nil
	}
	return g, nil
}

// pendingGraph returns the id of a graph:ID guest whose graph the page
// has yet to load, or "".
func pendingGraph(g spec.Guest) string {
	if g.External() && g.Graph == nil {
		return g.ID
	}
	return ""
}

// fetchGraph loads graph:id from the server into the page's graphs and
// calls done on the UI goroutine with the error, if any. Callers that ask
// for a graph already in flight wait for the same fetch. Nothing is
// fetched while pre-rendering on the server.
func fetchGraph(ctx app.Context, id string, done func(app.Context, error)) {
	if app.IsServer {
		return
	}
	w := waiter{ctx, done}
	loaded.Lock()
	if loaded.waiting == nil {
		loaded.waiting = map[string][]waiter{}
	}
	first := len(loaded.waiting[id]) == 0
	loaded.waiting[id] = append(loaded.waiting[id], w)
	loaded.Unlock()
	if !first {
		return
	}
	ctx.Async(func() {
		err := getGraph(id)
		loaded.Lock()
		ws := loaded.waiting[id]
		delete(loaded.waiting, id)
		loaded.Unlock()
		for _, w := range ws {
			w.ctx.Dispatch(func(ctx app.Context) { w.done(ctx, err) })
		}
	})
}

// waiter is a page waiting for a graph.
type waiter struct {
	ctx  app.Context
	done func(app.Context, error)
}

// whenGraphLoaded fetches the graph of a graph:ID guest that form.check
// left pending, then calls reload (or puts the error in errs, the page's
// messages, under the guest field).
func whenGraphLoaded(ctx app.Context, g spec.Guest, errs fieldErrors, reload func(app.Context)) {
	id := pendingGraph(g)
	if id == "" || errs["guest"] != errGraphLoading.Error() {
		return
	}
	fetchGraph(ctx, id, func(ctx app.Context, err error) {
		if err != nil {
			errs["guest"] = err.Error()
			return
		}
		reload(ctx)
	})
}

// getGraph fetches the graph of id in CSR form (GET
// /api/v1/graphs/{id}?format=json) and keeps it. It blocks (run it in
// ctx.Async).
func getGraph(id string) error {
	var d api.GraphData
	if err := apiDo("GET", apiBase+"/graphs/"+url.PathEscape(id)+"?format=json", nil, &d); err != nil {
		return err
	}
	if d.ID != id {
		return fmt.Errorf("the server answered graph %.40q for graph %s", d.ID, id)
	}
	g, err := guest.FromCSR(d.ID, d.Offsets, d.Adj, d.Weight)
	if err != nil {
		return err
	}
	keepGraph(g)
	return nil
}

// graphFormats are the graph file formats the server reads (package
// graphfile's table, held to it by a test: the wasm carries no codecs),
// as the upload's format selector offers them.
var graphFormats = []struct{ name, title string }{
	{"goal", "GOAL schedule (LogGOPSim)"},
	{"matrixmarket", "Matrix Market"},
	{"scotch", "Scotch .grf"},
	{"csv", "CSV edge list src,dst,volume"},
	{"edges", "edge list src dst volume"},
	{"dense", "dense matrix"},
	{"metis", "METIS"},
	{"chaco", "Chaco"},
}

// fileUpload is an upload control: a file picker and a drop zone that
// send the file's text with send (off the UI goroutine), which says what
// was uploaded; its elements' ids start with its kind ("graph": #f-graph,
// #graph-drop, #graph-info, #graph-error).
type fileUpload struct {
	busy bool
	// again says that a file was picked or a choice changed while busy:
	// once the upload under way ends, its answer is dropped and the
	// picker's file is sent again with the choices as they are then
	again    bool
	info     string // what was uploaded
	warnings []string
	err      string
}

// uploadSpec is what one upload control is: its kind, label and note,
// and send, which uploads a file's text and says what it was.
type uploadSpec struct {
	kind, label, note string
	send              func(name, text string) (info string, warnings []string, err error)
	// extra draws more controls after the picker (a format selector), or
	// is nil; their change handlers call resend, which uploads the file
	// picked (or dropped) again with the new choice.
	extra func(resend func(app.Context)) app.UI
}

// start uploads file (a File of a picker or a drop) with sp.send and,
// once it is done, calls done on the UI goroutine; while an upload is
// under way, it marks the picker's file to be sent again (again).
func (u *fileUpload) start(ctx app.Context, file app.Value, sp uploadSpec, done func(app.Context)) {
	if !file.Truthy() {
		return
	}
	if u.busy {
		u.again = true
		return
	}
	u.busy, u.err, u.info, u.warnings = true, "", "", nil
	name := file.Get("name").String()
	ctx.Async(func() {
		var info string
		var warnings []string
		text, err := fileText(file)
		if err == nil {
			info, warnings, err = sp.send(name, text)
		}
		ctx.Dispatch(func(ctx app.Context) {
			u.busy = false
			if u.again {
				u.again = false
				u.resend(ctx, sp, done)
				return
			}
			if err != nil {
				u.err = name + ": " + err.Error()
				return
			}
			u.info, u.warnings = name+": "+info, warnings
			done(ctx)
		})
	})
}

// onPick uploads the file chosen in the picker.
func (u *fileUpload) onPick(sp uploadSpec, done func(app.Context)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		files := ctx.JSSrc().Get("files")
		if files.Truthy() && files.Length() > 0 {
			u.start(ctx, files.Index(0), sp, done)
		}
	}
}

// resend uploads the file in the picker again (a choice beside it
// changed); nothing if none was picked.
func (u *fileUpload) resend(ctx app.Context, sp uploadSpec, done func(app.Context)) {
	picker := app.Window().GetElementByID("f-" + sp.kind)
	if !picker.Truthy() {
		return
	}
	if files := picker.Get("files"); files.Truthy() && files.Length() > 0 {
		u.start(ctx, files.Index(0), sp, done)
	}
}

// onDrop uploads the first file dropped on the zone.
func (u *fileUpload) onDrop(sp uploadSpec, done func(app.Context)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		files := e.Get("dataTransfer").Get("files")
		if files.Truthy() && files.Length() > 0 {
			// The picker names the file dropped, not the one chosen before.
			if picker := app.Window().GetElementByID("f-" + sp.kind); picker.Truthy() {
				picker.Set("files", files)
			}
			u.start(ctx, files.Index(0), sp, done)
		}
	}
}

// render draws the control; done runs after each upload.
func (u *fileUpload) render(sp uploadSpec, done func(app.Context)) app.UI {
	allowDrop := func(ctx app.Context, e app.Event) { e.PreventDefault() }
	k := sp.kind
	return app.Div().ID(k+"-drop").Class("field upload").OnDragOver(allowDrop).OnDrop(u.onDrop(sp, done)).Body(
		app.Label().For("f-"+k).Text(sp.label),
		app.Div().Class("upload-row").Body(
			app.Input().ID("f-"+k).Type("file").OnChange(u.onPick(sp, done)),
			app.If(sp.extra != nil, func() app.UI { return sp.extra(func(ctx app.Context) { u.resend(ctx, sp, done) }) }),
		),
		app.Span().Class("note").Text(sp.note),
		app.If(u.busy, func() app.UI { return app.Div().ID(k + "-busy").Class("note").Text("uploading…") }),
		app.If(u.info != "", func() app.UI { return app.Div().ID(k + "-info").Class("note").Text(u.info) }),
		app.Range(u.warnings).Slice(func(i int) app.UI { return app.Div().Class("note " + k + "-warning").Text(u.warnings[i]) }),
		app.If(u.err != "", func() app.UI { return app.Div().ID(k+"-error").Class("msg").Aria("live", "polite").Text(u.err) }),
	)
}

// graphUpload is the "Upload a graph" control: it sends the file to the
// server (POST /api/v1/graphs), which stores it under its content hash,
// and keeps the graph in the page.
type graphUpload struct {
	fileUpload
	format string    // a graphFormats name, or "" to let the server tell
	last   api.Graph // the graph uploaded last
}

// render draws the control; done receives each uploaded graph.
func (u *graphUpload) render(done func(app.Context, api.Graph)) app.UI {
	return u.fileUpload.render(uploadSpec{"graph", "Upload a graph",
		"or drop a file here: " + formatNames(), u.send,
		u.formatSelect},
		func(ctx app.Context) { done(ctx, u.last) })
}

// formatNames lists graphFormats' names for the upload's note, as
// ?format= and the command line name them (the selector shows their
// titles): the note stays two lines long, so that the first screen
// keeps room for the drawing.
func formatNames() string {
	names := make([]string, len(graphFormats))
	for i, f := range graphFormats {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

// formatSelect is the upload's format selector: told from the file, or
// one of graphFormats; a change uploads the file picked again.
func (u *graphUpload) formatSelect(resend func(app.Context)) app.UI {
	return app.Span().Body(
		app.Label().For("f-graph-format").Text("format"),
		app.Select().ID("f-graph-format").OnChange(func(ctx app.Context, e app.Event) {
			u.format = ctx.JSSrc().Get("value").String()
			resend(ctx)
		}).Body(
			selectedIf(app.Option().Value(""), u.format == "").Text("guessed"),
			app.Range(graphFormats).Slice(func(i int) app.UI {
				f := graphFormats[i]
				return selectedIf(app.Option().Value(f.name), u.format == f.name).Text(f.title)
			}),
		),
	)
}

// send uploads a graph file: the server reads it (its format the one
// chosen, else from the name's extension, else the content) and the page
// then takes the graph in CSR form: the page carries no file codecs.
func (u *graphUpload) send(name, text string) (string, []string, error) {
	var g api.Graph
	q := url.Values{"name": {name}}
	if u.format != "" {
		q.Set("format", u.format)
	}
	err := apiDo("POST", apiBase+"/graphs?"+q.Encode(), rawUpload{"text/plain", text}, &g)
	if err == nil {
		err = getGraph(g.ID)
	}
	u.last = g
	return fmt.Sprintf("graph:%s, %s, %s (%s)", g.ID, metric.Plural(g.Vertices, "vertex", "vertices"), metric.Plural(g.Arcs, "arc"), g.Format), g.Warnings, err
}

// describe says which graph a permalink's guest g is when this page did
// not upload it (the upload showed "No file chosen"): its id, vertices
// and arcs.
func (u *graphUpload) describe(g spec.Guest) {
	if !g.External() {
		return // building a grid or a d-cube costs its size, for nothing
	}
	gr, err := g.Build()
	if err != nil || u.last.ID == gr.ID {
		return
	}
	u.info = fmt.Sprintf("graph:%s, %s, %s (from the link)", gr.ID, metric.Plural(gr.Order(), "vertex", "vertices"), metric.Plural(gr.Arcs(), "arc"))
}

// hostFor suggests a host for an uploaded guest g: keep, if it is a real
// machine (its nodes have names: an uploaded machine file, a preset) and
// some algorithm maps g onto it; else a torus of g's shape when g is a
// 2-D or 3-D stencil in index order (guest.Stencil: a halo exchange then
// maps with dilation 1) or a renumbered 5-, 7-, 9- or 27-point one
// (guest.GridLabels); else keep, if some algorithm maps g onto it (one
// of its size, or a larger one for the algorithms that leave nodes
// empty); else the most cube-like 3-D torus of g's order; else the
// squarest 2-D torus whose sides are at least a quarter of each other;
// else a ring.
func hostFor(g spec.Guest, keep string) string {
	h, err := spec.ParseHost(keep)
	fits := err == nil && len(solve.Applicable(g, h)) > 0
	if fits && topology.NamesOf(h) != nil {
		return keep
	}
	if gr, err := g.Build(); err == nil {
		if dims, _, ok := guest.Stencil(gr); ok {
			return torusOf(dims)
		}
		if dims, _, _, ok := guest.GridLabels(context.Background(), gr); ok {
			return torusOf(dims)
		}
	}
	if fits {
		return keep
	}
	n := g.Order()
	if dims := cubeLike(n); dims != nil {
		return torusOf(dims)
	}
	for b := int(math.Sqrt(float64(n))); b >= 2; b-- {
		if n%b == 0 && n/b <= 4*b {
			return fmt.Sprintf("torus:%dx%d", n/b, b)
		}
	}
	return fmt.Sprintf("ring:%d", n)
}

// cubeLike returns the sides c ≥ b ≥ a ≥ 2 of n = a·b·c whose largest
// side is the smallest (then whose smallest is the largest), or nil when n
// has no such factorisation. O(n^(1/2)) divisions.
func cubeLike(n int) []int {
	var best []int
	for a := 2; a*a*a <= n; a++ {
		for b := a; n%a == 0 && a*b*b <= n; b++ {
			if c := n / a / b; n/a%b == 0 && (best == nil || c < best[0] || c == best[0] && a > best[2]) {
				best = []int{c, b, a}
			}
		}
	}
	return best
}

// torusOf is the spec of the torus of those sides.
func torusOf(dims []int) string {
	t, err := topology.NewTorus(dims...)
	if err != nil {
		return ""
	}
	return t.String()
}
