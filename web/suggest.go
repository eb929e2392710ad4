package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// suggestion is the method the explorer picked for an uploaded graph on
// its host (solve.Suggest), and for which guest and host.
type suggestion struct {
	solve.Suggestion
	guest, host string
}

// suggestFor returns the suggestion for the form's guest and host, the
// zero suggestion when they do not parse or do not fit.
func suggestFor(f form) suggestion {
	g, err1 := parseGuest(f.Guest)
	h, err2 := spec.ParseHost(f.Host)
	if err1 != nil || err2 != nil {
		return suggestion{}
	}
	s, err := solve.Suggest(g, h)
	if err != nil {
		return suggestion{}
	}
	return suggestion{Suggestion: s, guest: f.Guest, host: f.Host}
}

// render says why the method was picked while the form still maps that
// guest onto that host by it; nothing otherwise.
func (s suggestion) render(f form) app.UI {
	if s.Algo == "" || f.Guest != s.guest || f.Host != s.host || f.Algo != s.Algo {
		return app.Text("")
	}
	return app.P().ID("suggestion").Class("notice").Text("Suggested: " + s.Reason)
}
