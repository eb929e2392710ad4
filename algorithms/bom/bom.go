// Package bom skips the byte order mark, EF BB BF, that editors on
// Windows write at the start of UTF-8 text files. Every reader of
// people's text files (machine files, placement files, host names)
// passes its input through Trim or Skip, so that such a file reads as it
// shows. Only one mark is skipped: a second is text.
package bom

import (
	"bufio"
	"bytes"
)

// mark is the UTF-8 encoding of U+FEFF.
var mark = []byte{0xEF, 0xBB, 0xBF}

// Trim returns text without its leading byte order mark, if it has one.
func Trim(text []byte) []byte { return bytes.TrimPrefix(text, mark) }

// Skip reads past br's leading byte order mark, if it has one. It peeks
// at br's first bytes only: an error of that read is met again by the
// reads that follow.
func Skip(br *bufio.Reader) {
	if head, _ := br.Peek(len(mark)); bytes.Equal(head, mark) {
		_, _ = br.Discard(len(mark))
	}
}
