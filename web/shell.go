package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pages lists the navigation bar's entries.
var pages = []struct{ path, title string }{
	{"/", "Explorer"},
	{"/gantt", "Gantt"},
	{"/compare", "Compare"},
	{"/my-jobs", "My jobs"},
	{"/algorithms", "Algorithms"},
}

// shell lays out a page: the navigation bar with the current page marked,
// the page's body and a footer with the deploy version. ready is set once
// the wasm runs the page (the e2e tests wait for data-ready="true"). keys
// ("guest=…&host=…", or "") carry the current instance to the explorer,
// Gantt and compare pages. A skip link, the first stop of the keyboard,
// moves its focus past the navigation to the page's main content
// (topomap.js: go-app would only scroll there).
func shell(current string, ready bool, keys string, body ...app.UI) app.UI {
	return app.Div().ID("root").Class("shell").DataSet("ready", ready).Body(
		app.A().Href("#content").Class("skip").Text("Skip to content"),
		app.Header().Class("top").Body(
			app.A().Href("/").Class("brand").Body(
				// Decorative: the link's text names it. go-app drops an
				// empty alt="", so role="presentation" marks it instead.
				app.Img().Src("/web/icon.svg").Attr("role", "presentation").Width(28).Height(28),
				app.Span().Text("topomap"),
			),
			app.Nav().Body(
				app.Range(pages).Slice(func(i int) app.UI {
					href := pages[i].path
					if keys != "" && pages[i].path != "/my-jobs" && pages[i].path != "/algorithms" {
						href += "?" + keys
					}
					a := app.A().Href(href).Text(pages[i].title)
					if pages[i].path == current {
						a = a.Class("current").Aria("current", "page")
					}
					return a
				}),
			),
			&updateBanner{},
		),
		app.Main().ID("content").TabIndex(-1).Body(body...),
		app.Footer().Body(
			app.Text("topomap "+Version+" · runs in your browser (WebAssembly); large instances run as server jobs"),
		),
	)
}

// updateBanner offers a reload when a new deploy's service worker has
// taken over (go-app reports it with OnAppUpdate; the old wasm keeps
// running until the page reloads).
type updateBanner struct {
	app.Compo
	available bool
}

// OnMount reads whether an update is already waiting.
func (b *updateBanner) OnMount(ctx app.Context) { b.available = ctx.AppUpdateAvailable() }

// OnAppUpdate is called by go-app when a new version is ready.
func (b *updateBanner) OnAppUpdate(ctx app.Context) { b.available = ctx.AppUpdateAvailable() }

func (b *updateBanner) onReload(ctx app.Context, e app.Event) { ctx.Reload() }

// Render shows the banner only when an update is available.
func (b *updateBanner) Render() app.UI {
	if !b.available {
		return app.Span().Class("update").Hidden(true)
	}
	return app.Span().ID("update").Class("update").Body(
		app.Text("A new version of topomap is available. "),
		app.Button().Text("Reload").OnClick(b.onReload),
	)
}

// go-app writes a false boolean attribute into the server's page as
// name="false", which HTML reads as true (a details element open, a box
// checked, a button disabled until the app runs). These set the attribute
// only when it is true.
