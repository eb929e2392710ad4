package graphfile

import (
	"errors"
	"io"
)

// maxField bounds a field's length: every field is a number or a short
// CSV column name, and the bound keeps a lexer's memory constant.
const maxField = 64

// lexer splits an input into lines and fields, keeping the position of the
// last field for error messages. It holds one buffer and at most one
// field, so a line of any length costs no memory.
type lexer struct {
	r        io.Reader
	buf      []byte // buf[pos:end] is read and not yet consumed
	pos, end int
	line     int    // current line, 1-based; 0 before the first
	fieldNo  int    // fields returned on the current line
	tok      []byte // the last field: a slice of buf, or of own
	own      []byte // a field that spans two reads of buf
	long     bool   // the last field was longer than maxField (truncated)
	eol      bool   // the current line has no more fields
	eof      bool   // no more input
	err      error  // the first error of r other than io.EOF
	comments string // bytes that start a comment line in column 1
	comma    bool   // fields are separated by ',' (CSV), not by blanks
}

// lexBuffer is the size of a lexer's buffer; tests make it tiny, so that
// fields span reads.
var lexBuffer = 64 << 10

func newLexer(r io.Reader, comments string) *lexer {
	return &lexer{r: r, buf: make([]byte, lexBuffer), comments: comments, eol: true, own: make([]byte, 0, maxField)}
}

// fill reads more input into the empty buffer; false at its end.
func (l *lexer) fill() bool {
	for !l.eof {
		n, err := l.r.Read(l.buf)
		l.pos, l.end = 0, n
		if err != nil {
			if !errors.Is(err, io.EOF) {
				l.err = err
			}
			l.eof = true
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// peek returns the next byte without consuming it.
func (l *lexer) peek() (byte, bool) {
	if l.pos == l.end && !l.fill() {
		return 0, false
	}
	return l.buf[l.pos], true
}

// nextLine moves to the start of the next line that is not a comment (and
// not blank with skipBlank), skipping what is left of the current one. It
// reports false at the end of the input.
func (l *lexer) nextLine(skipBlank bool) bool {
	for {
		if l.line > 0 && !l.skipRest() {
			return false
		}
		c, ok := l.peek()
		if !ok {
			return false
		}
		l.line++
		l.fieldNo, l.eol = 0, false
		if indexByte(l.comments, c) {
			continue
		}
		if skipBlank && l.blank() {
			continue
		}
		return true
	}
}

// skipRest consumes the current line through its newline; false at the
// end of the input.
func (l *lexer) skipRest() bool {
	for {
		if l.pos == l.end && !l.fill() {
			return false
		}
		for i, c := range l.buf[l.pos:l.end] {
			if c == '\n' {
				l.pos += i + 1
				return true
			}
		}
		l.pos = l.end
	}
}

// blank reports whether the rest of the current line is blank, consuming
// the blanks (not the newline).
func (l *lexer) blank() bool {
	for {
		for l.pos < l.end && isSpace(l.buf[l.pos]) {
			l.pos++
		}
		if l.pos < l.end {
			return l.buf[l.pos] == '\n'
		}
		if !l.fill() {
			return true
		}
	}
}

// next returns the current line's next field, or false at its end. With
// comma, fields are separated by ',' and trimmed of blanks and of one
// pair of double quotes; an empty field is returned as such.
func (l *lexer) next() ([]byte, bool) {
	if l.eol {
		return nil, false
	}
	if l.comma && l.fieldNo > 0 {
		// the previous field stopped before ',' or the newline
		if c, ok := l.peek(); !ok || c == '\n' {
			l.eol = true
			return nil, false
		}
		l.pos++ // the comma
	} else if l.blank() {
		l.eol = true
		return nil, false
	}
	l.scan()
	l.fieldNo++
	if l.comma {
		l.tok = trimField(l.tok)
	}
	return l.tok, true
}

// scan reads a field up to its separator, which it leaves unread.
func (l *lexer) scan() {
	l.own, l.long = l.own[:0], false
	for {
		start := l.pos
		for l.pos < l.end && !l.stop(l.buf[l.pos]) {
			l.pos++
		}
		if l.pos < l.end || l.eof {
			if len(l.own) == 0 && !l.long {
				l.tok = l.buf[start:l.pos]
				if len(l.tok) > maxField {
					l.tok, l.long = l.tok[:maxField], true
				}
				return
			}
			l.keep(l.buf[start:l.pos])
			l.tok = l.own
			return
		}
		l.keep(l.buf[start:l.pos]) // the field continues in the next read
		if !l.fill() {
			l.tok = l.own
			return
		}
	}
}

func (l *lexer) stop(c byte) bool {
	if l.comma {
		return c == ',' || c == '\n'
	}
	return c == '\n' || isSpace(c)
}

// keep appends to own what fits of a field's part.
func (l *lexer) keep(b []byte) {
	if room := maxField - len(l.own); len(b) > room {
		b, l.long = b[:room], true
	}
	l.own = append(l.own, b...)
}

// token returns the next field, crossing line ends: the grammar of Scotch
// files is a stream of numbers.
func (l *lexer) token() ([]byte, bool) {
	for {
		if f, ok := l.next(); ok {
			return f, true
		}
		if !l.nextLine(true) {
			return nil, false
		}
	}
}

func trimField(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	return b
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func indexByte(s string, c byte) bool {
	for i := range len(s) {
		if s[i] == c {
			return true
		}
	}
	return false
}
