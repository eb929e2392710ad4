package graphfile

import (
	"io"
	"math"

	"topomap/algorithms/guest"
)

const scotchTitle = "Scotch graph"

// scotch is the Scotch source graph format (Scotch manual, "Graph files"):
// the version 0, "vertnbr arcnbr" (arcs count each edge twice),
// "baseval flag" where the flag's digits say labels, edge loads and
// vertex loads, then per vertex "[label] [vload] degree {[eload] end}".
// Only the order of the numbers matters, not the line breaks. With labels,
// the ends of arcs are labels; when the labels are base..base+n-1 they are
// the processes' ranks (as in Scotch's mapping files), else vertices keep
// their order in the file.
var scotch = Format{
	Name:       "scotch",
	Title:      scotchTitle,
	Extensions: []string{".grf", ".src"},
	MediaType:  "text/x-scotch-graph",
	Sniff:      sniffScotch,
	Read:       readScotch,
	Write:      writeScotch,
}

func readScotch(r io.Reader, lim Limits) (*guest.Graph, []string, error) {
	p := newParser(r, scotchTitle, lim, "")
	p.stream = true
	f, err := p.field(text("the version number 0"))
	if err != nil {
		return nil, nil, err
	}
	if string(f) != "0" {
		return nil, nil, p.fail(true, "expected the version number 0, got %s", quoteField(f, p.long))
	}
	n, err := p.count(text("the number of vertices"))
	if err != nil {
		return nil, nil, err
	}
	if err := p.order(n); err != nil {
		return nil, nil, err
	}
	arcs, err := p.count(text("the number of arcs"))
	if err != nil {
		return nil, nil, err
	}
	if arcs > lim.MaxArcs {
		return nil, nil, p.tooLarge("the header says %d arcs, more than the cap of %d", arcs, lim.MaxArcs)
	}
	p.hint = arcs
	arcsLine, arcsField := p.line, p.fieldNo
	base, err := p.count(text("the base value"))
	if err != nil {
		return nil, nil, err
	}
	if base > math.MaxInt32-n {
		return nil, nil, p.fail(true, "the base value %d leaves no room for %d vertex numbers", base, n)
	}
	if f, err = p.field(text("the flag, three digits 0 or 1 (labels, edge loads, vertex loads)")); err != nil {
		return nil, nil, err
	}
	digits, ok := flags(f)
	if !ok {
		return nil, nil, p.fail(true, "expected the flag, three digits 0 or 1 (labels, edge loads, vertex loads), got %s", quoteField(f, p.long))
	}
	labelled, eloads, vloads := digits[0], digits[1], digits[2]
	if vloads {
		p.warnf("vertex loads are read but not used: each vertex is one process")
	}
	lines := make([]int32, 0, min(n, 1<<16))
	var labels []int
	index := map[int]int{} // label → vertex, with labels
	left := arcs
	for v := range n {
		// the record's line is its first number's
		mark := func() {
			if len(lines) == v {
				lines = append(lines, int32(p.line))
			}
		}
		if labelled {
			l, err := p.count(textf("the label of vertex %d", v+base))
			if err != nil {
				return nil, nil, err
			}
			if w, dup := index[l]; dup {
				return nil, nil, p.fail(true, "label %d is already the label of the vertex on line %d", l, lines[w])
			}
			index[l] = v
			labels = append(labels, l)
			mark()
		}
		if vloads {
			if _, err := p.count(textf("the load of vertex %d", v+base)); err != nil {
				return nil, nil, err
			}
			mark()
		}
		deg, err := p.count(textf("the degree of vertex %d", v+base))
		if err != nil {
			return nil, nil, err
		}
		mark()
		if deg > left {
			return nil, nil, p.fail(true, "vertex %d has degree %d, but only %d of the header's %d arcs are left", v+base, deg, left, arcs)
		}
		left -= deg
		for range deg {
			w := 1.0
			if eloads {
				f, err := p.field(text("an edge load"))
				if err != nil {
					return nil, nil, err
				}
				if w, err = p.volume(f, false, text("an edge load")); err != nil {
					return nil, nil, err
				}
			}
			f, err := p.field(textf("a neighbour of vertex %d", v+base))
			if err != nil {
				return nil, nil, err
			}
			var u int
			if labelled {
				u, err = p.countOf(f, text("the label of a neighbour"))
			} else {
				u, err = p.index(f, base, n, text("a neighbour"))
			}
			if err == nil {
				// with labels, u is a label until relabel
				err = p.add(v, u, w, labelled && u == labels[v] || !labelled && u == v)
			}
			if err != nil {
				return nil, nil, err
			}
		}
	}
	if _, ok := p.token(); ok {
		return nil, nil, p.fail(true, "expected the end of the input after the %d vertices", n)
	}
	if left > 0 {
		return nil, nil, p.failAt(arcsLine, arcsField, "the header says %d arcs, but the degrees add up to %d", arcs, arcs-left)
	}
	name := func(v int) int { return v + base } // a vertex's number in the file
	if labelled {
		ranked, err := p.relabel(labels, index, lines, base)
		if err != nil {
			return nil, nil, err
		}
		if !ranked {
			name = func(v int) int { return labels[v] }
		}
	}
	g, warnings, err := p.graph(n)
	if err != nil {
		return nil, nil, err
	}
	if c, from, to := unmatched(g); c > 0 {
		warnings = append(warnings, asymmetric(c, "arc", "arcs", name(from), int(lines[from]), name(to)))
	}
	return g, warnings, nil
}

// relabel turns neighbour labels into vertices: when the labels are
// base..base+n-1 (in any order) a vertex is its label minus base (ranked),
// else its place in the file. lines follows the vertices' new numbers.
func (p *parser) relabel(labels []int, index map[int]int, lines []int32, base int) (ranked bool, err error) {
	n := len(labels)
	ranked = true
	for _, l := range labels {
		ranked = ranked && l >= base && l < base+n
	}
	for i, a := range p.arcs {
		v, ok := index[a.To]
		if !ok {
			return false, p.failAt(int(lines[a.From]), 0, "vertex %d lists the label %d, which no vertex has", labels[a.From], a.To)
		}
		if ranked {
			p.arcs[i] = guest.Arc{From: labels[a.From] - base, To: a.To - base, Volume: a.Volume}
		} else {
			p.arcs[i].To = v
		}
	}
	if !ranked {
		p.warnf("the labels are not %d to %d: vertices are numbered in file order", base, base+n-1)
		return false, nil
	}
	old := append([]int32(nil), lines...)
	for v, l := range labels {
		lines[l-base] = old[v]
	}
	return true, nil
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
	if err := undirected(g, scotchTitle); err != nil {
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
