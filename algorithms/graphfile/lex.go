package graphfile

import (
	"bufio"
	"errors"
	"io"
)

// maxField bounds a field's length: every field is a number or a short
// CSV column name, and the bound keeps a lexer's memory constant.
const maxField = 64

// lexer splits an input into lines and fields, keeping the position of the
// last field for error messages. It never holds more than one field, so a
// line of any length costs no memory.
type lexer struct {
	r        *bufio.Reader
	line     int    // current line, 1-based; 0 before the first
	fieldNo  int    // fields returned on the current line
	tok      []byte // the last field
	long     bool   // the last field was longer than maxField (truncated)
	eol      bool   // the current line has no more fields
	eof      bool   // no more input
	err      error  // the first error of r other than io.EOF
	comments string // bytes that start a comment line in column 1
	comma    bool   // fields are separated by ',' (CSV), not by blanks
}

func newLexer(r *bufio.Reader, comments string) *lexer {
	return &lexer{r: r, comments: comments, eol: true, tok: make([]byte, 0, maxField)}
}

func (l *lexer) readByte() (byte, bool) {
	if l.eof {
		return 0, false
	}
	c, err := l.r.ReadByte()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			l.err = err
		}
		l.eof = true
		return 0, false
	}
	return c, true
}

func (l *lexer) unread() { _ = l.r.UnreadByte() }

// nextLine moves to the start of the next line that is not a comment (and
// not blank with skipBlank), skipping what is left of the current one. It
// reports false at the end of the input.
func (l *lexer) nextLine(skipBlank bool) bool {
	for {
		if l.line > 0 || l.fieldNo > 0 || !l.eol {
			if !l.skipRest() {
				return false
			}
		}
		c, ok := l.readByte()
		if !ok {
			return false
		}
		l.line++
		l.fieldNo, l.eol = 0, false
		if indexByte(l.comments, c) {
			l.eol = true
			continue
		}
		l.unread()
		if skipBlank && l.blank() {
			l.eol = true
			continue
		}
		return true
	}
}

// skipRest consumes the current line through its newline; false at the
// end of the input.
func (l *lexer) skipRest() bool {
	for {
		c, ok := l.readByte()
		if !ok {
			return false
		}
		if c == '\n' {
			return true
		}
	}
}

// blank reports whether the rest of the current line is blank, consuming
// the blanks (not the newline).
func (l *lexer) blank() bool {
	for {
		c, ok := l.readByte()
		if !ok {
			return true
		}
		if !isSpace(c) {
			l.unread()
			return c == '\n'
		}
	}
}

// next returns the current line's next field, or false at its end. With
// comma, fields are separated by ',' and trimmed of blanks and of one
// pair of double quotes; an empty field is returned as such.
func (l *lexer) next() ([]byte, bool) {
	if l.eol || l.eof {
		l.eol = true
		return nil, false
	}
	if l.comma {
		return l.nextCSV()
	}
	if l.blank() {
		l.eol = true
		return nil, false
	}
	l.tok, l.long = l.tok[:0], false
	for {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if isSpace(c) || c == '\n' {
			l.unread()
			break
		}
		l.appendTok(c)
	}
	l.fieldNo++
	return l.tok, true
}

func (l *lexer) nextCSV() ([]byte, bool) {
	if l.fieldNo > 0 {
		// the previous field stopped before ',' or the newline
		if c, ok := l.readByte(); !ok || c == '\n' {
			l.eol = true
			if ok {
				l.unread()
			}
			return nil, false
		}
	} else if l.blank() {
		l.eol = true
		return nil, false
	}
	l.tok, l.long = l.tok[:0], false
	for {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if c == ',' || c == '\n' {
			l.unread()
			break
		}
		l.appendTok(c)
	}
	l.fieldNo++
	l.tok = trimField(l.tok)
	return l.tok, true
}

func (l *lexer) appendTok(c byte) {
	if len(l.tok) < maxField {
		l.tok = append(l.tok, c)
	} else {
		l.long = true
	}
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
