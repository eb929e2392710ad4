package graphfile

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"topomap/algorithms/guest"
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

func readMatrixMarket(r io.Reader, lim Limits) (*guest.Graph, []string, error) {
	p := newParser(r, mmTitle, lim, "")
	const banner = mmBanner + " matrix coordinate real|integer|pattern general|symmetric"
	if !p.nextLine(true) {
		return nil, nil, p.fail(false, "expected the banner %q, the input is empty", banner)
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
			return nil, nil, err
		}
		if words[i] = strings.ToLower(string(f)); !slices.Contains(c.ok, words[i]) {
			return nil, nil, p.fail(true, "expected %s, got %s", c.what, quoteField(f, p.long))
		}
	}
	if f, ok := p.next(); ok {
		return nil, nil, p.fail(true, "expected the banner %q, got the extra word %s", banner, quoteField(f, p.long))
	}
	field, symmetric := words[3], words[4] == "symmetric"
	p.comments = "%"
	if !p.nextLine(true) {
		return nil, nil, p.fail(false, `expected the size line "rows columns entries", the input ends`)
	}
	rows, err := p.count(text("the number of rows"))
	if err != nil {
		return nil, nil, err
	}
	cols, err := p.count(text("the number of columns"))
	if err != nil {
		return nil, nil, err
	}
	if rows != cols {
		return nil, nil, p.fail(false, "the matrix is %d×%d: a communication graph needs a square matrix, one row and one column per process", rows, cols)
	}
	n := rows
	if n == 0 {
		return nil, nil, p.failAt(p.line, 1, "a graph needs at least one vertex, the matrix is 0×0")
	}
	if n > lim.MaxVertices {
		return nil, nil, p.tooLargeAt(p.line, 1, "the matrix has %d rows, more than the cap of %d vertices", n, lim.MaxVertices)
	}
	nnz, err := p.count(text("the number of entries"))
	if err != nil {
		return nil, nil, err
	}
	perEntry := 1
	if symmetric {
		perEntry = 2
	}
	if nnz > lim.MaxArcs/perEntry {
		return nil, nil, p.tooLarge("the size line says %d entries, more than the cap of %d arcs", nnz, lim.MaxArcs)
	}
	p.hint = perEntry * nnz
	if f, ok := p.next(); ok {
		return nil, nil, p.fail(true, `expected the size line "rows columns entries", got the extra field %s`, quoteField(f, p.long))
	}
	upper, lower := 0, 0 // the first lines of entries above and below the diagonal
	for k := range nnz {
		if !p.nextLine(true) {
			return nil, nil, p.failAt(p.line+1, 0, "expected %d entries after the size line, the input ends after %d", nnz, k)
		}
		f, err := p.field(text("the row i of an entry"))
		if err != nil {
			return nil, nil, err
		}
		i, err := p.index(f, 1, n, text("the row"))
		if err != nil {
			return nil, nil, err
		}
		if f, err = p.field(text("the column j of an entry")); err != nil {
			return nil, nil, err
		}
		j, err := p.index(f, 1, n, text("the column"))
		if err != nil {
			return nil, nil, err
		}
		w := 1.0
		if field != "pattern" {
			if f, err = p.field(textf2("the value of entry (%d,%d)", i+1, j+1)); err != nil {
				return nil, nil, err
			}
			if w, err = p.volume(f, field == "real", textf2("the volume of entry (%d,%d)", i+1, j+1)); err != nil {
				return nil, nil, err
			}
		}
		if f, ok := p.next(); ok {
			want := "i j value"
			if field == "pattern" {
				want = "i j (the matrix is a pattern)"
			}
			return nil, nil, p.fail(true, "expected %s, got the extra field %s", want, quoteField(f, p.long))
		}
		if err := p.arc(i, j, w); err != nil {
			return nil, nil, err
		}
		if symmetric && i != j {
			if i < j && upper == 0 {
				upper = p.line
			}
			if i > j && lower == 0 {
				lower = p.line
			}
			if err := p.arc(j, i, w); err != nil {
				return nil, nil, err
			}
		}
	}
	if upper > 0 && lower > 0 {
		p.warnf("the symmetric matrix has entries on both sides of the diagonal (lines %d and %d): each stands for both directions, so a pair given on both sides counts twice", min(upper, lower), max(upper, lower))
	}
	if p.nextLine(true) {
		return nil, nil, p.fail(false, "the size line says %s, this line is one too many", plural(nnz, "entry", "entries"))
	}
	return p.graph(n)
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
