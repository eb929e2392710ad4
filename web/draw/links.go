package draw

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// The link heat map (links and loads as in package topology's doc, after
// LLNL Boxfish's 2-D views of tori): every directed link of a routed host
// coloured by its load, with a legend and the most loaded links listed.
// Between two neighbours the two directed links are two parallel lines,
// each on the right-hand side of its direction of travel; a wrap-around
// link, and on a host of rank 3 or more a link to another plane, is a short
// stub leaving its tail in its direction. Above maxLinkElems links, or when
// nodes are too small for two lines, the links are painted into the heat
// map's image, each node coloured by the heaviest link leaving it.
//
// On a fat tree or a dragonfly (drawn with its switches, with or without
// cores) the links join the wiring's vertices where the layout says
// (layout.end): node and switch links, and a dragonfly's global links,
// are two parallel lines in the same way; the links within a dragonfly's
// group arc over its row of routers. Above maxLinkElems they are painted.

// maxLinkElems bounds the links drawn as one element each (about 90 bytes
// each; a 5-D torus of 4^5 nodes has 10,240); more are painted.
const maxLinkElems = 12288

// TopLinks is the number of most loaded links a drawing lists.
const TopLinks = 10

// LoadBins is the number of colours of the load scale.
const LoadBins = 8

// loadColours: unused (no message), then LoadBins steps of one hue from
// light to dark. Purple, because the guest edges drawn over the links
// take the other hues (Okabe-Ito: orange-gold and green first), so a
// link's load is never read as an edge's dimension.
var loadColours = [LoadBins + 1]string{"#e6e8eb", "#c9c4e6", "#ab9fd6", "#8e7cc4", "#745ab1", "#5d3d9d", "#482386", "#34106c", "#20004a"}

// LinkLoad is one directed link and its load.
type LinkLoad struct {
	Link     int // the host's link number (topology.Router)
	Load     float64
	Messages int
}

// linkView holds a mapping's link loads for drawing.
type linkView struct {
	host  topology.Host   // the mapping's host, whose link ends are named
	r     topology.Router // its routes
	lat   shapedRouter    // a lattice's geometry, or nil: a network's (layout.end)
	per   int             // slots per node of lat (cores)
	note  string          // how a network's links are drawn (layout.linkNote)
	load  []float64
	msgs  []int32
	max   float64
	ideal float64 // the unit of the scale (IdealLoad)
	bound float64 // the lower bound on the largest load
	elems bool    // one element per link
	// paints: else painted one by one into the heat map's image (planes of
	// a mesh or torus with a pitch of 4 pixels or more); else aggregated
	// per node.
	paints bool
}

// shapedRouter is what the heat map reads of a lattice (drawn by its
// shape, topology.Shaped): its links, between nodes of its own numbering.
type shapedRouter interface {
	topology.Shaped
	topology.Router
}

// newLinkView counts the link loads of r on its host, or returns nil when
// there are none to draw: a host without routing, without links, or
// whose link numbering is above metric.MaxLinkSlots (the per-node
// dilation heat map then stays), or one whose layout places no links.
// A lattice with cores has its lattice's links, between the nodes'
// frames. O(arcs·c + LinkSlots).
func newLinkView(r *solve.Result, lay *layout) *linkView {
	host := r.Mapping.Host
	rt, ok := topology.RouterOf(host)
	base, per := topology.SplitRouters(host)
	lat, isLattice := base.(shapedRouter)
	if !ok || !isLattice && len(lay.ends) == 0 || rt.Links() == 0 {
		return nil
	}
	load, msgs, counted := r.LinkLoads()
	if !counted {
		return nil
	}
	v := &linkView{host: host, r: rt, lat: lat, per: per, note: lay.linkNote, load: load, msgs: msgs, ideal: IdealLoad(r)}
	if b := r.Metrics.LinkLoadBound; b != nil {
		v.bound = *b
	}
	for _, x := range load {
		v.max = max(v.max, x)
	}
	if !isLattice { // a network: lines where they fit one element each, else painted if not too long
		v.elems = rt.Links() <= maxLinkElems
		v.paints = !v.elems && v.paintSteps(lay) <= maxPaintSteps
		return v
	}
	// Two lines between neighbours need a pitch of about 7 units (node
	// radius 3); hypercube chords are legible up to 64 nodes.
	v.elems = lat.Links() <= maxLinkElems && lay.r >= 3 && (lat.Kind() != topology.Hypercube || lat.Size() <= 64)
	v.paints = !v.elems && lay.cell >= 4 && lay.perPlane > 0
	return v
}

// bin returns the colour index of link id (see loadBin).
func (v *linkView) bin(id int) int {
	if v.msgs[id] == 0 {
		return 0
	}
	return loadBin(v.load[id], v.ideal)
}

// IdealLoad returns the unit of the load scale for r: the larger of the
// heaviest message (a link carries at least one whole message when any
// crosses it) and the lower bound on the largest link load (the
// neighbourhood bound on hop-bytes spread evenly over the links). No
// mapping of r's guest on its host does better, so a link at most this
// loaded is as cool as a link can be. 1 when r has neither. O(arcs).
func IdealLoad(r *solve.Result) float64 {
	ideal := 0.0
	g := r.Mapping.Guest
	for e := range g.Arcs() {
		ideal = max(ideal, g.Volume(e))
	}
	if b := r.Metrics.LinkLoadBound; b != nil {
		ideal = max(ideal, *b)
	}
	if ideal <= 0 {
		return 1
	}
	return ideal
}

// loadBin places a load x on the absolute scale of unit ideal: 0 for no
// load, 1 up to the ideal, then one bin per doubling (bin k up to
// 2^(k-1) ideals), LoadBins above 2^(LoadBins-2) ideals. The scale does
// not depend on the largest load, so a perfect mapping paints its links
// in the coolest colour and a poor one in hot ones.
func loadBin(x, ideal float64) int {
	if x <= 0 || ideal <= 0 {
		return 0
	}
	k := 1
	for edge := ideal; x > edge*(1+1e-9) && k < LoadBins; edge *= 2 {
		k++
	}
	return k
}

// binEdge returns the upper edge of bin k (1 ≤ k < LoadBins) of the scale
// of unit ideal: 2^(k-1) ideals.
func binEdge(k int, ideal float64) float64 { return ideal * math.Ldexp(1, k-1) }

// LoadColour returns the colour of a link of load x on the scale of unit
// ideal (IdealLoad; x = 0: an unused link). The drawings use loadColours
// directly; tests, here and end to end, read colours through it.
func LoadColour(x, ideal float64) string { return loadColours[loadBin(x, ideal)] }

// CoolestLoadColour is the colour of a used link loaded at most the ideal.
func CoolestLoadColour() string { return loadColours[1] }

// MostLoaded returns the k most loaded links of loads counted by
// metric.LinkLoads, heaviest first, ties by link number; links without
// messages are left out. O(links·k) at worst, O(links) in practice.
func MostLoaded(load []float64, msgs []int32, k int) []LinkLoad {
	var out []LinkLoad
	if k <= 0 {
		return out
	}
	for id, x := range load {
		if msgs[id] == 0 || len(out) == k && x <= out[k-1].Load {
			continue // (the common case, decided without a call)
		}
		out = metric.KeepFirst(out, LinkLoad{id, x, int(msgs[id])}, k, heavier)
	}
	return out
}

// heavier orders links by load, heaviest first, then by link number.
func heavier(a, b LinkLoad) bool { return a.Load > b.Load || a.Load == b.Load && a.Link < b.Link }

// LinkName names a directed link by its ends (topology.VertexName): a
// node's coordinates, "(1,2)→(2,2)", or a switch's name, "(0,1)→L1 (·,1)".
func LinkName(h topology.Host, tail, head int) string {
	return topology.VertexName(h, tail) + "→" + topology.VertexName(h, head)
}

// RouteLinks returns the links, by number, that a message from node a to
// node b crosses under h's routing rule, in order (Hops(a, b) of them),
// or nil on a host without routing: the route the page highlights on
// the link heat map.
func RouteLinks(h topology.Host, a, b int) []int {
	r, ok := topology.RouterOf(h)
	if !ok {
		return nil
	}
	return r.Route(a, b, nil)
}

// geom says how the link from coordinates ct to ch of a lattice is
// drawn: a segment between its ends' centres, or a stub from its tail
// along (ux, uy) (screen units, y down).
func (v *linkView) geom(ct, ch []int) (segment bool, ux, uy float64) {
	t := v.lat
	if t.Kind() != topology.Mesh && t.Kind() != topology.Torus || t.Rank() < 2 {
		return true, 0, 0 // line, ring, hypercube: neighbours are drawn side by side or as chords
	}
	j := 0
	for j < len(ct) && ct[j] == ch[j] {
		j++
	}
	d := ch[j] - ct[j]
	dir := 1.0 // direction of travel along axis j
	if d == -1 || d == t.Dim(j)-1 && d != 1 {
		dir = -1
	}
	switch {
	case j < 2 && (d == 1 || d == -1):
		return true, 0, 0
	case j == 0:
		return false, dir, 0
	case j == 1:
		return false, 0, -dir // y upwards
	}
	a := math.Pi/4 + float64(j-2)*math.Pi/6
	return false, dir * math.Cos(a), dir * math.Sin(a)
}

// stroke is how one link is drawn: from (x1,y1) to (x2,y2), a quadratic
// curve through the control point (cx,cy) when curved.
type stroke struct {
	x1, y1, cx, cy, x2, y2 float64
	curved                 bool
}

// eachLink calls fn with every link's number and its stroke: off units to
// the right of its direction of travel, shortened at both ends so that a
// direction shows where lines meet nodes.
func (v *linkView) eachLink(lay *layout, off float64, fn func(id int, st stroke)) {
	if v.lat == nil {
		v.eachNetworkLink(lay, off, fn)
		return
	}
	t := v.lat
	pitch := float64(max(lay.cell, 2*lay.r+2))
	ct, ch := make([]int, t.Rank()), make([]int, t.Rank())
	for id := range t.LinkSlots() {
		tail, head, ok := t.Link(id)
		if !ok {
			continue
		}
		t.Coords(tail, ct)
		t.Coords(head, ch)
		x1, y1 := lay.centre(tail * v.per)
		var x2, y2 float64
		segment, ux, uy := v.geom(ct, ch)
		if across, sx, sy := lay.seamStub(tail, head, ct, ch); segment && across { // across a fold's seam: a stub
			segment, ux, uy = false, sx, sy
		}
		if segment {
			x2, y2 = lay.centre(head * v.per)
			dx, dy := x2-x1, y2-y1
			n := math.Hypot(dx, dy)
			if n == 0 {
				continue
			}
			ux, uy = dx/n, dy/n
			cut := lay.rim(tail*v.per, ux, uy, min(n/5, float64(lay.r)))
			x1, y1, x2, y2 = x1+ux*cut, y1+uy*cut, x2-ux*cut, y2-uy*cut
		} else {
			s0 := lay.rim(tail*v.per, ux, uy, 0)
			x1, y1 = x1+ux*s0, y1+uy*s0
			k := 0.9 * (pitch/2 - s0) // to short of the middle between nodes
			x2, y2 = x1+ux*k, y1+uy*k
		}
		nx, ny := -uy*off, ux*off // the right-hand side (y down)
		fn(id, stroke{x1: x1 + nx, y1: y1 + ny, x2: x2 + nx, y2: y2 + ny})
	}
}

// eachNetworkLink is eachLink on a fat tree or a dragonfly: each link
// between the points where the layout's ends meet its vertices.
func (v *linkView) eachNetworkLink(lay *layout, off float64, fn func(id int, st stroke)) {
	for id := range v.r.LinkSlots() {
		tail, head, ok := v.r.Link(id)
		if !ok {
			continue
		}
		a, okA := lay.end(tail)
		b, okB := lay.end(head)
		if st, ok := networkStroke(a, b, off, lay.bowH); ok && okA && okB {
			fn(id, st)
		}
	}
}

// networkStroke returns the stroke of a link from end a to end b: a line
// stopped short of each end by its cut, off units to the right of its
// direction; between two switches of one group an arc rising at most bowH
// over their row, and between switches of two groups drawn in one row an
// arc rising 10 units higher (a line would cross the routers between
// them). ok is false for ends drawn at one point.
func networkStroke(a, b linkEnd, off float64, bowH int) (stroke, bool) {
	x1, y1, x2, y2 := float64(a.x), float64(a.y), float64(b.x), float64(b.y)
	n := math.Hypot(x2-x1, y2-y1)
	if n == 0 {
		return stroke{}, false
	}
	ux, uy := (x2-x1)/n, (y2-y1)/n
	x1, y1 = x1+ux*float64(a.cut), y1+uy*float64(a.cut)
	x2, y2 = x2-ux*float64(b.cut), y2-uy*float64(b.cut)
	nx, ny := -uy*off, ux*off // the right-hand side (y down)
	st := stroke{x1: x1 + nx, y1: y1 + ny, x2: x2 + nx, y2: y2 + ny}
	if a.group < 0 || b.group < 0 || a.y != b.y {
		return st, true
	}
	rise := float64(bowH + 10) // the curve's top, half its control point's
	if a.group == b.group {
		rise = min(float64(bowH), n/2)
	}
	st.curved = true
	st.cx, st.cy = (x1+x2)/2+nx, (y1+y2)/2-2*rise+ny
	return st, true
}

// drawLinks writes every link as a line (or an arc) coloured by its load,
// each carrying its number (data-l) for the page's hover.
func (v *linkView) drawLinks(buf *bytes.Buffer, lay *layout) {
	sw := clamp(max(lay.cell, 2*lay.r+2)/7, 1, 4)
	buf.WriteString(`<g class="links" fill="none" stroke-width="` + itoa(sw) + `" stroke-linecap="butt">` + "\n")
	var b []byte
	v.eachLink(lay, float64(sw)*0.8, func(id int, st stroke) {
		b = appendStroke(b[:0], st)
		b = append(b, ` class="l" data-l="`...)
		b = strconv.AppendInt(b, int64(id), 10)
		b = append(b, `" stroke="`...)
		b = append(b, loadColours[v.bin(id)]...)
		b = append(b, "\"/>\n"...)
		buf.Write(b)
	})
	buf.WriteString("</g>\n")
}

// appendStroke appends the unterminated element of a stroke: a line, or a
// quadratic path.
func appendStroke(b []byte, st stroke) []byte {
	if st.curved {
		return appendQuadF(b, st.x1, st.y1, st.cx, st.cy, st.x2, st.y2)
	}
	b = append(b, `<line x1="`...)
	b = appendF1(b, st.x1)
	b = append(b, `" y1="`...)
	b = appendF1(b, st.y1)
	b = append(b, `" x2="`...)
	b = appendF1(b, st.x2)
	b = append(b, `" y2="`...)
	b = appendF1(b, st.y2)
	return append(b, '"')
}

// arcPieces is the number of straight pieces a painted arc is made of.
const arcPieces = 8

// maxPaintSteps bounds the steps of the links painted into a heat map
// (one square of one or two pixels each, some 10 ns): the upper links of
// a large fat tree span the drawing's width (fattree:16,4 would take 4G
// steps), and are then shown per node instead.
const maxPaintSteps = 1 << 26

// paintSteps returns how many steps painting a network's links takes.
// O(LinkSlots).
func (v *linkView) paintSteps(lay *layout) int {
	steps := 0
	v.eachLink(lay, 0, func(id int, st stroke) {
		d := max(math.Abs(st.x2-st.x1), math.Abs(st.y2-st.y1))
		if st.curved {
			d += 2 * math.Abs(st.cy-(st.y1+st.y2)/2) // the rise and fall, at most
		}
		steps += int(d) + 1
	})
	return steps
}

// paintLinks paints every link into ras as a line one or two pixels wide
// (an arc as arcPieces straight pieces).
func (v *linkView) paintLinks(ras *raster, lay *layout) {
	w := 1
	if lay.cell >= 8 {
		w = 2
	}
	var idx [LoadBins + 1]uint8
	for i, c := range loadColours {
		idx[i] = ras.index(c)
	}
	v.eachLink(lay, float64(w), func(id int, st stroke) {
		if !st.curved {
			ras.line(st.x1, st.y1, st.x2, st.y2, w, idx[v.bin(id)])
			return
		}
		px, py := st.x1, st.y1
		for k := 1; k <= arcPieces; k++ {
			t := float64(k) / arcPieces
			x := (1-t)*(1-t)*st.x1 + 2*t*(1-t)*st.cx + t*t*st.x2
			y := (1-t)*(1-t)*st.y1 + 2*t*(1-t)*st.cy + t*t*st.y2
			ras.line(px, py, x, y, w, idx[v.bin(id)])
			px, py = x, y
		}
	})
}

func appendF1(b []byte, x float64) []byte {
	return strconv.AppendFloat(b, math.Round(x*10)/10, 'f', -1, 64)
}

// nodeColours returns, per host node (per slot: its node's), the colour
// of the heaviest link leaving it: the aggregate drawn when links are too
// many or too small to draw one by one: the link's tail says (a switch's
// links are left out).
func (v *linkView) nodeColours() []string {
	n := v.host.Size()
	best := make([]int, n)
	for id := range v.load {
		if tail, _, ok := v.r.Link(id); ok && tail < n {
			best[tail] = max(best[tail], v.bin(id))
		}
	}
	_, c := topology.SplitCores(v.host) // links leave core 0 of a node
	out := make([]string, n)
	for h := range best {
		out[h] = loadColours[best[h-h%c]]
	}
	return out
}

// stubs says which lattice links are drawn as stubs (geom): those that
// wrap around a torus axis of more than 2 nodes, and those between
// planes; "" if none are.
func (v *linkView) stubs() string {
	t := v.lat
	if t.Kind() != topology.Mesh && t.Kind() != topology.Torus || t.Rank() < 2 {
		return ""
	}
	var kinds []string
	for j := range min(2, t.Rank()) {
		if t.Wraps(j) && t.Dim(j) > 2 {
			kinds = append(kinds, "wrap-around")
			break
		}
	}
	if t.Rank() > 2 {
		kinds = append(kinds, "inter-plane")
	}
	if len(kinds) == 0 {
		return ""
	}
	return ", " + strings.Join(kinds, " and ") + " links as stubs"
}

// caption is the subcaption's part about the links.
func (v *linkView) caption() string {
	s := "links coloured by load under " + v.r.Routing() + " routing"
	switch {
	case v.lat == nil && v.elems:
		return s + "; " + v.note
	case v.lat == nil && v.paints:
		return s + "; " + metric.Thousands(v.r.Links()) + " links painted, " + v.note
	case v.elems || v.paints:
		return s + "; each drawn on the right of its direction" + v.stubs()
	}
	return s + "; " + metric.Thousands(v.r.Links()) + " links, too many to draw one by one: each node shows the heaviest link leaving it"
}

// legend draws what the link colours mean, the absolute load scale
// (every swatch carries its range, data-lo and data-hi, exact; the last is
// open, without data-hi; the swatch of the largest load outlined), the
// ideal, the bound and the largest load, and the most loaded links (each
// carrying its number, data-l).
func (v *linkView) legend(f *flow) {
	f.line(v.caption(), "s", 12)
	f.text("link load:", "s", 12)
	worst := loadBin(v.max, v.ideal)
	swatch := func(i int, lo, hi float64, text string) {
		f.item(28+textW(text, 12), 20, func(x, y int) {
			attrs := []string{`class="lg"`, attr("fill", loadColours[i]), `stroke="#888"`, attr("data-lo", metric.Number(lo))}
			if !math.IsInf(hi, 1) {
				attrs = append(attrs, attr("data-hi", metric.Number(hi)))
			}
			f.s.Rect(x, y+2, 14, 14, attrs...)
			if i == worst {
				f.s.Rect(x-2, y, 18, 18, `class="lg-max"`, `fill="none"`, `stroke="#000"`, `stroke-width="2"`)
			}
			f.s.Text(x+18, y+14, text, `class="s"`)
		})
	}
	swatch(0, 0, 0, "0")
	lo := 0.0
	for i := 1; i < LoadBins; i++ {
		hi := binEdge(i, v.ideal)
		swatch(i, lo, hi, "≤ "+itoa(1<<(i-1))+"×")
		lo = hi
	}
	swatch(LoadBins, lo, math.Inf(1), "> "+itoa(1<<(LoadBins-2))+"×")
	f.line("× = the ideal load "+metric.FormatLoad(v.ideal)+" (the heaviest message, or the lower bound if larger); lower bound "+
		metric.FormatLoad(v.bound)+"; largest here "+metric.FormatLoad(v.max)+" (outlined)", "s scale-marks", 12)
	top := MostLoaded(v.load, v.msgs, TopLinks)
	f.gap(4)
	if len(top) == 0 {
		f.line("no message crosses a link", "s", 12)
		return
	}
	f.line("most loaded links (load, messages):", "s", 12)
	for i, l := range top {
		tail, head, _ := v.r.Link(l.Link)
		f.line(itoa(i+1)+". "+LinkName(v.host, tail, head)+": "+metric.FormatLoad(l.Load)+" ("+metric.Thousands(l.Messages)+")",
			"s top", 12, attr("data-l", itoa(l.Link)))
	}
}
