package graphfile

import (
	"io"
	"strconv"

	"topomap/algorithms/guest"
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

func readMETIS(r io.Reader, lim Limits) (*guest.Graph, []string, error) {
	p := newParser(r, metisTitle, lim, "%")
	if !p.nextLine(true) {
		return nil, nil, p.fail(false, `expected the header "n m [fmt [ncon]]", the input holds only comments`)
	}
	headerLine := p.line
	n, err := p.count(text("the number of vertices n"))
	if err != nil {
		return nil, nil, err
	}
	if err := p.order(n); err != nil {
		return nil, nil, err
	}
	m, err := p.count(text("the number of edges m"))
	if err != nil {
		return nil, nil, err
	}
	if m > lim.MaxArcs/2 {
		return nil, nil, p.tooLarge("the header says %d edges, more than the cap of %d arcs", m, lim.MaxArcs)
	}
	p.hint = 2 * m
	var digits [3]bool // vertex sizes, vertex weights, edge weights
	ncon, fmtField := 0, ""
	if f, ok := p.next(); ok {
		if digits, ok = flags(f); !ok {
			return nil, nil, p.fail(true, "expected fmt, up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights), got %s", quoteField(f, p.long))
		}
		fmtField = string(f)
		if f, ok := p.next(); ok {
			if ncon, err = p.countOf(f, text("the number of vertex weights ncon")); err != nil {
				return nil, nil, err
			}
			if !digits[1] {
				return nil, nil, p.fail(true, "ncon is given, but fmt %s says the vertices have no weights", fmtField)
			}
		}
	}
	if digits[1] && ncon == 0 {
		ncon = 1
	}
	if f, ok := p.next(); ok {
		return nil, nil, p.fail(true, "expected at most four fields n m fmt ncon, got %s", quoteField(f, p.long))
	}
	if digits[0] || digits[1] {
		p.warnf("vertex sizes and weights are read but not used: each vertex is one process")
	}
	if digits[0] {
		p.warnf("fmt %s: the first number of each line is read as the vertex size of METIS; in a Chaco file, as Scotch writes it, it would be a vertex label", fmtField)
	}
	lines := make([]int32, 0, min(n, 1<<16))
	entries, read := 0, n
	for v := range n {
		if !p.nextLine(false) {
			read = v
			break
		}
		lines = append(lines, int32(p.line))
		if digits[0] {
			if _, err := p.count(textf("the size of vertex %d", v+1)); err != nil {
				return nil, nil, err
			}
		}
		for range ncon {
			if _, err := p.count(textf("a weight of vertex %d", v+1)); err != nil {
				return nil, nil, err
			}
		}
		for {
			f, ok := p.next()
			if !ok {
				break
			}
			u, err := p.index(f, 1, n, text("a neighbour"))
			if err != nil {
				return nil, nil, err
			}
			w := 1.0
			if digits[2] {
				f, err := p.field(textf("the weight of the edge to %d", u+1))
				if err != nil {
					return nil, nil, err
				}
				if w, err = p.volume(f, false, textf("the weight of the edge to %d", u+1)); err != nil {
					return nil, nil, err
				}
			}
			if entries++; entries > 2*m {
				return nil, nil, p.fail(true, "the header says %s, so %d neighbour entries, and this is one more", plural(m, "edge"), 2*m)
			}
			if err := p.arc(v, u, w); err != nil {
				return nil, nil, err
			}
		}
	}
	if read < n {
		// editors drop trailing blank lines: the vertices left are
		// isolated, if the edges are all there
		if entries != 2*m {
			return nil, nil, p.failAt(p.line+1, 0, "expected %d vertex lines after the header, the input ends after %d", n, read)
		}
		p.warnf("the input ends after %d of the %d vertex lines: the last %s no neighbours", read, n, plural(n-read, "vertex has", "vertices have"))
	} else if p.nextLine(true) {
		return nil, nil, p.fail(false, "the header says %d vertices, this line is one too many", n)
	}
	if entries != 2*m {
		hint := ""
		switch {
		case entries == m:
			hint = "; the header counts each edge once, and each edge is listed on both of its vertices' lines"
		case entries%2 == 1:
			hint = "; an odd count means some edge is listed on one line only"
		}
		return nil, nil, p.failAt(headerLine, 2, "the header says %s, so %d neighbour entries, but the vertex lines hold %d%s", plural(m, "edge"), 2*m, entries, hint)
	}
	g, warnings, err := p.graph(n)
	if err != nil {
		return nil, nil, err
	}
	if c, from, to := unmatched(g); c > 0 {
		warnings = append(warnings, asymmetric(c, "neighbour entry", "neighbour entries", from+1, int(lines[from]), to+1))
	}
	return g, warnings, nil
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
	if err := undirected(g, metisTitle); err != nil {
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
