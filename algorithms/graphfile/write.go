package graphfile

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

// writer appends numbers to a buffered output, keeping the first error.
type writer struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func newWriter(w io.Writer) *writer { return &writer{w: bufio.NewWriterSize(w, 64<<10)} }

func (w *writer) bytes(b []byte) *writer {
	if w.err == nil {
		_, w.err = w.w.Write(b)
	}
	return w
}

func (w *writer) int(v int) *writer {
	w.buf = strconv.AppendInt(w.buf[:0], int64(v), 10)
	return w.bytes(w.buf)
}

// num writes a volume exactly: integers without a decimal point, others
// in the shortest form that reads back to the same float64.
func (w *writer) num(v float64) *writer {
	if v == math.Trunc(v) && math.Abs(v) <= maxExact {
		return w.int(int(v))
	}
	w.buf = strconv.AppendFloat(w.buf[:0], v, 'g', -1, 64)
	return w.bytes(w.buf)
}

func (w *writer) str(s string) *writer {
	w.buf = append(w.buf[:0], s...)
	return w.bytes(w.buf)
}

func (w *writer) sp() *writer { return w.str(" ") }
func (w *writer) nl() *writer { return w.str("\n") }

// flush returns the first error of the output, if any.
func (w *writer) flush() error {
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// unitVolumes reports whether every arc of g carries 1.
func unitVolumes(g *guest.Graph) bool {
	for e := range g.Arcs() {
		if g.Volume(e) != 1 {
			return false
		}
	}
	return true
}

// undirected returns why f cannot hold g, if it cannot: f stores
// undirected edges with integer weights, its vertices numbered from base.
func undirected(g *guest.Graph, title string, base int) error {
	if err := integral(g, title, base, "the format holds integer weights only"); err != nil {
		return err
	}
	return symmetric(g, title, base)
}

// symmetric returns why f cannot hold g, if it cannot: f stores
// undirected edges, its vertices numbered from base.
func symmetric(g *guest.Graph, title string, base int) error {
	if c, from, to := unmatched(g); c > 0 {
		return &Error{Format: title, Msg: fmt.Sprintf("the graph is directed: arc %s has no reverse of the same volume, but the format holds undirected edges; write Matrix Market or CSV", arcName(from, to, base))}
	}
	return nil
}

// integral returns why format title, whose vertices are numbered from
// base, cannot hold a volume of g that is not an integer up to 2^53, if
// one is not: because of rule.
func integral(g *guest.Graph, title string, base int, rule string) error {
	for e := range g.Arcs() {
		if v := g.Volume(e); v != math.Trunc(v) || v > maxExact {
			from := 0
			for int(g.Offsets[from+1]) <= e {
				from++
			}
			return &Error{Format: title, Msg: fmt.Sprintf("arc %s has volume %s, but %s; write Matrix Market or CSV", arcName(from, int(g.Adj[e]), base), numtext.Number(v), rule)}
		}
	}
	return nil
}

// arcName names arc u→v for a writer's message: as the processes
// (numbered from 0), and as the file would number its vertices.
func arcName(u, v, base int) string {
	if base == 0 {
		return fmt.Sprintf("%d→%d (vertices numbered from 0, as in the file)", u, v)
	}
	return fmt.Sprintf("%d→%d (vertices numbered from 0; %d→%d in the file, which numbers them from %d)", u, v, u+base, v+base, base)
}
