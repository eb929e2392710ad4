package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/web/draw"
)

// jobSubmit is the "run as a server job" control of a page.
type jobSubmit struct {
	sending bool
	err     string
	// submitted lists the jobs of a multi-job submission (a comparison).
	submitted []api.Job
	// maxNodes is the server's cap on a job's guest vertices and host
	// nodes (GET /healthz), 0 if unknown; asked says it was asked for,
	// answered that the question is settled (an answer or an error).
	maxNodes        int
	asked, answered bool
}

// learnCap asks the server for its cap on a job's size, once, so that
// render offers no job the server would refuse.
func (j *jobSubmit) learnCap(ctx app.Context) {
	if j.asked || app.IsServer {
		return
	}
	j.asked = true
	ctx.Async(func() {
		var h struct {
			MaxNodes int `json:"maxNodes"`
		}
		// On an error the button is offered; the server says no on submit.
		err := apiDo("GET", apiBase+"/healthz", nil, &h)
		ctx.Dispatch(func(ctx app.Context) {
			j.answered = true
			if err == nil {
				j.maxNodes = h.MaxNodes
			}
		})
	})
}

// submit posts each instance as a job and remembers it in My jobs; one job
// opens its page, several are listed with links (a comparison on the
// server runs one job per algorithm).
func (j *jobSubmit) submit(ctx app.Context, ins ...spec.Instance) {
	if j.sending {
		return
	}
	j.sending, j.err, j.submitted = true, "", nil
	reqs := make([]api.Request, len(ins))
	for i, in := range ins {
		reqs[i] = api.RequestOf(in)
	}
	ctx.Async(func() {
		var done []api.Job
		var err error
		for _, req := range reqs {
			var st api.Job
			if err = apiDo("POST", apiBase+"/jobs", req, &st); err != nil {
				break
			}
			done = append(done, st)
		}
		ctx.Dispatch(func(ctx app.Context) {
			j.sending = false
			for _, st := range done {
				rememberJob(ctx, st)
				if st.CancelToken != "" { // this tab may cancel the job
					ctx.SessionStorage().Set(cancelKey(st.ID), st.CancelToken)
				}
			}
			if err != nil {
				j.err = err.Error()
			}
			if len(reqs) == 1 && err == nil {
				ctx.Navigate("/jobs/" + done[0].ID)
				return
			}
			j.submitted = done
		})
	})
}

// render offers to run ins as server jobs, or says that they exceed the
// server's cap (learnCap) and how to map them instead.
func (j *jobSubmit) render(label string, onSubmit app.EventHandler, ins ...spec.Instance) app.UI {
	nodes := 0
	for _, in := range ins {
		nodes = max(nodes, in.Guest.Order(), in.Host.Size())
	}
	switch {
	case j.asked && !j.answered:
		return app.P().ID("cap-pending").Class("note").Text("asking the server for its limits…")
	case j.maxNodes > 0 && nodes > j.maxNodes:
		return app.P().ID("over-cap").Text(fmt.Sprintf("%s processes or host slots are more than this server's cap of %s a job: map it with the command line (topomap map) on a machine of your own.",
			metric.Thousands(nodes), metric.Thousands(j.maxNodes)))
	}
	return app.Div().Class("job-submit").Body(
		disabledIf(app.Button().ID("submit-job").Text(label), j.sending).OnClick(onSubmit),
		app.If(j.err != "", func() app.UI { return app.Span().ID("job-error").Class("msg").Aria("live", "polite").Text(j.err) }),
		app.If(len(j.submitted) > 0, func() app.UI {
			return app.Ul().ID("submitted-jobs").Body(app.Range(j.submitted).Slice(func(i int) app.UI {
				st := j.submitted[i]
				return app.Li().DataSet("algo", st.Request.Algo).Body(
					app.A().Href("/jobs/"+st.ID).Text(st.Request.Algo), app.Text(" ("+string(st.Status)+")"))
			}))
		}),
	)
}

// pollEvery is how often the job page asks for the job's state.
const pollEvery = 500 * time.Millisecond

// JobPage is the page at "/jobs/{id}": a server job's live progress, a
// cancel button, and when it is done its metrics, drawing and downloads.
type JobPage struct {
	app.Compo

	id      string
	job     api.Job
	loaded  bool
	err     string
	ready   bool
	polling bool
	// via says how the page follows the job: "sse" (the job's event
	// stream) or "polling" (GET every pollEvery, when the stream fails).
	via string
	// svg is the result drawn by the server (render.svg), inlined so that
	// it zooms like every drawing; svgFor is the job state it shows and
	// svgBox the box it was drawn for (drawBox); svgErr says why the
	// server did not draw it (too many nodes, say).
	svg    string
	svgFor string
	svgBox [2]int
	svgErr string
	// cancelErr says why Cancel failed: kept while the job runs, since
	// every progress event clears err.
	cancelErr string
}

// OnResize draws the job again for the drawing's new box.
func (c *JobPage) OnResize(ctx app.Context) { c.fetchDrawing(ctx) }

// OnMount marks the page as live and starts following the job.
func (c *JobPage) OnMount(ctx app.Context) {
	c.ready = true
	c.watch(ctx)
}

// OnNav reads the job id from the path.
func (c *JobPage) OnNav(ctx app.Context) {
	id := strings.TrimPrefix(ctx.Page().URL().Path, "/jobs/")
	setTitle(ctx, "Job "+id)
	if id != c.id {
		c.via = ""
	}
	c.id = id
	c.loaded, c.err = false, ""
	if !app.IsServer {
		c.watch(ctx)
	}
}

// watch follows the job over its Server-Sent Events stream (GET
// /api/v1/jobs/{id}/events: "job" events while it is queued or running,
// one "end" event with its final state) and falls back to polling if the
// stream fails before the end.
func (c *JobPage) watch(ctx app.Context) {
	if c.via != "" || c.polling || c.id == "" || app.IsServer {
		return
	}
	id := c.id
	ok := streamEvents(ctx, apiBase+"/jobs/"+id+"/events", "job", "end", func(data string) {
		var st api.Job
		err := json.Unmarshal([]byte(data), &st)
		ctx.Dispatch(func(ctx app.Context) {
			if c.id != id {
				return
			}
			if err != nil {
				c.err = "unreadable job event from the server: " + err.Error()
				return
			}
			c.job, c.loaded, c.err = st, true, ""
			c.fetchDrawing(ctx)
		})
	}, func() {
		ctx.Dispatch(func(ctx app.Context) {
			if c.id == id && !c.job.Status.Final() {
				c.via = "polling"
				c.poll(ctx)
			}
		})
	})
	if !ok {
		c.poll(ctx)
		return
	}
	c.via = "sse"
}

// poll fetches the job until its status is final, one request at a time.
func (c *JobPage) poll(ctx app.Context) {
	if c.polling || c.id == "" || app.IsServer {
		return
	}
	c.polling = true
	id := c.id
	ctx.Async(func() {
		for {
			var st api.Job
			err := apiDo("GET", apiBase+"/jobs/"+id, nil, &st)
			ctx.Dispatch(func(ctx app.Context) {
				if c.id != id {
					return
				}
				if err != nil {
					c.err = err.Error()
				} else {
					c.job, c.loaded, c.err = st, true, ""
					c.fetchDrawing(ctx)
				}
			})
			if err != nil || st.Status.Final() || ctx.Err() != nil {
				break
			}
			time.Sleep(pollEvery)
		}
		ctx.Dispatch(func(ctx app.Context) { c.polling = false })
	})
}

// cancelKey names the session storage entry of a job's cancel token: the
// tab that submitted the job can cancel it.
func cancelKey(id string) string { return "topomap-cancel-" + id }

func (c *JobPage) onCancel(ctx app.Context, e app.Event) {
	id := c.id
	var token string
	ctx.SessionStorage().Get(cancelKey(id), &token)
	if token == "" {
		c.cancelErr = "Only the tab that submitted this job can cancel it (it holds the job's cancel token); or DELETE /api/v1/jobs/" + id + "?token=… with the token the submission answered."
		return
	}
	ctx.Async(func() {
		err := apiDo("DELETE", apiBase+"/jobs/"+id+"?token="+url.QueryEscape(token), nil, nil)
		ctx.Dispatch(func(ctx app.Context) {
			c.cancelErr = ""
			if err != nil {
				c.cancelErr = "Cancel failed: " + err.Error()
			}
		})
	})
}

// fetchDrawing loads the server's drawing of a finished (or partial) job
// once per job state and box: once shown, it checks the box again (the
// page's columns settle after the first drawing) and draws again, the
// old drawing kept meanwhile, when it changed.
func (c *JobPage) fetchDrawing(ctx app.Context) {
	j := c.job
	key := c.id + string(j.Status) + j.Finished.String()
	if app.IsServer || !(j.Status == api.Done || j.Partial) {
		return
	}
	box := drawBox("#job-drawing", ".drawing", "main")
	if c.svgFor == key && absInt(box[0]-c.svgBox[0]) <= 8 && absInt(box[1]-c.svgBox[1]) <= 40 {
		return
	}
	if c.svgFor != key {
		c.svg, c.svgErr = "", ""
	}
	c.svgFor, c.svgBox = key, box
	id := c.id
	ctx.Async(func() {
		var doc string
		err := apiDo("GET", apiBase+"/render.svg?job="+id+"&width="+strconv.Itoa(box[0])+"&height="+strconv.Itoa(box[1]), nil, &doc)
		ctx.Dispatch(func(ctx app.Context) {
			if c.svgFor != key || c.svgBox != box {
				return
			}
			if err != nil {
				c.svgErr = err.Error()
				return
			}
			c.svg = draw.Inline([]byte(doc))
			ctx.Defer(c.fetchDrawing)
		})
	})
}

// Render is safe with the zero value.
func (c *JobPage) Render() app.UI {
	j := c.job
	return shell("", c.ready, "",
		app.H1().Text("Server job "+c.id),
		app.If(c.err != "", func() app.UI { return app.Div().ID("run-error").Class("notice").Text(c.err) }),
		app.If(!c.loaded && c.err == "", func() app.UI { return app.P().ID("status").Text("loading…") }),
		app.If(c.loaded, func() app.UI {
			r := j.Request
			return app.Div().Class("job").Body(
				app.P().Body(
					app.Text(r.Guest+" on "+r.Host+" by "+r.Algo+": "),
					app.Strong().ID("job-status").DataSet("via", c.via).Text(string(j.Status)),
				),
				c.renderRequest(),
				app.If(!j.Status.Final(), func() app.UI {
					label := "queued"
					if j.Status == api.Running {
						label = progressText(j.Progress)
						if !j.Progress.At.IsZero() {
							label += " · last report " + localTime(j.Progress.At, "15:04:05")
						}
					}
					return progressBar(j.Progress.Fraction, label, c.onCancel)
				}),
				app.If(c.cancelErr != "" && !j.Status.Final(), func() app.UI { return app.P().ID("cancel-error").Class("msg").Text(c.cancelErr) }),
				app.If(j.Error != "", func() app.UI { return app.P().Class("msg").Text(j.Error) }),
				app.If(j.Partial, func() app.UI {
					return app.P().ID("partial").Class("notice").Text("Partial result: the best placement the search had found when the job was cancelled, stopped at the server's time limit, or stopped with the server, is kept; its metrics and downloads are that placement's.")
				}),
				app.If(j.Status == api.Done || j.Partial, c.renderDone),
			)
		}),
	)
}

// renderRequest shows the whole request, the job's times and its links:
// the same instance in the explorer, and this page's permalink.
func (c *JobPage) renderRequest() app.UI {
	j := c.job
	r := j.Request
	at := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return localTime(t, "2006-01-02 15:04:05")
	}
	rows := [][3]string{
		{"guest", "guest", r.Guest}, {"host", "host", r.Host}, {"algo", "algorithm", r.Algo},
		{"seed", "seed", strconv.FormatUint(r.Seed, 10)}, {"budget", "budget (planned as moves)", budgetText(r.Budget)}, {"start", "start from", r.Start},
		{"created", "submitted", at(j.Created)}, {"started", "started", at(j.Started)}, {"finished", "finished", at(j.Finished)},
	}
	if r.Ta != 0 || r.Tc != 0 {
		rows = append(rows, [3]string{"ta", "T_a", draw.Exact(r.Ta)}, [3]string{"tc", "t_c", draw.Exact(r.Tc)})
	}
	if r.Objective != "" {
		rows = append(rows, [3]string{"objective", "minimise", r.Objective})
	}
	explorer := "/"
	if in, err := r.Instance(); err == nil {
		explorer = pageURL("/", in, nil)
	}
	return app.Details().Class("request-box").Open(true).Body(
		app.Summary().Text("Request"),
		app.Dl().ID("request").Class("request").Body(app.Range(rows).Slice(func(i int) app.UI {
			v := rows[i][2]
			if v == "" {
				v = metric.NoFigure
			}
			return app.Div().Body(app.Dt().Body(termText(rows[i][1])), app.Dd().DataSet("key", rows[i][0]).Text(v))
		})),
		app.Div().Class("links").Body(
			app.A().ID("to-explorer").Href(explorer).Text("open in the explorer"),
			app.A().ID("permalink").Href("/jobs/"+c.id).Text("permalink of this job"),
		),
	)
}

// localTime formats t by layout in the reader's zone, named ("UTC",
// "UTC+1"; Go in the browser names UTC "UTC+0").
func localTime(t time.Time, layout string) string {
	s := t.Local().Format(layout + " MST")
	if strings.HasSuffix(s, " UTC+0") {
		s = strings.TrimSuffix(s, "+0")
	}
	return s
}

// budgetText writes a request's time budget, a Go duration ("1m0s"), as
// run times read (metric.RunTime: "60 s"); none is the algorithm's own
// stopping rule.
func budgetText(s string) string {
	if s == "" {
		return "none: the algorithm's own stopping rule"
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return s
	}
	return metric.RunTime(d.Seconds())
}

// modelled reports whether the execution model (sim.Models) has a Gantt
// chart of a job of that guest spec.
func modelled(guestSpec string) bool {
	g, err := spec.ParseGuest(guestSpec)
	return err == nil && sim.Models(g.Kind)
}

func (c *JobPage) renderDone() app.UI {
	base := apiBase + "/jobs/" + c.id
	r := c.job.Request
	name := func(format string) string { return export.FileName("", r.Guest, r.Host, r.Algo, format) }
	formats := c.job.Formats // those that can express it (export.CheckResult)
	if formats == nil {
		formats = oldFormats(c.job)
	}
	// The links carry a download attribute, so that go-app's router lets
	// the browser save them; the server answers with an attachment too.
	// They look like the PNG button beside them and read as the
	// explorer's row does (svg, png, json, …): class "files".
	return app.Div().Class("result").Body(
		app.Section().Class("drawing").Body(
			app.If(c.svg == "" && c.svgErr == "", func() app.UI { return app.P().ID("job-svg-loading").Text("drawing…") }),
			app.If(c.svgErr != "", func() app.UI {
				return app.P().ID("job-svg-error").Class("notice").Text("Not drawn: " + c.svgErr)
			}),
			app.If(c.svg != "", func() app.UI {
				h, err := spec.ParseHost(r.Host)
				return zoomable("job-drawing", "the mapping drawn on its host", err == nil && h.Size() > draw.DefaultDetail, c.svg, pointer{}, nil)
			}),
			app.Div().Class("downloads files").Body(
				app.Span().Text("Download: "),
				app.If(c.svgErr == "", func() app.UI {
					return app.A().ID("dl-svg").Href(apiBase + "/render.svg?download=1&job=" + c.id).Download(name("svg")).Text("svg")
				}),
				app.If(c.svg != "", func() app.UI {
					return app.Button().ID("dl-png").Text("png").OnClick(func(ctx app.Context, e app.Event) { downloadPNG(name("png"), c.svg) })
				}),
				app.Range(formats).Slice(func(i int) app.UI {
					f := formats[i]
					return app.A().ID("dl-" + f).Href(base + "/placement?format=" + f).Download(name(f)).Text(f)
				}),
			),
			app.If(modelled(r.Guest), func() app.UI {
				// The execution model of any d-cube, drawn by the server
				// (the Gantt page simulates up to MaxGanttDim).
				return app.P().Body(app.A().ID("job-gantt").Href(apiBase + "/render.svg?view=gantt&job=" + c.id).
					Target("_blank").Text("Gantt chart of this mapping (execution model, drawn by the server)"))
			}),
		),
		app.If(c.job.Metrics != nil, func() app.UI {
			m := c.job.Metrics
			return app.Aside().Class("panel").Body(
				c.renderSearch(),
				metricsPanel(*m, append(baselineRow(c.job.Baseline), "time", metric.RunTime(c.job.Seconds))...),
			)
		}),
	)
}

// oldFormats are the formats of a job stored before jobs listed theirs:
// with empty slots, those that can say so (export.Check).
func oldFormats(j api.Job) []string {
	holes := j.Metrics != nil && j.Metrics.EmptyNodes > 0
	if in, err := j.Request.Instance(); err == nil && in.Guest.Order() > 0 && in.Guest.Order() < in.Host.Size() {
		holes = true // a result stored before emptyNodes (a graph:ID has no order here)
	}
	return export.NamesFor(holes)
}

// renderSearch shows what a local search did and its warnings; its links
// lead to the Explorer (the job's instance).
func (c *JobPage) renderSearch() app.UI {
	in, err := c.job.Request.Instance()
	if err != nil || c.job.Metrics == nil {
		return app.Div().ID("search")
	}
	return searchPanel(in, c.job.Search, *c.job.Metrics, func(in spec.Instance) string { return pageURL("/", in, nil) })
}
