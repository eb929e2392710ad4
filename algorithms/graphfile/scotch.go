package graphfile

import (
	"fmt"
	"io"
	"math"
	"slices"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const scotchTitle = "Scotch graph"

// scotch is the Scotch source graph format (Scotch manual, "Graph files"):
// the version 0, "vertnbr arcnbr" (arcs count each edge twice),
// "baseval flag" where the flag's digits say labels, edge loads and
// vertex loads, then per vertex "[label] [vload] degree {[eload] end}".
// Only the order of the numbers matters, not the line breaks. With labels,
// the ends of arcs are labels; when the labels are 0..n-1, 1..n or
// base..base+n-1 they are the processes' ranks (from 0 or 1 as a mapping
// file's vertex numbers are read, since Scotch's mapping files list
// labels), else vertices keep their order in the file.
var scotch = Format{
	Name:       "scotch",
	Title:      scotchTitle,
	Extensions: []string{".grf", ".src"},
	MediaType:  "text/x-scotch-graph",
	Sniff:      sniffScotch,
	Read:       readScotch,
	Write:      writeScotch,
}

// readScotch reads a Scotch graph: the header, then one record per vertex.
func readScotch(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, scotchTitle, opt.Limits, "")
	p.stream = true
	h, err := readScotchHeader(p)
	if err != nil {
		return nil, nil, err
	}
	lines := make([]int32, 0, min(h.n, 1<<16))
	var labels []int
	index := map[int]int{} // label → vertex, with labels
	left := h.arcs
	for v := range h.n {
		label, line, deg, err := h.readVertex(p, v, index, lines)
		if err != nil {
			return nil, nil, err
		}
		if h.labelled {
			index[label] = v
			labels = append(labels, label)
		}
		lines = append(lines, line)
		if deg > left {
			return nil, nil, p.fail(true, "vertex %d has degree %s, but only %s of the header's %s arcs are left", v+h.base, numtext.Count(deg), numtext.Count(left), numtext.Count(h.arcs))
		}
		left -= deg
		if err := h.readArcs(p, v, deg, labels); err != nil {
			return nil, nil, err
		}
	}
	if _, ok := p.token(); ok {
		return nil, nil, p.fail(true, "expected the end of the input after the %s vertices", numtext.Count(h.n))
	}
	if left > 0 {
		return nil, nil, p.failAt(h.arcsLine, h.arcsField, "the header says %s arcs, but the degrees add up to %s", numtext.Count(h.arcs), numtext.Count(h.arcs-left))
	}
	return h.build(p, labels, index, lines)
}

// scotchHeader is what the header of a Scotch graph says.
type scotchHeader struct {
	n, arcs, base            int  // the numbers of vertices and arcs, and the base value
	arcsLine, arcsField      int  // where the number of arcs is
	labelled, eloads, vloads bool // the flag: labels, edge loads, vertex loads
}

// readScotchHeader reads the version number 0, the numbers of vertices
// and arcs, the base value and the flag.
func readScotchHeader(p *parser) (h scotchHeader, err error) {
	f, err := p.field(text("the version number 0"))
	if err != nil {
		return h, err
	}
	if string(f) != "0" {
		return h, p.fail(true, "expected the version number 0, got %s", quoteField(f, p.long))
	}
	if h.n, err = p.count(text("the number of vertices")); err != nil {
		return h, err
	}
	if err := p.order(h.n); err != nil {
		return h, err
	}
	if h.arcs, err = p.count(text("the number of arcs")); err != nil {
		return h, err
	}
	if h.arcs > p.lim.MaxArcs {
		return h, p.tooLarge("the header says %d arcs, more than the cap of %d", h.arcs, p.lim.MaxArcs)
	}
	p.hint = h.arcs
	h.arcsLine, h.arcsField = p.line, p.fieldNo
	if h.base, err = p.count(text("the base value")); err != nil {
		return h, err
	}
	if h.base > math.MaxInt32-h.n {
		return h, p.fail(true, "the base value %d leaves no room for %s vertex numbers", h.base, numtext.Count(h.n))
	}
	return h, h.readFlag(p)
}

// readFlag reads the header's flag, whose digits say whether the records
// hold labels, edge loads and vertex loads.
func (h *scotchHeader) readFlag(p *parser) error {
	f, err := p.field(text("the flag, three digits 0 or 1 (labels, edge loads, vertex loads)"))
	if err != nil {
		return err
	}
	digits, ok := flags(f)
	if !ok {
		return p.fail(true, "expected the flag, three digits 0 or 1 (labels, edge loads, vertex loads), got %s", quoteField(f, p.long))
	}
	h.labelled, h.eloads, h.vloads = digits[0], digits[1], digits[2]
	if h.vloads {
		p.warnf("vertex loads are read but not used: each vertex is one process")
	}
	return nil
}

// readVertex reads the numbers of vertex v's record before its arcs (its
// label and its load if the flag says so, and its degree) and returns them
// with the record's line; a label already in index fails, citing its
// vertex's line in lines.
func (h *scotchHeader) readVertex(p *parser, v int, index map[int]int, lines []int32) (label int, line int32, deg int, err error) {
	// the record's line is its first number's
	mark := func() {
		if line == 0 {
			line = int32(p.line)
		}
	}
	if h.labelled {
		if label, err = p.count(textf("the label of vertex %d", v+h.base)); err != nil {
			return 0, 0, 0, err
		}
		if w, dup := index[label]; dup {
			return 0, 0, 0, p.fail(true, "label %d is already the label of the vertex on line %d", label, lines[w])
		}
		mark()
	}
	if h.vloads {
		if _, err := p.count(textf("the load of vertex %d", v+h.base)); err != nil {
			return 0, 0, 0, err
		}
		mark()
	}
	if deg, err = p.count(textf("the degree of vertex %d", v+h.base)); err != nil {
		return 0, 0, 0, err
	}
	mark()
	return label, line, deg, nil
}

// readArcs reads the deg arcs of vertex v, each an optional load and an
// end (a label with labels, where labels[v] is v's), and records them.
func (h *scotchHeader) readArcs(p *parser, v, deg int, labels []int) error {
	for range deg {
		w := 1.0
		if h.eloads {
			f, err := p.field(text("an edge load"))
			if err != nil {
				return err
			}
			if w, err = p.volume(f, false, text("an edge load")); err != nil {
				return err
			}
		}
		f, err := p.field(textf("a neighbour of vertex %d", v+h.base))
		if err != nil {
			return err
		}
		var u int
		if h.labelled {
			u, err = p.countOf(f, text("the label of a neighbour"))
		} else {
			u, err = p.index(f, h.base, h.n, text("a neighbour"))
		}
		if err == nil {
			// with labels, u is a label until relabel
			err = p.add(v, u, w, h.labelled && u == labels[v] || !h.labelled && u == v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// build builds the graph of the arcs read, relabelled if the vertices have
// labels, and warns of arcs without their reverse.
func (h *scotchHeader) build(p *parser, labels []int, index map[int]int, lines []int32) (*guest.Graph, []string, error) {
	from := h.base                              // the file's number of vertex 0
	name := func(v int) int { return v + from } // a vertex's number in the file
	if h.labelled {
		off, ranked, err := p.relabel(labels, index, lines, h.base)
		if err != nil {
			return nil, nil, err
		}
		from = off
		if !ranked {
			name = func(v int) int { return labels[v] }
			from = 0 // p.relabel warned: numbered in file order
		}
	}
	g, warnings, err := p.graph(h.n)
	if err != nil {
		return nil, nil, err
	}
	if from != 0 {
		warnings = append(warnings, fmt.Sprintf("the file numbers its vertices from %d; topomap numbers them from 0 (vertex k is the file's k+%d), and so do its scotch mapping files: Scotch's tools read them against this graph as topomap writes it (format scotch: baseval 0)", from, from))
	}
	if c, from, to := unmatched(g); c > 0 {
		warnings = append(warnings, asymmetric(c, "arc", "arcs", name(from), int(lines[from]), name(to)))
	}
	return g, warnings, nil
}

// labelBase returns the first of 0, 1 and base from which the labels
// run without a gap (they are distinct), as a mapping file's vertex
// numbers are read (from 1 if they lack 0 and reach n, else from 0).
func labelBase(labels []int, base int) (int, bool) {
	n := len(labels)
	for _, off := range []int{0, 1, base} {
		if !slices.ContainsFunc(labels, func(l int) bool { return l < off || l >= off+n }) {
			return off, true
		}
	}
	return 0, false
}

// relabel turns neighbour labels into vertices: when the labels are
// off..off+n-1 (labelBase) a vertex is its label minus off (ranked), else
// its place in the file. lines follows the vertices' new numbers.
func (p *parser) relabel(labels []int, index map[int]int, lines []int32, base int) (off int, ranked bool, err error) {
	off, ranked = labelBase(labels, base)
	for i, a := range p.arcs {
		v, ok := index[a.To]
		if !ok {
			return 0, false, p.failAt(int(lines[a.From]), 0, "vertex %d lists the label %d, which no vertex has", labels[a.From], a.To)
		}
		if ranked {
			p.arcs[i] = guest.Arc{From: labels[a.From] - off, To: a.To - off, Volume: a.Volume}
		} else {
			p.arcs[i].To = v
		}
	}
	if !ranked {
		n := len(labels)
		ranges := fmt.Sprintf("0 to %d or 1 to %d", n-1, n)
		if base > 1 {
			ranges = fmt.Sprintf("0 to %d, 1 to %d or %d to %d", n-1, n, base, base+n-1)
		}
		p.warnf("the labels are not %s: vertices are numbered in file order", ranges)
		return 0, false, nil
	}
	old := append([]int32(nil), lines...)
	for v, l := range labels {
		lines[l-off] = old[v]
	}
	return off, true, nil
}

// sniffScotch accepts the lines that Scotch writes: "0", two counts, a
// base and a flag. (The reader takes any line breaks.)
func sniffScotch(head []byte, whole bool) bool {
	lines, complete := headLines(head, whole, "", false)
	if len(lines) < 3 || len(lines) == 3 && !complete || len(lines[0]) != 1 || string(lines[0][0]) != "0" || len(lines[1]) != 2 || len(lines[2]) != 2 {
		return false
	}
	for _, t := range [][]byte{lines[1][0], lines[1][1], lines[2][0]} {
		if v, ok := atoi(t); !ok || v < 0 {
			return false
		}
	}
	_, ok := flags(lines[2][1])
	return ok
}

// writeScotch writes an undirected graph with integer volumes, base 0,
// with edge loads unless every volume is 1.
func writeScotch(w io.Writer, g *guest.Graph) error {
	if err := undirected(g, scotchTitle, 0); err != nil {
		return err
	}
	unit := unitVolumes(g)
	bw := newWriter(w)
	bw.str("0\n").int(g.Order()).sp().int(g.Arcs()).nl()
	if unit {
		bw.str("0 000\n")
	} else {
		bw.str("0 010\n")
	}
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		bw.int(int(g.Offsets[v+1] - g.Offsets[v]))
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			if !unit {
				bw.sp().num(g.Volume(int(e)))
			}
			bw.sp().int(int(g.Adj[e]))
		}
		bw.nl()
	}
	return bw.flush()
}
