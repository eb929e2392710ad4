package graphfile

import (
	"errors"
	"strconv"
)

// ErrTooLarge is wrapped by the errors of inputs above the Options' caps,
// so that a server can answer 413 rather than 400.
var ErrTooLarge = errors.New("graph above the size caps")

// Error is a malformed or oversized input: what was expected, and where.
// Its message is written for the person who made the file; match it with
// errors.As. Errors of the io.Reader itself are returned unchanged, not as
// an Error.
type Error struct {
	Format string `json:"format,omitempty"` // the format's title, "METIS graph"; "" before one is chosen
	Line   int    `json:"line,omitempty"`   // 1-based line of the input; 0: the input as a whole
	Field  int    `json:"field,omitempty"`  // 1-based field on that line; 0: the whole line
	Msg    string `json:"message"`          // what was expected and what was found
	Err    error  `json:"-"`                // ErrTooLarge for inputs above the caps, else nil
}

func (e *Error) Error() string {
	s := e.Format
	add := func(part string) {
		if s != "" {
			s += ", "
		}
		s += part
	}
	if e.Line > 0 {
		add("line " + strconv.Itoa(e.Line))
	}
	if e.Field > 0 {
		add("field " + strconv.Itoa(e.Field))
	}
	if s == "" {
		return e.Msg
	}
	return s + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }
