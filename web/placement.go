package web

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// placementUpload is the explorer's "Upload a placement" control: a file
// picker whose file, in any placement format topomap writes (told from
// its content), is read by the server against the form's guest and host
// with the page's host names, scored in the page as `topomap score` scores it
// (solve.Score: the metrics of any mapping, beside the launchers'
// defaults) and shown as the page's result, drawn like any mapping. The
// placement is no part of the permalink: the next edit maps again.
type placementUpload struct {
	busy bool
	info string
	err  string
}

// render draws the control; pick receives the chosen file.
func (u *placementUpload) render(pick app.EventHandler) app.UI {
	return app.Div().ID("placement-upload").Class("field upload").Body(
		app.Label().For("f-placement").Text("Upload a placement"),
		app.Input().ID("f-placement").Type("file").OnChange(pick),
		app.Span().Class("note").Text("one you run, for the guest and host above: "+strings.Join(export.ReadableNames(), ", ")+" (as the downloads write them), scored beside the launchers' defaults"),
		app.If(u.busy, func() app.UI { return app.Div().ID("placement-busy").Class("note").Text("reading…") }),
		app.If(u.info != "", func() app.UI { return app.Div().ID("placement-info").Class("note").Text(u.info) }),
		app.If(u.err != "", func() app.UI {
			return app.Div().ID("placement-error").Class("msg").Aria("live", "polite").Text(u.err)
		}),
	)
}

// onPlacement reads the file chosen in the placement picker, scores it on
// the current instance and shows it as the page's result.
func (c *Explorer) onPlacement(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 || c.place.busy {
		return
	}
	file := files.Index(0)
	name := file.Get("name").String()
	c.place.busy, c.place.err, c.place.info = true, "", ""
	ctx.Async(func() {
		text, err := fileText(file)
		ctx.Dispatch(func(ctx app.Context) {
			c.place.busy = false
			if err == nil {
				err = c.showPlacement(name, text)
			}
			if err != nil {
				c.place.err = name + ": " + err.Error()
			}
		})
	})
}

// showPlacement scores the placement file text on the current instance
// and makes it the page's result.
func (c *Explorer) showPlacement(name, text string) error {
	if !c.valid {
		return fmt.Errorf("the guest and host above do not parse: fix them first")
	}
	if tooBig(c.in) {
		return fmt.Errorf("%s on %s is above this page's caps: use topomap score or POST /api/v1/score", c.in.Guest, c.in.Host)
	}
	names, err := c.names.forHost(c.in.Host)
	if err != nil {
		return err
	}
	t0 := time.Now()
	place, notes, err := readPlacement(c.in, names, text)
	if err != nil {
		return err
	}
	notes.Source = name
	res, err := solve.Score(context.Background(), c.in, place, notes)
	if err != nil {
		return err
	}
	mapMs := msSince(t0)
	c.stop()
	c.res, c.mapMs, c.runErr = res, mapMs, ""
	c.redraw()
	c.place.info = fmt.Sprintf("%s: %s, %s placed; drawn below in place of %s's mapping, with the launchers' defaults in the metrics (the next edit maps again)",
		name, strings.TrimPrefix(notes.Title, "Placement "), metric.Plural(len(place), "rank"), c.in.Algo)
	return nil
}

// readPlacement has the server read a placement file for in with the
// page's host names (POST /api/v1/score, which tells its format from its
// content, checks it and answers in JSON): the ranks' slots on in's
// PlacementHost, and the notes that name the format ("Placement read as
// rankfile"). The readers stay out of the page's client (16 KB gzipped:
// package export registers them for the server and the CLI only).
func readPlacement(in spec.Instance, names []string, text string) ([]int, solve.Notes, error) {
	var rep struct {
		Placement [][]int
		Notes     solve.Notes
	}
	q := in.Query()
	q["hostnames"] = names
	if err := apiDo("POST", apiBase+"/score?"+q.Encode(), rawUpload{"text/plain", text}, &rep); err != nil {
		return nil, rep.Notes, err
	}
	h, _, err := solve.PlacementHost(in)
	place := make([]int, len(rep.Placement))
	for v, xs := range rep.Placement {
		if err == nil {
			place[v], err = h.Index(xs)
		}
	}
	return place, rep.Notes, err
}

// baselinesTable compares a scored placement with the launchers'
// defaults: hop-bytes (and as a multiple of the placement's), maximum
// dilation and link load.
func baselinesTable(r *solve.Result) app.UI {
	return app.Table().ID("baselines").Class("bounds").Body(
		app.Caption().Text("The launchers' defaults for the same ranks"),
		app.THead().Body(app.Tr().Body(app.Th().Text("placement"), app.Th().Text("hop-bytes"), app.Th().Text("× yours"),
			app.Th().Text("max dilation"), app.Th().Text("max link load"))),
		app.TBody().Body(app.Range(r.Baselines).Slice(func(i int) app.UI {
			b := r.Baselines[i]
			ratio := metric.NoFigure
			if r.Metrics.HopBytes > 0 {
				ratio = metric.Fixed(b.Metrics.HopBytes/r.Metrics.HopBytes, 2)
			}
			load, _ := b.Metrics.Value("maxLinkLoad")
			return app.Tr().Body(app.Td().Text(b.Algo), app.Td().Text(metric.SI(b.Metrics.HopBytes)), app.Td().Text(ratio),
				app.Td().Text(metric.Thousands(b.Metrics.MaxDilation)), app.Td().Text(load))
		})),
	)
}
