package draw

import (
	"bytes"
	"strconv"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/topology"
)

// The parts of a drawing on a host laid out by newLayout that the views
// of every guest share: the host's frame, its nodes, its labels, and the
// path of a guest edge between two nodes.

// frame draws the host's panels (dashed where it wraps) and the seams
// of a folded host; it opens the group that scales a folded host to its
// box (fold.go), which labels closes.
func (l *layout) frame(s *svg.SVG) {
	if l.scale > 1 {
		s.Gtransform("scale(" + strconv.FormatFloat(l.scale, 'f', 4, 64) + ")")
	}
	for _, p := range l.panels {
		st := `class="panel" fill="none" stroke="#c8ccd2"`
		if p.wrap {
			st += ` stroke-dasharray="5 3"`
		}
		s.Rect(p.x, p.y, p.w, p.h, st)
	}
	l.drawSeams(s)
}

// hostLinks draws the host's ring and links in grey, as context.
func (l *layout) hostLinks(s *svg.SVG) {
	if l.isRing {
		s.Circle(l.ringC[0], l.ringC[1], l.ringR, `fill="none" class="link"`)
	}
	for _, k := range l.links {
		s.Line(l.x[k[0]], l.y[k[0]], l.x[k[1]], l.y[k[1]], `class="link"`)
	}
}

// nodes draws every host node (class "n", data-h; data-v and a fill when
// a shown guest vertex sits on it, class "free" otherwise), with the
// vertex's number inside when labels is set. The nodes are the bulk of a
// large drawing: written straight into the buffer (svgo formats every
// element with fmt), about 10x faster.
func (l *layout) nodes(s *svg.SVG, buf *bytes.Buffer, inv []int, shown func(int) bool, labels bool) {
	var b []byte
	for h, v := range inv {
		on := v >= 0 && shown(v)
		b = b[:0]
		if l.r < 3 {
			b = append(b, `<rect x="`...)
			b = strconv.AppendInt(b, int64(l.x[h]-l.r), 10)
			b = append(b, `" y="`...)
			b = strconv.AppendInt(b, int64(l.y[h]-l.r), 10)
			b = append(b, `" width="`...)
			b = strconv.AppendInt(b, int64(2*l.r), 10)
			b = append(b, `" height="`...)
			b = strconv.AppendInt(b, int64(2*l.r), 10)
		} else {
			b = append(b, `<circle cx="`...)
			b = strconv.AppendInt(b, int64(l.x[h]), 10)
			b = append(b, `" cy="`...)
			b = strconv.AppendInt(b, int64(l.y[h]), 10)
			b = append(b, `" r="`...)
			b = strconv.AppendInt(b, int64(l.r), 10)
		}
		b = append(b, `" class="n`...)
		if !on {
			b = append(b, ` free`...)
		}
		b = append(b, `" data-h="`...)
		b = strconv.AppendInt(b, int64(h), 10)
		if on {
			b = append(b, `" data-v="`...)
			b = strconv.AppendInt(b, int64(v), 10)
			b = append(b, `" fill="#dfe8f3`...)
		}
		b = append(b, "\"/>\n"...)
		buf.Write(b)
		if labels && on {
			s.Text(l.x[h], l.y[h]+4, itoa(v), `class="lbl"`)
		}
	}
}

// numbersFit tells whether the numbers of n guest vertices (up to 512)
// fit inside the host's nodes, as nodes writes them (11 px).
func (l *layout) numbersFit(n int) bool {
	return n <= 512 && l.r >= 9 && textW(itoa(n-1), 11) <= 2*l.r-2
}

// labels writes the host's coordinates along its axes, the switches'
// numbers and, last, with a halo so that no edge hides them, the planes'
// labels; it closes frame's group.
func (l *layout) labels(s *svg.SVG) {
	for _, t := range l.ticks {
		anchor := `text-anchor="middle"`
		if t.end {
			anchor = `text-anchor="end"`
		}
		s.Text(t.x, t.y, t.text, `class="tick"`, anchor)
	}
	for i, name := range l.swNames { // over the edges, as the nodes' numbers
		b := l.switches[i]
		s.Text(b[0]+b[2]/2, b[1]+b[3]/2+4, name, `class="lbl"`)
	}
	for _, p := range l.panels {
		if p.label != "" {
			s.Text(p.x+2, p.y-3, p.label, `class="s plane-label"`)
		}
	}
	if l.scale > 1 {
		s.Gend()
	}
}

// edgePath appends the unterminated element of a guest edge from node a to
// node b, hops apart: a line, or a curve where a line would mislead.
func (l *layout) edgePath(line []byte, a, b, hops int) []byte {
	x1, y1, x2, y2 := l.x[a], l.y[a], l.x[b], l.y[b]
	stub := len(l.panels) > 1 && hops == 1 && (x1 != x2 || y1 != y2) && l.planeOf(a) != l.planeOf(b)
	switch {
	case stub:
		// A one-hop link to the next plane: a short diagonal stub from the
		// node, so that a perfect 3-D mapping looks perfect instead of
		// criss-crossed by lines between the panels.
		k := max(2, l.cell*2/5)
		return appendQuad(line, x1, y1, x1+k/2, y1+k/2, x1+k, y1+k)
	case l.arcs && l.below:
		hgt := min(l.topSpace-4, abs(x2-x1)/2)
		return appendQuad(line, x1, y1+l.r, (x1+x2)/2, y1+l.r+2*hgt, x2, y2+l.r)
	case l.arcs:
		hgt := min(l.topSpace-4, abs(x2-x1)/2)
		return appendQuad(line, x1, y1-l.r, (x1+x2)/2, y1-l.r-2*hgt, x2, y2-l.r)
	case l.cell > 0 && (x1 == x2 || y1 == y2) && abs(x2-x1)+abs(y2-y1) > l.cell*3/2:
		// A straight edge along a row or column would hide the nodes it
		// passes; bow it by a fifth, towards the middle of the drawing, so
		// that no edge leaves it (and runs over the caption).
		cx, cy := l.bow(x1, y1, x2, y2)
		return appendQuad(line, x1, y1, cx, cy, x2, y2)
	}
	line = append(line, `<line x1="`...)
	line = strconv.AppendInt(line, int64(x1), 10)
	line = append(line, `" y1="`...)
	line = strconv.AppendInt(line, int64(y1), 10)
	line = append(line, `" x2="`...)
	line = strconv.AppendInt(line, int64(x2), 10)
	line = append(line, `" y2="`...)
	line = strconv.AppendInt(line, int64(y2), 10)
	return append(line, '"')
}

// routePath appends the unterminated element of a path from node a to
// node b through the nodes of their route on h (Route): a guest edge
// drawn bundled with the others that cross the same links.
func (l *layout) routePath(b []byte, h topology.Host, a, c int) []byte {
	b = append(b, `<path fill="none" d="M`...)
	for i, v := range Route(h, a, c) {
		if i > 0 {
			b = append(b, " L"...)
		}
		b = strconv.AppendInt(b, int64(l.x[v]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(l.y[v]), 10)
	}
	return append(b, '"')
}
