package graphfile

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"

	"topomap/algorithms/reason"
)

// parser is the state every reader shares: the lexer, the caps, and the
// arcs read so far with what was dropped.
type parser struct {
	*lexer
	title    string
	stream   bool // fields cross line ends (Scotch): field reads tokens
	hint     int  // the arcs the header promises, 0 if it does not
	lim      Limits
	arcs     []guest.Arc
	loops    int // self-loops read, and the line of the first
	loopLine int
	zeros    int // arcs of volume 0 ignored, and the line of the first
	zeroLine int
	warnings []string
}

func newParser(r io.Reader, title string, lim Limits, comments string) *parser {
	return &parser{lexer: newLexer(r, comments), title: title, lim: lim}
}

// fail returns an *Error at the current line (and field, if field), or
// the error of the underlying reader, which explains more.
func (p *parser) fail(field bool, format string, args ...any) error {
	if p.err != nil {
		return p.err
	}
	e := &Error{Format: p.title, Line: p.line, Msg: fmt.Sprintf(format, args...)}
	if field {
		e.Field = p.fieldNo
	}
	return e
}

// tooLarge is fail for inputs above the caps.
func (p *parser) tooLarge(format string, args ...any) error {
	return p.tooLargeAt(p.line, p.fieldNo, format, args...)
}

// tooLargeAt is failAt for inputs above the caps; its integers (%d) are
// written with thousands separators, as people read caps.
func (p *parser) tooLargeAt(line, field int, format string, args ...any) error {
	for i, a := range args {
		switch n := a.(type) {
		case int:
			args[i] = numtext.Thousands(n)
		case int64:
			args[i] = numtext.Thousands(int(n))
		}
	}
	err := p.failAt(line, field, strings.ReplaceAll(format, "%d", "%s"), args...)
	if e, ok := err.(*Error); ok {
		e.Err = ErrTooLarge
	}
	return err
}

// failAt is fail at a given line, for what is found wrong after reading.
func (p *parser) failAt(line, field int, format string, args ...any) error {
	if p.err != nil {
		return p.err
	}
	return &Error{Format: p.title, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// arc records w(u→v) read on the current line: volume 0 is no traffic.
func (p *parser) arc(u, v int, w float64) error { return p.add(u, v, w, u == v) }

// add is arc for vertices whose numbers may not say if they are a loop.
func (p *parser) add(u, v int, w float64, loop bool) error {
	if w == 0 {
		if p.zeros == 0 {
			p.zeroLine = p.line
		}
		p.zeros++
		return nil
	}
	if len(p.arcs) == cap(p.arcs) {
		if len(p.arcs) >= p.lim.MaxArcs {
			return p.tooLargeAt(p.line, 0, "more than %d arcs, the cap", p.lim.MaxArcs)
		}
		p.grow()
	}
	if loop {
		if p.loops == 0 {
			p.loopLine = p.line
		}
		p.loops++
	}
	p.arcs = append(p.arcs, guest.Arc{From: u, To: v, Volume: w})
	return nil
}

// grow doubles the room for arcs, or makes it what the header promised
// if that is less: about half the copying of append, and an exact fit when
// the header is right. Never above the cap.
func (p *parser) grow() {
	c := max(2*cap(p.arcs), 1<<12)
	if p.hint > len(p.arcs) && p.hint < c {
		c = p.hint
	}
	c = min(c, p.lim.MaxArcs)
	p.arcs = append(make([]guest.Arc, 0, c), p.arcs...)
}

func (p *parser) warnf(format string, args ...any) {
	p.warnings = append(p.warnings, fmt.Sprintf(format, args...))
}

// graph builds the graph of n vertices from the arcs read, with the
// warnings of what was dropped. All-unit volumes become a nil Weight, as
// in the generated guests.
func (p *parser) graph(n int) (*guest.Graph, []string, error) {
	if p.err != nil {
		return nil, nil, p.err // the input may have been cut short
	}
	g, _, err := guest.FromArcs(n, p.arcs)
	switch {
	case errors.Is(err, guest.ErrTotalVolume):
		return nil, nil, &Error{Format: p.title, Msg: reason.Of(err)}
	case err != nil:
		// every arc was checked: what is left is parallel volumes whose
		// sum overflows
		return nil, nil, &Error{Format: p.title, Msg: "the volumes between two processes add up to more than 1.8e308, the largest number"}
	}
	p.arcs = nil
	if p.loops > 0 {
		p.warnf("%s dropped, the first on line %d: a process sending to itself uses no network", plural(p.loops, "self-loop"), p.loopLine)
	}
	if p.zeros > 0 {
		p.warnf("%s of volume 0 ignored, the first on line %d", plural(p.zeros, "entry", "entries"), p.zeroLine)
	}
	unit := true
	for _, w := range g.Weight {
		unit = unit && w == 1
	}
	if unit {
		g.Weight = nil
	}
	return g, p.warnings, nil
}

// field returns the next field of the current line, or fails with what
// was expected there.
func (p *parser) field(what desc) ([]byte, error) {
	if p.stream {
		f, ok := p.token()
		if !ok {
			p.fieldNo++
			return nil, p.fail(true, "expected %s, the input ends", what)
		}
		return f, nil
	}
	f, ok := p.next()
	if !ok {
		p.fieldNo++
		return nil, p.fail(true, "expected %s, the line ends", what)
	}
	return f, nil
}

// order checks the number of vertices a header gives.
func (p *parser) order(n int) error {
	if n == 0 {
		return p.fail(true, "a graph needs at least one vertex, the header says 0")
	}
	if n > p.lim.MaxVertices {
		return p.tooLarge("the header says %d vertices, more than the cap of %d", n, p.lim.MaxVertices)
	}
	return nil
}

// count reads a non-negative integer field.
func (p *parser) count(what desc) (int, error) {
	f, err := p.field(what)
	if err != nil {
		return 0, err
	}
	return p.countOf(f, what)
}

// countOf parses a non-negative integer field.
func (p *parser) countOf(f []byte, what desc) (int, error) {
	v, ok := atoi(f)
	if !ok || v < 0 {
		return 0, p.fail(true, "expected %s (an integer ≥ 0), got %s", what, quoteField(f, p.long))
	}
	return int(v), nil
}

// index reads a vertex number in [lo, lo+n) and returns it minus lo.
func (p *parser) index(f []byte, lo, n int, what desc) (int, error) {
	v, ok := atoi(f)
	if !ok || v < int64(lo) || v >= int64(lo)+int64(n) {
		return 0, p.fail(true, "expected %s from %d to %d, got %s", what, lo, lo+n-1, quoteField(f, p.long))
	}
	return int(v) - lo, nil
}

// volume parses a volume: an integer, or a real if real, ≥ 0 and finite.
func (p *parser) volume(f []byte, real bool, what desc) (float64, error) {
	if !real {
		v, ok := atoi(f)
		if !ok || v < 0 || v > maxExact {
			return 0, p.fail(true, "expected %s (an integer from 0 to 2^53), got %s", what, quoteField(f, p.long))
		}
		return float64(v), nil
	}
	if v, ok := atoi(f); ok && v >= 0 && v <= maxExact {
		return float64(v), nil // most volumes: faster than ParseFloat
	}
	v, err := strconv.ParseFloat(string(f), 64)
	if err != nil || p.long || !(v >= 0) || math.IsInf(v, 1) {
		return 0, p.fail(true, "expected %s (a finite number ≥ 0), got %s", what, quoteField(f, p.long))
	}
	return v, nil
}

// flags parses a METIS fmt or a Scotch flag: up to three digits 0 or 1,
// right-aligned ("1" is "001").
func flags(f []byte) ([3]bool, bool) {
	var d [3]bool
	if len(f) == 0 || len(f) > 3 {
		return d, false
	}
	for i, c := range f {
		if c != '0' && c != '1' {
			return d, false
		}
		d[3-len(f)+i] = c == '1'
	}
	return d, true
}

// maxExact is the largest integer volume that float64 holds exactly.
const maxExact = 1 << 53

// atoi parses a decimal integer with an optional sign; false for anything
// else and beyond ±2^62.
func atoi(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if v > 1<<62 {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

func quoteField(f []byte, long bool) string {
	if long {
		return strconv.Quote(string(f)+"…") + fmt.Sprintf(" (longer than %d characters)", maxField)
	}
	if len(f) == 0 {
		return "an empty field"
	}
	return strconv.Quote(string(f))
}

func quote(s string) string { return strconv.Quote(s) }

// plural counts things for people (numtext.Plural: "1 arc", "1,024 arcs").
var plural = numtext.Plural

// unmatched returns the number of arcs of g whose reverse is absent or
// carries another volume, and the first of them (smallest source). O(n+m).
func unmatched(g *guest.Graph) (count, from, to int) {
	n := g.Order()
	off, src, vol := g.Transpose() // in-arcs u→v of each v, with w(u→v)
	// arc u→v is matched when v's out-arc to u has its volume
	stamp := make([]int32, n)
	out := make([]float64, n)
	from, to = n, 0
	for v := range n {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			stamp[g.Adj[e]], out[g.Adj[e]] = int32(v)+1, g.Volume(int(e))
		}
		for i := off[v]; i < off[v+1]; i++ {
			u := src[i]
			if stamp[u] != int32(v)+1 || out[u] != vol[i] {
				count++
				if int(u) < from {
					from, to = int(u), v
				}
			}
		}
	}
	return count, from, to
}

// isNumber reports whether f is a finite real number ≥ 0.
func isNumber(f []byte) bool {
	v, err := strconv.ParseFloat(string(f), 64)
	return err == nil && v >= 0 && !math.IsInf(v, 1)
}

// desc describes an expected field for error messages. It is formatted
// only on failure, so the hot paths build no strings.
type desc struct {
	format string
	a, b   int
	n      int // how many of a, b format uses
}

func text(s string) desc                  { return desc{format: s} }
func textf(format string, a int) desc     { return desc{format: format, a: a, n: 1} }
func textf2(format string, a, b int) desc { return desc{format: format, a: a, b: b, n: 2} }

func (d desc) String() string {
	switch d.n {
	case 0:
		return d.format
	case 1:
		return fmt.Sprintf(d.format, d.a)
	}
	return fmt.Sprintf(d.format, d.a, d.b)
}
