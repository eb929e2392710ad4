package web

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// hostNames is the explorer's field of host names for the launcher files
// (rankfile, slurm, and the host column of csv and json): the text typed,
// one name per host node. It is no part of the permalink.
type hostNames struct {
	text string
}

// of returns the names the field gives for r's host: none (the defaults:
// the machine's own names, else node<index>) when it is empty, or why
// they do not fit the host.
func (h *hostNames) of(r *solve.Result) (export.Hostnames, error) { return h.forHost(r.Mapping.Host) }

// forHost returns the names the field gives for host's nodes, as of does.
func (h *hostNames) forHost(host topology.Host) (export.Hostnames, error) {
	if strings.TrimSpace(h.text) == "" {
		return nil, nil
	}
	nodes, _ := topology.NodesOf(host)
	return export.ParseHostnames(strings.NewReader(h.text), nodes.Size())
}

// render shows the field, folded, with its error for r's host.
func (h *hostNames) render(r *solve.Result) app.UI {
	nodes, _ := topology.NodesOf(r.Mapping.Host)
	_, err := h.of(r)
	return app.Details().ID("hostnames").Class("hint").Body(
		app.Summary().Body(termText("Host names of the launcher files")),
		app.Label().For("f-hostnames").Text("one name a line for each of the "+strconv.Itoa(nodes.Size())+" nodes, in node-index order, or a Slurm hostlist such as nid[001-016] (default: the machine's own names, else node0, node1, ...)"),
		app.Textarea().ID("f-hostnames").Rows(4).Cols(40).Text(h.text).Spellcheck(false).
			OnChange(func(ctx app.Context, e app.Event) { h.text = ctx.JSSrc().Get("value").String() }),
		app.If(err != nil, func() app.UI { return app.Div().ID("err-hostnames").Class("msg").Text(err.Error()) }),
	)
}
