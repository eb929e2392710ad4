package web

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/web/draw"
)

// Explorer is the page at "/": a form for one instance, its mapping drawn
// on the host, a step view, the metrics with their bounds and the
// algorithm's notes. Its URL holds the instance (spec.Instance.Query) and
// the step ("step", 0 = the whole mapping).
type Explorer struct {
	app.Compo

	form form
	errs fieldErrors
	// typed is the instance the fields give as typed (when errs is
	// empty); the result shown is stale while it is not in (stale).
	typed spec.Instance
	step  int
	ready bool
	// restored is set once the values typed before the app ran are back.
	restored bool
	// View keys of the URL: minhops hides shorter edges, detail is the
	// guest order above which edges give way to a heat map.
	minHops int
	detail  int
	// edges (1) draws a weighted graph's edges above draw.GraphEdgeLimit
	// pairs, bundled, instead of its heat map.
	edges int

	// The current instance and its solution.
	in       spec.Instance
	valid    bool
	tooBig   bool
	res      *solve.Result
	notes    []solve.Algorithm // the server's (readNotes), nil until read
	svg      string
	mapMs    float64 // solve.Map, wall clock
	drawMs   float64 // draw.Mapping
	runErr   string
	progress solve.Progress
	work     asyncRun

	box     [2]int // the box the drawing fills (drawBox), as last drawn
	hover   string
	locator *draw.Locator // of the current heat map (nil until needed)
	inspect string        // the vertex typed in the inspect field
	copy    copyState
	job     jobSubmit

	// The link heat map's readouts: the loads of the current mapping, and
	// the readout of the listed link pointed at.
	loads     linkLoads
	linkInfo  string
	upload    graphUpload
	suggested suggestion // the method picked for the graph uploaded last
	place     placementUpload
	machines  machineUpload

	names hostNames // the host names of the launcher files
	turn  [2]int    // the 3-D view's yaw and pitch, degrees

}

// renderView3D shows the projected view of a 3-D mesh or torus, which
// the server draws (render.svg, view=projected, from the instance's
// permalink fields), turned by buttons in steps of 15°: its drawing code
// would not fit the browser's client within its 2.5 MiB. The image is
// fetched only once its section is opened.
func (c *Explorer) renderView3D() app.UI {
	src := apiBase + "/render.svg?view=projected&yaw=" + strconv.Itoa(c.turn[0]) + "&pitch=" + strconv.Itoa(c.turn[1]) + "&" + c.in.Query().Encode()
	button := func(id, label string, axis, step int) app.UI {
		return app.Button().ID("view3d-" + id).Text(label).OnClick(func(app.Context, app.Event) {
			c.turn[axis] = (c.turn[axis]+step+540)%360 - 180 // within ±180°
		})
	}
	return app.Details().ID("view3d").Body(
		app.Summary().Text("3-D view of the host (drawn by the server)"),
		app.Div().Class("downloads").Body(
			button("left", "◀ turn", 0, -15), button("right", "turn ▶", 0, 15),
			button("up", "▲ tilt", 1, -15), button("down", "tilt ▼", 1, 15),
			app.A().ID("view3d-link").Target("_blank").Href(src).Text("open alone"),
		),
		app.Img().ID("view3d-img").Src(src).Attr("loading", "lazy").Alt("the host in 3-D, projected: one dot per node, links coloured by load"),
	)
}

// OnMount marks the page as live (the e2e tests wait for it); a run
// that finishes checks the drawing's box.
func (c *Explorer) OnMount(ctx app.Context) {
	c.ready = true
	c.work.settled = c.fitBox
	readNotes(ctx, func(all []solve.Algorithm) { c.notes = all })
}

// OnResize draws again for the drawing's new box.
func (c *Explorer) OnResize(ctx app.Context) { c.fitBox(ctx) }

// fitBox draws the mapping again when its box, as the page now lays it
// out, is not the one it was drawn for (the page's columns settle after
// the first drawing; the window was resized), so that it shows at 100 %.
func (c *Explorer) fitBox(ctx app.Context) {
	if b := drawBox("#drawing", ".drawing"); c.res != nil && (absInt(b[0]-c.box[0]) > 8 || absInt(b[1]-c.box[1]) > 40) {
		ctx.Dispatch(func(app.Context) { c.redraw() })
	}
}

// OnDismount stops a run in progress.
func (c *Explorer) OnDismount() { c.stop() }

// OnNav loads the state from the URL: a permalink, a pushed edit or the
// back button all land here.
func (c *Explorer) OnNav(ctx app.Context) {
	c.load(ctx, ctx.Page().URL().Query())
	// Put back what was typed while the app loaded.
	restoreTyped(ctx, &c.restored, map[string]*string{"f-guest": &c.form.Guest, "f-host": &c.form.Host,
		"f-seed": &c.form.Seed, "f-start": &c.form.Start, "f-budget": &c.form.Budget,
		"f-nodes": &c.form.Nodes, "f-ranksPerNode": &c.form.RanksPerNode},
		c.check, c.navigate)
}

// load parses q into the form and, if valid and small enough, maps it. A
// change of step alone redraws without mapping again.
func (c *Explorer) load(ctx app.Context, q url.Values) {
	c.form = formFromQuery(q)
	c.step = atoiOr(q.Get("step"), 0)
	c.minHops = atoiOr(q.Get("minhops"), 0)
	c.detail = atoiOr(q.Get("detail"), 0)
	c.edges = atoiOr(q.Get("edges"), 0)
	c.copy = copyState{}
	c.check()
	in, errs := c.typed, c.errs
	c.valid = len(errs) == 0
	title := "Explorer"
	if c.valid { // an uploaded graph's or machine's once read (they load again then)
		title = in.Guest.String() + " on " + in.Host.String() + " by " + in.Algo
	}
	setTitle(ctx, title)
	c.tooBig = false
	c.runErr = ""
	// A permalink of an uploaded graph: fetch it, then load again.
	whenGraphLoaded(ctx, in.Guest, errs, func(ctx app.Context) { c.load(ctx, q) })
	c.upload.describe(in.Guest)
	// And of an uploaded machine.
	whenMachineLoaded(ctx, c.form.Host, errs, func(ctx app.Context) { c.load(ctx, q) })
	if !c.valid {
		// A bad permalink shows its messages, not an older drawing.
		c.stop()
		c.res, c.svg = nil, ""
		return
	}
	if tooBig(in) {
		c.stop()
		c.in, c.tooBig, c.res, c.svg = in, true, nil, ""
		c.job.learnCap(ctx)
		return
	}
	if c.res != nil && sameInstance(c.res.Instance, in) {
		c.in = in
		c.redraw()
		return
	}
	c.in = in
	c.run(ctx, in)
}

func sameInstance(a, b spec.Instance) bool { return a.Query().Encode() == b.Query().Encode() }

// check checks the fields as typed into typed and errs.
func (c *Explorer) check() { c.typed, c.errs = c.form.check() }

// stale says why the result shown is not the fields' instance, "" when it
// is: a field does not parse, or one was edited and not mapped yet (Enter,
// or leaving the field, maps it).
func (c *Explorer) stale() string {
	switch {
	case len(c.errs) > 0:
		return "the fields above do not parse, so nothing was mapped again"
	case !sameInstance(c.typed, c.in):
		return "press Enter to map the fields as they are now"
	}
	return ""
}

// stop cancels a run in progress.
func (c *Explorer) stop() { c.work.stop() }

// run maps in on a goroutine, reporting progress and yielding to the
// browser so that the page stays responsive; a newer run or Cancel stops it.
func (c *Explorer) run(ctx app.Context, in spec.Instance) {
	c.progress = solve.Progress{}
	c.box = drawBox("#drawing", ".drawing")
	opts := c.drawOptions()
	c.work.start(ctx, func(rctx context.Context, y *yielder, update func(func())) func() {
		onProgress := func(p solve.Progress) {
			if y.due() { // one re-render per yield, however often reports come
				update(func() { c.progress = p })
				y.now()
			}
		}
		y.now() // paint "running" before the work starts
		t0 := time.Now()
		res, err := solve.Map(rctx, in, onProgress)
		mapMs := msSince(t0)
		y.maybe() // mapping and drawing are then two shorter stalls, not one
		// A cancelled anytime search keeps its best mapping so far (not
		// on the server, whose pre-render is cut off on purpose: the
		// browser then runs it in full).
		keep := err == nil || res != nil && res.Partial && !app.IsServer
		var svg string
		var drawMs float64
		if keep {
			t1 := time.Now()
			var derr error
			if svg, derr = mappingSVG(res, opts); derr != nil {
				keep, err = false, derr
			}
			drawMs = msSince(t1)
		}
		return func() {
			switch {
			case keep:
				c.res, c.svg, c.mapMs, c.drawMs, c.runErr = res, svg, mapMs, drawMs, ""
				c.step = draw.ClampStep(res.Mapping.Guest, c.step)
				c.locator = nil
				if res.Partial {
					c.runErr = "cancelled: showing the best mapping found before the cancel (partial)"
				}
			case rctx.Err() != nil && !app.IsServer:
				c.res, c.svg, c.runErr = nil, "", "cancelled"
			case rctx.Err() == nil:
				c.res, c.svg, c.runErr = nil, "", err.Error()
			default:
				c.res, c.svg = nil, ""
			}
		}
	})
}

// mappingSVG draws res for the page (prolog stripped for app.Raw).
func mappingSVG(res *solve.Result, o draw.Options) (string, error) {
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, res, o); err != nil {
		return "", err
	}
	return draw.Inline(buf.Bytes()), nil
}

// drawOptions are the view keys as draw.Options.
func (c *Explorer) drawOptions() draw.Options {
	return draw.Options{Step: c.step, MinHops: c.minHops, Detail: c.detail, Width: c.box[0], Height: c.box[1], GraphEdges: c.edges != 0}
}

// redraw draws the current result again (after a change of step).
func (c *Explorer) redraw() {
	if c.res == nil {
		return
	}
	t := time.Now()
	c.box = drawBox("#drawing", ".drawing")
	svg, err := mappingSVG(c.res, c.drawOptions())
	if err != nil {
		c.runErr = err.Error()
		return
	}
	c.svg, c.drawMs, c.locator = svg, msSince(t), nil
}

// navigate pushes the form's state as a new URL (a history entry, so the
// back button undoes the edit) if it is valid, else shows the messages.
func (c *Explorer) navigate(ctx app.Context) {
	c.check()
	if len(c.errs) > 0 {
		return
	}
	navigate(ctx, pageURL("/", c.typed, c.viewKeys()))
}

// viewKeys are the page's own URL keys (zero values left out).
func (c *Explorer) viewKeys() url.Values {
	extra := url.Values{}
	for k, v := range map[string]int{"step": c.step, "minhops": c.minHops, "detail": c.detail, "edges": c.edges} {
		if v != 0 {
			extra.Set(k, strconv.Itoa(v))
		}
	}
	return extra
}

// setField returns the handlers of a text field; a new guest or host
// keeps the algorithm only if it still applies.
func (c *Explorer) setField(dst *string) (onInput, onChange app.EventHandler) {
	mark := func() {
		switch dst {
		case &c.form.Guest:
			c.form.edited = "guest"
		case &c.form.Host:
			c.form.edited = "host"
		}
	}
	validate := func() {
		mark()
		c.check()
	}
	return textField(dst, validate, func(ctx app.Context) {
		mark()
		if dst == &c.form.Guest || dst == &c.form.Host {
			c.pickApplicable()
		}
		c.step = 0
		c.navigate(ctx)
	})
}

// pickApplicable keeps the algorithm if it still applies after the guest
// or host changed, else picks the first one that does.
func (c *Explorer) pickApplicable() {
	choices := c.form.algoChoices()
	for _, a := range choices {
		if a.Name == c.form.Algo {
			return
		}
	}
	g, err1 := parseGuest(c.form.Guest)
	h, err2 := spec.ParseHost(c.form.Host)
	if err1 == nil && err2 == nil && len(solve.Applicable(g, h)) > 0 {
		c.form.Algo = choices[0].Name
	}
}

func (c *Explorer) onAlgo(ctx app.Context, e app.Event) {
	c.form.Algo = ctx.JSSrc().Get("value").String()
	c.step = 0
	c.navigate(ctx)
}

func (c *Explorer) onStart(ctx app.Context, e app.Event) {
	c.form.Start = ctx.JSSrc().Get("value").String()
	if c.form.Start == bestStart {
		c.form.Start = ""
	}
	c.navigate(ctx)
}

// onStep redraws the step view and replaces the URL: every arrow-key step
// of the slider is a change, and each would otherwise add a history entry.
func (c *Explorer) onStep(ctx app.Context, e app.Event) {
	c.step = atoiOr(ctx.JSSrc().Get("value").String(), 0)
	c.redraw()
	replaceURL(ctx, c.permalink())
}

// onCancel stops the run; an anytime search then delivers its best
// mapping so far (run), which replaces this message.
func (c *Explorer) onCancel(ctx app.Context, e app.Event) {
	c.stop()
	c.runErr = "cancelled"
}

// onRunAgain maps the current instance once more (after a cancel, or to
// time it again).
func (c *Explorer) onRunAgain(ctx app.Context, e app.Event) {
	if c.valid && !c.tooBig {
		c.run(ctx, c.in)
	}
}

func (c *Explorer) onCopy(ctx app.Context, e app.Event) { c.copy.copy(app.Window().URL().String()) }

// downloadFormats are the explorer's downloads: the drawing, then every
// placement format of the job page.
var downloadFormats = append([]string{"svg", "png"}, export.Names()...)

// onDownload saves the current mapping in a format: svg (the drawing as
// shown, step view included), png (the same drawing rasterised by the
// browser) or one of export.Formats, named by export.FileName.
func (c *Explorer) onDownload(format string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if c.res == nil {
			return
		}
		var buf bytes.Buffer
		var err error
		switch format {
		case "svg", "png":
			err = draw.Mapping(&buf, c.res, c.drawOptions())
		default:
			var names export.Hostnames
			if names, err = c.names.of(c.res); err == nil {
				err = export.WriteWith(&buf, format, c.res, export.Options{Hostnames: names, RunTime: true})
			}
		}
		if err != nil {
			c.runErr = err.Error()
			return
		}
		name := export.FileName("", c.in.Guest.String(), c.in.Host.String(), c.in.Algo, format)
		if format == "png" {
			downloadPNG(name, buf.String())
			return
		}
		download(name, export.ContentType(format), buf.String())
	}
}

// onGraph maps an uploaded graph: its guest graph:ID, on the host if it
// fits, else on a host of its size, by the method suggested for them
// (solve.Suggest), whose reason the page shows.
func (c *Explorer) onGraph(ctx app.Context, g api.Graph) {
	gs, _ := parseGuest(g.Guest()) // the page has the graph (graphUpload)
	c.form.Guest, c.form.Host = g.Guest(), hostFor(gs, c.form.Host)
	c.suggested = suggestFor(c.form)
	c.form.Algo, c.form.edited = c.suggested.Algo, "guest"
	if c.form.Algo == "" {
		c.form.Algo = c.form.firstApplicable()
	}
	c.navigate(ctx)
}

// onMachine maps onto an uploaded machine: its host machine:ID (or the
// spec its file describes; an hwloc file's inside on the host's nodes),
// by the algorithm chosen if it applies there, else the first that does.
func (c *Explorer) onMachine(ctx app.Context, m api.Machine) {
	c.form.Host, c.form.edited = withInside(c.form.Host, m), "host"
	c.pickApplicable()
	c.navigate(ctx)
}

func (c *Explorer) onSubmitJob(ctx app.Context, e app.Event) {
	c.job.submit(ctx, c.in)
}

// Render draws the page; it is safe with the zero value (go-app renders
// before OnNav, and on the server).
func (c *Explorer) Render() app.UI {
	gIn, gCh := c.setField(&c.form.Guest)
	hIn, hCh := c.setField(&c.form.Host)
	sIn, sCh := c.setField(&c.form.Seed)
	bIn, bCh := c.setField(&c.form.Budget)
	mIn, mCh := c.setField(&c.form.Moves)
	nIn, nCh := c.setField(&c.form.Nodes)
	rIn, rCh := c.setField(&c.form.RanksPerNode)
	choices := c.form.algoChoices()
	return shell("/", c.ready, c.form.instanceKeys(),
		intro(),
		app.Section().Class("controls").Body(
			app.Div().Class("row").Body(
				field("guest", "Guest", c.form.Guest, "hypercube:4, grid:9x8 or graph:ID", c.errs["guest"], gIn, gCh),
				field("host", "Host", c.form.Host, "ring:16, mesh:6x12, torus:8x8x8, hypercube:4", c.errs["host"], hIn, hCh),
				presetSelect(c.form.Host, c.onPreset),
				algoSelect("algo", "Algorithm", c.form.Algo, choices, c.errs["algo"], c.onAlgo, true),
				objectiveSelect(c.form, c.errs["objective"], c.onObjective),
			),
			app.Div().Class("uploads").Body(
				c.upload.render(c.onGraph),
				c.place.render(c.onPlacement),
				c.machines.render(c.onMachine),
			),
			c.suggested.render(c.form),
			app.Div().Class("advanced-row").Body(
				openIf(app.Details().Class("advanced"), c.form.Seed != "" || c.form.Start != "" || c.form.Budget != "" || c.form.Moves != "" ||
					c.errs["seed"] != "" || c.errs["start"] != "" || c.errs["budget"] != "" || c.errs["moves"] != "").Body(
					app.Summary().Text("Parameters of randomised and anytime algorithms"),
					app.Div().Class("row").Body(
						field("seed", "Seed", c.form.Seed, "0", c.errs["seed"], sIn, sCh),
						startSelect(c.form, c.errs["start"], c.onStart),
						field("budget", "Budget (planned as moves at their measured cost)", c.form.Budget, "e.g. 2s", c.errs["budget"], bIn, bCh),
						field("moves", "Moves (repeat a run)", c.form.Moves, "from the budget", c.errs["moves"], mIn, mCh),
					),
				),
				openIf(app.Details().Class("advanced").ID("allocation"), c.form.Nodes != "" || c.form.RanksPerNode != "" ||
					c.errs["nodes"] != "" || c.errs["ranksPerNode"] != "").Body(
					app.Summary().Text("Allocation: the nodes you were given, ranks per node"),
					app.Div().Class("row").Body(
						field("nodes", "Nodes (a Slurm hostlist of a named machine's nodes, else index ranges)", c.form.Nodes, "nid[00001-00004,00007] or 0-15,32-47", c.errs["nodes"], nIn, nCh),
						field("ranksPerNode", "Ranks per node (every used node holds exactly these)", c.form.RanksPerNode, "as the host's slots", c.errs["ranksPerNode"], rIn, rCh),
					),
				),
			),
			c.renderLink(),
		),
		c.renderStatus(),
		app.If(c.res != nil, c.renderResult),
	)
}

func hasAlgo(as []solve.Algorithm, name string) bool {
	for _, a := range as {
		if a.Name == name {
			return true
		}
	}
	return name == ""
}

// permalink is the URL of the page's current state.
func (c *Explorer) permalink() string {
	if !c.valid {
		return "/"
	}
	return pageURL("/", c.in, c.viewKeys())
}

func (c *Explorer) renderLink() app.UI {
	link := c.permalink()
	return app.Div().Class("links").Body(
		app.A().ID("permalink").Href(link).Text("permalink"),
		c.copy.render(c.onCopy),
		app.If(c.valid, func() app.UI {
			return app.A().ID("to-compare").Href(pageURL("/compare", c.in, nil)).Text("compare all algorithms")
		}),
		app.If(c.valid && sim.Models(c.in.Guest.Kind), func() app.UI { // the execution model's guests have a Gantt view
			return app.A().ID("to-gantt").Href(pageURL("/gantt", c.in, url.Values{"vs": {ganttPartner(c.in)}})).Text("Gantt chart")
		}),
	)
}

// ganttPartner picks the embedding the Gantt page compares with in's:
// standard (the paper's reference), or the first other applicable one.
func ganttPartner(in spec.Instance) string {
	var other string
	for _, a := range solve.Applicable(in.Guest, in.Host) {
		if a.Name == in.Algo {
			continue
		}
		if a.Name == "standard" {
			return a.Name
		}
		if other == "" {
			other = a.Name
		}
	}
	return other
}

// renderView shows the edge filters and the edge limit.
func (c *Explorer) renderView() app.UI {
	detail := c.detail
	if detail == 0 {
		detail = draw.DefaultDetail
	}
	return app.Div().Class("row view").Body(
		app.Label().Body(
			checkedIf(app.Input().ID("f-hide1").Type("checkbox"), c.minHops >= 2).OnChange(c.onCheck(&c.minHops, 2)),
			app.Text(" "), termText("hide dilation-1 edges"),
		),
		app.Label().For("f-minhops").Text("only edges of ≥ k hops:"),
		app.Input().ID("f-minhops").Type("number").Min(1).Value(max(1, c.minHops)).OnChange(c.onView(&c.minHops)),
		app.Label().For("f-detail").Text("draw edges up to (vertices):"),
		app.Input().ID("f-detail").Type("number").Min(1).Max(HeuristicLimit).Value(detail).OnChange(c.onView(&c.detail)),
		app.If(c.res != nil && c.res.Mapping.Guest.Label == nil, func() app.UI {
			return app.Label().Title("above "+metric.Thousands(draw.GraphEdgeLimit)+" communicating pairs a graph is drawn as a heat map of its nodes").Body(
				checkedIf(app.Input().ID("f-edges").Type("checkbox"), c.edges != 0).OnChange(c.onCheck(&c.edges, 1)),
				app.Text(" draw every edge (bundled along its route)"),
			)
		}),
	)
}

// onView sets a view key from a number field, redraws and replaces the URL.
func (c *Explorer) onView(dst *int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*dst = atoiOr(ctx.JSSrc().Get("value").String(), 0)
		c.redraw()
		replaceURL(ctx, c.permalink())
	}
}

// onCheck sets a view key from a checkbox: on when checked, else 0;
// redraws and replaces the URL.
func (c *Explorer) onCheck(dst *int, on int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*dst = 0
		if ctx.JSSrc().Get("checked").Bool() {
			*dst = on
		}
		c.redraw()
		replaceURL(ctx, c.permalink())
	}
}

func (c *Explorer) renderStatus() app.UI {
	switch {
	case c.work.running:
		label := "mapping…"
		if p := c.progress; p.Evaluated > 0 || p.Start != "" {
			label = progressText(api.ProgressOf(p))
		}
		return progressBar(c.progress.Fraction, label, c.onCancel)
	case c.tooBig:
		return app.Div().ID("too-big").Class("notice").Body(
			app.P().Text(fmt.Sprintf("%s on %s has more than %s nodes: mapping it with %s here would freeze this tab.",
				c.in.Guest, c.in.Host, metric.Thousands(browserLimit(c.in)), c.in.Algo)),
			c.job.render("Run as a server job", c.onSubmitJob, c.in),
		)
	case c.runErr != "":
		return app.Div().ID("status").Class("notice").Aria("live", "polite").Body(
			app.Span().ID("run-error").Text(c.runErr),
			app.If(c.valid, func() app.UI { return app.Button().ID("run-again").Text("Run again").OnClick(c.onRunAgain) }),
		)
	}
	return app.Div().ID("status").Aria("live", "polite").Body(
		app.If(c.res != nil, func() app.UI { return app.Button().ID("run-again").Text("Run again").OnClick(c.onRunAgain) }),
	)
}

func (c *Explorer) renderResult() app.UI {
	r := c.res
	steps := 0
	if r.Mapping != nil && r.Mapping.Guest != nil {
		steps = draw.StepCount(r.Mapping.Guest)
	}
	stepName := guest.WordsOf(r.Instance.Guest.Kind).Step
	// While the fields do not say the instance shown, say so, and grey it.
	stale, class := c.stale(), "result"
	if stale != "" {
		class += " stale"
	}
	return app.Div().Class(class).Body(
		app.If(stale != "", func() app.UI {
			return app.P().ID("stale").Class("notice").Text(fmt.Sprintf("Below: %s on %s by %s, mapped before the edit; %s.",
				r.Instance.Guest, r.Instance.Host, r.Instance.Algo, stale))
		}),
		app.Section().Class("drawing").Body(
			app.If(steps > 1, func() app.UI {
				return app.Div().Class("step").Body(
					app.Label().For("f-step").Text(fmt.Sprintf("Step view (%s shown, 0 = all): %d", stepName, c.step)),
					app.Input().ID("f-step").Type("range").Min(0).Max(steps).Value(c.step).OnChange(c.onStep),
				)
			}),
			c.renderView(),
			zoomable("drawing", "the mapping drawn on the host", r.Mapping.Host.Size() > draw.DefaultDetail, c.svg,
				pointer{over: c.onHover, move: c.onMove, leave: c.onLeave},
				tooltip(c.hover)),
			app.If(draw.Projectable(r.Mapping.Host), c.renderView3D),
			app.Div().Class("inspect").Body(
				app.Label().For("f-inspect").Text("Inspect a vertex or an edge"),
				app.Input().ID("f-inspect").Type("text").Placeholder("12, or 12-13").Value(c.inspect).
					Aria("describedby", "hover").OnInput(c.onInspect),
			),
			app.Div().Class("downloads").Body(
				app.Span().Text("Download: "),
				app.Range(downloadFormats).Slice(func(i int) app.UI {
					f := downloadFormats[i]
					return app.Button().ID("dl-" + f).Text(f).OnClick(c.onDownload(f))
				}),
			),
			c.names.render(r),
		),
		app.Aside().Class("panel").Body(
			searchPanel(r.Instance, r.Pairs, r.Metrics, func(in spec.Instance) string { return pageURL("/", in, nil) }),
			metricsPanel(r.Metrics, c.metricsExtra()...),
			app.If(len(r.Baselines) > 0, func() app.UI { return baselinesTable(r) }),
			c.renderTopLinks(),
			notesPanel(withServedNotes(r.Algorithm, c.notes)),
		),
	)
}

// metricsExtra are the rows the metrics panel adds to the result's
// figures: its allocation, its baseline and the run times.
func (c *Explorer) metricsExtra() []string {
	r := c.res
	extra := append(baselineRow(r.Baseline), "time", "map "+metric.RunTime(c.mapMs/1e3)+", draw "+metric.RunTime(c.drawMs/1e3))
	if a := r.AllocationReport(); a != nil {
		extra = append([]string{"allocation", a.Text()}, extra...)
	}
	return extra
}

// boundsTables shows the lower bounds on hops per byte that say
// something, then, apart and said to be no bounds, the estimates
// (metric.SplitBounds). top says the tables follow the page's h1
// directly (the compare page): their headings are then h2s, in the
// document's outline, styled as the h3s they are under the metrics' h2.
func boundsTables(bs []metric.Bound, top bool) app.UI {
	bounds, estimates := metric.SplitBounds(bs)
	heading := func(text string) app.UI {
		if top {
			return app.H2().Class("h3").Text(text)
		}
		return app.H3().Text(text)
	}
	return app.Div().Body(
		heading("Lower bounds on hops per byte"),
		app.If(len(bounds) == 0, func() app.UI {
			return app.P().ID("no-bounds").Class("note").Text("none above 0 for this instance")
		}).Else(func() app.UI { return boundsTable("bounds", "holds for", bounds) }),
		app.If(len(estimates) > 0, func() app.UI {
			return app.Div().Body(
				heading("Estimates from the sources (not bounds: a mapping may beat them)"),
				boundsTable("estimates", "source", estimates),
			)
		}),
	)
}

func boundsTable(id, third string, bs []metric.Bound) app.UI {
	return app.Table().ID(id).Class("bounds").Body(
		app.THead().Body(app.Tr().Body(app.Th().Text("name"), app.Th().Text("value"), app.Th().Text(third))),
		app.TBody().Body(app.Range(bs).Slice(func(i int) app.UI {
			b := bs[i]
			last := string(b.Scope)
			if b.Scope == metric.Estimate { // the citation; the row's title has the rest
				last, _, _ = strings.Cut(b.Source, ":")
			}
			return app.Tr().Title(b.Source).Body(
				app.Td().Body(termText(b.Name)), app.Td().Text(metric.Fixed4(b.Value)), app.Td().Class("scope").Text(last))
		})),
	)
}
