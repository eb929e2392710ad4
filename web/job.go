package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/spec"
	"topomap/web/wire"
)

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
		return errors.New("web: the API is called from the browser only")
	}
	w := app.Window()
	opts := w.Get("Object").New()
	opts.Set("method", method)
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		hdr := w.Get("Object").New()
		hdr.Set("Content-Type", "application/json")
		opts.Set("headers", hdr)
		opts.Set("body", string(b))
	}
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
		ch <- answer{err: fmt.Errorf("web: the job server is not reachable: %s", msg)}
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
	w.Call("fetch", path, opts).Call("then", onResponse, onError)
	a := <-ch
	onText.Release()
	onResponse.Release()
	onError.Release()
	if a.err != nil {
		return a.err
	}
	if a.status >= 300 {
		var e struct {
			Message string `json:"message"`
			Error   string `json:"error"`
		}
		if json.Unmarshal([]byte(a.text), &e) == nil && (e.Message != "" || e.Error != "") {
			return fmt.Errorf("web: %s", strings.TrimSpace(e.Message+" "+e.Error))
		}
		return fmt.Errorf("web: %s %s: status %d", method, path, a.status)
	}
	if out != nil {
		return json.Unmarshal([]byte(a.text), out)
	}
	return nil
}

// jobSubmit is the "run as a server job" control of a page.
type jobSubmit struct {
	sending bool
	err     string
}

// submit posts the instance as a job and opens its page.
func (j *jobSubmit) submit(ctx app.Context, in spec.Instance) {
	if j.sending {
		return
	}
	j.sending, j.err = true, ""
	req := wire.RequestOf(in)
	ctx.Async(func() {
		var st wire.Job
		err := apiDo("POST", apiBase+"/jobs", req, &st)
		ctx.Dispatch(func(ctx app.Context) {
			j.sending = false
			if err != nil {
				j.err = err.Error()
				return
			}
			if st.CancelToken != "" {
				ctx.SessionStorage().Set(cancelKey(st.ID), st.CancelToken)
			}
			ctx.Navigate("/jobs/" + st.ID)
		})
	})
}

func (j *jobSubmit) render(onSubmit app.EventHandler) app.UI {
	return app.Div().Class("job-submit").Body(
		app.Button().ID("submit-job").Text("Run as a server job").Disabled(j.sending).OnClick(onSubmit),
		app.If(j.err != "", func() app.UI { return app.Span().ID("job-error").Class("msg").Text(j.err) }),
	)
}

// pollEvery is how often the job page asks for the job's state.
const pollEvery = 500 * time.Millisecond

// JobPage is the page at "/jobs/{id}": a server job's live progress, a
// cancel button, and when it is done its metrics, drawing and downloads.
type JobPage struct {
	app.Compo

	id      string
	job     wire.Job
	loaded  bool
	err     string
	ready   bool
	polling bool
	// via says how the page follows the job: "sse" (the job's event
	// stream) or "polling" (GET every pollEvery, when the stream fails).
	via string
}

// OnMount marks the page as live and starts following the job.
func (c *JobPage) OnMount(ctx app.Context) {
	c.ready = true
	c.watch(ctx)
}

// OnNav reads the job id from the path.
func (c *JobPage) OnNav(ctx app.Context) {
	id := strings.TrimPrefix(ctx.Page().URL().Path, "/jobs/")
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
	es := app.Window().Get("EventSource")
	if !es.Truthy() {
		c.poll(ctx)
		return
	}
	c.via = "sse"
	id := c.id
	src := es.New(apiBase + "/jobs/" + id + "/events")
	var onJob, onEnd, onErr app.Func
	closed := false
	// close stops the stream; the callbacks are released on the UI
	// goroutine, after the one running has returned.
	closeStream := func() {
		if closed {
			return
		}
		closed = true
		src.Call("close")
		ctx.Dispatch(func(app.Context) {
			onJob.Release()
			onEnd.Release()
			onErr.Release()
		})
	}
	handle := func(args []app.Value) {
		if len(args) == 0 {
			return
		}
		var st wire.Job
		err := json.Unmarshal([]byte(args[0].Get("data").String()), &st)
		ctx.Dispatch(func(ctx app.Context) {
			if c.id != id {
				return
			}
			if err != nil {
				c.err = "web: unreadable job event: " + err.Error()
				return
			}
			c.job, c.loaded, c.err = st, true, ""
		})
	}
	onJob = app.FuncOf(func(this app.Value, args []app.Value) any {
		handle(args)
		return nil
	})
	onEnd = app.FuncOf(func(this app.Value, args []app.Value) any {
		handle(args)
		closeStream()
		return nil
	})
	onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		if closed {
			return nil
		}
		closeStream()
		ctx.Dispatch(func(ctx app.Context) {
			if c.id == id && !c.job.Status.Final() {
				c.via = "polling"
				c.poll(ctx)
			}
		})
		return nil
	})
	src.Call("addEventListener", "job", onJob)
	src.Call("addEventListener", "end", onEnd)
	src.Call("addEventListener", "error", onErr)
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
			var st wire.Job
			err := apiDo("GET", apiBase+"/jobs/"+id, nil, &st)
			ctx.Dispatch(func(ctx app.Context) {
				if c.id != id {
					return
				}
				if err != nil {
					c.err = err.Error()
				} else {
					c.job, c.loaded, c.err = st, true, ""
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
	ctx.Async(func() {
		err := apiDo("DELETE", apiBase+"/jobs/"+id+"?token="+url.QueryEscape(token), nil, nil)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				c.err = err.Error()
			}
		})
	})
}

// Render is safe with the zero value.
func (c *JobPage) Render() app.UI {
	j := c.job
	return shell("", c.ready,
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
				app.If(!j.Status.Final(), func() app.UI {
					label := "queued"
					if j.Status == wire.Running {
						label = fmt.Sprintf("%.4f hops/byte after %d moves (%d improving), %.1f s", j.Progress.HopsPerByte, j.Progress.Evaluated, j.Progress.Improved, j.Progress.Elapsed)
					}
					return progressBar(j.Progress.Fraction, label, c.onCancel)
				}),
				app.If(j.Error != "", func() app.UI { return app.P().Class("msg").Text(j.Error) }),
				app.If(j.Status == wire.Done, c.renderDone),
			)
		}),
	)
}

func (c *JobPage) renderDone() app.UI {
	base := apiBase + "/jobs/" + c.id
	formats := []string{"json", "csv", "rankorder", "scotch"}
	if in, err := c.job.Request.Instance(); err == nil && in.Guest.Order() < in.Host.Size() {
		// empty slots: rankorder cannot express them (export.Check)
		formats = []string{"json", "csv", "scotch"}
	}
	return app.Div().Class("result").Body(
		app.Section().Class("drawing").Body(
			app.Img().ID("job-svg").Src(apiBase+"/render.svg?job="+c.id).Alt("the mapping drawn on its host"),
			app.Div().Class("downloads").Body(
				app.Span().Text("Download: "),
				app.A().Href(apiBase+"/render.svg?job="+c.id).Attr("download", "mapping.svg").Text("SVG"),
				app.Range(formats).Slice(func(i int) app.UI {
					return app.A().Href(base+"/placement?format="+formats[i]).Attr("download", "").Text(formats[i])
				}),
			),
		),
		app.If(c.job.Metrics != nil, func() app.UI {
			m := c.job.Metrics
			return app.Aside().Class("panel").Body(
				c.renderSearch(),
				app.H2().Text("Metrics"),
				app.Table().ID("metrics").Body(app.TBody().Body(
					app.Tr().Body(app.Th().Text("hop-bytes"), app.Td().Text(fmt.Sprintf("%g", m.HopBytes))),
					app.Tr().Body(app.Th().Text("hops per byte"), app.Td().Text(hopsPerByte(*m))),
					app.Tr().Body(app.Th().Text("max dilation"), app.Td().Text(fmt.Sprint(m.MaxDilation))),
					app.Tr().Body(app.Th().Text("lower bound"), app.Td().Text(fmt.Sprintf("%.4f", m.LowerBound))),
					app.Tr().Body(app.Th().Text("time"), app.Td().Text(runTime(c.job.Seconds))),
				)),
				boundsTable(m.Bounds),
			)
		}),
	)
}

// renderSearch shows what a local search did and its warnings; its links
// lead to the Explorer (the job's instance, with the moves to repeat it).
func (c *JobPage) renderSearch() app.UI {
	in, err := c.job.Request.Instance()
	if err != nil || c.job.Metrics == nil {
		return app.Div().ID("search")
	}
	return searchPanel(in, c.job.Search, *c.job.Metrics, func(in spec.Instance) string { return pageURL("/", in, nil) })
}

// runTime shows a run time in seconds with three significant digits in a
// unit that keeps short runs readable (a 0.3 ms mapping is not "0.000 s").
func runTime(sec float64) string {
	switch {
	case sec < 1:
		return fmt.Sprintf("%.3g ms", sec*1e3)
	case sec < 100:
		return fmt.Sprintf("%.3g s", sec)
	}
	return fmt.Sprintf("%.0f s", sec)
}
