package graphfile

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const mmTitle = "Matrix Market file"

// matrixMarket is the Matrix Market coordinate format (NIST, "The Matrix
// Market Exchange Formats", 1996): the banner "%%MatrixMarket matrix
// coordinate real|integer|pattern general|symmetric", '%' comments, the
// size line "rows columns entries", then one 1-based "i j [value]" per
// entry. A general matrix holds directed volumes, entry (i,j) = w(i→j);
// a symmetric one stores each pair once (w(i→j) = w(j→i)); a pattern
// entry is one unit.
var matrixMarket = Format{
	Name:       "matrixmarket",
	Title:      mmTitle,
	Extensions: []string{".mtx", ".mm"},
	MediaType:  "text/x-matrix-market",
	Sniff:      sniffMatrixMarket,
	Read:       readMatrixMarket,
	Write:      writeMatrixMarket,
}

const mmBanner = "%%MatrixMarket"

// readMatrixMarket reads a Matrix Market file: the banner, the size line,
// then one line per entry.
func readMatrixMarket(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, mmTitle, opt.Limits, "")
	var h mmHeader
	if err := h.readBanner(p); err != nil {
		return nil, nil, err
	}
	p.comments = "%" // only now: the banner starts with '%' too
	if err := h.readSizeLine(p); err != nil {
		return nil, nil, err
	}
	if err := h.readEntries(p); err != nil {
		return nil, nil, err
	}
	if p.nextLine(true) {
		return nil, nil, p.fail(false, "the size line says %s, this line is one too many", plural(h.nnz, "entry", "entries"))
	}
	return p.graph(h.n)
}

// mmHeader is what the banner and the size line of a Matrix Market file
// say.
type mmHeader struct {
	field     string // "real", "integer" or "pattern"
	symmetric bool   // an entry off the diagonal stands for both directions
	n, nnz    int    // the number of rows (and columns), and of entries
}

// readBanner reads the banner line, "%%MatrixMarket matrix coordinate"
// then a field and a symmetry that a communication graph can have, and
// keeps those two.
func (h *mmHeader) readBanner(p *parser) error {
	const banner = mmBanner + " matrix coordinate real|integer|pattern general|symmetric"
	if !p.nextLine(true) {
		return p.fail(false, "expected the banner %q, the input is empty", banner)
	}
	var words [5]string
	for i, c := range []struct {
		what string
		ok   []string
	}{
		{"the banner " + mmBanner, []string{strings.ToLower(mmBanner)}},
		{`the object "matrix"`, []string{"matrix"}},
		{`the format "coordinate" (a dense matrix is read as the "dense" format)`, []string{"coordinate"}},
		{`the field "real", "integer" or "pattern" (volumes are real numbers ≥ 0)`, []string{"real", "integer", "pattern"}},
		{`the symmetry "general" or "symmetric" (volumes are ≥ 0)`, []string{"general", "symmetric"}},
	} {
		f, err := p.field(text(fmt.Sprintf("the banner %q", banner)))
		if err != nil {
			return err
		}
		if words[i] = strings.ToLower(string(f)); !slices.Contains(c.ok, words[i]) {
			return p.fail(true, "expected %s, got %s", c.what, quoteField(f, p.long))
		}
	}
	if f, ok := p.next(); ok {
		return p.fail(true, "expected the banner %q, got the extra word %s", banner, quoteField(f, p.long))
	}
	h.field, h.symmetric = words[3], words[4] == "symmetric"
	return nil
}

// readSizeLine reads the size line "rows columns entries", the first line
// after the banner that is not a comment: a square matrix within the caps.
func (h *mmHeader) readSizeLine(p *parser) error {
	if !p.nextLine(true) {
		return p.fail(false, `expected the size line "rows columns entries", the input ends`)
	}
	rows, err := p.count(text("the number of rows"))
	if err != nil {
		return err
	}
	cols, err := p.count(text("the number of columns"))
	if err != nil {
		return err
	}
	if rows != cols {
		return p.fail(false, "the matrix is %s×%s: a communication graph needs a square matrix, one row and one column per process", numtext.Count(rows), numtext.Count(cols))
	}
	h.n = rows
	if h.n == 0 {
		return p.failAt(p.line, 1, "a graph needs at least one vertex, the matrix is 0×0")
	}
	if h.n > p.lim.MaxVertices {
		return p.tooLargeAt(p.line, 1, "the matrix has %d rows, more than the cap of %d vertices", h.n, p.lim.MaxVertices)
	}
	if h.nnz, err = p.count(text("the number of entries")); err != nil {
		return err
	}
	perEntry := 1
	if h.symmetric {
		perEntry = 2
	}
	if h.nnz > p.lim.MaxArcs/perEntry {
		return p.tooLarge("the size line says %d entries, more than the cap of %d arcs", h.nnz, p.lim.MaxArcs)
	}
	p.hint = perEntry * h.nnz
	if f, ok := p.next(); ok {
		return p.fail(true, `expected the size line "rows columns entries", got the extra field %s`, quoteField(f, p.long))
	}
	return nil
}

// readEntries reads the nnz entry lines as arcs, both directions for an
// entry of a symmetric matrix off the diagonal, and warns if such entries
// lie on both sides of it.
func (h *mmHeader) readEntries(p *parser) error {
	upper, lower := 0, 0 // the first lines of entries above and below the diagonal
	for k := range h.nnz {
		if !p.nextLine(true) {
			return p.failAt(p.line+1, 0, "expected %s entries after the size line, the input ends after %s", numtext.Count(h.nnz), numtext.Count(k))
		}
		i, j, w, err := h.readEntry(p)
		if err != nil {
			return err
		}
		if err := p.arc(i, j, w); err != nil {
			return err
		}
		if h.symmetric && i != j {
			if i < j && upper == 0 {
				upper = p.line
			}
			if i > j && lower == 0 {
				lower = p.line
			}
			if err := p.arc(j, i, w); err != nil {
				return err
			}
		}
	}
	if upper > 0 && lower > 0 {
		p.warnf("the symmetric matrix has entries on both sides of the diagonal (lines %d and %d): each stands for both directions, so a pair given on both sides counts twice", min(upper, lower), max(upper, lower))
	}
	return nil
}

// readEntry reads the fields of the current entry line, "i j value" or
// "i j" in a pattern, and returns the 0-based row and column and the
// volume.
func (h *mmHeader) readEntry(p *parser) (i, j int, w float64, err error) {
	f, err := p.field(text("the row i of an entry"))
	if err != nil {
		return 0, 0, 0, err
	}
	if i, err = p.index(f, 1, h.n, text("the row")); err != nil {
		return 0, 0, 0, err
	}
	if f, err = p.field(text("the column j of an entry")); err != nil {
		return 0, 0, 0, err
	}
	if j, err = p.index(f, 1, h.n, text("the column")); err != nil {
		return 0, 0, 0, err
	}
	w = 1.0
	if h.field != "pattern" {
		if f, err = p.field(textf2("the value of entry (%d,%d)", i+1, j+1)); err != nil {
			return 0, 0, 0, err
		}
		if w, err = p.volume(f, h.field == "real", textf2("the volume of entry (%d,%d)", i+1, j+1)); err != nil {
			return 0, 0, 0, err
		}
	}
	if f, ok := p.next(); ok {
		want := "i j value"
		if h.field == "pattern" {
			want = "i j (the matrix is a pattern)"
		}
		return 0, 0, 0, p.fail(true, "expected %s, got the extra field %s", want, quoteField(f, p.long))
	}
	return i, j, w, nil
}

func sniffMatrixMarket(head []byte, _ bool) bool {
	return len(head) >= len(mmBanner) && bytes.EqualFold(head[:len(mmBanner)], []byte(mmBanner))
}

// writeMatrixMarket writes a symmetric graph as a symmetric matrix (its
// lower triangle), any other as a general one; the field is pattern when
// every volume is 1, integer when every volume is one, else real.
func writeMatrixMarket(w io.Writer, g *guest.Graph) error {
	symmetric, _, _ := unmatched(g)
	field := "pattern"
	if !unitVolumes(g) {
		field = "integer"
		for e := range g.Arcs() {
			if v := g.Volume(e); v != float64(int64(v)) || v > maxExact {
				field = "real"
				break
			}
		}
	}
	shape := "general"
	entries := g.Arcs()
	if symmetric == 0 {
		shape, entries = "symmetric", g.Arcs()/2
	}
	bw := newWriter(w)
	bw.str(mmBanner + " matrix coordinate " + field + " " + shape + "\n")
	bw.int(g.Order()).sp().int(g.Order()).sp().int(entries).nl()
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u := int(g.Adj[e])
			if shape == "symmetric" && u > v {
				continue // the lower triangle holds the pair
			}
			bw.int(v + 1).sp().int(u + 1)
			if field != "pattern" {
				bw.sp().num(g.Volume(int(e)))
			}
			bw.nl()
		}
	}
	return bw.flush()
}
