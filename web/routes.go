package web

import (
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
		app.RouteWithRegexp("^/jobs/[^/]+$", func() app.Composer { return &JobPage{} })
	})
}
