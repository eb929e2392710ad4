package draw

import (
	"bytes"
	"errors"
	"io"
	"math"
	"sort"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// The projected view of a 3-D mesh or torus (after LLNL Boxfish's 3-D
// view): the lattice as a box of nodes seen from an angle, axis x1 to
// the right, x2 upwards and x3 into the page before rotating, yaw about
// the upright axis, then pitch towards the viewer; nearer nodes are
// drawn over farther ones. Links between neighbours (wrap-around links
// left out: they would cross the box) are coloured by the heavier of
// their two directions on the link heat map's absolute scale when the
// host routes, grey otherwise; a node holding a guest vertex is filled.

// IsoYaw and IsoPitch are the angles of the default view, in degrees:
// near the isometric view (45°, 35°), but turned so that the rows of
// nodes along the three axes do not fall on one another.
const (
	IsoYaw   = 30
	IsoPitch = 22
)

// MaxProjectedNodes bounds the hosts the projected view draws.
const MaxProjectedNodes = 4096

// Projectable reports whether Projected draws r's host: a mesh or torus
// of rank 3 (no cores) of at most MaxProjectedNodes nodes.
func Projectable(h topology.Host) bool {
	g, ok := h.(topology.Grid)
	return ok && g.Rank() == 3 && !topology.IsHypercube(h) && h.Size() <= MaxProjectedNodes
}

// projection places the nodes of a 3-D lattice on the page.
type projection struct {
	x, y, depth []float64
}

// project rotates and scales the nodes of g to fit a size × size square.
func project(g topology.Grid, size int, yaw, pitch float64) projection {
	n := g.Size()
	dims := [3]float64{float64(g.Dim(0)), float64(g.Dim(1)), float64(g.Dim(2))}
	radius := 0.5 * math.Sqrt(dims[0]*dims[0]+dims[1]*dims[1]+dims[2]*dims[2])
	scale := float64(size-2*margin) / (2 * max(radius, 1))
	cy, sy := math.Cos(yaw*math.Pi/180), math.Sin(yaw*math.Pi/180)
	cp, sp := math.Cos(pitch*math.Pi/180), math.Sin(pitch*math.Pi/180)
	p := projection{make([]float64, n), make([]float64, n), make([]float64, n)}
	c := make([]int, 3)
	for h := range n {
		c = g.Coords(h, c)
		X := float64(c[0]) - (dims[0]-1)/2
		Y := float64(c[1]) - (dims[1]-1)/2
		Z := float64(c[2]) - (dims[2]-1)/2
		x1, z1 := X*cy+Z*sy, -X*sy+Z*cy
		y2, z2 := Y*cp-z1*sp, Y*sp+z1*cp
		p.x[h] = float64(size)/2 + x1*scale
		p.y[h] = float64(size)/2 - y2*scale
		p.depth[h] = -z2 // larger: nearer the viewer
	}
	return p
}

// Projected writes the projected view of r's host (Projectable) seen at
// yaw and pitch degrees, size units square plus its caption under it.
// O(nodes·log nodes + links).
func Projected(w io.Writer, r *solve.Result, size int, yaw, pitch float64) error {
	if r == nil || r.Mapping == nil || !Projectable(r.Mapping.Host) {
		return errors.New("no projected view: the host is not a mesh or torus of rank 3 of at most " + metric.Thousands(MaxProjectedNodes) + " nodes")
	}
	if size <= 0 {
		size = DefaultWidth / 2
	}
	g := r.Mapping.Host.(topology.Grid)
	p := project(g, size, yaw, pitch)
	inv := r.Mapping.Inverse()
	var buf bytes.Buffer
	s := svg.New(&buf)
	s.Style("text/css", sheet)
	s.Title("3-D view of " + g.String())
	links := projectedLinks(r, g)
	order := p.backToFront()
	// dots small enough for the links between them to show
	rad := clamp(int(float64(size)/float64(12*max(g.Dim(0), g.Dim(1), g.Dim(2)))), 2, 7)
	p.drawLinks(&buf, links)
	for _, h := range order {
		cls, fill := "n3 free", "#ffffff"
		if inv[h] >= 0 {
			cls, fill = "n3", "#5b7fa6"
		}
		s.Circle(int(math.Round(p.x[h])), int(math.Round(p.y[h])), rad, attr("class", cls), attr("fill", fill), `stroke="#44505c"`, attr("data-h", itoa(h)))
	}
	f := newFlow(s, size, size)
	projectedCaption(f, r, g, yaw, pitch)
	return writeSVG(w, size, f.y+margin, &buf)
}

// backToFront returns the nodes from the farthest to the nearest, ties in
// index order.
func (p projection) backToFront() []int {
	order := make([]int, len(p.depth))
	for i := range order {
		order[i] = i
	}
	// sort, not slices: see internal/order
	sort.SliceStable(order, func(i, j int) bool { return p.depth[order[i]] < p.depth[order[j]] })
	return order
}

// drawLinks writes the links as lines between their ends' projections.
func (p projection) drawLinks(buf *bytes.Buffer, links []link3d) {
	buf.WriteString(`<g class="links3d" stroke-width="2">` + "\n")
	var b []byte
	for _, l := range links {
		b = append(b[:0], `<line class="l3" x1="`...)
		b = appendF1(b, p.x[l.a])
		b = append(b, `" y1="`...)
		b = appendF1(b, p.y[l.a])
		b = append(b, `" x2="`...)
		b = appendF1(b, p.x[l.b])
		b = append(b, `" y2="`...)
		b = appendF1(b, p.y[l.b])
		b = append(b, `" stroke="`...)
		b = append(b, l.colour...)
		b = append(b, "\"/>\n"...)
		buf.Write(b)
	}
	buf.WriteString("</g>\n")
}

// projectedCaption writes the projected view's caption: the axes and
// angles, then what the links and the filled nodes mean.
func projectedCaption(f *flow, r *solve.Result, g topology.Grid, yaw, pitch float64) {
	f.line("3-D view of "+g.String()+": x1 →, x2 ↑, x3 into the page before turning (yaw "+itoa(int(yaw))+"°, pitch "+itoa(int(pitch))+"°)", "s", 12)
	if _, ok := topology.RouterOf(r.Mapping.Host); ok {
		f.line("links coloured by load as in the heat map; wrap-around links not drawn; filled: a guest vertex", "s", 12)
	} else {
		f.line("wrap-around links not drawn; filled: a guest vertex", "s", 12)
	}
}

// link3d is one undirected link between neighbours a and b.
type link3d struct {
	a, b   int
	colour string
}

// projectedLinks returns the links between neighbours of g (not the
// wrap-around ones), each coloured by the heavier load of
// its two directions when the host routes (loadColours), else grey.
func projectedLinks(r *solve.Result, g topology.Grid) []link3d {
	bin := map[[2]int]int{}
	if load, msgs, ok := r.LinkLoads(); ok {
		rt, _ := topology.RouterOf(g)
		ideal := IdealLoad(r)
		for id := range load {
			if tail, head, ok := rt.Link(id); ok && msgs[id] > 0 {
				k := [2]int{min(tail, head), max(tail, head)}
				bin[k] = max(bin[k], loadBin(load[id], ideal))
			}
		}
	}
	var out []link3d
	c := make([]int, 3)
	for h := range g.Size() {
		c = g.Coords(h, c)
		stride := 1
		for j := range 3 {
			if c[j]+1 < g.Dim(j) {
				k := [2]int{h, h + stride}
				colour := "#c8ccd2"
				if b, ok := bin[k]; ok {
					colour = loadColours[b]
				}
				out = append(out, link3d{h, h + stride, colour})
			}
			stride *= g.Dim(j)
		}
	}
	return out
}
