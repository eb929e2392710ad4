package web

import (
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/backend/api"
)

// myJobsKey is the local-storage key of the jobs this browser submitted.
const myJobsKey = "topomap.jobs"

// maxMyJobs bounds the list kept in local storage (oldest dropped first).
const maxMyJobs = 200

// myJob is one job this browser submitted, as kept in local storage.
type myJob struct {
	ID        string      `json:"id"`
	Request   api.Request `json:"request"`
	Submitted time.Time   `json:"submitted"`
}

// loadMyJobs reads the list, newest first; a missing or unreadable entry
// gives an empty list.
func loadMyJobs(ctx app.Context) []myJob {
	var js []myJob
	if app.IsServer {
		return nil
	}
	if err := ctx.LocalStorage().Get(myJobsKey, &js); err != nil {
		return nil
	}
	return js
}

// rememberJob puts a submitted job first in the list (once).
func rememberJob(ctx app.Context, st api.Job) {
	js := slices.DeleteFunc(loadMyJobs(ctx), func(j myJob) bool { return j.ID == st.ID })
	js = append([]myJob{{ID: st.ID, Request: st.Request, Submitted: time.Now().UTC()}}, js...)
	ctx.LocalStorage().Set(myJobsKey, js[:min(len(js), maxMyJobs)])
}

// MyJobsPage is the page at "/my-jobs": the jobs this browser submitted,
// kept in local storage, each with its live status, its instance, a link
// to its page and a button that removes it from the list; beside them the
// server's jobs, newest first (GET /api/v1/jobs), a page at a time.
type MyJobsPage struct {
	app.Compo

	ready  bool
	jobs   []myJob
	status map[string]string

	server     []api.Job // the server's jobs loaded so far
	serverNext string    // the cursor of the server's next page
	serverNote string    // why the server's list is not shown
	// serverLoading: a page was asked for and has not arrived yet.
	serverLoading bool
}

// OnMount reads the list and asks the server for each job's status and for
// the first page of its own list.
func (c *MyJobsPage) OnMount(ctx app.Context) {
	c.ready = true
	c.jobs = loadMyJobs(ctx)
	c.server, c.serverNext, c.serverNote, c.serverLoading = nil, "", "", false
	c.loadServerJobs(ctx, "")
	c.status = map[string]string{}
	for _, j := range c.jobs { // the requests run side by side
		id := j.ID
		ctx.Async(func() {
			var st api.Job
			s := ""
			if err := apiDo("GET", apiBase+"/jobs/"+id, nil, &st); err != nil {
				s = "unknown: " + err.Error()
			} else {
				s = string(st.Status)
				if st.Partial {
					s += " (partial result kept)"
				}
			}
			ctx.Dispatch(func(ctx app.Context) { c.status[id] = s })
		})
	}
}

// serverPage is how many of the server's jobs one click loads.
const serverPage = 20

// loadServerJobs appends the server's page after the cursor ("" from the
// newest); a server that refuses (it wants an API token) says why.
func (c *MyJobsPage) loadServerJobs(ctx app.Context, after string) {
	path := apiBase + "/jobs?limit=" + strconv.Itoa(serverPage)
	if after != "" {
		path += "&after=" + url.QueryEscape(after)
	}
	ctx.Async(func() {
		var list api.JobList
		err := apiDo("GET", path, nil, &list)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				c.serverNote = "The server's list is not shown: " + err.Error()
				return
			}
			c.server = append(c.server, list.Jobs...)
			c.serverNext, c.serverLoading = list.Next, false
		})
	})
}

// onMoreServerJobs loads the next page. The button stays (disabled) until
// it arrives: go-app drops the updates of an event whose element is gone.
func (c *MyJobsPage) onMoreServerJobs(ctx app.Context, e app.Event) {
	c.serverLoading = true
	c.loadServerJobs(ctx, c.serverNext)
}

// OnNav names the page.
func (c *MyJobsPage) OnNav(ctx app.Context) { setTitle(ctx, "My jobs") }

func (c *MyJobsPage) onDelete(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		c.jobs = slices.DeleteFunc(c.jobs, func(j myJob) bool { return j.ID == id })
		ctx.LocalStorage().Set(myJobsKey, c.jobs)
	}
}

// Render is safe with the zero value.
func (c *MyJobsPage) Render() app.UI {
	return shell("/my-jobs", c.ready, "",
		app.H1().Text("My jobs"),
		app.Div().Class("job-lists").Body(
			app.Section().Body(
				app.H2().Text("This browser's"),
				app.P().Class("note").Text("The server jobs this browser submitted (kept in this browser's local storage; other browsers and people see their own)."),
				app.If(len(c.jobs) == 0, func() app.UI {
					return app.P().ID("no-jobs").Text("No jobs yet: instances above the browser's limit offer \"Run as a server job\".")
				}),
				app.If(len(c.jobs) > 0, c.renderMine),
			),
			c.renderServer(),
		),
	)
}

// renderMine is the table of this browser's jobs.
func (c *MyJobsPage) renderMine() app.UI {
	return app.Table().ID("my-jobs").Class("bounds").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Text("job"), app.Th().Text("instance"), app.Th().Text("status"),
			app.Th().Text("submitted"), app.Th().Text(""))),
		app.TBody().Body(app.Range(c.jobs).Slice(func(i int) app.UI {
			j := c.jobs[i]
			st := c.status[j.ID]
			if st == "" {
				st = "…"
			}
			return app.Tr().DataSet("job", j.ID).Body(
				app.Td().Body(app.A().Href("/jobs/"+j.ID).Text(j.ID)),
				app.Td().Text(instanceText(j.Request)),
				app.Td().Class("status").Text(st),
				app.Td().Text(localTime(j.Submitted, "2006-01-02 15:04")),
				app.Td().Body(app.Button().Class("delete").Text("Remove").
					Aria("label", "remove job "+j.ID+" from this list").OnClick(c.onDelete(j.ID))),
			)
		})),
	)
}

// renderServer is the section of the server's jobs.
func (c *MyJobsPage) renderServer() app.UI {
	return app.Section().ID("server-jobs").Body(
		app.H2().Text("On this server"),
		app.P().Class("note").Text("Every job the server keeps, newest first, whoever submitted it."),
		app.If(c.serverNote != "", func() app.UI { return app.P().ID("server-jobs-note").Text(c.serverNote) }),
		app.If(c.serverNote == "" && len(c.server) > 0, func() app.UI {
			return app.Table().Class("bounds").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text("job"), app.Th().Text("instance"), app.Th().Text("status"), app.Th().Text("created"))),
				app.TBody().Body(app.Range(c.server).Slice(func(i int) app.UI {
					j := c.server[i]
					return app.Tr().DataSet("job", j.ID).Body(
						app.Td().Body(app.A().Href("/jobs/"+j.ID).Text(j.ID)),
						app.Td().Text(instanceText(j.Request)),
						app.Td().Class("status").Text(string(j.Status)),
						app.Td().Text(localTime(j.Created, "2006-01-02 15:04")),
					)
				})),
			)
		}),
		app.If(c.serverNext != "", func() app.UI {
			return app.Button().ID("more-server-jobs").Text("Older jobs").Disabled(c.serverLoading).OnClick(c.onMoreServerJobs)
		}),
	)
}

// instanceText names a request's instance in a list.
func instanceText(r api.Request) string { return r.Guest + " on " + r.Host + " by " + r.Algo }
