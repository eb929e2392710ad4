package graphfile

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const csvTitle = "CSV edge list"

// csvEdges is an edge list in CSV (RFC 4180 without quoted commas):
// lines "src,dst,volume" of 0-based process numbers, each w(src→dst),
// after an optional header line of column names (a first line with no
// number in any field, whatever its letters; a line with a number in it
// is an edge, never a header). A missing volume column means one unit;
// blank lines and lines starting with '#' are skipped. The graph has as many
// vertices as the largest number plus one, unless no line names process
// 0: the list is then read as numbered from 1 (process k is vertex k−1),
// and a warning says so.
var csvEdges = Format{
	Name:       "csv",
	Title:      csvTitle,
	Extensions: []string{".csv"},
	MediaType:  "text/csv",
	Sniff:      sniffCSV,
	Read:       readCSV,
	Write:      writeCSV,
}

func readCSV(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, csvTitle, opt.Limits, "#")
	p.comma = true
	return readEdgeList(p)
}

// readEdgeList reads the lines "src dst [volume]" of an edge list, after
// an optional header, with p's separator and comments (csv, edges).
func readEdgeList(p *parser) (*guest.Graph, []string, error) {
	cols, n, least := 0, 0, -1
	var rec [3][]byte
	for i := range rec {
		rec[i] = make([]byte, 0, maxField)
	}
	for p.nextLine(true) {
		k, long, err := p.columns(&rec)
		if err != nil {
			return nil, nil, err
		}
		first := cols == 0
		if first {
			if k < 2 {
				return nil, nil, p.fail(false, "expected 2 or 3 columns src,dst[,volume], got %d", k)
			}
			if cols = k; isHeader(rec[:k]) {
				continue
			}
		}
		if k != cols {
			return nil, nil, p.fail(false, "expected %d columns like the first line, got %d", cols, k)
		}
		if long > 0 {
			p.fieldNo = long
			return nil, nil, p.fail(true, "expected a number, got %s", quoteField(rec[long-1], true))
		}
		src, dst, w, err := p.edge(rec[:cols])
		if err != nil {
			return nil, nil, notHeader(err, first, rec[:cols])
		}
		n = max(n, src+1, dst+1)
		if least < 0 || min(src, dst) < least {
			least = min(src, dst)
		}
		if err := p.arc(src, dst, w); err != nil {
			return nil, nil, err
		}
	}
	if n == 0 {
		return nil, nil, p.fail(false, "expected lines src,dst,volume, the input holds none")
	}
	if least > 0 {
		n = p.fromOne(n)
	}
	return p.graph(n)
}

// columns copies the fields of the current line into rec and returns
// their number and the 1-based place of the first field too long for a
// number (0 if none: a header's names may be longer), failing on a
// fourth field.
func (p *parser) columns(rec *[3][]byte) (k, long int, err error) {
	for f, ok := p.next(); ok; f, ok = p.next() {
		if k == len(rec) {
			return 0, 0, p.fail(true, "expected 2 or 3 columns src,dst[,volume], got more")
		}
		if p.long && long == 0 {
			long = k + 1
		}
		rec[k] = append(rec[k][:0], f...)
		k++
	}
	return k, long, nil
}

// notHeader adds to the error of a first line that starts with a name
// why it is read as an edge and not as a header: one of its fields is a
// number.
func notHeader(err error, first bool, fields [][]byte) error {
	var e *Error
	if !first || isNumeric(fields[0]) || !errors.As(err, &e) {
		return err
	}
	for i, f := range fields {
		if isNumeric(f) {
			e.Msg += fmt.Sprintf("; the first line is read as an edge, not as a header of column names, because field %d (%s) is a number", i+1, quoteField(f, false))
			break
		}
	}
	return err
}

// edge parses the columns of an edge-list line: the processes src and dst
// and, if there is a third column, the volume (else one unit).
func (p *parser) edge(rec [][]byte) (src, dst int, w float64, err error) {
	p.fieldNo = 1
	if src, err = p.vertex(rec[0], "the source process src"); err != nil {
		return 0, 0, 0, err
	}
	p.fieldNo = 2
	if dst, err = p.vertex(rec[1], "the destination process dst"); err != nil {
		return 0, 0, 0, err
	}
	w = 1.0
	if len(rec) == 3 {
		p.fieldNo = 3
		if w, err = p.volume(rec[2], true, text("the volume")); err != nil {
			return 0, 0, 0, err
		}
	}
	return src, dst, w, nil
}

// fromOne renumbers the arcs of an edge list that names no process 0 as
// numbered from 1 (process k is vertex k−1), says so in a warning, and
// returns the order, n−1.
func (p *parser) fromOne(n int) int {
	for i := range p.arcs {
		p.arcs[i].From--
		p.arcs[i].To--
	}
	p.warnf("numbered from 1: no line names process 0, so process k is read as vertex k-1 (%s vertices, 0 to %s), not as %s with an isolated vertex 0", numtext.Count(n-1), numtext.Count(n-2), numtext.Count(n))
	return n - 1
}

// vertex parses a 0-based process number below the cap.
func (p *parser) vertex(f []byte, what string) (int, error) {
	v, ok := atoi(f)
	if !ok || v < 0 {
		return 0, p.fail(true, "expected %s (an integer ≥ 0), got %s", what, quoteField(f, p.long))
	}
	if v >= int64(p.lim.MaxVertices) {
		return 0, p.tooLarge("process %d is above the cap of %d vertices", v, p.lim.MaxVertices)
	}
	return int(v), nil
}

// sniffCSV accepts lines of 2 or 3 comma-separated numbers, after an
// optional header of as many column names.
func sniffCSV(head []byte, whole bool) bool {
	lines, complete := headLines(head, whole, "#", true)
	if len(lines) == 0 || len(lines) == 1 && !complete {
		return false
	}
	k := len(lines[0])
	if k != 2 && k != 3 {
		return false
	}
	if _, ok := atoi(lines[0][0]); !ok {
		if !isHeader(lines[0]) {
			return false
		}
		if lines = lines[1:]; len(lines) == 0 || len(lines) == 1 && !complete {
			return false // a header alone says little, and holds no graph
		}
	}
	row := lines[0]
	if len(row) != k {
		return false
	}
	_, src := atoi(row[0])
	_, dst := atoi(row[1])
	return src && dst && (k == 2 || isNumber(row[2]))
}

// isHeader reports whether a first line is a header of column names:
// no field is a number, whatever the names hold (letters of any script,
// digits, blanks, brackets, an empty field). A line with a number in it
// ("0.0,1.0,1000", as a float writer puts the first edge) is an edge,
// read as one (and refused if it is not a valid one), never dropped as a
// header.
func isHeader(fields [][]byte) bool {
	for _, f := range fields {
		if isNumeric(f) {
			return false
		}
	}
	return true
}

// isNumeric reports whether f is written as a number of any sign or size
// ("-1", "1e400", "nan"), as strconv reads them.
func isNumeric(f []byte) bool {
	_, err := strconv.ParseFloat(string(f), 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// writeCSV writes the header src,dst,volume and one line per arc.
func writeCSV(w io.Writer, g *guest.Graph) error {
	bw := newWriter(w)
	bw.str("src,dst,volume\n")
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			bw.int(v).str(",").int(int(g.Adj[e])).str(",").num(g.Volume(int(e))).nl()
		}
	}
	return bw.flush()
}
