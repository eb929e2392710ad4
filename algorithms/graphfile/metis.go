package graphfile

import (
	"fmt"
	"io"
	"strconv"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const metisTitle = "METIS graph"

// metis is the METIS graph format (METIS 5 manual §4.1.1): a header
// "n m [fmt [ncon]]" (m counts undirected edges), then one line per vertex
// listing its 1-based neighbours, preceded by its size if fmt is 1xx and
// its ncon weights if fmt is x1x, each neighbour followed by the edge's
// integer weight if fmt is xx1. Lines starting with '%' are comments; a
// blank line is a vertex without neighbours. Chaco's files share the
// header and the lines but not what fmt 1xx means (package doc, chaco).
var metis = Format{
	Name:       "metis",
	Title:      metisTitle,
	Extensions: []string{".graph", ".metis"},
	MediaType:  "text/x-metis-graph",
	Sniff:      sniffMETIS,
	Read:       metisDialect.read,
	Write:      metisDialect.write,
}

// metisDialect is how METIS reads and writes the adjacency files.
var metisDialect = adjacency{
	title:     metisTitle,
	comments:  "%",
	header:    `"n m [fmt [ncon]]"`,
	fields:    "four fields n m fmt ncon",
	fmtDigits: "vertex sizes, vertex weights, edge weights",
	withNcon:  true,
}

// adjacency is one of the two dialects of the adjacency files that METIS
// and Chaco share: a header "n m [fmt …]", m counting undirected edges,
// then the vertex lines, each listing 1-based neighbours, each followed by
// the edge's weight if fmt is xx1.
type adjacency struct {
	title     string
	comments  string // the bytes that start a comment line
	header    string // the header's fields, for messages: "n m [fmt]"
	fields    string // at most how many fields the header has, for messages
	fmtDigits string // what fmt's three digits say, for messages
	withNcon  bool   // the header may give ncon, the vertices' number of weights (METIS)
	numbered  bool   // fmt 1xx starts vertex lines with their vertex's number (Chaco), not its size (METIS)
	real      bool   // edge weights may be real numbers (Chaco), not only integers (METIS)
}

// read reads a graph: the header, then the vertex lines.
func (d adjacency) read(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, d.title, opt.Limits, d.comments)
	h, err := d.readHeader(p)
	if err != nil {
		return nil, nil, err
	}
	read, entries, lines, err := h.readVertexLines(p)
	if err != nil {
		return nil, nil, err
	}
	if err := h.checkCounts(p, read, entries); err != nil {
		return nil, nil, err
	}
	if h.sizesNumber && read > 0 {
		p.warnf("fmt %s: every vertex line starts with its own vertex number (1, 2, …), as in a Chaco graph, where fmt 1xx means vertex numbers; read as METIS, they are taken for vertex sizes. If it is a Chaco graph, %s",
			h.fmtField, opt.nameIt("chaco"))
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

// adjHeader is what the header of an adjacency file says, and what the
// vertex lines showed: where they hold their first self-loop, and whether
// the sizes of a METIS graph are its vertices' numbers.
type adjHeader struct {
	adjacency
	line        int                               // the header's line
	n, m        int                               // the numbers of vertices and edges
	digits      [3]bool                           // fmt: vertex sizes or numbers, vertex weights, edge weights
	fmtField    string                            // fmt as written, "" if absent
	ncon        int                               // the number of weights of each vertex
	numbers     bool                              // the vertex lines start with vertex numbers
	sizesNumber bool                              // the lines start with sizes, each its vertex's number so far
	loop        struct{ line, field, vertex int } // the first self-loop entry; 0s if none
}

// readHeader reads the header "n m [fmt …]", the first line that is not
// a comment.
func (d adjacency) readHeader(p *parser) (h adjHeader, err error) {
	h.adjacency = d
	if !p.nextLine(true) {
		what := "holds only comments"
		if p.line == 0 {
			what = "is empty"
		}
		return h, p.fail(false, "expected the header %s, the input %s", d.header, what)
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
		return h, p.fail(true, "expected at most %s, got %s", d.fields, quoteField(f, p.long))
	}
	h.numbers = d.numbered && h.digits[0]
	h.sizesNumber = h.digits[0] && !d.numbered
	if h.digits[1] || h.digits[0] && !d.numbered {
		what := "sizes and weights"
		if d.numbered {
			what = "weights"
		}
		p.warnf("vertex %s are read but not used: each vertex is one process", what)
	}
	return h, nil
}

// readFormat reads the header's optional fields fmt and, in METIS, ncon;
// ncon is 1 when fmt gives the vertices weights and ncon is absent.
func (h *adjHeader) readFormat(p *parser) error {
	if f, ok := p.next(); ok {
		if h.digits, ok = flags(f); !ok {
			return p.fail(true, "expected fmt, up to three digits 0 or 1 (%s), got %s", h.fmtDigits, quoteField(f, p.long))
		}
		h.fmtField = string(f)
		if f, ok := p.next(); ok && h.withNcon {
			var err error
			if h.ncon, err = p.countOf(f, text("the number of vertex weights ncon")); err != nil {
				return err
			}
			if !h.digits[1] {
				return p.fail(true, "ncon is given, but fmt %s says the vertices have no weights", h.fmtField)
			}
		} else if ok {
			return p.fail(true, "expected at most %s, got %s; ncon, the number of weights of a METIS graph's vertices, has no place in a Chaco graph: a METIS graph is read as format metis", h.fields, quoteField(f, p.long))
		}
	}
	if h.digits[1] && h.ncon == 0 {
		h.ncon = 1
	}
	return nil
}

// readVertexLines reads the vertex lines: one per vertex, up to the n-th,
// or, with vertex numbers, all up to the end of the input (a vertex's
// neighbours may go on over lines that repeat its number). It returns how
// many vertices they gave, the neighbour entries they hold, and the line
// of each vertex.
func (h *adjHeader) readVertexLines(p *parser) (read, entries int, lines []int32, err error) {
	lines = make([]int32, 0, min(h.n, 1<<16))
	v := -1 // the vertex of the last line read
	for h.numbers || v+1 < h.n {
		// numbered lines leave no vertex blank: a blank line is nothing
		if !p.nextLine(h.numbers) {
			break
		}
		next := v + 1
		if h.numbers {
			if next, err = h.readNumber(p, v); err != nil {
				return 0, 0, nil, err
			}
		}
		if next > v {
			v = next
			lines = append(lines, int32(p.line))
			if err := h.readVertexWeights(p, v); err != nil {
				return 0, 0, nil, err
			}
		}
		if entries, err = h.readNeighbours(p, v, entries); err != nil {
			return 0, 0, nil, err
		}
	}
	return v + 1, entries, lines, nil
}

// readNumber reads the vertex number that starts a line after those of
// vertex v (-1 before the first) and returns its vertex: v+1, the next,
// or v, whose neighbours the line goes on with, as Chaco reads them.
func (h *adjHeader) readNumber(p *parser, v int) (int, error) {
	f, err := p.field(text("a vertex number"))
	if err != nil {
		return 0, err
	}
	if k, ok := atoi(f); ok && (k == int64(v)+2 && v+1 < h.n || k == int64(v)+1 && v >= 0) {
		return int(k) - 1, nil
	}
	q := quoteField(f, p.long)
	const order = ": the vertex lines start with their vertex's number, in order from 1 (a line that repeats the number before goes on with that vertex's neighbours)"
	switch {
	case v < 0:
		return 0, p.fail(true, "expected the number of vertex 1, got %s%s", q, order)
	case v+1 == h.n:
		return 0, p.fail(true, "expected %d, going on with the neighbours of vertex %d, the last of the header's %s vertices, got %s%s", v+1, v+1, numtext.Count(h.n), q, order)
	}
	return 0, p.fail(true, "expected the number of vertex %d, or %d going on with the neighbours of vertex %d, got %s%s", v+2, v+1, v+1, q, order)
}

// readVertexWeights reads the size and the weights that vertex v's line
// starts with if fmt says so.
func (h *adjHeader) readVertexWeights(p *parser, v int) error {
	if h.digits[0] && !h.numbers {
		size, err := p.count(textf("the size of vertex %d", v+1))
		if err != nil {
			return err
		}
		h.sizesNumber = h.sizesNumber && size == v+1
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
func (h *adjHeader) readNeighbours(p *parser, v, entries int) (int, error) {
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
			if w, err = p.volume(f, h.real, textf("the weight of the edge to %d", u+1)); err != nil {
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
func (h *adjHeader) oneMore(p *parser) error {
	entries := numtext.Count(2 * h.m)
	if h.loop.line == 0 {
		return p.fail(true, "the header says %s, so %s neighbour entries, and this is one more", plural(h.m, "edge"), entries)
	}
	return p.failAt(h.loop.line, h.loop.field, "vertex %d lists itself as a neighbour; this self-loop counts as one neighbour entry, and with it the vertex lines hold more than the %s entries of the header's %s (one more on line %d, field %d): remove the self-loop",
		h.loop.vertex, entries, plural(h.m, "edge"), p.line, p.fieldNo)
}

// checkCounts checks the vertex lines read and the neighbour entries they
// hold against the header's n and m.
func (h *adjHeader) checkCounts(p *parser, read, entries int) error {
	if read < h.n {
		// editors drop trailing blank lines: the vertices left are
		// isolated, if the edges are all there
		if entries != 2*h.m {
			return p.failAt(p.line+1, 0, "expected %s vertex lines after the header, the input ends after %s", numtext.Count(h.n), numtext.Count(read))
		}
		p.warnf("the input ends after %s of the %s vertex lines: the last %s no neighbours", numtext.Count(read), numtext.Count(h.n), plural(h.n-read, "vertex has", "vertices have"))
	} else if p.nextLine(true) {
		return p.fail(false, "the header says %s vertices, this line is one too many", numtext.Count(h.n))
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
		return p.failAt(h.line, 2, "the header says %s, so %s neighbour entries, but the vertex lines hold %s%s", plural(h.m, "edge"), numtext.Count(2*h.m), numtext.Count(entries), hint)
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

// write writes an undirected graph, with integer volumes in METIS; edge
// weights are omitted when every volume is 1.
func (d adjacency) write(w io.Writer, g *guest.Graph) error {
	check := undirected
	if d.real {
		check = symmetric
	}
	if err := check(g, d.title, 1); err != nil {
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
