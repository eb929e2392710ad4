package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/web/draw"
)

// MaxGanttDim is the largest cube the Gantt page simulates in the browser
// (the model is O(d·2^d), the chart draws at most draw.MaxGanttRows rows).
const MaxGanttDim = 14

// Defaults of the Gantt page: the Xor paper's Fig. 4 comparison.
const (
	defaultGanttHost = "line:16"
	defaultGanttA    = "standard"
	defaultGanttB    = "byweight"
)

// GanttPage is the page at "/gantt": the compute-and-communicate model of
// a d-cube for two embeddings side by side (González & Valero-García 1993,
// Fig. 4), with T_a and t_c sliders. URL keys: guest, host, algo (left),
// vs (right), ta, tc.
type GanttPage struct {
	app.Compo

	form  form
	vs    string
	ta    float64
	tc    float64
	errs  fieldErrors
	ready bool

	// badTime holds a time field's text that does not parse (from the URL
	// or typed), shown in its box beside the message that quotes it.
	badTime map[string]string

	scheds []*sim.Schedule
	svgs   []string
	err    string
	hover  string
	copy   copyState
	job    jobSubmit
	big    []spec.Instance // the two instances, when too big for the browser

	// Which processes the charts show (URL keys show, from, order).
	show  string // "" = a range from `from`, "wait" = those that wait longest
	from  int
	order string // "" = by process number, "host" = by host position

	// maps caches the mappings by instance query: moving a slider re-runs
	// the model only. An anytime mapping (PAIRS) runs in the background.
	maps    map[string]*solve.Result
	mapping string // the key of the mapping in progress, "" if none
	cancel  context.CancelFunc
	// restored is set once the values typed before the app ran are back.
	restored bool
}

// OnMount marks the page as live.
func (c *GanttPage) OnMount(ctx app.Context) { c.ready = true }

// OnNav loads the state from the URL.
func (c *GanttPage) OnNav(ctx app.Context) {
	c.load(ctx, ctx.Page().URL().Query())
	// Put back what was typed while the app loaded.
	restoreTyped(ctx, &c.restored, map[string]*string{"f-guest": &c.form.Guest, "f-host": &c.form.Host,
		"f-seed": &c.form.Seed, "f-start": &c.form.Start, "f-budget": &c.form.Budget},
		func() { _, c.errs = c.form.check() }, c.navigate)
	setTitle(ctx, "Gantt: "+c.form.Guest+" on "+c.form.Host+", "+c.form.Algo+" vs "+c.vs)
}

func (c *GanttPage) load(ctx app.Context, q url.Values) {
	c.form = formFromQuery(q)
	c.show, c.order, c.from = q.Get("show"), q.Get("order"), atoiOr(q.Get("from"), 0)
	if q.Get("guest") == "" && q.Get("host") == "" && q.Get("algo") == "" {
		c.form.Host, c.form.Algo = defaultGanttHost, defaultGanttA
	}
	c.vs = q.Get("vs")
	switch {
	case c.vs == "" && q.Get("algo") == "":
		c.vs = defaultGanttB
	case c.vs == "":
		// The same rule as the explorer's Gantt link: the paper's reference
		// (standard) or the first other applicable embedding.
		if in, errs := c.form.check(); len(errs) == 0 {
			c.vs = ganttPartner(in)
		}
	}
	c.ta, c.tc = 1, 1
	c.errs, c.badTime = fieldErrors{}, map[string]string{}
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"ta", &c.ta}, {"tc", &c.tc}} {
		if s := q.Get(f.name); s != "" {
			v, err := spec.ParseTime(f.name, s)
			if err != nil {
				c.errs[f.name], c.badTime[f.name] = err.Error(), s
				continue
			}
			*f.dst = v
		}
	}
	c.form.Ta, c.form.Tc = draw.Exact(c.ta), draw.Exact(c.tc)
	c.compute(ctx)
}

// errNotCube is the guest's message for a guest that is not a d-cube.
const errNotCube = "the execution model is that of d-cube algorithms: choose a hypercube guest"

// compute maps the embeddings that apply (mapOne) and runs the model;
// cheap enough for the UI goroutine up to MaxGanttDim (a 14-cube takes
// milliseconds).
func (c *GanttPage) compute(ctx app.Context) {
	c.scheds, c.err, c.big = nil, "", nil
	in, algos, ok := c.checkCube()
	if !ok {
		return
	}
	if field, why := beyondBrowser(in); field != "" {
		c.errs[field] = why
		for _, a := range algos {
			one := in
			one.Algo, one.Ta, one.Tc = a, c.ta, c.tc
			c.big = append(c.big, one)
		}
		c.job.learnCap(ctx)
		return
	}
	if c.maps == nil {
		c.maps = map[string]*solve.Result{}
	}
	for _, a := range algos {
		s, err := c.schedule(ctx, in, a)
		if err != nil {
			c.err = err.Error()
			return
		}
		if s == nil {
			return // mapping in the background; compute runs again when done
		}
		c.scheds = append(c.scheds, s)
	}
	c.svgs = c.svgs[:0]
	for _, s := range c.scheds {
		doc, err := ganttSVG(c.chart(), s, c.scheds, c.rows(s))
		if err != nil {
			c.err = err.Error()
			return
		}
		c.svgs = append(c.svgs, draw.Inline(doc))
	}
}

// beyondBrowser names the field that puts in beyond what the page maps
// and simulates in the browser (and pre-renders: a 2-cube onto
// torus:4096x4096 with nodes=0-4194303 took 4.5 s and 641 MB there), and
// says why; "" when none does.
func beyondBrowser(in spec.Instance) (field, why string) {
	switch {
	case in.Guest.Dims[0] > MaxGanttDim:
		return "guest", fmt.Sprintf("the browser simulates cubes up to dimension %d; the server draws larger ones from jobs", MaxGanttDim)
	case in.Host.Size() > BrowserLimit:
		return "host", fmt.Sprintf("the browser maps onto hosts of up to %s nodes here; the server draws larger ones from jobs", metric.Thousands(BrowserLimit))
	}
	return "", ""
}

// checkCube checks the form and the second algorithm (vs) into c.errs, and
// that the guest is a d-cube. It returns the algorithms of the two charts
// that apply (Left, then Right); ok is false when none does or a field
// other than theirs is wrong.
func (c *GanttPage) checkCube() (in spec.Instance, algos []string, ok bool) {
	in, errs := c.form.check()
	// A guest that is no d-cube is the one thing to fix: the algorithms'
	// checks would blame them for it (and a graph need not be loaded).
	notCube := (errs["guest"] == "" || pendingGraph(in.Guest) != "") && !sim.Models(in.Guest.Kind)
	if notCube {
		delete(errs, "algo")
		errs["guest"] = errNotCube
	}
	for k, v := range errs {
		c.errs[k] = v
	}
	// Right's check needs a guest and a host: it panicked on either
	// invalid (a 500 for /gantt?guest=bogus); their fields say why.
	if c.vs != "" && !notCube && errs["guest"] == "" && errs["host"] == "" && !serverChecks(in) {
		other := in
		other.Algo = c.vs
		if _, err := spec.ParseAlgo(c.vs); err != nil {
			c.errs["vs"] = err.Error()
		} else if _, err := solve.Check(other); err != nil {
			c.errs["vs"] = err.Error()
		}
	}
	for _, side := range [][2]string{{"algo", in.Algo}, {"vs", c.vs}} {
		if side[1] != "" && c.errs[side[0]] == "" {
			algos = append(algos, side[1])
		}
	}
	if errsBeyond(c.errs, "algo", "vs") {
		return in, nil, false
	}
	return in, algos, len(algos) > 0
}

// errsBeyond tells whether errs has a message for a field other than
// those given.
func errsBeyond(errs fieldErrors, fields ...string) bool {
	for f := range errs {
		if !slices.Contains(fields, f) {
			return true
		}
	}
	return false
}

// schedule runs the model on the mapping of in by algorithm a (mapOne),
// under the page's times: nil and no error while that mapping runs in the
// background.
func (c *GanttPage) schedule(ctx app.Context, in spec.Instance, a string) (*sim.Schedule, error) {
	in.Algo = a
	if in.Start == a {
		in.Start = ""
	}
	r, err := c.mapOne(ctx, in)
	if err != nil || r == nil {
		return nil, err
	}
	timed := *r // the cached mapping, under the page's times
	timed.Instance.Ta, timed.Instance.Tc = c.ta, c.tc
	return solve.ScheduleOf(&timed)
}

// mapOne returns the mapping of in, from the cache or computed. An anytime
// algorithm in the browser runs in the background: mapOne then returns
// nil, and compute runs again when it is done (cancelled: with its best
// mapping so far).
func (c *GanttPage) mapOne(ctx app.Context, in spec.Instance) (*solve.Result, error) {
	key := in.Query().Encode()
	if r := c.maps[key]; r != nil {
		return r, nil
	}
	if serverSkips() {
		return nil, nil // the browser maps
	}
	a, _ := solve.Lookup(in.Algo)
	if !a.Search || app.IsServer || ctx.Context == nil {
		rctx, cancel := runContext()
		defer cancel()
		r, err := solve.Map(rctx, in, nil)
		if err == nil {
			c.maps[key] = r
		}
		return r, err
	}
	if c.mapping == key {
		return nil, nil
	}
	c.stopMapping()
	rctx, cancel := runContext()
	c.mapping, c.cancel = key, cancel
	ctx.Async(func() {
		var y yielder
		y.now()
		r, err := solve.Map(rctx, in, func(solve.Progress) { y.maybe() })
		ctx.Dispatch(func(ctx app.Context) {
			cancel()
			if c.mapping != key {
				return
			}
			c.mapping, c.cancel = "", nil
			if r == nil {
				c.err = err.Error()
				return
			}
			c.maps[key] = r
			c.compute(ctx)
		})
	})
	return nil, nil
}

// stopMapping cancels a background mapping; it delivers its best so far.
func (c *GanttPage) stopMapping() {
	if c.cancel != nil {
		c.cancel()
	}
}

func (c *GanttPage) onCancel(ctx app.Context, e app.Event) { c.stopMapping() }

// OnDismount stops a background mapping.
func (c *GanttPage) OnDismount() {
	c.stopMapping()
	c.mapping = ""
}

// rows chooses the processes a chart shows (draw.MaxGanttRows at most): a
// range from c.from, or those that wait longest; the chart (c.chart) puts
// them in host order if asked.
func (c *GanttPage) rows(s *sim.Schedule) draw.Options {
	if c.show == "wait" {
		return draw.Options{Processes: longestWaits(s), RowsNote: "the processes that wait longest" + c.orderNote()}
	}
	n := s.Processes()
	from := min(c.from, max(0, n-draw.MaxGanttRows))
	var procs []int
	for p := from; p < min(n, from+draw.MaxGanttRows); p++ {
		procs = append(procs, p)
	}
	note := ""
	if c.order == "host" {
		note = "processes " + metric.Thousands(from) + " and on" + c.orderNote()
	}
	return draw.Options{Processes: procs, RowsNote: note}
}

// orderNote adds the rows' order to a note on them.
func (c *GanttPage) orderNote() string {
	if c.order == "host" {
		return ", in host order"
	}
	return ""
}

// longestWaits returns the draw.MaxGanttRows processes of s that wait
// longest, the longest first.
func longestWaits(s *sim.Schedule) []int {
	n := s.Processes()
	wait := make([]float64, n)
	procs := make([]int, n)
	var phases []sim.Phase
	for p := range n {
		phases = s.Phases(p, phases[:0])
		for _, ph := range phases {
			if ph.Kind == sim.Wait {
				wait[p] += ph.End - ph.Start
			}
		}
		procs[p] = p
	}
	sort.SliceStable(procs, func(i, j int) bool { return wait[procs[i]] > wait[procs[j]] })
	return procs[:min(n, draw.MaxGanttRows)]
}

// chart returns the drawing of the rows' order.
func (c *GanttPage) chart() func(io.Writer, []*sim.Schedule, draw.Options) error {
	if c.order == "host" {
		return draw.GanttInHostOrder
	}
	return draw.Gantt
}

// ganttSVG draws one schedule by chart on the time axis shared by all, so
// that the panels compare side by side on a wide screen and stack on a
// phone.
func ganttSVG(chart func(io.Writer, []*sim.Schedule, draw.Options) error, s *sim.Schedule, all []*sim.Schedule, o draw.Options) ([]byte, error) {
	tmax := 0.0
	for _, other := range all {
		tmax = max(tmax, other.Total())
	}
	o.Width, o.TimeMax = 560, tmax
	if box := drawBox("#gantt-0")[0]; box > 0 { // a phone's panel is narrower
		o.Width = min(o.Width, box)
	}
	var buf bytes.Buffer
	err := chart(&buf, []*sim.Schedule{s}, o)
	return buf.Bytes(), err
}

// url returns the page's permalink, also when the Left algorithm does not
// apply (the page then draws the Right chart alone).
func (c *GanttPage) url() string {
	in, errs := c.form.check()
	if errsBeyond(errs, "algo") {
		return "/gantt"
	}
	// ta and tc are always written, so that 0 reads back as 0 (an
	// instance leaves zero times out of its query).
	in.Ta, in.Tc = 0, 0
	extra := url.Values{"vs": {c.vs}, "ta": {draw.Exact(c.ta)}, "tc": {draw.Exact(c.tc)}, "show": {c.show}, "order": {c.order}}
	if c.from > 0 {
		extra.Set("from", strconv.Itoa(c.from))
	}
	return pageURL("/gantt", in, extra)
}

func (c *GanttPage) navigate(ctx app.Context) {
	if _, errs := c.form.check(); errsBeyond(errs, "algo") {
		c.errs = errs
		return
	}
	navigate(ctx, c.url())
}

func (c *GanttPage) onText(dst *string) (app.EventHandler, app.EventHandler) {
	return textField(dst, func() { _, c.errs = c.form.check() }, c.navigate)
}

// onTime returns the handlers of a time's slider and number field. The
// chart follows every move; a released slider replaces the URL (arrow keys
// would otherwise add a history entry per step), a typed number pushes it.
func (c *GanttPage) onTime(name string, dst *float64) (onInput, onSlide, onNumber app.EventHandler) {
	apply := func(ctx app.Context, v float64) bool {
		delete(c.errs, name)
		delete(c.badTime, name)
		*dst = v
		c.form.Ta, c.form.Tc = draw.Exact(c.ta), draw.Exact(c.tc)
		c.compute(ctx)
		return true
	}
	typed := func(ctx app.Context) bool {
		text := ctx.JSSrc().Get("value").String()
		v, err := spec.ParseTime(name, text)
		if err != nil {
			c.errs[name] = err.Error()
			if c.badTime == nil {
				c.badTime = map[string]string{}
			}
			c.badTime[name] = text
			return false
		}
		return apply(ctx, v)
	}
	slide := func(ctx app.Context) bool {
		p, err := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64)
		return err == nil && apply(ctx, sliderTime(p))
	}
	onInput = func(ctx app.Context, e app.Event) { slide(ctx) }
	onSlide = func(ctx app.Context, e app.Event) {
		if slide(ctx) {
			replaceURL(ctx, c.url())
		}
	}
	onNumber = func(ctx app.Context, e app.Event) {
		if typed(ctx) {
			c.navigate(ctx)
		}
	}
	return onInput, onSlide, onNumber
}

func (c *GanttPage) onSelect(dst *string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*dst = ctx.JSSrc().Get("value").String()
		c.navigate(ctx)
	}
}

// onHover describes the bar under the pointer (delegated from the SVG).
func (c *GanttPage) onHover(ctx app.Context, e app.Event) {
	c.hover = barText(targetData(e, "p", "stage", "kind", "start", "end"))
}

func (c *GanttPage) onLeave(ctx app.Context, e app.Event) { c.hover = "" }

// barText describes a Gantt bar from its data-* attributes.
func barText(d map[string]string) string {
	if d == nil || d["p"] == "" {
		return ""
	}
	return "process " + d["p"] + ", stage " + d["stage"] + ": " + d["kind"] + " from " + timeText(d["start"]) + " to " + timeText(d["end"])
}

// timeText writes a model time read from a drawing with thousands
// separators (metric.Number), or as it is if it is no number.
func timeText(s string) string {
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return metric.Number(v)
	}
	return s
}

func (c *GanttPage) onDownload(ctx app.Context, e app.Event) {
	if len(c.scheds) == 0 {
		return
	}
	var buf bytes.Buffer
	if err := c.chart()(&buf, c.scheds, draw.Options{Width: 1120}); err == nil {
		download(export.FileName("gantt", c.form.Guest, c.form.Host, c.form.Algo+"-vs-"+c.vs, "svg"), "image/svg+xml", buf.String())
	}
}

// Render is safe with the zero value.
func (c *GanttPage) Render() app.UI {
	return shell("/gantt", c.ready, c.form.instanceKeys(),
		c.renderControls(),
		app.If(c.mapping != "", func() app.UI { return progressBar(0, "mapping with an anytime algorithm…", c.onCancel) }),
		app.If(len(c.big) > 0, func() app.UI {
			return app.Div().ID("too-big").Class("notice").Body(
				app.P().Text("The server maps both embeddings as jobs; each job's page links to its Gantt chart."),
				c.job.render("Run both as server jobs", func(ctx app.Context, e app.Event) { c.job.submit(ctx, c.big...) }, c.big...),
			)
		}),
		app.If(c.err != "", func() app.UI { return app.Div().ID("run-error").Class("notice").Text(c.err) }),
		app.If(len(c.scheds) > 0, c.renderCharts),
	)
}

// renderControls is the form: instance, the two algorithms, the times,
// the parameters of anytime algorithms, the rows shown and the links.
func (c *GanttPage) renderControls() app.UI {
	gIn, gCh := c.onText(&c.form.Guest)
	hIn, hCh := c.onText(&c.form.Host)
	sIn, sCh := c.onText(&c.form.Seed)
	stIn, stCh := c.onText(&c.form.Start)
	bIn, bCh := c.onText(&c.form.Budget)
	choices := c.form.algoChoices()
	return app.Section().Class("controls").Body(
		app.H1().Text("Gantt chart of a compute-and-communicate d-cube algorithm"),
		app.P().Class("note").Text("Every process computes for T_a, then exchanges with its neighbour in dimension i over D_i(n) links at t_c per link, for i = 0..d−1; an exchange starts when both partners are ready, so uneven distances make processes wait (González & Valero-García 1993, §2.1, Fig. 4)."),
		app.Div().Class("row").Body(
			field("guest", "Guest (d-cube)", c.form.Guest, "hypercube:4", c.errs["guest"], gIn, gCh),
			field("host", "Host", c.form.Host, "line:16, ring:16, torus:4x4", c.errs["host"], hIn, hCh),
			algoSelect("algo", "Left", c.form.Algo, choices, c.errs["algo"], c.onSelect(&c.form.Algo), false),
			algoSelect("vs", "Right", c.vs, choices, c.errs["vs"], c.onSelect(&c.vs), false),
		),
		app.Div().Class("row sliders").Body(
			c.timeField("ta", "T_a (compute per stage)", c.ta),
			c.timeField("tc", "t_c (time per link)", c.tc),
		),
		openIf(app.Details().Class("advanced"), c.form.Seed != "" || c.form.Start != "" || c.form.Budget != "").Body(
			app.Summary().Text("Parameters of randomised and anytime algorithms (PAIRS)"),
			app.Div().Class("row").Body(
				field("seed", "Seed", c.form.Seed, "0", c.errs["seed"], sIn, sCh),
				field("start", "Start from", c.form.Start, "algorithm name", c.errs["start"], stIn, stCh),
				field("budget", "Time budget", c.form.Budget, "e.g. 2s", c.errs["budget"], bIn, bCh),
			),
		),
		c.renderRows(),
		app.Div().Class("links").Body(
			app.A().ID("permalink").Href(c.url()).Text("permalink"),
			c.copy.render(func(ctx app.Context, e app.Event) { c.copy.copy(app.Window().URL().String()) }),
			app.If(len(c.svgs) > 0, func() app.UI { return app.Button().ID("dl-svg").Text("Download SVG").OnClick(c.onDownload) }),
		),
	)
}

// renderCharts draws the two Gantt charts side by side, in place of one
// whose algorithm does not apply its message, and their table.
func (c *GanttPage) renderCharts() app.UI {
	return app.Div().Body(
		app.Div().ID("gantt").Class("gantt-panels tip-area").OnMouseOver(c.onHover).Body(
			c.renderMissing("algo"),
			app.Range(c.svgs).Slice(func(i int) app.UI {
				return app.Div().Class("gantt-panel").Body(
					zoomable("gantt-"+strconv.Itoa(i), "Gantt chart of "+c.scheds[i].Algo, false, c.svgs[i], pointer{leave: c.onLeave}, nil))
			}),
			c.renderMissing("vs"),
			tooltip(c.hover),
		),
		ganttTable(c.scheds),
	)
}

// renderMissing stands for the chart of side ("algo" for Left, "vs" for
// Right) when its algorithm does not apply: the message of its field.
func (c *GanttPage) renderMissing(side string) app.UI {
	return app.If(c.errs[side] != "" && len(c.svgs) == 1, func() app.UI {
		return app.Div().ID("missing-" + side).Class("gantt-panel").Body(
			app.P().Class("notice").Text(c.errs[side]))
	})
}

// renderRows offers the choice of processes shown and their order.
func (c *GanttPage) renderRows() app.UI {
	onSel := func(dst *string) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			*dst = ctx.JSSrc().Get("value").String()
			c.navigate(ctx)
		}
	}
	opt := func(value, text, cur string) app.UI {
		o := app.Option().Value(value).Text(text)
		if def := gloss(text); def != "" {
			o = o.Title(def)
		}
		return selectedIf(o, value == cur)
	}
	rows, from := draw.MaxGanttRows, fmt.Sprintf("%d from number…", draw.MaxGanttRows)
	small := len(c.scheds) > 0 && c.scheds[0].Processes() <= rows
	if small { // all its processes show
		rows = c.scheds[0].Processes()
		from = fmt.Sprintf("all %d", rows)
	}
	return app.Div().Class("row view").Body(
		app.Label().For("f-show").Text("Processes shown:"),
		app.Select().ID("f-show").OnChange(onSel(&c.show)).Body(
			opt("", from, c.show),
			opt("wait", fmt.Sprintf("the %d that wait longest", rows), c.show),
		),
		disabledIf(app.Input().ID("f-from").Type("number").Min(0).Value(c.from).Aria("label", "first process shown"),
			c.show == "wait" || small).OnChange(func(ctx app.Context, e app.Event) {
			c.from = atoiOr(ctx.JSSrc().Get("value").String(), 0)
			c.navigate(ctx)
		}),
		app.Label().For("f-order").Text("rows in order of:"),
		app.Select().ID("f-order").OnChange(onSel(&c.order)).Body(
			opt("", "process number", c.order),
			opt("host", "host position", c.order),
		),
	)
}

// ganttTable lists each schedule's total time and idle share.
func ganttTable(ss []*sim.Schedule) app.UI {
	return app.Table().ID("gantt-summary").Class("bounds").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Text("embedding"), app.Th().Text("total time T"), app.Th().Text("communication C"),
			app.Th().Text("idle share"), app.Th().Text("waiting (sum)"))),
		app.TBody().Body(app.Range(ss).Slice(func(i int) app.UI {
			s := ss[i].Summary()
			return app.Tr().DataSet("algo", ss[i].Algo).Body(
				app.Td().Text(ss[i].Algo), app.Td().Class("total").Text(metric.Number(s.Total)), app.Td().Text(metric.Number(s.Communication)),
				app.Td().Class("idle").Text(unbroken(metric.Share(s.IdleShare))), app.Td().Text(metric.Number(s.WaitTotal)))
		})),
	)
}

// The time sliders are logarithmic: position 0 is time 0, positions 1 to
// 100 span 0.01 to 100 (1 in the middle), so that both ends of the
// compute-to-link ratios of real machines are a drag away; the number
// field takes any value.
func sliderPos(v float64) float64 {
	if v <= 0 {
		return 0
	}
	return math.Round(max(1, min(100, 50+25*math.Log10(v))))
}

func sliderTime(p float64) float64 {
	if p <= 0 {
		return 0
	}
	v := math.Pow(10, (p-50)/25)
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	return r
}

// timeField is a model time as a text field (any value spec.ParseTime
// takes: 0, or spec.MinTime to spec.MaxTime) and a logarithmic slider
// (sliderPos).
func (c *GanttPage) timeField(name, label string, v float64) app.UI {
	onInput, onSlide, onNumber := c.onTime(name, map[string]*float64{"ta": &c.ta, "tc": &c.tc}[name])
	msg, text := c.errs[name], draw.Exact(v)
	if bad, ok := c.badTime[name]; ok {
		text = bad
	}
	// A text box: a number box would empty a value that does not parse.
	box := app.Input().ID("f-"+name).Name(name).Type("text").Attr("inputmode", "decimal").Spellcheck(false).
		AutoComplete(false).Value(text).OnChange(onNumber)
	if msg != "" {
		box = box.Class("invalid").Aria("invalid", "true").Aria("describedby", "err-"+name)
	}
	return app.Div().Class("field").Body(
		app.Label().For("f-"+name).Body(termText(label)),
		app.Div().Class("time").Body(
			box,
			app.Input().ID("r-"+name).Type("range").Min(0).Max(100).Step(1).Value(sliderPos(v)).
				Aria("label", label).OnInput(onInput).OnChange(onSlide),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-"+name).Class("msg").Aria("live", "polite").Text(msg) }),
	)
}
