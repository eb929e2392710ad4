package web

// What the explorer tells of the drawing under the pointer, or of a
// vertex or edge typed in its inspect field: a vertex's node and incident
// edges, an edge and its route.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// onHover shows what is under the pointer in a tooltip and highlights
// it: a vertex's node and incident edges, an edge and its route.
func (c *Explorer) onHover(ctx app.Context, e app.Event) {
	d := targetData(e, "h", "v", "u", "dil", "l", "vol")
	c.hover = hoverText(c.res, d)
	if d == nil || c.res == nil {
		return
	}
	if l, err := strconv.Atoi(d["l"]); err == nil {
		var heaviest []metric.Message
		c.hover, heaviest = c.loads.link(c.res, l)
		markLink(l, heaviest)
		return
	}
	u, _ := strconv.Atoi(d["u"])
	v, err := strconv.Atoi(d["v"])
	if err != nil {
		return
	}
	if d["u"] == "" {
		u = -1
	}
	c.mark(u, v)
}

// onMove names the node under the pointer of a heat map, which has no
// element per node: the locator finds it from the pointer's position.
func (c *Explorer) onMove(ctx app.Context, e app.Event) {
	t := e.Get("target")
	if c.res == nil || !t.Truthy() || t.Get("tagName").String() != "image" {
		return
	}
	if c.locator == nil {
		c.locator = draw.NewLocator(c.res, c.drawOptions())
	}
	p := app.Window().Call("topomapSVGPoint", "drawing", e.Get("clientX").Float(), e.Get("clientY").Float())
	h, v := c.locator.At(p.Index(0).Float(), p.Index(1).Float())
	if h < 0 {
		c.hover = ""
		app.Window().Call("topomapMarkBox", "drawing", 0, 0, -1)
		return
	}
	x, y, side := c.locator.Box(h)
	app.Window().Call("topomapMarkBox", "drawing", x, y, side)
	d := map[string]string{"h": strconv.Itoa(h)}
	if v >= 0 {
		d["v"] = strconv.Itoa(v)
	}
	c.hover = hoverText(c.res, d)
	if load, ok := c.loads.of(c.res); ok {
		c.hover += nodeLinksText(c.res.Mapping, load, h)
	}
}

func (c *Explorer) onLeave(ctx app.Context, e app.Event) {
	c.hover = ""
	c.mark(-1, -1)
	if !app.IsServer {
		app.Window().Call("topomapMarkBox", "drawing", 0, 0, -1)
	}
}

// onInspect shows a vertex ("12") or an edge ("12-13") typed in the
// inspect field: the keyboard's way to the tooltip's information.
func (c *Explorer) onInspect(ctx app.Context, e app.Event) {
	c.inspect = ctx.JSSrc().Get("value").String()
	var u, v int
	c.hover, u, v = inspectText(c.res, c.inspect)
	c.mark(u, v)
}

// inspectText is what the inspect field shows for text typed in it: the
// tooltip of a vertex or an edge, else why there is none (not a number, no
// such vertex, not an edge of the guest), and what to mark (see mark).
func inspectText(r *solve.Result, text string) (hover string, u, v int) {
	text = strings.TrimSpace(text)
	if r == nil || text == "" {
		return "", -1, -1
	}
	m := r.Mapping
	a, b, isEdge := strings.Cut(strings.ReplaceAll(text, "–", "-"), "-")
	ends := []string{a}
	if isEdge {
		ends = append(ends, b)
	}
	vs := make([]int, len(ends))
	for i, s := range ends {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		switch {
		case err != nil:
			return fmt.Sprintf("%.40q is neither a vertex (12) nor an edge (12-13)", text), -1, -1
		case n < 0 || n >= len(m.Place):
			return fmt.Sprintf("no vertex %d: the guest's are 0 to %d", n, len(m.Place)-1), -1, -1
		}
		vs[i] = n
	}
	if !isEdge {
		return hoverText(r, map[string]string{"h": strconv.Itoa(m.Place[vs[0]]), "v": strconv.Itoa(vs[0])}), -1, vs[0]
	}
	return edgeText(r, min(vs[0], vs[1]), max(vs[0], vs[1]))
}

// edgeText is the inspect field's text for vertices u < v: their edge's
// tooltip, or that they are not neighbours in the guest.
func edgeText(r *solve.Result, u, v int) (string, int, int) {
	m, g := r.Mapping, r.Mapping.Guest
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if int(g.Adj[e]) != v {
			continue
		}
		d := map[string]string{"u": strconv.Itoa(u), "v": strconv.Itoa(v), "dil": strconv.Itoa(m.Host.Hops(m.Place[u], m.Place[v]))}
		if l := label(g, int(e)); l >= 0 {
			d["dim"] = strconv.Itoa(int(l))
		}
		return hoverText(r, d), u, v
	}
	return "vertices " + strconv.Itoa(u) + " and " + strconv.Itoa(v) + " are not neighbours in the guest", -1, -1
}

// label returns the dimension (or axis) of arc e, or -1.
func label(g *guest.Graph, e int) int8 {
	if g.Label == nil {
		return -1
	}
	return g.Label[e]
}

// mark highlights vertex v (u < 0) or edge u-v with its route in the
// drawing, the links of the route too on a link heat map; v < 0 clears.
// The route is only drawn for an edge.
func (c *Explorer) mark(u, v int) {
	if app.IsServer {
		return
	}
	route, links := "", ""
	if u >= 0 && v >= 0 && c.res != nil {
		m := c.res.Mapping
		route = joinInts(draw.Route(m.Host, m.Place[u], m.Place[v]))
		links = joinInts(draw.RouteLinks(m.Host, m.Place[u], m.Place[v]))
	}
	app.Window().Call("topomapMark", "drawing", v, u, route, links)
}

// hoverText describes a node or edge from its data-* attributes, looking
// up coordinates, dilations and routes in the result.
func hoverText(r *solve.Result, d map[string]string) string {
	if d == nil || r == nil || r.Mapping == nil {
		return ""
	}
	m := r.Mapping
	g := m.Guest
	if d["u"] != "" {
		u, err1 := strconv.Atoi(d["u"])
		v, err2 := strconv.Atoi(d["v"])
		if err1 != nil || err2 != nil || u < 0 || v < 0 || u >= len(m.Place) || v >= len(m.Place) {
			return ""
		}
		s := "guest edge " + d["u"] + "–" + d["v"]
		if d["dim"] != "" {
			s += " (" + guest.WordsOf(g.Kind).Label + " " + d["dim"] + ")"
		}
		s += ": dilation " + d["dil"]
		if vol, err := strconv.ParseFloat(d["vol"], 64); err == nil { // a weighted graph's pair: its volume both ways
			s += ", volume " + metric.SI(vol)
		}
		return s + "; route on the host: " + routeText(m.Host, m.Place[u], m.Place[v])
	}
	h, err := strconv.Atoi(d["h"])
	if err != nil || h < 0 || h >= m.Host.Size() {
		return ""
	}
	at := "host node " + d["h"]
	if name, ok := topology.NodeNameOf(m.Host, h); ok {
		at += " (" + name + ")"
	}
	at += " at (" + joinInts(m.Host.Coords(h, nil)) + ")"
	v, err := strconv.Atoi(d["v"])
	if err != nil || v < 0 || v >= len(m.Place) {
		return at + ": free"
	}
	dil := 0
	for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
		dil = max(dil, m.Host.Hops(m.Place[v], m.Place[g.Adj[e]]))
	}
	what := "vertex " + d["v"]
	if words := guest.WordsOf(g.Kind); words.Vertex != nil {
		what += " (" + words.Vertex(joinInts(g.Coords(v, nil))) + ")"
	}
	return "guest " + what + " on " + at + "; " + metric.Plural(int(g.Offsets[v+1]-g.Offsets[v]), "edge") +
		", the longest " + metric.Plural(dil, "hop")
}

// routeText lists the route from slot a to slot b of h: its ends
// (slotText), the nodes and switches between under the host's routing
// (topology.VertexName; elsewhere draw.Route's nodes), the middle of a
// long one elided, and its hops as the metrics count them (Hops: on nodes
// with an inside, the cores' distance too).
func routeText(h topology.Host, a, b int) string {
	names := []string{slotText(h, a)}
	if r, ok := topology.RouterOf(h); ok {
		links := r.Route(a, b, nil)
		for _, l := range links[:max(len(links)-1, 0)] {
			_, head, _ := r.Link(l)
			names = append(names, topology.VertexName(h, head))
		}
	} else if route := draw.Route(h, a, b); len(route) > 2 {
		for _, s := range route[1 : len(route)-1] {
			names = append(names, slotText(h, s))
		}
	}
	if a != b {
		names = append(names, slotText(h, b))
	}
	if n := len(names); n > 9 {
		names = append(append(names[:4:4], "… "+strconv.Itoa(n-8)+" more …"), names[n-4:]...)
	}
	return strings.Join(names, " → ") + " (" + metric.Plural(h.Hops(a, b), "hop") + ")"
}

// slotText names slot s of h as the machine's file does ("nx3"), else
// by its coordinates ("(2,0)").
func slotText(h topology.Host, s int) string {
	if name, ok := topology.NodeNameOf(h, s); ok {
		return name
	}
	return "(" + joinInts(h.Coords(s, nil)) + ")"
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}
