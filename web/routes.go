package web

import (
	"regexp"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Version identifies the deploy; the Makefile sets it with
// -ldflags "-X topomap/web.Version=<commit>". go-app names its caches and
// ETags after it, so every deploy must change it.
var Version = "dev"

var routesOnce sync.Once

// Routes registers every page with go-app. Both the wasm main and the
// server process must call it (go-app 404s unrouted paths); calling it more
// than once is harmless.
func Routes() {
	routesOnce.Do(func() {
		app.Route("/", func() app.Composer { return &Explorer{} })
		app.Route("/gantt", func() app.Composer { return &GanttPage{} })
		app.Route("/compare", func() app.Composer { return &ComparePage{} })
		app.RouteWithRegexp(jobPath.String(), func() app.Composer { return &JobPage{} })
		app.Route("/my-jobs", func() app.Composer { return &MyJobsPage{} })
		app.Route("/algorithms", func() app.Composer { return &AlgorithmsPage{} })
		// Last: any other path gets the not-found page (the server sends it
		// with status 404, see Routed).
		app.RouteWithRegexp("^/", func() app.Composer { return &NotFoundPage{} })
	})
}

// jobPath matches the job pages' paths.
var jobPath = regexp.MustCompile("^/jobs/[^/]+$")

// Routed reports whether path is one of the app's pages (not the
// not-found page).
func Routed(path string) bool {
	switch path {
	case "/", "/gantt", "/compare", "/my-jobs", "/algorithms":
		return true
	}
	return jobPath.MatchString(path)
}

// setTitle names the page in the browser's tab and history ("… · topomap").
func setTitle(ctx app.Context, title string) {
	ctx.Page().SetTitle("%s · topomap", title)
}

// live marks a page live once the wasm runs it (the shell's data-ready);
// pages with nothing else to do on mount embed it.
type live struct{ ready bool }

// OnMount marks the page as live.
func (l *live) OnMount(app.Context) { l.ready = true }

// NotFoundPage is shown for a path that is no page of the app.
type NotFoundPage struct {
	app.Compo
	live
}

// OnNav names the page.
func (c *NotFoundPage) OnNav(ctx app.Context) { setTitle(ctx, "Page not found") }

// Render lists where to go instead.
func (c *NotFoundPage) Render() app.UI {
	return shell("", c.ready, "",
		app.H1().ID("not-found").Text("Page not found"),
		app.P().Text("There is no page at this address. The pages of topomap are:"),
		app.Ul().Body(app.Range(pages).Slice(func(i int) app.UI {
			return app.Li().Body(app.A().Href(pages[i].path).Text(pages[i].title))
		})),
	)
}
