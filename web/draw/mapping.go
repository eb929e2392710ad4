package draw

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// Options control Mapping. The zero value draws everything at the default
// width and level of detail.
type Options struct {
	// Width is the drawing's width in user units (0 = DefaultWidth).
	Width int
	// Height, when positive, bounds the height of a lattice host's
	// drawing (its caption and legends go under it): its nodes shrink to
	// fit, and a tall 2-D host folds into strips side by side, so that a
	// page shows the drawing at 100 % in a box of Width × Height.
	Height int
	// Step, when positive, draws a partial mapping as the step view of the
	// thesis (Bhatele 2010, Fig. 9.4): for a grid guest only the objects of
	// the first Step rows (first coordinate < Step), for a d-cube only the
	// edges of dimensions below Step (the first Step stages).
	Step int
	// Detail is the guest order above which edges are replaced by the
	// link heat map, or by a per-node dilation heat map on a host without
	// routing (0 = DefaultDetail, negative = never).
	Detail int
	// TimeMax is the extent of a Gantt chart's time axis (0 = the longest
	// schedule's total): separate charts on one scale compare.
	TimeMax float64
	// MinHops hides guest edges shorter than MinHops hops (2 hides the
	// dilation-1 edges, so that only the imperfect ones show).
	MinHops int
	// GraphEdges draws a weighted graph's edges even above GraphEdgeLimit
	// communicating pairs (below the detail limit), bundled: each along
	// its route through the host, so that edges over the same links
	// overlap.
	GraphEdges bool
	// Processes are the Gantt rows to draw, in order (nil = the first
	// MaxGanttRows processes); RowsNote says how they were chosen.
	Processes []int
	RowsNote  string
	// Note is a line of the caller's under a comparison's title: what it
	// chose that the figures depend on (the budget it gave the local
	// searches).
	Note string
}

// StepCount returns how many steps the step view of a guest has: none
// for a kind without one (guest.Words.Step), else the size of its first
// dimension (a grid's rows, a d-cube's dimensions).
func StepCount(g *guest.Graph) int {
	if len(g.Dims) == 0 || guest.WordsOf(g.Kind).Step == "" {
		return 0
	}
	return g.Dims[0]
}

// ClampStep is step within the step view's range, 0 (all) to StepCount:
// a permalink may ask for any number, and a step beyond the last shows
// what the last does.
func ClampStep(g *guest.Graph, step int) int {
	return max(0, min(step, StepCount(g)))
}

// layout places host nodes in the plane.
type layout struct {
	x, y     []int // centre of each host node
	r        int   // node radius (or half the cell)
	cell     int   // grid pitch of mesh and hypercube layouts (0 = none)
	w, h     int   // extent, caption excluded
	side     int   // side of a node's square in a heat map
	perPlane int   // nodes per plane of a mesh or torus (kx·ky)
	planes   []int // per node, its panel, where nodes are not in index order (listed nodes)
	arcs     bool  // single-row line: draw edges as arcs above the nodes
	panels   []panel
	links    [][2]int   // host links to draw
	ticks    []axisTick // coordinates written along the host
	ringC    [2]int
	ringR    int
	isRing   bool
	topSpace int
	structure

	// Folding to fill the box (fold.go).
	fold  *fold    // how a long 2-D host is cut into strips (nil = not)
	snake int      // nodes per row of a line or ring in serpentine rows (0 = none)
	seams [][4]int // where a fold parts neighbours
	scale float64  // the factor that fits a folded host to its box (≤ 1 = none)
}

// axisTick is one coordinate label of the host's axes.
type axisTick struct {
	x, y int
	text string
	end  bool // right-aligned (y axis)
}

// panel is one plane of a 3-D (or higher) mesh, with its label.
type panel struct {
	x, y, w, h int
	label      string
	wrap       bool
}

const (
	margin = 16
	// maxLinks bounds the host links drawn (they are context, not data).
	maxLinks = 4096
)

// Mapping writes the mapping of r drawn on its host: host nodes in their
// network layout (line, ring, 2-D mesh/torus, higher meshes as stacked
// planes, hypercube in Gray-code order), guest edges coloured by dimension,
// the host's links coloured by their load (links.go) and a caption with
// the metrics. A weighted graph's edges are coloured by hops instead, with
// the hop histogram under the host (graph.go). O(host nodes + guest
// arcs·c + links).
func Mapping(w io.Writer, r *solve.Result, o Options) error {
	if r == nil || r.Mapping == nil || r.Mapping.Guest == nil || r.Mapping.Host == nil {
		return errors.New("no mapping to draw")
	}
	m := r.Mapping
	if len(m.Place) != m.Guest.Order() {
		return errors.New("placement does not match the guest")
	}
	o.Step = ClampStep(m.Guest, o.Step)
	lay, heatMap := mappingLayout(r, o)
	if m.Guest.Label == nil {
		return graphMapping(w, r, o, lay, heatMap) // a weighted graph: no dimensions
	}
	return dimensionMapping(w, r, o, lay, heatMap)
}

// mappingLayout lays out r's host as Mapping draws it, and says whether
// the guest is drawn as a heat map, too large for its edges.
func mappingLayout(r *solve.Result, o Options) (lay *layout, heatMap bool) {
	width := o.Width
	if width <= 0 {
		width = DefaultWidth
	}
	detail := o.Detail
	if detail == 0 {
		detail = DefaultDetail
	}
	heatMap = detail > 0 && r.Mapping.Guest.Order() > detail
	minCell := 3 // nodes drawn as shapes need room
	if heatMap {
		minCell = 1 // one pixel of the heat map's image per node
	}
	lay = hostLayout(r.Mapping.Host, width, o.Height, minCell)
	lay.fitArcs(r.Mapping, heatMap)
	return lay, heatMap
}

// dimensionMapping is Mapping for a guest whose edges have dimensions (a
// grid or a hypercube), on lay; the drawing is lay.w wide, wider than
// asked when the host needs it: never clipped.
func dimensionMapping(w io.Writer, r *solve.Result, o Options, lay *layout, heatMap bool) error {
	m := r.Mapping
	g := m.Guest
	// The link heat map replaces the dilation heat map on routed hosts;
	// with the guest's edges drawn, it replaces the grey host links (and
	// a network's grey wires) when the links fit one element each.
	lv := newLinkView(r, lay)
	if lv != nil && !heatMap && !lv.elems {
		lv = nil
	}
	shown, edgeShown := stepView(g, o.Step)
	// The edges' hops, and each vertex's largest (the dilation heat
	// map), unless the link heat map replaces both.
	var hops, nodeDil []int
	if !heatMap || lv == nil {
		hops = metric.EdgeHops(m)
		nodeDil = nodeDilations(g, hops, shown, edgeShown)
	}
	inv := m.Inverse()

	var buf bytes.Buffer
	s := svg.New(&buf)
	s.Style("text/css", sheet)
	s.Title(caption(r))
	wires := lv == nil // a network's grey wires, unless its links replace them

	lay.frame(s)
	if heatMap {
		heatImage(&buf, lay, lv, inv, shown, nodeDil, max(1, r.Metrics.MaxDilation))
	}
	if lv != nil && lv.elems {
		lv.drawLinks(&buf, lay)
	} else {
		lay.hostLinks(s)
	}
	drawStructure(s, lay, wires)
	allocationMarks(&buf, lay, r)
	if !heatMap {
		long := func(e int) bool { return hops[e] >= o.MinHops }
		drawEdges(s, &buf, r, lay, hops, shown, edgeShown, long)
		lay.nodes(s, &buf, inv, shown, lay.numbersFit(g.Order()))
	}
	lay.labels(s)

	// The caption and the legends, under the host.
	f := newFlow(s, lay.bottom(), lay.w)
	f.line(caption(r), "t", 14)
	f.line(subcaption(r, heatMap, lv, o), "s", 12)
	legends(f, &buf, r, lay.keyNote(wires), heatMap, lv)
	return writeSVG(w, lay.w, f.y+margin, &buf)
}

// stepView returns which guest vertices and which edges (by label) the
// step view of the first step rows or dimensions shows: all for step 0.
func stepView(g *guest.Graph, step int) (shown func(v int) bool, edgeShown func(label int8) bool) {
	shown = func(v int) bool { return true }
	edgeShown = func(label int8) bool { return true }
	words := guest.WordsOf(g.Kind)
	switch {
	case step <= 0 || StepCount(g) == 0:
	case words.ByLabel:
		edgeShown = func(l int8) bool { return int(l) < step }
	default:
		k := g.Dims[0]
		shown = func(v int) bool { return v%k < step }
	}
	return shown, edgeShown
}

// nodeDilations returns each guest vertex's largest dilation (hops, by
// edge) over its edges that the step view shows.
func nodeDilations(g *guest.Graph, hops []int, shown func(int) bool, edgeShown func(int8) bool) []int {
	nodeDil := make([]int, g.Order())
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			if edgeShown(label(g, int(e))) && shown(int(g.Adj[e])) {
				nodeDil[v] = max(nodeDil[v], hops[e])
			}
		}
	}
	return nodeDil
}

// legends writes the key (with note) and the legend of the heat map of
// links (lv) or of dilations under the drawing of r.
func legends(f *flow, buf *bytes.Buffer, r *solve.Result, note string, heatMap bool, lv *linkView) {
	key(f, buf, r.Mapping.Guest, r.Mapping.Host, note, heatMap, lv != nil && (lv.elems || lv.paints))
	switch {
	case lv != nil:
		lv.legend(f)
	case heatMap:
		legend(f, max(1, r.Metrics.MaxDilation))
	}
}

// writeSVG writes the document of the given extent around body (its
// style, title and elements) with one checked write.
func writeSVG(w io.Writer, width, height int, body *bytes.Buffer) error {
	var doc bytes.Buffer
	doc.Grow(body.Len() + 256)
	s := svg.New(&doc)
	s.Startview(width, height, 0, 0, width, height)
	doc.Write(body.Bytes())
	s.End()
	return writeDoc(w, &doc)
}

func label(g *guest.Graph, e int) int8 {
	if g.Label == nil {
		return -1
	}
	return g.Label[e]
}

// drawEdges draws each undirected guest edge once, grouped by dimension so
// that the document carries one stroke colour per group.
func drawEdges(s *svg.SVG, buf *bytes.Buffer, r *solve.Result, lay *layout, hops []int, shown func(int) bool, edgeShown func(int8) bool, long func(int) bool) {
	m := r.Mapping
	g := m.Guest
	var line []byte
	groups := 1
	for _, l := range g.Label {
		groups = max(groups, int(l)+1)
	}
	// Highest dimension first, so the thesis' gold and green stay on top.
	for dim := groups - 1; dim >= 0; dim-- {
		colour := DimColour(dim)
		if g.Label == nil {
			colour = DimColour(-1)
		}
		s.Group(`stroke="`+colour+`"`, `data-dim="`+itoa(dim)+`"`)
		for u := range g.Order() {
			if !shown(u) {
				continue
			}
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				v := int(g.Adj[e])
				l := label(g, int(e))
				if v <= u || !shown(v) || !edgeShown(l) || (g.Label != nil && int(l) != dim) || !long(int(e)) {
					continue
				}
				line = lay.edgePath(line[:0], m.Place[u], m.Place[v], hops[e])
				line = append(line, ` class="e" data-u="`...)
				line = strconv.AppendInt(line, int64(u), 10)
				line = append(line, `" data-v="`...)
				line = strconv.AppendInt(line, int64(v), 10)
				line = append(line, `" data-dil="`...)
				line = strconv.AppendInt(line, int64(hops[e]), 10)
				line = append(line, "\"/>\n"...)
				buf.Write(line)
			}
		}
		s.Gend()
	}
}

// Locator finds the host node under a point of a drawing made by Mapping
// with the same result and options: a heat map has no element per node
// for the page's events to name.
type Locator struct {
	lay  *layout
	half int
	inv  []int
}

// NewLocator lays out r's host as Mapping(r, o) does; on a host that
// Mapping does not draw it locates nothing. O(host nodes).
func NewLocator(r *solve.Result, o Options) *Locator {
	lay, _ := mappingLayout(r, o)
	return &Locator{lay: lay, half: max(1, max(lay.side, 2*lay.r)) / 2, inv: r.Mapping.Inverse()}
}

// At returns the host node drawn at (x, y) in the document's user units
// and the guest vertex on it, or -1 for either. O(host nodes).
func (l *Locator) At(x, y float64) (node, vertex int) {
	px, py := int(math.Floor(x/l.lay.zoom())), int(math.Floor(y/l.lay.zoom()))
	best, bestD := -1, l.half+1
	for h := range l.lay.x {
		d := max(abs(l.lay.x[h]-px), abs(l.lay.y[h]-py))
		if d < bestD {
			best, bestD = h, d
		}
	}
	if best < 0 {
		return -1, -1
	}
	return best, l.inv[best]
}

// planeOf returns the panel of node h: its plane on a 3-D or higher
// host, its strip on a folded 2-D one.
func (l *layout) planeOf(h int) int {
	switch {
	case l.planes != nil:
		return l.planes[h/max(1, l.perNode)]
	case l.fold != nil: // h may be a core's slot
		return l.fold.strip(h / max(1, l.perNode))
	}
	return h / max(1, l.perPlane)
}

// Box returns the square that node h occupies in the document: its
// top-left corner and side, in user units; side -1 for a number that is
// no node (a switch, at the end of a link of a fat tree or a dragonfly).
func (l *Locator) Box(h int) (x, y, side int) {
	if h < 0 || h >= len(l.lay.x) {
		return 0, 0, -1
	}
	z := l.lay.zoom()
	return int(float64(l.lay.x[h]-l.half) * z), int(float64(l.lay.y[h]-l.half) * z), int(float64(2*l.half) * z)
}

// heatImage writes the heat map's image: with the link heat map, the
// nodes (pale, free ones paler) under links drawn or painted one by one,
// or each node in the colour of the heaviest link leaving it; without,
// each node in the colour of the largest dilation of its edges (nodeDil,
// on a scale up to maxDil).
func heatImage(buf *bytes.Buffer, lay *layout, lv *linkView, inv []int, shown func(int) bool, nodeDil []int, maxDil int) {
	switch {
	case lv != nil && (lv.elems || lv.paints):
		var links func(*raster)
		if lv.paints {
			links = func(ras *raster) { lv.paintLinks(ras, lay) }
		}
		nodeImage(buf, lay, func(h int) string {
			if inv[h] >= 0 && shown(inv[h]) {
				return "#dfe8f3"
			}
			return "#f4f5f7"
		}, links)
	case lv != nil:
		colours := lv.nodeColours()
		nodeImage(buf, lay, func(h int) string { return colours[h] }, nil)
	default:
		nodeImage(buf, lay, func(h int) string {
			if v := inv[h]; v >= 0 && shown(v) {
				return heat(heatT(nodeDil[v], maxDil))
			}
			return "#eef0f3"
		}, nil)
	}
}

// nodeImage writes the nodes as one PNG image, each host node a square
// of the layout's pitch in its colour ("#rrggbb"), then what paint adds
// (if not nil). The image carries the host's size (data-nodes) for
// readers of the document.
func nodeImage(buf *bytes.Buffer, lay *layout, colour func(h int) string, paint func(*raster)) {
	ras := newRaster(lay.w, lay.h)
	idx := make(map[string]uint8)
	side := max(1, lay.side)
	for h := range lay.x {
		c := colour(h)
		k, ok := idx[c]
		if !ok {
			k = ras.index(c)
			idx[c] = k
		}
		ras.fill(lay.x[h]-side/2, lay.y[h]-side/2, side, k)
	}
	if paint != nil {
		paint(ras)
	}
	buf.WriteString(`<image class="heat" x="0" y="0" width="` + itoa(lay.w) + `" height="` + itoa(lay.h) +
		`" data-nodes="` + itoa(len(lay.x)) + `" preserveAspectRatio="none" style="image-rendering:pixelated" href="`)
	buf.WriteString(ras.dataURL())
	buf.WriteString("\"/>\n")
}

// bow returns the control point of an edge bowed by a fifth of its length
// to the side of the drawing's centre, kept inside the drawing (a
// quadratic curve stays within the triangle of its points).
func (l *layout) bow(x1, y1, x2, y2 int) (int, int) {
	mx, my := (x1+x2)/2, (y1+y2)/2
	dx, dy := (y2-y1)/5, -(x2-x1)/5
	if sq(mx+dx-l.w/2)+sq(my+dy-l.h/2) > sq(mx-dx-l.w/2)+sq(my-dy-l.h/2) {
		dx, dy = -dx, -dy
	}
	return clamp(mx+dx, 0, l.w), clamp(my+dy, 0, l.h)
}

func sq(x int) int { return x * x }

// appendQuad appends an unterminated quadratic Bézier path element from
// (x1,y1) to (x2,y2) with control point (cx,cy).
func appendQuad(b []byte, x1, y1, cx, cy, x2, y2 int) []byte {
	return appendQuadF(b, float64(x1), float64(y1), float64(cx), float64(cy), float64(x2), float64(y2))
}

// appendQuadF is appendQuad at a tenth of a unit.
func appendQuadF(b []byte, x1, y1, cx, cy, x2, y2 float64) []byte {
	b = append(b, `<path d="M`...)
	for i, v := range [...]float64{x1, y1, cx, cy, x2, y2} {
		switch i {
		case 2:
			b = append(b, " Q"...)
		case 1, 3, 5:
			b = append(b, ',')
		case 4:
			b = append(b, ' ')
		}
		b = appendF1(b, v)
	}
	return append(b, '"')
}

// legend draws the heat map's colour scale: up to eight dilations
// spread over [1, maxDil].
func legend(f *flow, maxDil int) {
	f.text("largest dilation at a node:", "s", 12)
	last := 0
	for k := range 8 {
		d := 1 + (maxDil-1)*k/7
		if d == last {
			continue
		}
		last = d
		f.item(24+textW(metric.Thousands(d), 12), 18, func(x, y int) {
			f.s.Rect(x, y+2, 14, 14, `fill="`+heat(heatT(d, maxDil))+`" stroke="#888"`)
			f.s.Text(x+18, y+14, metric.Thousands(d), `class="s"`)
		})
	}
	f.end()
}

// heatT places a dilation on the colour scale: linear for small maxima,
// logarithmic when the range is wide (a few long edges would otherwise
// leave every other node the same pale colour).
func heatT(d, maxDil int) float64 {
	if maxDil <= 1 {
		return 0
	}
	if maxDil <= 16 {
		return float64(d-1) / float64(maxDil-1)
	}
	return math.Log(float64(d)) / math.Log(float64(maxDil))
}

// caption is the drawing's title: the instance, its hops per byte (or
// that the guest sends nothing) and its maximum dilation.
func caption(r *solve.Result) string {
	hpb, ok := r.Metrics.Value("hopsPerByte")
	if ok {
		hpb += "\u00a0hops/byte" // on one line (wrap)
	}
	return r.Mapping.Guest.String() + " on " + r.Mapping.Host.String() + " by " + r.Instance.Algo +
		": " + hpb + ", max dilation " + metric.Thousands(r.Metrics.MaxDilation)
}

func subcaption(r *solve.Result, heatMap bool, lv *linkView, o Options) string {
	g := r.Mapping.Guest
	var parts []string
	if o.Step > 0 && StepCount(g) > 0 {
		parts = append(parts, "step view: "+guest.WordsOf(g.Kind).Step+" 0.."+itoa(o.Step-1))
	}
	if heatMap {
		detail := o.Detail
		if detail == 0 {
			detail = DefaultDetail
		}
		if lv != nil {
			parts = append(parts, "edges omitted above "+metric.Thousands(detail)+" vertices")
		} else {
			parts = append(parts, "edges omitted above "+metric.Thousands(detail)+" vertices; nodes coloured by the largest dilation of their edges")
		}
	} else if o.MinHops > 1 {
		parts = append(parts, "only edges of at least "+metric.Plural(o.MinHops, "hop"))
	}
	if note := allocationNote(r); note != "" {
		parts = append(parts, note)
	}

	return strings.Join(parts, "; ")
}

// key draws the key: a swatch per guest dimension (or axis), what a
// dashed frame means, and how a hypercube host is laid out.
func key(f *flow, buf *bytes.Buffer, g *guest.Graph, h topology.Host, note string, heatMap, links bool) {
	defer f.end()
	if !heatMap && g.Label != nil {
		groups := 0
		for _, l := range g.Label {
			groups = max(groups, int(l)+1)
		}
		name := guest.WordsOf(g.Kind).Label + " "
		buf.WriteString(`<g class="legend">`)
		for d := range min(groups, 12) {
			text := name + itoa(d)
			f.item(34+textW(text, 12), 18, func(x, y int) {
				f.s.Line(x, y+10, x+16, y+10, `stroke="`+DimColour(d)+`" stroke-width="3"`)
				f.s.Text(x+20, y+14, text, `class="s"`)
			})
		}
		buf.WriteString("</g>\n")
	}
	if note != "" {
		f.text(note, "s", 12)
	}
	inner, _ := topology.SplitCores(h)
	host, ok := inner.(topology.Grid)
	if !ok {
		return
	}
	wraps := false
	for j := range host.Rank() {
		wraps = wraps || host.Wraps(j)
	}
	switch {
	case topology.IsHypercube(host):
		f.text("host nodes in Gray-code order: x = low bits, y = high bits; neighbours differ in one bit", "s", 12)
	case wraps && host.Rank() >= 2 && links:
		f.text("dashed frame: the host wraps around (wrap-around links drawn as stubs)", "s", 12)
	case wraps && host.Rank() >= 2 && heatMap:
		f.text("dashed frame: the host wraps around", "s", 12)
	case wraps && host.Rank() >= 2:
		f.text("dashed frame: the host wraps around (torus links not drawn)", "s", 12)
	}
}

func init() {
	registerLayout("lattice", func(h topology.Host, width, height, minCell int) (*layout, bool) {
		t, ok := h.(topology.Shaped)
		if !ok {
			return nil, false
		}
		return newLayout(t, width, height, minCell), true
	})
}

// newLayout chooses positions for every host node within width, with a
// pitch of at least minCell; w is then the extent actually used, wider
// than width when the host needs more room than that.
func newLayout(host topology.Shaped, width, height, minCell int) *layout {
	n := host.Size()
	l := &layout{x: make([]int, n), y: make([]int, n), w: width}
	inner := width - 2*margin
	if height <= 0 {
		height = math.MaxInt32
	}
	switch host.Kind() {
	case topology.Ring:
		if n > ringCircleMax {
			l.serpentine(n, inner, height, minCell, true)
			break
		}
		l.ringCircle(width, inner, height)
	case topology.Line:
		if n <= lineRowMax {
			l.lineRow(inner)
			break
		}
		l.serpentine(n, inner, height, minCell, false) // a long line
	case topology.Hypercube:
		l.grayCodeGrid(host.Rank(), inner, height, minCell)
	default: // mesh or torus of rank >= 2: planes of (x, y), y upwards
		l.meshPanels(host, inner, height, minCell)
	}
	l.fitExtent(width, height, maxCell(minCell))
	return l
}

// fitExtent sets the width to the extent actually used, then the scale
// that fills the box up to a pitch of top units (fitScale): nodes at the
// minimum pitch may need more than width, and then the document grows
// rather than clipping them.
func (l *layout) fitExtent(width, height, top int) {
	right := 0
	for h := range l.x {
		right = max(right, l.x[h]+max(l.r, l.side/2))
	}
	for _, p := range l.panels {
		right = max(right, p.x+p.w)
	}
	l.w = max(width, right+margin)
	l.fitScale(width, height, right+margin, top)
}

// lineRowMax is the longest line drawn in one row with its links as arcs;
// a longer one snakes in rows (serpentine).
const lineRowMax = 64

// lineRow places the nodes of a short line in one row within inner units,
// with room above it for the arcs of its links.
func (l *layout) lineRow(inner int) {
	n := len(l.x)
	cell := clamp(inner/n, 4, 40)
	l.r = clamp(cell*2/5, 1, 14)
	l.side = 2 * l.r
	l.arcs = true
	l.topSpace = min(inner/3, cell*n/2) + 8
	y := margin + l.topSpace + l.r
	for h := range n {
		l.x[h] = margin + cell/2 + h*cell
		l.y[h] = y
	}
	l.h = y + l.r + margin + 20
	for h := 1; h < n; h++ {
		l.links = append(l.links, [2]int{h - 1, h})
	}
}

// ringCircle places the nodes of a ring clockwise on a circle from the
// top, centred in width, with their indexes at the four quarters.
func (l *layout) ringCircle(width, inner, height int) {
	n := len(l.x)
	l.isRing = true
	l.ringR = max(20, (min(inner, height-2*margin)-40)/2)
	l.ringC = [2]int{width / 2, margin + l.ringR + 20}
	circ := 2 * math.Pi * float64(l.ringR)
	l.r = clamp(int(circ/float64(n)/2.4), 1, 14)
	l.side = 2 * l.r
	for h := range n {
		a := 2*math.Pi*float64(h)/float64(n) - math.Pi/2
		l.x[h] = l.ringC[0] + int(math.Round(float64(l.ringR)*math.Cos(a)))
		l.y[h] = l.ringC[1] + int(math.Round(float64(l.ringR)*math.Sin(a)))
	}
	l.h = 2*l.ringC[1] - margin
	for q := range 4 { // node indexes at the four quarters, outside
		h := q * n / 4
		a := 2*math.Pi*float64(h)/float64(n) - math.Pi/2
		rr := float64(l.ringR + l.r + 10)
		t := axisTick{x: l.ringC[0] + int(rr*math.Cos(a)), y: l.ringC[1] + int(rr*math.Sin(a)) + 3, text: itoa(h)}
		l.ticks = append(l.ticks, t)
		l.h = max(l.h, t.y+margin) // the caption goes under the bottom node's index
	}
}

// grayCodeGrid places the nodes of a d-cube in Gray-code order, low bits
// along x and high bits up y, with its links when they are few.
func (l *layout) grayCodeGrid(d, inner, height, minCell int) {
	n := len(l.x)
	bx := (d + 1) / 2
	cols, rows := 1<<bx, 1<<(d-bx)
	cell := clamp(min(inner/cols, (height-2*margin-20)/rows), minCell, maxCell(minCell))
	l.r = clamp(cell/3, 1, 14)
	l.cell, l.side = cell, cell
	for h := range n {
		cx, cy := grayRank(h&(cols-1)), grayRank(h>>bx)
		l.x[h] = margin + cell/2 + cx*cell
		l.y[h] = margin + cell/2 + (rows-1-cy)*cell
	}
	l.h = margin*2 + rows*cell + 20
	if n*d/2 <= maxLinks && n <= 64 {
		for h := range n {
			for j := range d {
				if u := h ^ 1<<j; u > h {
					l.links = append(l.links, [2]int{h, u})
				}
			}
		}
	}
}

// panelCell returns the pitch of panels of kx × ky nodes laid out as
// meshPanels does within inner × height units, in whole units.
func panelCell(panels, kx, ky, inner, height int) int {
	return int(panelPitch(panels, kx, ky, inner, height, 0))
}

// planesPerRow lays planes out as squarely as the page width allows.
func planesPerRow(planes, kx, ky int) int {
	best := 1
	for c := 1; c <= planes; c++ {
		rows := (planes + c - 1) / c
		if c*kx >= rows*ky {
			return max(c, best)
		}
		best = c
	}
	return best
}

// planeLabel names plane p of a host of rank >= 3 by its coordinates.
func planeLabel(host topology.Grid, p int) string {
	var parts []string
	for j := 2; j < host.Rank(); j++ {
		k := host.Dim(j)
		parts = append(parts, "x"+itoa(j+1)+"="+itoa(p%k))
		p /= k
	}
	return strings.Join(parts, " ")
}

// grayRank is the position of x in the reflected Gray code sequence, so
// that hypercube neighbours along the layout's axis sit side by side.
func grayRank(x int) int {
	r := 0
	for ; x != 0; x >>= 1 {
		r ^= x
	}
	return r
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
