package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/topology"
)

// presetSelect offers the named machines (topology.Presets), each with
// what it is; the one the host field names (by its spec or as
// preset:NAME) is selected and described under the list.
func presetSelect(host string, onChange app.EventHandler) app.UI {
	if h, err := topology.Parse(host); err == nil {
		host = h.String() // "preset:NAME" or another spelling of a preset's spec
	}
	about := ""
	for _, p := range topology.Presets {
		if p.Spec == host {
			about = p.Spec + ": " + p.About
		}
	}
	return app.Div().Class("field").Body(
		app.Label().For("f-preset").Text("Named machine"),
		app.Select().ID("f-preset").Name("preset").OnChange(onChange).Body(
			selectedIf(app.Option().Value(""), about == "").Text("— choose one —"),
			app.Range(topology.Presets).Slice(func(i int) app.UI {
				p := topology.Presets[i]
				return selectedIf(app.Option().Value(p.Name).Title(p.About), p.Spec == host).Text(p.Name + " (" + p.Spec + ")")
			}),
		),
		app.If(about != "", func() app.UI { return app.Div().ID("preset-about").Class("hint").Text(about) }),
		app.Details().ID("preset-list").Class("hint").Body(
			app.Summary().Text("What they are"),
			app.Dl().Body(app.Range(topology.Presets).Slice(func(i int) app.UI {
				p := topology.Presets[i]
				return app.Div().Body(app.Dt().Text("preset:"+p.Name+" = "+p.Spec), app.Dd().Text(p.About))
			})),
		),
	)
}

// onPreset puts the chosen machine's spec in the host field, keeps the
// algorithm if it still applies, and maps.
func (c *Explorer) onPreset(ctx app.Context, e app.Event) {
	p, ok := topology.LookupPreset(ctx.JSSrc().Get("value").String())
	if !ok {
		return
	}
	c.form.Host, c.form.edited = p.Spec, "host"
	c.pickApplicable()
	c.step = 0
	c.navigate(ctx)
}
