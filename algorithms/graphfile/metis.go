package graphfile

import (
	"fmt"
	"io"
	"strconv"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
)

const metisTitle = "METIS graph"

// metis is the METIS/Chaco graph format (METIS 5 manual §4.1.1): a header
// "n m [fmt [ncon]]" (m counts undirected edges), then one line per vertex
// listing its 1-based neighbours, preceded by its size if fmt is 1xx and
// its ncon weights if fmt is x1x, each neighbour followed by the edge's
// weight if fmt is xx1. Lines starting with '%' are comments; a blank
// line is a vertex without neighbours. Chaco files read alike, except that
// Chaco's fmt 1xx puts vertex labels where METIS puts sizes.
var metis = Format{
	Name:       "metis",
	Title:      metisTitle,
	Extensions: []string{".graph", ".metis", ".chaco"},
	MediaType:  "text/x-metis-graph",
	Sniff:      sniffMETIS,
	Read:       readMETIS,
	Write:      writeMETIS,
}

// readMETIS reads a METIS graph: the header, then one line per vertex.
func readMETIS(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, metisTitle, opt.Limits, "%")
	h, err := readMETISHeader(p)
	if err != nil {
		return nil, nil, err
	}
	lines := make([]int32, 0, min(h.n, 1<<16))
	entries, read := 0, h.n
	for v := range h.n {
		if !p.nextLine(false) {
			read = v
			break
		}
		lines = append(lines, int32(p.line))
		if err := h.readVertexWeights(p, v); err != nil {
			return nil, nil, err
		}
		if entries, err = h.readNeighbours(p, v, entries); err != nil {
			return nil, nil, err
		}
	}
	if err := h.checkCounts(p, read, entries); err != nil {
		return nil, nil, err
	}
	g, warnings, err := p.graph(h.n)
	if err != nil {
		return nil, nil, err
	}
	if c, from, to := unmatched(g); c > 0 {
		warnings = append(warnings, asymmetric(c, "neighbour entry", "neighbour entries", from+1, int(lines[from]), to+1))
	}
	return g, warnings, nil
}

// metisHeader is what the header of a METIS graph says, and where the
// vertex lines hold their first self-loop.
type metisHeader struct {
	line     int                               // the header's line
	n, m     int                               // the numbers of vertices and edges
	digits   [3]bool                           // fmt: vertex sizes, vertex weights, edge weights
	fmtField string                            // fmt as written, "" if absent
	ncon     int                               // the number of weights of each vertex
	loop     struct{ line, field, vertex int } // the first self-loop entry; 0s if none
}

// readMETISHeader reads the header "n m [fmt [ncon]]", the first line that
// is not a comment.
func readMETISHeader(p *parser) (h metisHeader, err error) {
	if !p.nextLine(true) {
		what := "holds only comments"
		if p.line == 0 {
			what = "is empty"
		}
		return h, p.fail(false, `expected the header "n m [fmt [ncon]]", the input %s`, what)
	}
	h.line = p.line
	if h.n, err = p.count(text("the number of vertices n")); err != nil {
		return h, err
	}
	if err := p.order(h.n); err != nil {
		return h, err
	}
	if h.m, err = p.count(text("the number of edges m")); err != nil {
		return h, err
	}
	if h.m > p.lim.MaxArcs/2 {
		return h, p.tooLarge("the header says %d edges, more than the cap of %d arcs", h.m, p.lim.MaxArcs)
	}
	p.hint = 2 * h.m
	if err := h.readFormat(p); err != nil {
		return h, err
	}
	if f, ok := p.next(); ok {
		return h, p.fail(true, "expected at most four fields n m fmt ncon, got %s", quoteField(f, p.long))
	}
	if h.digits[0] || h.digits[1] {
		p.warnf("vertex sizes and weights are read but not used: each vertex is one process")
	}
	if h.digits[0] {
		p.warnf("fmt %s: the first number of each line is read as the vertex size of METIS; in a Chaco file, as Scotch writes it, it would be a vertex label", h.fmtField)
	}
	return h, nil
}

// readFormat reads the header's optional fields fmt and ncon; ncon is 1
// when fmt gives the vertices weights and ncon is absent.
func (h *metisHeader) readFormat(p *parser) error {
	if f, ok := p.next(); ok {
		if h.digits, ok = flags(f); !ok {
			return p.fail(true, "expected fmt, up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights), got %s", quoteField(f, p.long))
		}
		h.fmtField = string(f)
		if f, ok := p.next(); ok {
			var err error
			if h.ncon, err = p.countOf(f, text("the number of vertex weights ncon")); err != nil {
				return err
			}
			if !h.digits[1] {
				return p.fail(true, "ncon is given, but fmt %s says the vertices have no weights", h.fmtField)
			}
		}
	}
	if h.digits[1] && h.ncon == 0 {
		h.ncon = 1
	}
	return nil
}

// readVertexWeights reads the size and the weights that vertex v's line
// starts with if fmt says so.
func (h *metisHeader) readVertexWeights(p *parser, v int) error {
	if h.digits[0] {
		if _, err := p.count(textf("the size of vertex %d", v+1)); err != nil {
			return err
		}
	}
	for range h.ncon {
		if _, err := p.count(textf("a weight of vertex %d", v+1)); err != nil {
			return err
		}
	}
	return nil
}

// readNeighbours reads the rest of vertex v's line, its neighbours, each
// followed by the edge's weight if fmt says so, and returns entries, the
// neighbour entries read before, plus their number.
func (h *metisHeader) readNeighbours(p *parser, v, entries int) (int, error) {
	for {
		f, ok := p.next()
		if !ok {
			return entries, nil
		}
		u, err := p.index(f, 1, h.n, text("a neighbour"))
		if err != nil {
			return 0, err
		}
		if u == v && h.loop.line == 0 {
			h.loop.line, h.loop.field, h.loop.vertex = p.line, p.fieldNo, v+1
		}
		w := 1.0
		if h.digits[2] {
			f, err := p.field(textf("the weight of the edge to %d", u+1))
			if err != nil {
				return 0, err
			}
			if w, err = p.volume(f, false, textf("the weight of the edge to %d", u+1)); err != nil {
				return 0, err
			}
		}
		if entries++; entries > 2*h.m {
			return 0, h.oneMore(p)
		}
		if err := p.arc(v, u, w); err != nil {
			return 0, err
		}
	}
}

// oneMore is the error of the neighbour entry read, one more than the
// header's 2m. As in METIS, a self-loop counts as one entry: if one was
// read, the entries without the self-loops are within 2m, so the first
// self-loop is named as the error.
func (h *metisHeader) oneMore(p *parser) error {
	entries := metric.Count(2 * h.m)
	if h.loop.line == 0 {
		return p.fail(true, "the header says %s, so %s neighbour entries, and this is one more", plural(h.m, "edge"), entries)
	}
	return p.failAt(h.loop.line, h.loop.field, "vertex %d lists itself as a neighbour; this self-loop counts as one neighbour entry, and with it the vertex lines hold more than the %s entries of the header's %s (one more on line %d, field %d): remove the self-loop",
		h.loop.vertex, entries, plural(h.m, "edge"), p.line, p.fieldNo)
}

// checkCounts checks the vertex lines read and the neighbour entries they
// hold against the header's n and m.
func (h *metisHeader) checkCounts(p *parser, read, entries int) error {
	if read < h.n {
		// editors drop trailing blank lines: the vertices left are
		// isolated, if the edges are all there
		if entries != 2*h.m {
			return p.failAt(p.line+1, 0, "expected %s vertex lines after the header, the input ends after %s", metric.Count(h.n), metric.Count(read))
		}
		p.warnf("the input ends after %s of the %s vertex lines: the last %s no neighbours", metric.Count(read), metric.Count(h.n), plural(h.n-read, "vertex has", "vertices have"))
	} else if p.nextLine(true) {
		return p.fail(false, "the header says %s vertices, this line is one too many", metric.Count(h.n))
	}
	if entries != 2*h.m {
		hint := ""
		switch {
		case entries == h.m:
			hint = "; the header counts each edge once, and each edge is listed on both of its vertices' lines"
		case entries%2 == 1 && h.loop.line > 0:
			hint = fmt.Sprintf("; vertex %d lists itself on line %d, a self-loop, which counts as one entry", h.loop.vertex, h.loop.line)
		case entries%2 == 1:
			hint = "; an odd count means some edge is listed on one line only"
		}
		return p.failAt(h.line, 2, "the header says %s, so %s neighbour entries, but the vertex lines hold %s%s", plural(h.m, "edge"), metric.Count(2*h.m), metric.Count(entries), hint)
	}
	return nil
}

// asymmetric is the warning of an undirected format whose lists disagree.
func asymmetric(count int, one, many string, from, line, to int) string {
	verb := " have"
	if count == 1 {
		verb = " has"
	}
	return plural(count, one, many) + verb + " no reverse entry of the same weight (the first: vertex " +
		strconv.Itoa(from) + " on line " + strconv.Itoa(line) + " lists " + strconv.Itoa(to) +
		"); each entry is read as the volume its vertex sends"
}

// sniffMETIS accepts a first line of 2 to 4 integers: n ≥ 1, m, a fmt.
func sniffMETIS(head []byte, whole bool) bool {
	fields, ok := firstLine(head, whole, "%")
	if !ok || len(fields) < 2 || len(fields) > 4 {
		return false
	}
	for _, f := range fields {
		if v, ok := atoi(f); !ok || v < 0 {
			return false
		}
	}
	if len(fields) >= 3 {
		if _, ok := flags(fields[2]); !ok {
			return false
		}
	}
	n, _ := atoi(fields[0])
	return n >= 1
}

// writeMETIS writes an undirected graph with integer volumes; edge weights
// are omitted when every volume is 1.
func writeMETIS(w io.Writer, g *guest.Graph) error {
	if err := undirected(g, metisTitle, 1); err != nil {
		return err
	}
	unit := unitVolumes(g)
	bw := newWriter(w)
	bw.int(g.Order()).sp().int(g.Arcs() / 2)
	if !unit {
		bw.str(" 1")
	}
	bw.nl()
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			if e > g.Offsets[v] {
				bw.sp()
			}
			bw.int(int(g.Adj[e]) + 1)
			if !unit {
				bw.sp().num(g.Volume(int(e)))
			}
		}
		bw.nl()
	}
	return bw.flush()
}
