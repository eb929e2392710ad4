package draw

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
)

// A weighted communication graph (a guest without dimensions, read from a
// file) drawn on its host: vertices at their nodes, every communicating
// pair one edge coloured by its hops and drawn thicker for more volume,
// empty nodes dashed; above the detail limit a heat map of the hop-bytes
// at each node. Under the host, the hop histogram: the share of the
// volume that travels h hops, for every h.

// hopColours colour edges by hops, from 1 (green: neighbours) through
// orange to 8 and more (dark purple), darker as edges get longer so that
// the long ones stand out.
var hopColours = []string{"#1a9850", "#66bd63", "#fdae61", "#f46d43", "#d73027", "#a50026", "#7f0026", "#54278f"}

// HopColour returns the colour of an edge h hops long.
func HopColour(h int) string {
	return hopColours[max(0, min(h-1, len(hopColours)-1))]
}

// GraphEdgeLimit is the number of communicating pairs above which a
// weighted graph is drawn as a heat map of the hop-bytes at each node
// unless Options.GraphEdges asks for its edges: a few hundred edges
// between arbitrary nodes are a tangle.
const GraphEdgeLimit = 300

// histH is the height of the histogram under a graph's drawing.
const histH = 96

// pairEdge is one communicating pair u < v: its volume both ways and its
// hops.
type pairEdge struct {
	u, v, hops int
	vol        float64
}

// pairs returns the communicating pairs of m's guest, each once, with
// the volume of both directions: what a drawing shows as one edge (its
// hops are the same both ways). O(arcs).
func pairs(m *mapping.Mapping, hops []int) []pairEdge {
	g := m.Guest
	at := make(map[[2]int]int, g.Arcs()/2)
	var out []pairEdge
	for u := range g.Order() {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := int(g.Adj[e])
			k := [2]int{min(u, v), max(u, v)}
			if i, ok := at[k]; ok {
				out[i].vol += g.Volume(int(e))
				continue
			}
			at[k] = len(out)
			out = append(out, pairEdge{k[0], k[1], hops[e], g.Volume(int(e))})
		}
	}
	return out
}

// hopHistogram is the volume of m's messages at each hop count, from the
// hops of its arcs: metric's HopHistogram, for results stored before the
// metrics had it. O(arcs).
func hopHistogram(m *mapping.Mapping, hops []int) []float64 {
	var hist []float64
	for e, h := range hops {
		for len(hist) <= h {
			hist = append(hist, 0)
		}
		hist[h] += m.Guest.Volume(e)
	}
	return hist
}

// graphMapping draws r as a weighted graph's mapping on the laid-out host.
func graphMapping(w io.Writer, r *solve.Result, o Options, lay *layout, heatMap bool) error {
	m := r.Mapping
	hops := metric.EdgeHops(m)
	inv := m.Inverse()
	width := lay.w
	ps := pairs(m, hops)
	bundled := len(ps) > GraphEdgeLimit
	heatMap = heatMap || bundled && !o.GraphEdges
	var buf bytes.Buffer
	s := svg.New(&buf)
	s.Style("text/css", sheet)
	s.Title(caption(r))
	var level []int
	var lo, hi float64
	if heatMap {
		level, lo, hi = nodeHopBytes(m, hops)
	}
	lay.frame(s)
	if heatMap {
		hopBytesImage(&buf, lay, inv, level)
	} else {
		lay.hostLinks(s)
	}
	drawStructure(s, lay, true)
	allocationMarks(&buf, lay, r)
	if !heatMap {
		graphEdges(&buf, m, lay, ps, o.MinHops, bundled)
		lay.nodes(s, &buf, inv, func(int) bool { return true }, lay.numbersFit(m.Guest.Order()))
	}
	lay.labels(s)
	f := newFlow(s, lay.bottom(), width)
	f.line(caption(r), "t", 14)
	f.line(graphSubcaption(r, heatMap, len(ps), o), "s", 12)
	graphKey(f, &buf, longestHops(hops), heatMap, lo, hi)
	f.gap(4)
	histogram(s, graphHistogram(r, hops), margin, f.y, min(width-2*margin, 480))
	return writeSVG(w, width, f.y+histH+margin, &buf)
}

// longestHops returns the most hops of an arc, at least 1.
func longestHops(hops []int) int {
	longest := 1
	for _, h := range hops {
		longest = max(longest, h)
	}
	return longest
}

// graphHistogram returns the hop histogram of r's metrics, or the one
// hopHistogram derives from the arcs' hops for results stored without it.
func graphHistogram(r *solve.Result, hops []int) []float64 {
	hist := r.Metrics.HopHistogram
	if len(hist) == 0 && r.Mapping.Guest.Arcs() > 0 {
		hist = hopHistogram(r.Mapping, hops)
	}
	return hist
}

// hopBytesImage paints every node in the heat colour of its vertex's
// level of hop-bytes (nodeHopBytes), empty nodes pale grey.
func hopBytesImage(buf *bytes.Buffer, lay *layout, inv, level []int) {
	colours := make([]string, heatLevels+1)
	for l := range colours {
		colours[l] = heat(float64(l) / heatLevels)
	}
	nodeImage(buf, lay, func(h int) string {
		if v := inv[h]; v >= 0 {
			return colours[level[v]]
		}
		return "#eef0f3"
	}, nil)
}

// heatLevels is the number of colours of a hop-bytes heat map.
const heatLevels = 32

// nodeHopBytes returns the heat level (0..heatLevels) of every vertex
// and the least and largest hop-bytes at a vertex: half of each of its
// messages, sent or received, so that they add up to the hop-bytes. The
// scale runs linearly from the least to the largest, so that a map where
// every node carries about the same shows pale, not uniformly hot.
func nodeHopBytes(m *mapping.Mapping, hops []int) (level []int, lo, hi float64) {
	g := m.Guest
	hb := make([]float64, g.Order())
	for u := range g.Order() {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			x := g.Volume(int(e)) * float64(hops[e]) / 2
			hb[u] += x
			hb[g.Adj[e]] += x
		}
	}
	lo, hi = math.Inf(1), 0.0
	for _, x := range hb {
		lo, hi = min(lo, x), max(hi, x)
	}
	level = make([]int, len(hb))
	if hi > lo {
		for v, x := range hb {
			level[v] = int(math.Round((x - lo) / (hi - lo) * heatLevels))
		}
	}
	return level, lo, hi
}

// graphEdges draws the pairs, longest on top, each in the colour of its
// hops and of a width that grows with the square root of its volume (1 to
// 6 units), with data-u, data-v, data-dil (hops) and data-vol for the
// page's hover; bundled, each along its route through the host's nodes
// (Route), thinner and translucent, so that edges sharing links merge.
func graphEdges(buf *bytes.Buffer, m *mapping.Mapping, lay *layout, ps []pairEdge, minHops int, bundled bool) {
	top := 0.0
	for _, p := range ps {
		top = max(top, p.vol)
	}
	byHops := map[int][]pairEdge{}
	maxH := 0
	for _, p := range ps {
		if p.hops >= minHops {
			byHops[p.hops] = append(byHops[p.hops], p)
			maxH = max(maxH, p.hops)
		}
	}
	var line []byte
	for h := 0; h <= maxH; h++ {
		if len(byHops[h]) == 0 {
			continue
		}
		opacity := ""
		if bundled {
			opacity = `" stroke-opacity="0.35`
		}
		buf.WriteString(`<g stroke="` + HopColour(h) + opacity + `" data-hops="` + itoa(h) + "\">\n")
		for _, p := range byHops[h] {
			width := 1 + 5*math.Sqrt(p.vol/top)
			if bundled {
				line = lay.routePath(line[:0], m.Host, m.Place[p.u], m.Place[p.v])
				width = 1 + 2*math.Sqrt(p.vol/top)
			} else {
				line = lay.edgePath(line[:0], m.Place[p.u], m.Place[p.v], p.hops)
			}
			// a style, not an attribute: the sheet's .e width would win
			line = append(line, ` class="e" style="stroke-width:`...)
			line = strconv.AppendFloat(line, width, 'f', 1, 64)
			line = append(line, `" data-u="`...)
			line = strconv.AppendInt(line, int64(p.u), 10)
			line = append(line, `" data-v="`...)
			line = strconv.AppendInt(line, int64(p.v), 10)
			line = append(line, `" data-dil="`...)
			line = strconv.AppendInt(line, int64(p.hops), 10)
			line = append(line, `" data-vol="`...)
			line = strconv.AppendFloat(line, p.vol, 'f', -1, 64)
			line = append(line, "\"/>\n"...)
			buf.Write(line)
		}
		buf.WriteString("</g>\n")
	}
}

// graphKey draws the key: the colours of hops (or the heat map's
// meaning) and what a dashed node is.
func graphKey(f *flow, buf *bytes.Buffer, maxHops int, heatMap bool, lo, hi float64) {
	defer f.end()
	if heatMap {
		f.item(6*15+8, 18, func(x, y int) {
			for k := range 6 {
				f.s.Rect(x+15*k, y+2, 14, 14, `fill="`+heat(float64(k)/5)+`" stroke="#888"`)
			}
		})
		f.text("hop-bytes at a node, from "+metric.SI(lo)+" (pale) to "+metric.SI(hi), "s", 12)
		return
	}
	buf.WriteString(`<g class="legend">`)
	f.text("hops:", "s", 12)
	for h := 1; h <= min(maxHops, len(hopColours)); h++ {
		label := itoa(h)
		if h == len(hopColours) && maxHops > h {
			label += "+"
		}
		f.item(32+textW(label, 12), 18, func(x, y int) {
			f.s.Line(x, y+10, x+16, y+10, `stroke="`+HopColour(h)+`" stroke-width="3"`)
			f.s.Text(x+20, y+14, label, `class="s"`)
		})
	}
	buf.WriteString("</g>\n")
	f.text("thicker: more volume", "s", 12)
}

// graphSubcaption says what the drawing leaves out or shows apart.
func graphSubcaption(r *solve.Result, heatMap bool, npairs int, o Options) string {
	m := r.Mapping
	parts := []string{metric.Plural(m.Guest.Order(), "vertex", "vertices") + ", " + metric.Plural(m.Guest.Arcs(), "arc")}
	if empty := m.Host.Size() - m.Guest.Order(); empty > 0 {
		how := " (dashed)"
		if heatMap {
			how = " (pale grey)"
		}
		parts = append(parts, metric.Thousands(empty)+" of "+metric.Thousands(m.Host.Size())+" slots empty"+how)
	}
	if heatMap {
		detail := o.Detail
		if detail == 0 {
			detail = DefaultDetail
		}
		if detail > 0 && m.Guest.Order() > detail {
			parts = append(parts, "edges omitted above "+metric.Thousands(detail)+" vertices")
		} else {
			parts = append(parts, metric.Thousands(npairs)+" communicating pairs, more than "+metric.Thousands(GraphEdgeLimit)+": edges shown on demand, bundled along their routes")
		}
	} else if npairs > GraphEdgeLimit {
		parts = append(parts, "edges bundled along their routes through the host")
	}
	if !heatMap && o.MinHops > 1 {
		parts = append(parts, "only edges of at least "+metric.Plural(o.MinHops, "hop"))
	}
	if note := allocationNote(r); note != "" {
		parts = append(parts, note)
	}
	return strings.Join(parts, "; ")
}

// histogram draws the hop histogram as bars at (x, y), w wide: the share
// of the volume at each hop count (from 1, or 0 when some message stays on
// its node), each bar in its hop colour, labelled with its share as the
// metrics' volume by hops writes it ("39.9 %", metric.Share) where it is
// wide enough (40 units: up to 9 bars at the default width); every bar's
// data-share, and the metrics' volume by hops, give every share.
func histogram(s *svg.SVG, hist []float64, x, y, w int) {
	total := 0.0
	for _, v := range hist {
		total += v
	}
	s.Gid("hop-histogram")
	s.Text(x, y+10, "volume by hops", `class="s"`)
	if total == 0 {
		s.Text(x+110, y+10, "no messages", `class="s"`)
		s.Gend()
		return
	}
	from := 1
	if hist[0] > 0 {
		from = 0
	}
	n := max(1, len(hist)-from)
	bw := max(4, min(40, (w-110)/n))
	const barH = 56
	base := y + 16 + barH
	for i, v := range hist[from:] {
		h := from + i
		share := v / total
		bx := x + 110 + i*bw
		bh := int(math.Round(share * barH))
		s.Rect(bx, base-bh, bw-2, max(bh, 0), `class="bar"`, `fill="`+HopColour(h)+`"`, `data-hops="`+itoa(h)+`"`, `data-share="`+strconv.FormatFloat(share, 'f', 4, 64)+`"`)
		if bw >= 16 || i == 0 || h == len(hist)-1 {
			s.Text(bx+(bw-2)/2, base+10, itoa(h), `class="tick"`, `text-anchor="middle"`)
		}
		if bw >= 40 && share >= 0.001 {
			s.Text(bx+(bw-2)/2, base-bh-2, metric.Share(share), `class="tick"`, `text-anchor="middle"`)
		}
	}
	s.Gend()
}
