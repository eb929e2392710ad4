package web

import (
	"bytes"
	"context"
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/web/draw"
)

// ComparePage is the page at "/compare": every algorithm applicable to one
// guest and host, run one after the other in the browser, as a bar chart
// of hops per byte with the lower bounds drawn (Bhatele 2010, Fig. 9.7)
// and the run time of each. URL keys: guest, host, seed, budget (algo is
// kept for the way back to the explorer).
type ComparePage struct {
	app.Compo

	form  form
	errs  fieldErrors
	ready bool

	in      spec.Instance
	tooBig  bool
	rows    []compareRow
	bounds  []metric.Bound
	svg     string
	current string
	search  string // the running local search's progress (progressText), if any
	done    int
	total   int
	work    asyncRun
	job     jobSubmit
	copy    copyState
	upload  graphUpload
	// restored is set once the values typed before the app ran are back.
	restored bool
}

// compareRow is one algorithm's outcome.
type compareRow struct {
	Algo       solve.Algorithm
	Metrics    metric.Metrics
	Baseline   *metric.Baseline
	Seconds    float64
	Err        string
	Confidence string
	// NotRun marks an algorithm a cancelled comparison did not run;
	// Partial one it interrupted, which kept its best mapping so far.
	NotRun, Partial bool
}

// notRun is the message of an algorithm a cancelled comparison skipped.
const notRun = "not run (cancelled)"

// OnMount marks the page as live.
func (c *ComparePage) OnMount(ctx app.Context) { c.ready = true }

// OnDismount stops a run in progress.
func (c *ComparePage) OnDismount() { c.stop() }

// OnNav loads the configuration from the URL and runs the comparison.
func (c *ComparePage) OnNav(ctx app.Context) {
	c.load(ctx)
	// Put back what was typed while the app loaded.
	restoreTyped(ctx, &c.restored, map[string]*string{"f-guest": &c.form.Guest, "f-host": &c.form.Host,
		"f-seed": &c.form.Seed, "f-budget": &c.form.Budget},
		func() { _, c.errs = c.checkConfig() }, c.commit)
}

func (c *ComparePage) load(ctx app.Context) {
	q := ctx.Page().URL().Query()
	c.form = formFromQuery(q)
	setTitle(ctx, "Compare: "+c.form.Guest+" on "+c.form.Host)
	c.stop()
	c.rows, c.svg, c.bounds, c.tooBig = nil, "", nil, false
	in, errs := c.checkConfig()
	c.errs = errs
	whenGraphLoaded(ctx, in.Guest, errs, c.load)
	if len(errs) > 0 {
		return
	}
	c.in = in
	if in.Guest.Order() > BrowserLimit || in.Host.Size() > BrowserLimit {
		c.tooBig = true
		c.job.learnCap(ctx)
		return
	}
	c.run(ctx, in)
}

// checkConfig validates guest, host and the optional fields; the
// algorithm is not part of a comparison, so any applicable one stands in
// for the check.
func (c *ComparePage) checkConfig() (spec.Instance, fieldErrors) {
	f := c.form
	g, err1 := parseGuest(f.Guest)
	h, err2 := spec.ParseHost(f.Host)
	if err1 == nil && err2 == nil {
		if as := solve.Applicable(g, h); len(as) > 0 && (f.Algo == "" || !hasAlgo(as, f.Algo)) {
			f.Algo = as[0].Name
		}
	}
	in, errs := f.check()
	if _, bad := errs["algo"]; bad && errs["guest"] == "" && errs["host"] == "" {
		delete(errs, "algo")
		errs["host"] = solve.NoneApplies(in).Error()
	}
	return in, errs
}

func (c *ComparePage) stop() { c.work.stop() }

// run compares every applicable algorithm (solve.CompareInstance, one
// after the other), yielding to the browser between algorithms and within long ones.
func (c *ComparePage) run(ctx app.Context, in spec.Instance) {
	algos := solve.Applicable(in.Guest, in.Host)
	c.in, c.done, c.total = in, 0, len(algos)
	box := drawBox("#compare", ".drawing", "main")
	c.work.start(ctx, func(rctx context.Context, y *yielder, update func(func())) func() {
		r := &compareRun{page: c, algos: algos, ctx: rctx, y: y, update: update}
		if len(algos) > 0 {
			r.begin(0)
		}
		cmp, err := solve.CompareInstance(rctx, in, solve.CompareOptions{Progress: r.progress, Done: r.done})
		if err != nil && rctx.Err() == nil {
			return func() { c.errs = refusal(err) } // refused as a whole (the page's checks let it through)
		}
		rows := r.withNotRun()
		var bounds []metric.Bound
		if cmp != nil {
			bounds = cmp.Bounds
		}
		svg := compareSVG(rows, bounds, box[0])
		return func() { c.rows, c.svg, c.bounds, c.done = rows, svg, bounds, len(rows) }
	})
}

// compareRun is one comparison on the page's work goroutine: the
// algorithms in order, the rows of those done, and how to show progress.
type compareRun struct {
	page   *ComparePage
	algos  []solve.Algorithm
	rows   []compareRow
	ctx    context.Context
	y      *yielder
	update func(func())
}

// begin shows that algorithm k runs, and paints it.
func (r *compareRun) begin(k int) {
	r.update(func() { r.page.current, r.page.done, r.page.search = r.algos[k].Name, k, "" })
	r.y.now()
}

// progress shows a search's progress, at most once per yield.
func (r *compareRun) progress(_ string, p solve.Progress) {
	if r.y.maybe() {
		r.update(func() {
			r.page.search = progressText(api.ProgressOf(p))
		})
	}
}

// done keeps the row of algorithm k and begins the next. A partial entry
// (cancelled, with its best so far) is kept in the browser; the server's
// pre-render, cut off on purpose, shows only what finished.
func (r *compareRun) done(e solve.Entry, k, total int) {
	if e.Partial && app.IsServer {
		return
	}
	row := compareRow{Algo: r.algos[k], Baseline: e.Baseline, Seconds: e.Seconds, Err: e.Error, Partial: e.Partial}
	if e.Metrics != nil {
		row.Metrics = *e.Metrics
	}
	r.rows = append(r.rows, row)
	if k+1 < total && r.ctx.Err() == nil {
		r.begin(k + 1)
	}
}

// withNotRun returns the rows with, in the browser, one for each
// algorithm a cancelled comparison did not run (a pre-render cut off by
// its budget shows what it has: the browser then runs the comparison in
// full).
func (r *compareRun) withNotRun() []compareRow {
	rows := r.rows
	if app.IsServer {
		return rows
	}
	for _, a := range r.algos[len(rows):] {
		rows = append(rows, compareRow{Algo: a, Err: notRun, NotRun: true})
	}
	return rows
}

// refusal is a comparison's refusal as the field it names (the host's if
// none).
func refusal(err error) fieldErrors {
	field := spec.FieldOf(err)
	if field == "" {
		field = "host"
	}
	return fieldErrors{field: err.Error()}
}

// compareSVG draws the rows with the instance's bounds.
// width 0 is the drawing's default, 960 units.
func compareSVG(rows []compareRow, bounds []metric.Bound, width int) string {
	var bars []draw.Bar
	for _, r := range rows {
		bars = append(bars, draw.Bar{Algo: r.Algo.Name, HopsPerByte: r.Metrics.HopsPerByte,
			MaxDilation: r.Metrics.MaxDilation, Seconds: r.Seconds, Err: r.Err, NotRun: r.NotRun, Partial: r.Partial})
	}
	if len(bars) == 0 {
		return ""
	}
	var buf bytes.Buffer
	if width <= 0 {
		width = 960
	}
	if err := draw.Compare(&buf, bars, bounds, draw.Options{Width: width}); err != nil {
		return ""
	}
	return draw.Inline(buf.Bytes())
}

func (c *ComparePage) onCancel(ctx app.Context, e app.Event) {
	c.work.interrupt() // the run stops after the current algorithm and shows what it has
}

// permalink is the page's URL for its instance ("/compare" until valid).
func (c *ComparePage) permalink() string {
	if len(c.errs) > 0 {
		return "/compare"
	}
	return pageURL("/compare", c.in, nil)
}

func (c *ComparePage) onCopy(ctx app.Context, e app.Event) { c.copy.copy(app.Window().URL().String()) }

func (c *ComparePage) onText(dst *string) (app.EventHandler, app.EventHandler) {
	return textField(dst, func() { _, c.errs = c.checkConfig() }, c.commit)
}

// commit pushes the fields as the page's URL if they are valid.
func (c *ComparePage) commit(ctx app.Context) {
	in, errs := c.checkConfig()
	c.errs = errs
	if len(errs) == 0 {
		navigate(ctx, pageURL("/compare", in, nil))
	}
}

// onGraph compares on an uploaded graph, on the host if it fits, else on
// a host of its size.
func (c *ComparePage) onGraph(ctx app.Context, g api.Graph) {
	gs, _ := parseGuest(g.Guest()) // the page has the graph (graphUpload)
	c.form.Guest, c.form.Host, c.form.Algo = g.Guest(), hostFor(gs, c.form.Host), ""
	c.commit(ctx)
}

// onSubmitJob runs the comparison on the server: one job per applicable
// algorithm, listed with links.
func (c *ComparePage) onSubmitJob(ctx app.Context, e app.Event) {
	var ins []spec.Instance
	for _, a := range solve.Applicable(c.in.Guest, c.in.Host) {
		one := c.in
		one.Algo = a.Name
		if one.Start == a.Name {
			one.Start = ""
		}
		ins = append(ins, one)
	}
	c.job.submit(ctx, ins...)
}

func (c *ComparePage) onDownload(ctx app.Context, e app.Event) {
	if c.svg == "" {
		return
	}
	download(export.FileName("compare", c.in.Guest.String(), c.in.Host.String(), "", "svg"), "image/svg+xml", c.svg)
}

// Render is safe with the zero value.
func (c *ComparePage) Render() app.UI {
	gIn, gCh := c.onText(&c.form.Guest)
	hIn, hCh := c.onText(&c.form.Host)
	sIn, sCh := c.onText(&c.form.Seed)
	bIn, bCh := c.onText(&c.form.Budget)
	return shell("/compare", c.ready, c.form.instanceKeys(),
		app.Section().Class("controls").Body(
			app.H1().Text("Compare every applicable algorithm"),
			app.Div().Class("row").Body(
				field("guest", "Guest", c.form.Guest, "grid:9x8", c.errs["guest"], gIn, gCh),
				field("host", "Host", c.form.Host, "mesh:6x12", c.errs["host"], hIn, hCh),
				field("seed", "Seed", c.form.Seed, "0", c.errs["seed"], sIn, sCh),
				field("budget", "Budget (local searches: planned as moves at their measured cost)", c.form.Budget, "e.g. 1s", c.errs["budget"], bIn, bCh),
			),
			c.upload.render(c.onGraph),
			app.Div().Class("links").Body(
				app.A().ID("permalink").Href(c.permalink()).Text("permalink"),
				c.copy.render(c.onCopy),
			),
		),
		app.If(c.work.running, func() app.UI {
			label := fmt.Sprintf("%d of %d done; running %s", c.done, c.total, c.current)
			if c.search != "" {
				label += ": " + c.search
			}
			return progressBar(float64(c.done)/float64(max(1, c.total)), label, c.onCancel)
		}),
		app.If(c.tooBig, func() app.UI {
			return app.Div().ID("too-big").Class("notice").Body(
				app.P().Text(fmt.Sprintf("more than %s nodes: too many to compare in this tab. The server can run every applicable algorithm, one job each.", metric.Thousands(BrowserLimit))),
				c.job.render("Run the comparison as server jobs", c.onSubmitJob, c.in),
			)
		}),
		app.If(len(c.rows) > 0, func() app.UI {
			return app.Div().Body(
				zoomable("compare", "bar chart of hops per byte and run time", false, c.svg, pointer{}, nil),
				app.Button().ID("dl-svg").Text("Download SVG").OnClick(c.onDownload),
				compareTable(c.in, c.rows),
				boundsTables(c.bounds, true),
				linkBoundNote(c.rows),
				timeNote(c.rows),
			)
		}),
	)
}

// compareColumns are the figures that rank algorithms side by side;
// compareClass names the cells that the page's tests read.
var (
	compareColumns = metric.FieldsOf(metric.Ranking)
	compareClass   = map[string]string{"hopsPerByte": "hpb"}
)

func compareTable(in spec.Instance, rows []compareRow) app.UI {
	return app.Table().ID("compare-table").Class("bounds").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Text("algorithm"),
			app.Range(compareColumns).Slice(func(i int) app.UI { return app.Th().Body(termText(compareColumns[i].Label)) }),
			app.Th().Text("vs rank order"), app.Th().Text("time"), app.Th().Text("confi\u00addence"))), // soft hyphen: fits a phone
		app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
			r := rows[i]
			one := in
			one.Algo = r.Algo.Name
			if one.Start == r.Algo.Name {
				one.Start = ""
			}
			link := app.A().Href(pageURL("/", one, url.Values{})).Text(r.Algo.Name)
			if r.Err != "" {
				cls := "msg"
				if r.NotRun {
					cls = "not-run"
				}
				return app.Tr().DataSet("algo", r.Algo.Name).Body(app.Td().Body(link), app.Td().ColSpan(len(compareColumns)+3).Class(cls).Text(r.Err))
			}
			return app.Tr().DataSet("algo", r.Algo.Name).Body(
				app.Td().Body(link),
				app.Range(compareColumns).Slice(func(i int) app.UI {
					f := compareColumns[i]
					return figure(f, r.Metrics).Class(compareClass[f.Key])
				}),
				app.Td().Class("vs-rank-order").Text(unbroken(r.Baseline.ChangeText())),
				app.Td().Class("time").Text(unbroken(metric.RunTime(r.Seconds))+map[bool]string{true: ", partial (cancelled)"}[r.Partial]),
				app.Td().Text(r.Algo.Notes.Confidence),
			)
		})),
	)
}

// timeNote warns, when some run took under 1 ms, that such times are
// within the clock's noise: each is a single run, and a browser's clock
// ticks every 0.1 ms or so.
func timeNote(rows []compareRow) app.UI {
	for _, r := range rows {
		if r.Err == "" && !r.NotRun && r.Seconds < 1e-3 {
			return app.P().ID("time-note").Class("note").Text("times are of one run each in this tab: those under 1 ms are within the browser clock's resolution (about 0.1 ms) and noise, and do not rank the algorithms")
		}
	}
	return nil
}

// linkBoundNote states, as the command line's comparison does, what the
// rows' largest link loads are measured under and bounded by: the same
// for every row of the instance.
func linkBoundNote(rows []compareRow) app.UI {
	for _, r := range rows {
		if r.Err == "" && !r.NotRun {
			return app.P().ID("link-bound").Class("note").Text("max link load: " + r.Metrics.LinkBound())
		}
	}
	return nil
}
