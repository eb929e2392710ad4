package graphfile

import (
	"fmt"
	"io"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const denseTitle = "dense matrix"

// dense is the dense communication matrix of TreeMatch: N lines of N
// numbers, line i holding the volumes process i sends, w(i→j) in column j.
// Blank lines and lines starting with '%' or '#' are skipped. Its size
// grows with N², so every read warns.
var dense = Format{
	Name:       "dense",
	Title:      denseTitle,
	Extensions: []string{".mat", ".dense"},
	MediaType:  "text/x-dense-matrix",
	Sniff:      sniffDense,
	Read:       readDense,
	Write:      writeDense,
	Quadratic:  true,
}

func readDense(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	p := newParser(r, denseTitle, opt.Limits, "%#")
	n := 0 // the first row's length
	for i := 0; n == 0 || i < n; i++ {
		if !p.nextLine(true) {
			if n == 0 {
				return nil, nil, p.fail(false, "expected a row of volumes, the input holds none")
			}
			return nil, nil, p.failAt(p.line+1, 0, "expected %s rows, as many as the first row has numbers, the input ends after %s", numtext.Count(n), numtext.Count(i))
		}
		j := 0
		for {
			f, ok := p.next()
			if !ok {
				break
			}
			if n > 0 && j == n {
				return nil, nil, p.fail(true, "row %d has more than %s numbers, the length of the first row", i+1, numtext.Count(n))
			}
			if n == 0 && j == p.lim.MaxVertices {
				return nil, nil, p.tooLarge("the first row has more than %d numbers, the cap of vertices", p.lim.MaxVertices)
			}
			w, err := p.volume(f, true, text("a volume"))
			if err != nil {
				return nil, nil, err
			}
			if w > 0 { // a dense matrix lists what is not sent as 0: no warning
				if err := p.arc(i, j, w); err != nil {
					return nil, nil, err
				}
			}
			j++
		}
		if n == 0 {
			n = j
		} else if j < n {
			p.fieldNo++
			return nil, nil, p.fail(true, "row %d has %s numbers, expected %s like the first row", i+1, numtext.Count(j), numtext.Count(n))
		}
	}
	if p.nextLine(true) {
		return nil, nil, p.fail(false, "the matrix has %s columns, so %s rows; this line is one too many", numtext.Count(n), numtext.Count(n))
	}
	arcs := len(p.arcs) - p.loops
	p.warnf("a dense %s×%s matrix holds %s for %s: a sparse format (Matrix Market, METIS, CSV) grows with the arcs, not with N²", numtext.Count(n), numtext.Count(n), plural(n*n, "number"), plural(arcs, "arc"))
	return p.graph(n)
}

// sniffDense accepts lines of numbers, all as long as the first, when
// they cannot be a METIS header: more than 4 numbers per line, a number
// that is not an integer, or as many lines as numbers per line.
func sniffDense(head []byte, whole bool) bool {
	lines, complete := headLines(head, whole, "%#", false)
	if len(lines) == 0 {
		return false
	}
	k := len(lines[0])
	real := false
	for i, l := range lines {
		last := i == len(lines)-1 && !complete
		if len(l) > k || len(l) < k && !last {
			return false
		}
		for j, f := range l {
			if last && j == len(l)-1 {
				break // may continue past head
			}
			if _, ok := atoi(f); !ok {
				if !isNumber(f) {
					return false
				}
				real = true
			}
		}
	}
	return k > 4 || real || complete && len(lines) == k
}

// MaxDenseOrder is the largest graph written as a dense matrix: 2^28
// numbers, half a gigabyte of zeros at least.
const MaxDenseOrder = 1 << 14

// writeDense writes the N×N matrix of volumes, 0 where there is no arc:
// N² numbers, for at most MaxDenseOrder vertices.
func writeDense(w io.Writer, g *guest.Graph) error {
	n := g.Order()
	if n > MaxDenseOrder {
		return &Error{Format: denseTitle, Msg: fmt.Sprintf("%s vertices would make %s numbers, more than a dense matrix of %s vertices holds; write Matrix Market or CSV", numtext.Count(n), numtext.Count(n*n), numtext.Count(MaxDenseOrder))}
	}
	row := make([]float64, n)
	bw := newWriter(w)
	for v := 0; v < n && bw.err == nil; v++ {
		clear(row)
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			row[g.Adj[e]] = g.Volume(int(e))
		}
		for u, x := range row {
			if u > 0 {
				bw.sp()
			}
			bw.num(x)
		}
		bw.nl()
	}
	return bw.flush()
}
