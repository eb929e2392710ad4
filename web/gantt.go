package web

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/guest"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/web/draw"
	"topomap/web/export"
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
// a d-cube for two embeddings side by side (Gonzalez & Valero-Garcia 1993,
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

	scheds []*sim.Schedule
	svgs   []string
	err    string
	hover  string
	copy   copyState
}

// OnMount marks the page as live.
func (c *GanttPage) OnMount(ctx app.Context) { c.ready = true }

// OnNav loads the state from the URL.
func (c *GanttPage) OnNav(ctx app.Context) {
	c.load(ctx.Page().URL().Query())
	setTitle(ctx, "Gantt: "+c.form.Guest+" on "+c.form.Host+", "+c.form.Algo+" vs "+c.vs)
}

func (c *GanttPage) load(q url.Values) {
	c.form = formFromQuery(q)
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
	c.errs = fieldErrors{}
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"ta", &c.ta}, {"tc", &c.tc}} {
		if s := q.Get(f.name); s != "" {
			v, err := spec.ParseTime(f.name, s)
			if err != nil {
				c.errs[f.name] = err.Error()
				continue
			}
			*f.dst = v
		}
	}
	c.form.Ta, c.form.Tc = num(c.ta), num(c.tc)
	c.compute()
}

// compute maps both embeddings and runs the model; cheap enough for the
// UI goroutine up to MaxGanttDim (a 14-cube takes milliseconds).
func (c *GanttPage) compute() {
	c.scheds, c.err = nil, ""
	in, errs := c.form.check()
	for k, v := range errs {
		c.errs[k] = v
	}
	if c.vs != "" {
		other := in
		other.Algo = c.vs
		if _, err := spec.ParseAlgo(c.vs); err != nil {
			c.errs["vs"] = err.Error()
		} else if _, err := solve.Check(other); err != nil {
			c.errs["vs"] = err.Error()
		}
	}
	if len(c.errs) > 0 {
		return
	}
	if in.Guest.Kind != guest.Hypercube {
		c.errs["guest"] = "the execution model is that of d-cube algorithms: choose a hypercube guest"
		return
	}
	if in.Guest.Dims[0] > MaxGanttDim {
		c.errs["guest"] = fmt.Sprintf("the browser simulates cubes up to dimension %d", MaxGanttDim)
		return
	}
	algos := []string{in.Algo}
	if c.vs != "" {
		algos = append(algos, c.vs)
	}
	for _, a := range algos {
		one := in
		one.Algo = a
		r, err := solve.Map(context.Background(), one, nil)
		if err != nil {
			c.err = err.Error()
			return
		}
		s, err := sim.Run(r.Mapping, c.ta, c.tc)
		if err != nil {
			c.err = err.Error()
			return
		}
		s.Algo = a
		c.scheds = append(c.scheds, s)
	}
	c.svgs = c.svgs[:0]
	for _, s := range c.scheds {
		doc, err := ganttSVG(s, c.scheds)
		if err != nil {
			c.err = err.Error()
			return
		}
		c.svgs = append(c.svgs, draw.Inline(doc))
	}
}

// ganttSVG draws one schedule on the time axis shared by all, so that the
// panels compare side by side on a wide screen and stack on a phone.
func ganttSVG(s *sim.Schedule, all []*sim.Schedule) ([]byte, error) {
	tmax := 0.0
	for _, o := range all {
		tmax = max(tmax, o.Total())
	}
	var buf bytes.Buffer
	err := draw.Gantt(&buf, []*sim.Schedule{s}, draw.Options{Width: 560, TimeMax: tmax})
	return buf.Bytes(), err
}

// url returns the page's permalink.
func (c *GanttPage) url() string {
	in, errs := c.form.check()
	if len(errs) > 0 {
		return "/gantt"
	}
	// ta and tc are always written, so that 0 reads back as 0 (an
	// instance leaves zero times out of its query).
	in.Ta, in.Tc = 0, 0
	extra := url.Values{"vs": {c.vs}, "ta": {num(c.ta)}, "tc": {num(c.tc)}}
	return pageURL("/gantt", in, extra)
}

func (c *GanttPage) navigate(ctx app.Context) {
	if _, errs := c.form.check(); len(errs) > 0 {
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
	set := func(ctx app.Context) bool {
		s := ctx.JSSrc().Get("value").String()
		v, err := spec.ParseTime(name, s)
		if err != nil {
			c.errs[name] = err.Error()
			return false
		}
		delete(c.errs, name)
		*dst = v
		c.form.Ta, c.form.Tc = num(c.ta), num(c.tc)
		c.compute()
		return true
	}
	slide := func(ctx app.Context) bool {
		p, err := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64)
		if err != nil {
			return false
		}
		*dst = sliderTime(p)
		delete(c.errs, name)
		c.form.Ta, c.form.Tc = num(c.ta), num(c.tc)
		c.compute()
		return true
	}
	onInput = func(ctx app.Context, e app.Event) { slide(ctx) }
	onSlide = func(ctx app.Context, e app.Event) {
		if slide(ctx) {
			replaceURL(ctx, c.url())
		}
	}
	onNumber = func(ctx app.Context, e app.Event) {
		if set(ctx) {
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
	return "process " + d["p"] + ", stage " + d["stage"] + ": " + d["kind"] + " from " + d["start"] + " to " + d["end"]
}

func (c *GanttPage) onDownload(ctx app.Context, e app.Event) {
	if len(c.scheds) == 0 {
		return
	}
	var buf bytes.Buffer
	if err := draw.Gantt(&buf, c.scheds, draw.Options{Width: 1120}); err == nil {
		download(export.FileName("gantt", c.form.Guest, c.form.Host, c.form.Algo+"-vs-"+c.vs, "svg"), "image/svg+xml", buf.String())
	}
}

// Render is safe with the zero value.
func (c *GanttPage) Render() app.UI {
	gIn, gCh := c.onText(&c.form.Guest)
	hIn, hCh := c.onText(&c.form.Host)
	choices := c.form.algoChoices()
	return shell("/gantt", c.ready, c.form.instanceKeys(),
		app.Section().Class("controls").Body(
			app.H1().Text("Gantt chart of a compute-and-communicate d-cube algorithm"),
			app.P().Class("note").Text("Every process computes for T_a, then exchanges with its neighbour in dimension i over D_i(n) links at t_c per link, for i = 0..d−1; an exchange starts when both partners are ready, so uneven distances make processes wait (Gonzalez & Valero-Garcia 1993, §2.1, Fig. 4)."),
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
			app.Div().Class("links").Body(
				app.A().ID("permalink").Href(c.url()).Text("permalink"),
				c.copy.render(func(ctx app.Context, e app.Event) { c.copy.copy(app.Window().URL().String()) }),
				app.Button().ID("dl-svg").Text("Download SVG").OnClick(c.onDownload),
			),
		),
		app.If(c.err != "", func() app.UI { return app.Div().ID("run-error").Class("notice").Text(c.err) }),
		app.If(len(c.scheds) > 0, func() app.UI {
			return app.Div().Body(
				app.Div().ID("gantt").Class("gantt-panels tip-area").OnMouseOver(c.onHover).Body(
					app.Range(c.svgs).Slice(func(i int) app.UI {
						return app.Div().Class("gantt-panel").Body(
							zoomable("gantt-"+strconv.Itoa(i), "Gantt chart of "+c.scheds[i].Algo, false, c.svgs[i], nil, c.onLeave, nil))
					}),
					app.Div().ID("hover").Class("tooltip").Hidden(c.hover == "").Aria("live", "polite").Text(c.hover),
				),
				ganttTable(c.scheds),
			)
		}),
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
				app.Td().Text(ss[i].Algo), app.Td().Class("total").Text(num(s.Total)), app.Td().Text(num(s.Communication)),
				app.Td().Class("idle").Text(fmt.Sprintf("%.1f%%", 100*s.IdleShare)), app.Td().Text(num(s.WaitTotal)))
		})),
	)
}

// algoSelect is a select of algorithm names (with their titles if asked)
// and its message; an unknown value stays selectable so that its message
// makes sense.
func algoSelect(name, label, value string, choices []solve.Algorithm, msg string, onChange app.EventHandler, titles bool) app.UI {
	return app.Div().Class("field").Body(
		app.Label().For("f-"+name).Text(label),
		app.Select().ID("f-"+name).Name(name).OnChange(onChange).Body(
			app.If(!hasAlgo(choices, value), func() app.UI {
				return app.Option().Value(value).Text(value).Selected(true)
			}),
			app.Range(choices).Slice(func(i int) app.UI {
				text := choices[i].Name
				if titles {
					text += " · " + choices[i].Notes.Title
				}
				o := app.Option().Value(choices[i].Name).Text(text)
				if choices[i].Name == value {
					// Only the chosen option gets the attribute: the server
					// writes selected="false", which HTML reads as selected.
					o = o.Selected(true)
				}
				return o
			}),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-" + name).Class("msg").Aria("live", "polite").Text(msg) }),
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

// timeField is a model time as a number field (any value in [0, 1e9]) and
// a logarithmic slider (sliderPos).
func (c *GanttPage) timeField(name, label string, v float64) app.UI {
	onInput, onSlide, onNumber := c.onTime(name, map[string]*float64{"ta": &c.ta, "tc": &c.tc}[name])
	msg := c.errs[name]
	box := app.Input().ID("f-"+name).Name(name).Type("number").Min(0).Attr("step", "any").Value(num(v)).OnChange(onNumber)
	if msg != "" {
		box = box.Class("invalid").Aria("invalid", "true").Aria("describedby", "err-"+name)
	}
	return app.Div().Class("field").Body(
		app.Label().For("f-"+name).Text(label),
		app.Div().Class("time").Body(
			box,
			app.Input().ID("r-"+name).Type("range").Min(0).Max(100).Step(1).Value(sliderPos(v)).
				Aria("label", label).OnInput(onInput).OnChange(onSlide),
		),
		app.If(msg != "", func() app.UI { return app.Div().ID("err-" + name).Class("msg").Aria("live", "polite").Text(msg) }),
	)
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
