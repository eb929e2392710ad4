package web

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// The link heat map's readouts (draw's link view): what a hovered link
// carries, and the loads of the links leaving a hovered node.

// maxAttributionHops bounds the routing work of one hovered link's
// attribution (metric.LinkMessages): 1M routed hops take about 25 ms
// natively (BenchmarkLinkMessages), a few times that in the browser.
// Links are hoverable one by one on hosts of at most 12,288 links, whose
// mappings rarely route more.
const maxAttributionHops = 1 << 20

// heaviestShown is the number of messages a link's readout lists.
const heaviestShown = 5

// linkLoads caches the link loads of one result for the readouts, and
// its most loaded links.
type linkLoads struct {
	r    *solve.Result
	load []float64
	msgs []int32
	top  []draw.LinkLoad
}

// of returns the loads of r's links, counted once per result; ok is false
// when r's metrics have none (a host without routing, or too many links).
func (l *linkLoads) of(r *solve.Result) (load []float64, ok bool) {
	if l.r != r {
		l.r, l.load, l.msgs, l.top = r, nil, nil, nil
		if r.Metrics.MaxLinkLoad != nil {
			l.load, l.msgs, _ = r.LinkLoads()
			l.top = draw.MostLoaded(l.load, l.msgs, draw.TopLinks)
		}
	}
	return l.load, l.load != nil
}

// link describes link id of r: its ends, its load and message count, and
// the heaviest messages across it (guest arcs u→v with their volume),
// attributed on demand; it returns them too, for the drawing to
// highlight. "" for a number that is no link.
func (l *linkLoads) link(r *solve.Result, id int) (string, []metric.Message) {
	load, ok := l.of(r)
	m := r.Mapping
	rt, _ := topology.RouterOf(m.Host)
	if !ok || id < 0 || id >= len(load) {
		return "", nil
	}
	tail, head, ok := rt.Link(id)
	if !ok {
		return "", nil
	}
	s := "link " + draw.LinkName(m.Host, tail, head) + ": load " + metric.FormatLoad(load[id]) +
		", " + metric.Plural(int(l.msgs[id]), "message")
	if l.msgs[id] == 0 {
		return s, nil
	}
	t, _ := metric.LinkMessages(m, id, heaviestShown, maxAttributionHops)
	parts := make([]string, len(t.Heaviest))
	for i, msg := range t.Heaviest {
		parts[i] = strconv.Itoa(msg.From) + "→" + strconv.Itoa(msg.To) + " (" + metric.FormatLoad(msg.Volume) + ")"
	}
	s += "; heaviest: " + strings.Join(parts, ", ")
	if !t.Complete {
		s += " (among the messages of the first " + metric.Thousands(maxAttributionHops) + " routed hops)"
	}
	return s, t.Heaviest
}

// nodeLinksText lists the loads of the links leaving node h (the heat
// map's readout of a node, whose links may be painted too small to
// hover): "; loads of its links: →(2,2) 3, →(0,2) 1, ...", or on a fat
// tree "→L1 (·,0) 3". On a host with cores, h's node's links. The links
// leaving node u are numbered u + n·j (topology.Router), n the nodes.
func nodeLinksText(m *mapping.Mapping, load []float64, h int) string {
	r, ok := topology.RouterOf(m.Host)
	if !ok {
		return ""
	}
	inner, c := topology.SplitCores(m.Host)
	u := h / c
	var parts []string
	for id := u; id < r.LinkSlots(); id += inner.Size() {
		if tail, head, ok := r.Link(id); ok && tail == u*c {
			parts = append(parts, "→"+topology.VertexName(m.Host, head)+" "+metric.FormatLoad(load[id]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; loads of its links: " + strings.Join(parts, ", ")
}

// renderTopLinks lists the most loaded links of the current result
// (draw.TopLinks; the drawing's list, in the page), each row carrying its
// link number (data-l), if its host has routing.
func (c *Explorer) renderTopLinks() app.UI {
	if _, ok := c.loads.of(c.res); !ok {
		return app.Div().ID("top-links")
	}
	m := c.res.Mapping
	r, _ := topology.RouterOf(m.Host)
	top := c.loads.top
	return app.Div().ID("top-links").Class("metrics").Body(
		app.H3().Text("Most loaded links"),
		app.Table().Class("bounds").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("link"), app.Th().Text("load"), app.Th().Text("messages"))),
			app.TBody().Body(app.Range(top).Slice(func(i int) app.UI {
				l := top[i]
				tail, head, _ := r.Link(l.Link)
				return app.Tr().DataSet("l", l.Link).OnMouseOver(c.onTopLink(l.Link, tail)).OnMouseOut(c.onTopLinkOut).Body(
					app.Td().Text(draw.LinkName(m.Host, tail, head)),
					app.Td().Text(metric.FormatLoad(l.Load)),
					app.Td().Text(metric.Thousands(l.Messages)),
				)
			})),
		),
		app.P().ID("top-link-info").Class("scope").Aria("live", "polite").Text(c.linkInfo),
	)
}

// markLink highlights link l in the drawing and the guest edges of the
// messages listed (those drawn).
func markLink(l int, msgs []metric.Message) {
	if app.IsServer {
		return
	}
	pairs := make([]string, len(msgs))
	for i, msg := range msgs {
		pairs[i] = strconv.Itoa(msg.From) + "-" + strconv.Itoa(msg.To)
	}
	app.Window().Call("topomapMarkLink", "drawing", l, strings.Join(pairs, ","))
}

// onTopLink shows a listed link: its readout under the list, and where
// it is: it lights up in the drawing with the guest edges of its heaviest
// messages, and its tail node is outlined (a painted link has no element
// of its own; a switch is not outlined).
func (c *Explorer) onTopLink(l, tail int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if c.res == nil {
			return
		}
		var heaviest []metric.Message
		c.linkInfo, heaviest = c.loads.link(c.res, l)
		markLink(l, heaviest)
		if c.locator == nil {
			c.locator = draw.NewLocator(c.res, c.drawOptions())
		}
		x, y, side := c.locator.Box(tail)
		app.Window().Call("topomapMarkBox", "drawing", x, y, side)
	}
}

func (c *Explorer) onTopLinkOut(ctx app.Context, e app.Event) {
	c.linkInfo = ""
	c.onLeave(ctx, e)
}
