package graphfile

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
)

const goalTitle = "GOAL schedule"

// goal is the GOAL schedule of LogGOPSim (Hoefler, Siebert, Lumsdaine,
// "LogGOPSim", HPDC 2010), the text its txt2bin reads: "num_ranks N",
// then per rank a block "rank r {" … "}" of operations, one a line:
// "[label:] send Sb to t [tag x] [cpu c] [nic n]", "[label:] recv Sb
// from s [tag x] [cpu c] [nic n]" (s or x −1: any), "[label:] calc T
// [cpu c]" and dependencies "l1 requires l2", "l1 irequires l2"; "//"
// and "/* … */" are comments. The communication graph is what the
// sends say: w(r→t) adds the S bytes of every send of rank r to t.
// Receives, computations and dependencies order the schedule in time;
// they are checked (goalDeps) but carry no volume (a matching receive repeats its
// send's), and a warning says when the receives' bytes differ from the
// sends'.
var goal = Format{
	Name:       "goal",
	Title:      goalTitle,
	Extensions: []string{".goal"},
	MediaType:  "text/x-goal",
	Sniff:      sniffGOAL,
	Read:       readGOAL,
	Write:      writeGOAL,
}

// sniffGOAL accepts an input whose first word, after blanks and
// comments, is num_ranks.
func sniffGOAL(head []byte, _ bool) bool {
	text, _ := io.ReadAll(&uncommented{r: bytes.NewReader(head), line: 1})
	text = bytes.TrimLeft(text, " \t\r\n\v\f")
	return bytes.HasPrefix(text, []byte("num_ranks")) && len(text) > 9 && !isIdent(text[9])
}

// goalReader is the state of a GOAL schedule being read: the parser,
// the current field's unread part, and where the schedule stands.
type goalReader struct {
	*parser
	rest      []byte      // the unread part of the current field
	field     int         // the field rest belongs to
	n         int         // num_ranks; 0 before it
	rank      int         // the open block's rank, -1 outside a block
	opened    int         // the line of the open block
	blocks    map[int]int // the line of each rank's block
	deps      goalDeps    // the open block's labels and dependencies
	sent, got float64     // the bytes of the sends and of the receives
}

func readGOAL(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	u := &uncommented{r: r, line: 1}
	g := &goalReader{parser: newParser(u, goalTitle, opt.Limits, ""), rank: -1}
	for g.nextLine(true) {
		g.rest = nil
		if err := g.statements(); err != nil {
			return nil, nil, err
		}
	}
	if u.state == slash && u.stray == 0 {
		u.stray = u.line // the input's last byte
	}
	switch {
	case u.stray > 0:
		return nil, nil, g.failAt(u.stray, 0, "a / that starts no comment (// or /*)")
	case u.state == inBlock || u.state == blockStar:
		return nil, nil, g.failAt(u.opened, 0, "a /* comment is not closed")
	case g.rank >= 0:
		return nil, nil, g.failAt(g.opened, 0, "the block of rank %d is not closed: a } is missing", g.rank)
	case g.n == 0:
		return nil, nil, g.failAt(0, 0, "no num_ranks line: a schedule starts with num_ranks N")
	}
	if g.got > 0 && g.got != g.sent {
		g.warnf("the receives total %s bytes and the sends %s: the volumes are the sends'", numtext.Number(g.got), numtext.Number(g.sent))
	}
	return g.graph(g.n)
}

// The states of uncommented.
const (
	inText    = iota
	slash     // after a '/' in the text
	inLine    // in a // comment
	inBlock   // in a /* comment
	blockStar // in a /* comment, after a '*'
)

// uncommented reads a GOAL schedule with its comments, "//" to the end of
// the line and "/* … */", turned into blanks (their line ends kept, so
// lines keep their numbers): the lexer then sees words only, whatever the
// comments' lengths. It notes the first '/' that starts no comment.
type uncommented struct {
	r      io.Reader
	state  int
	line   int // the line being read
	opened int // the line of the open /* comment
	stray  int // the line of the first '/' that starts no comment, 0 if none
}

func (u *uncommented) Read(b []byte) (int, error) {
	n, err := u.r.Read(b)
	for i, c := range b[:n] {
		next, keep := u.step(c)
		if !keep {
			b[i] = ' '
		}
		u.state = next
		if c == '\n' {
			u.line++
		}
	}
	return n, err
}

// step returns the state after byte c and whether c is text.
func (u *uncommented) step(c byte) (int, bool) {
	switch u.state {
	case slash:
		switch c {
		case '/':
			return inLine, false
		case '*':
			u.opened = u.line
			return inBlock, false
		}
		if u.stray == 0 {
			u.stray = u.line
		}
		u.state = inText
		return u.step(c)
	case inLine:
		if c == '\n' {
			return inText, true
		}
		return inLine, false
	case inBlock, blockStar:
		switch {
		case u.state == blockStar && c == '/':
			return inText, false
		case c == '*':
			return blockStar, false
		}
		return inBlock, c == '\n'
	}
	if c == '/' {
		return slash, false
	}
	return inText, true
}

// token returns the next word of the current line, or false at its end:
// a run of letters, digits, '_' and '-', or one other byte (':', '{',
// '}').
func (g *goalReader) token() ([]byte, bool) {
	if len(g.rest) == 0 {
		f, ok := g.next()
		if !ok {
			return nil, false
		}
		g.rest, g.field = f, g.fieldNo
	}
	i := 1
	for i < len(g.rest) && isIdent(g.rest[0]) && isIdent(g.rest[i]) {
		i++
	}
	t := g.rest[:i]
	g.rest = g.rest[i:]
	return t, true
}

// isIdent reports whether c may be part of a word.
func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// statements reads the statements of the current line.
func (g *goalReader) statements() error {
	for {
		t, ok := g.token()
		if !ok {
			return nil
		}
		var err error
		switch string(t) {
		case "num_ranks":
			err = g.numRanks()
		case "rank":
			err = g.open()
		case "}":
			if g.rank < 0 {
				return g.failHere("this } closes no rank block")
			}
			err = g.close()
		default:
			return g.statement(t)
		}
		if err != nil {
			return err
		}
	}
}

// failHere is fail at the field of the last word read.
func (g *goalReader) failHere(format string, args ...any) error {
	g.fieldNo = g.field
	return g.fail(true, format, args...)
}

// numRanks reads the count after num_ranks.
func (g *goalReader) numRanks() error {
	n, err := g.number(text("the number of ranks"))
	if err != nil {
		return err
	}
	switch {
	case n == 0:
		return g.failHere("expected the number of ranks, at least 1, got 0")
	case g.n != 0 && n != g.n:
		return g.failHere("num_ranks says %d, but an earlier line said %d", n, g.n)
	case g.rank >= 0:
		return g.failHere("num_ranks inside the block of rank %d", g.rank)
	}
	if n > g.lim.MaxVertices {
		g.fieldNo = g.field
		return g.tooLarge("num_ranks says %d ranks, more than the cap of %d", n, g.lim.MaxVertices)
	}
	g.n = n
	return nil
}

// open reads "r {" after rank.
func (g *goalReader) open() error {
	if g.rank >= 0 {
		return g.failHere("rank inside the block of rank %d, opened on line %d: a } is missing", g.rank, g.opened)
	}
	if g.n == 0 {
		return g.failHere("a rank block before num_ranks: a schedule starts with num_ranks N")
	}
	r, err := g.rankNumber(text("a rank"), false)
	if err != nil {
		return err
	}
	if line, ok := g.blocks[r]; ok {
		return g.failHere("rank %d has a block already, opened on line %d: each rank has one block", r, line)
	}
	if err := g.expect("{"); err != nil {
		return err
	}
	if g.blocks == nil {
		g.blocks = map[int]int{}
	}
	g.rank, g.opened, g.blocks[r] = r, g.line, g.line
	g.deps.reset()
	return nil
}

// statement reads an operation, labelled or not, or a dependency, whose
// first word is t; nothing may follow it on the line.
func (g *goalReader) statement(t []byte) error {
	if g.rank < 0 {
		return g.failHere("expected num_ranks, rank or }, got %s: operations belong in a rank block", quote(string(t)))
	}
	switch word := string(t); word {
	case "send", "recv", "calc":
	default:
		if !isIdent(t[0]) || t[0] >= '0' && t[0] <= '9' || t[0] == '-' {
			return g.failHere("expected send, recv, calc or a label, got %s", quote(word))
		}
		field := g.field
		next, ok := g.token()
		switch {
		case ok && string(next) == ":":
			if err := g.label(word, field); err != nil {
				return err
			}
			if t, ok = g.token(); !ok {
				return g.failHere("expected send, recv or calc after the label, the line ends")
			}
		case ok && (string(next) == "requires" || string(next) == "irequires"):
			return g.dependency(word, field, string(next))
		default:
			return g.failHere("expected : (a label), requires or irequires after %s, got %s", quote(word), g.found(next, ok))
		}
	}
	if err := g.operation(t); err != nil {
		return err
	}
	return g.end()
}

// dependency reads the rest of "l1 requires l2" (or irequires, dep)
// after l1, read in field.
func (g *goalReader) dependency(l1 string, field int, dep string) error {
	t, ok := g.token()
	if !ok || !isIdent(t[0]) {
		return g.failHere("expected a label after %s, got %s", dep, g.found(t, ok))
	}
	l2, field2 := string(t), g.field // the next word may reuse t's bytes
	if err := g.end(); err != nil {
		return err
	}
	return g.depend(l1, field, dep, l2, field2)
}

// operation reads the operands of send, recv or calc (t).
func (g *goalReader) operation(t []byte) error {
	switch string(t) {
	case "calc":
		if _, err := g.number(text("the computation's time")); err != nil {
			return err
		}
		return g.options("cpu")
	case "send", "recv":
	default:
		return g.failHere("expected send, recv or calc, got %s", quote(string(t)))
	}
	send := string(t) == "send"
	size, err := g.size()
	if err != nil {
		return err
	}
	word, what := "to", "the destination rank"
	if !send {
		word, what = "from", "the source rank (or -1, any)"
	}
	if err := g.expect(word); err != nil {
		return err
	}
	peer, err := g.rankNumber(text(what), !send)
	if err != nil {
		return err
	}
	if send {
		g.sent += size
		err = g.arc(g.rank, peer, size)
	} else {
		g.got += size
	}
	if err != nil {
		return err
	}
	return g.options("tag", "cpu", "nic")
}

// size reads a message size, "8b" or "8 b". The number is parsed before
// the next word is read, which may reuse its bytes.
func (g *goalReader) size() (float64, error) {
	t, ok := g.token()
	if !ok {
		return 0, g.failHere("expected a size in bytes such as 8b, the line ends")
	}
	digits := bytes.TrimSuffix(t, []byte("b"))
	glued, word, field := len(digits) < len(t), string(t), g.field
	g.fieldNo = field
	v, err := g.volume(digits, false, text("a size in bytes"))
	if err != nil || glued {
		return v, err
	}
	if b, ok := g.token(); !ok || string(b) != "b" {
		g.field = field
		return 0, g.failHere("expected a size in bytes such as 8b, got %s", quote(word))
	}
	return v, nil
}

// options reads the optional "name value" pairs after an operation, in
// the order of names (tag also accepts −1, any).
func (g *goalReader) options(names ...string) error {
	for {
		t, ok := g.token()
		if !ok {
			return nil
		}
		i := slices.Index(names, string(t))
		if i < 0 {
			return g.failHere("expected %s or the end of the line, got %s", strings.Join(names, ", "), quote(string(t)))
		}
		name := names[i]
		v, ok := g.token()
		if !ok || !(string(v) == "-1" && name == "tag") && !isCount(v) {
			return g.failHere("expected the %s's number, got %s", name, g.found(v, ok))
		}
		names = names[i+1:]
	}
}

// number reads an integer ≥ 0.
func (g *goalReader) number(what desc) (int, error) {
	t, ok := g.token()
	if !ok {
		return 0, g.failHere("expected %s, the line ends", what)
	}
	g.fieldNo = g.field
	return g.countOf(t, what)
}

// rankNumber reads a rank below num_ranks, or −1 if any.
func (g *goalReader) rankNumber(what desc, anySource bool) (int, error) {
	t, ok := g.token()
	if !ok {
		return 0, g.failHere("expected %s, the line ends", what)
	}
	if anySource && string(t) == "-1" {
		return -1, nil
	}
	g.fieldNo = g.field
	return g.index(t, 0, g.n, what)
}

// expect reads the word w.
func (g *goalReader) expect(w string) error {
	if t, ok := g.token(); !ok || string(t) != w {
		return g.failHere("expected %s, got %s", w, g.found(t, ok))
	}
	return nil
}

// end checks that the line has nothing left.
func (g *goalReader) end() error {
	if t, ok := g.token(); ok {
		return g.failHere("expected the end of the line (one operation a line), got %s", quote(string(t)))
	}
	return nil
}

// found names what a read found: the word, or the line's end.
func (g *goalReader) found(t []byte, ok bool) string {
	if !ok {
		return "the end of the line"
	}
	return quote(string(t))
}

// isCount reports whether t is an integer ≥ 0.
func isCount(t []byte) bool {
	v, ok := atoi(t)
	return ok && v >= 0
}

// writeGOAL writes one exchange: in each rank's block, a send per arc out
// of it and a receive per arc into it (whole bytes only).
func writeGOAL(w io.Writer, g *guest.Graph) error {
	if err := integral(g, goalTitle, 0, "a message size is whole bytes"); err != nil {
		return err
	}
	in := intoEach(g)
	bw := newWriter(w)
	bw.str("num_ranks ").int(g.Order()).nl()
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		bw.str("rank ").int(v).str(" {\n")
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			bw.str("send ").num(g.Volume(int(e))).str("b to ").int(int(g.Adj[e])).nl()
		}
		for _, a := range in[v] {
			bw.str("recv ").num(g.Volume(int(a.e))).str("b from ").int(int(a.from)).nl()
		}
		bw.str("}\n")
	}
	return bw.flush()
}

// inArc is an arc into a vertex: its index and its tail.
type inArc struct{ e, from int32 }

// intoEach lists the arcs into each vertex of g, by tail.
func intoEach(g *guest.Graph) [][]inArc {
	in := make([][]inArc, g.Order())
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u := g.Adj[e]
			in[u] = append(in[u], inArc{e, int32(v)})
		}
	}
	return in
}
