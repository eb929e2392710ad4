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

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/web/draw"
	"topomap/web/export"
)

// Explorer is the page at "/": a form for one instance, its mapping drawn
// on the host, a step view, the metrics with their bounds and the
// algorithm's notes. Its URL holds the instance (spec.Instance.Query) and
// the step ("step", 0 = the whole mapping).
type Explorer struct {
	app.Compo

	form  form
	errs  fieldErrors
	step  int
	ready bool

	// The current instance and its solution.
	in       spec.Instance
	valid    bool
	tooBig   bool
	res      *solve.Result
	svg      string
	mapMs    float64 // solve.Map, wall clock
	drawMs   float64 // draw.Mapping
	runErr   string
	running  bool
	progress solve.Progress
	cancel   context.CancelFunc
	runID    int

	hover  string
	copied bool
	job    jobSubmit
}

// OnMount marks the page as live (the e2e tests wait for it).
func (c *Explorer) OnMount(ctx app.Context) { c.ready = true }

// OnDismount stops a run in progress.
func (c *Explorer) OnDismount() { c.stop() }

// OnNav loads the state from the URL: a permalink, a pushed edit or the
// back button all land here.
func (c *Explorer) OnNav(ctx app.Context) {
	c.load(ctx, ctx.Page().URL().Query())
}

// load parses q into the form and, if valid and small enough, maps it. A
// change of step alone redraws without mapping again.
func (c *Explorer) load(ctx app.Context, q url.Values) {
	c.form = formFromQuery(q)
	c.step = atoiOr(q.Get("step"), 0)
	c.copied = false
	in, errs := c.form.check()
	c.errs = errs
	c.valid = len(errs) == 0
	c.tooBig = false
	c.runErr = ""
	if !c.valid {
		// A bad permalink shows its messages, not an older drawing.
		c.stop()
		c.res, c.svg = nil, ""
		return
	}
	if in.Guest.Order() > BrowserLimit || in.Host.Size() > BrowserLimit {
		c.stop()
		c.in, c.tooBig, c.res, c.svg = in, true, nil, ""
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

// stop cancels a run in progress.
func (c *Explorer) stop() {
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.running = false
}

// run maps in on a goroutine, reporting progress and yielding to the
// browser so that the page stays responsive; a newer run or Cancel stops it.
func (c *Explorer) run(ctx app.Context, in spec.Instance) {
	c.stop()
	c.runID++
	id := c.runID
	rctx, cancel := runContext()
	c.cancel = cancel
	c.running = true
	c.progress = solve.Progress{}
	step := c.step
	ctx.Async(func() {
		var y yielder
		onProgress := func(p solve.Progress) {
			ctx.Dispatch(func(ctx app.Context) {
				if c.runID == id {
					c.progress = p
				}
			})
			y.maybe()
		}
		y.now() // paint "running" before the work starts
		t0 := time.Now()
		res, err := solve.Map(rctx, in, onProgress)
		mapMs := msSince(t0)
		var svg string
		var drawMs float64
		if err == nil {
			t1 := time.Now()
			svg, err = mappingSVG(res, step)
			drawMs = msSince(t1)
		}
		ctx.Dispatch(func(ctx app.Context) {
			if c.runID != id {
				return
			}
			cancel()
			c.running, c.cancel = false, nil
			if err != nil {
				c.res, c.svg = nil, ""
				if rctx.Err() != nil && !app.IsServer {
					c.runErr = "cancelled"
				} else if rctx.Err() == nil {
					c.runErr = err.Error()
				}
				return
			}
			c.res, c.svg, c.mapMs, c.drawMs = res, svg, mapMs, drawMs
			c.keepMoves(res)
		})
	})
}

// mappingSVG draws res for the page (prolog stripped for app.Raw).
func mappingSVG(res *solve.Result, step int) (string, error) {
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, res, draw.Options{Step: step}); err != nil {
		return "", err
	}
	return draw.Inline(buf.Bytes()), nil
}

// redraw draws the current result again (after a change of step).
func (c *Explorer) redraw() {
	if c.res == nil {
		return
	}
	t := time.Now()
	svg, err := mappingSVG(c.res, c.step)
	if err != nil {
		c.runErr = err.Error()
		return
	}
	c.svg, c.drawMs = svg, msSince(t)
}

// navigate pushes the form's state as a new URL (a history entry, so the
// back button undoes the edit) if it is valid, else shows the messages.
func (c *Explorer) navigate(ctx app.Context) {
	in, errs := c.form.check()
	c.errs = errs
	if len(errs) > 0 {
		return
	}
	extra := url.Values{}
	if c.step > 0 {
		extra.Set("step", strconv.Itoa(c.step))
	}
	navigate(ctx, pageURL("/", in, extra))
}

// setField returns the handlers of a text field; a new guest or host
// keeps the algorithm only if it still applies.
func (c *Explorer) setField(dst *string) (onInput, onChange app.EventHandler) {
	return textField(dst, func() { _, c.errs = c.form.check() }, func(ctx app.Context) {
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
	g, err1 := spec.ParseGuest(c.form.Guest)
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

func (c *Explorer) onStep(ctx app.Context, e app.Event) {
	c.step = atoiOr(ctx.JSSrc().Get("value").String(), 0)
	c.navigate(ctx)
}

func (c *Explorer) onCancel(ctx app.Context, e app.Event) {
	c.stop()
	c.runID++ // drop the run's late dispatches
	c.runErr = "cancelled"
}

// onHover shows what is under the pointer in the drawing: a host node
// with its guest vertex, coordinates and dilation, or a guest edge.
func (c *Explorer) onHover(ctx app.Context, e app.Event) {
	c.hover = hoverText(c.res, targetData(e, "h", "v", "u", "dil"))
}

// hoverText describes a node or edge from its data-* attributes, looking
// up coordinates and dilations in the result.
func hoverText(r *solve.Result, d map[string]string) string {
	if d == nil || r == nil || r.Mapping == nil {
		return ""
	}
	m := r.Mapping
	if d["u"] != "" {
		s := "guest edge " + d["u"] + "–" + d["v"]
		if d["dim"] != "" {
			s += " (dimension " + d["dim"] + ")"
		}
		return s + ": dilation " + d["dil"]
	}
	h, err := strconv.Atoi(d["h"])
	if err != nil || h < 0 || h >= m.Host.Size() {
		return ""
	}
	at := "host node " + d["h"] + " at (" + joinInts(m.Host.Coords(h, nil)) + ")"
	v, err := strconv.Atoi(d["v"])
	if err != nil || v < 0 || v >= len(m.Place) {
		return at + ": free"
	}
	dil := 0
	g := m.Guest
	for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
		dil = max(dil, m.Host.Distance(m.Place[v], m.Place[g.Adj[e]]))
	}
	return "guest vertex " + d["v"] + " on " + at + ", largest dilation of its edges " + strconv.Itoa(dil)
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

func (c *Explorer) onCopy(ctx app.Context, e app.Event) {
	c.copied = copyText(app.Window().URL().String())
}

func (c *Explorer) stem() string {
	return fileStem(c.in.Guest.String(), c.in.Host.String(), c.in.Algo)
}

func (c *Explorer) onDownload(format string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if c.res == nil {
			return
		}
		var buf bytes.Buffer
		switch format {
		case "svg":
			if err := draw.Mapping(&buf, c.res, draw.Options{Step: c.step}); err == nil {
				download(c.stem()+".svg", "image/svg+xml", buf.String())
			}
		case "csv":
			if err := export.CSV(&buf, c.res.Mapping); err == nil {
				download(c.stem()+".csv", "text/csv", buf.String())
			}
		case "json":
			if err := export.JSON(&buf, c.res); err == nil {
				download(c.stem()+".json", "application/json", buf.String())
			}
		}
	}
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
	choices := c.form.algoChoices()
	return shell("/", c.ready,
		app.Section().Class("controls").Body(
			app.H1().Text("Explorer"),
			app.Div().Class("row").Body(
				field("guest", "Guest", c.form.Guest, "hypercube:4 or grid:9x8", c.errs["guest"], gIn, gCh),
				field("host", "Host", c.form.Host, "ring:16, mesh:6x12, torus:8x8x8, hypercube:4", c.errs["host"], hIn, hCh),
				algoSelect("algo", "Algorithm", c.form.Algo, choices, c.errs["algo"], c.onAlgo, true),
			),
			app.Details().Class("advanced").Open(c.form.Seed != "" || c.form.Start != "" || c.form.Budget != "" || c.form.Moves != "" ||
				c.errs["seed"] != "" || c.errs["start"] != "" || c.errs["budget"] != "" || c.errs["moves"] != "").Body(
				app.Summary().Text("Parameters of randomised and anytime algorithms"),
				app.Div().Class("row").Body(
					field("seed", "Seed", c.form.Seed, "0", c.errs["seed"], sIn, sCh),
					startSelect(c.form, c.errs["start"], c.onStart),
					field("budget", "Time budget", c.form.Budget, "e.g. 2s", c.errs["budget"], bIn, bCh),
					field("moves", "Moves (repeat a run)", c.form.Moves, "from the budget", c.errs["moves"], mIn, mCh),
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

func (c *Explorer) renderLink() app.UI {
	link := "/"
	if c.valid {
		extra := url.Values{}
		if c.step > 0 {
			extra.Set("step", strconv.Itoa(c.step))
		}
		link = pageURL("/", c.in, extra)
	}
	return app.Div().Class("links").Body(
		app.A().ID("permalink").Href(link).Text("permalink"),
		app.Button().ID("copy-link").Text("Copy link").OnClick(c.onCopy),
		app.If(c.copied, func() app.UI { return app.Span().Class("note").Text("copied") }),
		app.If(c.valid, func() app.UI {
			return app.A().ID("to-compare").Href(pageURL("/compare", c.in, nil)).Text("compare all algorithms")
		}),
		app.If(c.valid && c.in.Guest.Kind == guest.Hypercube, func() app.UI { // d-cube guests have a Gantt view
			return app.A().ID("to-gantt").Href(pageURL("/gantt", c.in, url.Values{"vs": {c.ganttPartner()}})).Text("Gantt chart")
		}),
	)
}

// ganttPartner picks the embedding the Gantt page compares with the
// current one: standard (the paper's reference), or the first other
// applicable one.
func (c *Explorer) ganttPartner() string {
	var other string
	for _, a := range solve.Applicable(c.in.Guest, c.in.Host) {
		if a.Name == c.in.Algo {
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

func (c *Explorer) renderStatus() app.UI {
	switch {
	case c.running:
		label := "mapping…"
		if p := c.progress; p.Evaluated > 0 {
			label = fmt.Sprintf("%.4f hops/byte after %d moves (%d improving), %.1f s", p.HopsPerByte, p.Evaluated, p.Improved, p.Elapsed.Seconds())
		}
		return progressBar(c.progress.Fraction, label, c.onCancel)
	case c.tooBig:
		return app.Div().ID("too-big").Class("notice").Body(
			app.P().Text(fmt.Sprintf("%s on %s has more than %d nodes: mapping it here would freeze this tab.",
				c.in.Guest, c.in.Host, BrowserLimit)),
			c.job.render(c.onSubmitJob),
		)
	case c.runErr != "":
		return app.Div().ID("run-error").Class("notice").Text(c.runErr)
	}
	return app.Div().ID("status")
}

func (c *Explorer) renderResult() app.UI {
	r := c.res
	steps := 0
	if r.Mapping != nil && r.Mapping.Guest != nil {
		steps = draw.StepCount(r.Mapping.Guest)
	}
	stepName := "rows"
	if r.Instance.Guest.Kind == guest.Hypercube {
		stepName = "dimensions"
	}
	return app.Div().Class("result").Body(
		app.Section().Class("drawing").Body(
			app.If(steps > 1, func() app.UI {
				return app.Div().Class("step").Body(
					app.Label().For("f-step").Text(fmt.Sprintf("Step view (%s shown, 0 = all): %d", stepName, c.step)),
					app.Input().ID("f-step").Type("range").Min(0).Max(steps).Value(c.step).OnChange(c.onStep),
				)
			}),
			app.Div().ID("drawing").Class("svg-host").OnMouseOver(c.onHover).Body(app.Raw(c.svg)),
			app.Div().ID("hover").Class("hover").Text(c.hover),
			app.Div().Class("downloads").Body(
				app.Span().Text("Download: "),
				app.Button().ID("dl-svg").Text("SVG").OnClick(c.onDownload("svg")),
				app.Button().ID("dl-csv").Text("CSV").OnClick(c.onDownload("csv")),
				app.Button().ID("dl-json").Text("JSON").OnClick(c.onDownload("json")),
			),
		),
		app.Aside().Class("panel").Body(
			searchPanel(r.Instance, r.Pairs, r.Metrics, func(in spec.Instance) string { return pageURL("/", in, nil) }),
			metricsPanel(r, c.mapMs, c.drawMs),
			notesPanel(r.Algorithm),
		),
	)
}

// metricsPanel shows the metrics of a result as a definition table. The
// values are formatted as the CLI's text output formats them.
func metricsPanel(r *solve.Result, mapMs, drawMs float64) app.UI {
	m := r.Metrics
	rows := [][2]string{
		{"hop-bytes", strconv.FormatFloat(m.HopBytes, 'g', -1, 64)},
		{"hops per byte", hopsPerByte(m)},
		{"max dilation", strconv.Itoa(m.MaxDilation)},
		{"average dilation", fmt.Sprintf("%.4f", m.AvgDilation)},
	}
	if len(m.DimDistances) > 0 {
		rows = append(rows, [2]string{"D_i", export.DimDistances(m)})
		da := "— (distances not constant)"
		if m.AvgDistance != nil {
			da = fmt.Sprintf("%.4f", *m.AvgDistance)
		}
		rows = append(rows, [2]string{"D_a", da})
	}
	rows = append(rows,
		[2]string{"lower bound", fmt.Sprintf("%.4f", m.LowerBound)},
		[2]string{"time", fmt.Sprintf("map %.1f ms, draw %.1f ms", mapMs, drawMs)},
	)
	return app.Div().ID("metrics").Class("metrics").Body(
		app.H2().Text("Metrics"),
		app.Table().Body(app.TBody().Body(
			app.Range(rows).Slice(func(i int) app.UI {
				return app.Tr().DataSet("metric", rows[i][0]).Body(app.Th().Text(rows[i][0]), app.Td().Text(rows[i][1]))
			}),
		)),
		app.H3().Text("Bounds on hops per byte"),
		boundsTable(m.Bounds),
	)
}

func boundsTable(bs []metric.Bound) app.UI {
	return app.Table().ID("bounds").Class("bounds").Body(
		app.THead().Body(app.Tr().Body(app.Th().Text("bound"), app.Th().Text("value"), app.Th().Text("holds for"))),
		app.TBody().Body(app.Range(bs).Slice(func(i int) app.UI {
			b := bs[i]
			return app.Tr().Title(b.Source).Body(
				app.Td().Text(b.Name), app.Td().Text(fmt.Sprintf("%.4f", b.Value)), app.Td().Class("scope").Text(string(b.Scope)))
		})),
	)
}

// confidence explains the spec's tags to readers.
var confidence = map[string]string{
	"V":     "verified: read in the source",
	"R":     "repaired from damaged source text",
	"V-num": "checked by computation against the source's numbers",
	"P":     "our reading: the source is silent here",
}

func notesPanel(a solve.Algorithm) app.UI {
	n := a.Notes
	conf := n.Confidence
	if s, ok := confidence[n.Confidence]; ok {
		conf += " (" + s + ")"
	}
	return app.Div().ID("notes").Class("notes").Body(
		app.H2().Text(n.Title),
		app.P().Text(n.Summary),
		app.Dl().Body(
			app.Dt().Text("Source"), app.Dd().Text(n.Source),
			app.Dt().Text("Confidence"), app.Dd().ID("confidence").Text(conf),
			app.Dt().Text("Complexity"), app.Dd().Text(n.Complexity),
			app.Dt().Text("Applies to"), app.Dd().Text(a.Guests+" → "+a.Hosts),
		),
	)
}
