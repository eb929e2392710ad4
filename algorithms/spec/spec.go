package spec

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// ErrSyntax matches (errors.Is) every error of this package. The messages
// themselves are sentences for users, with no package prefix.
var ErrSyntax = errors.New("malformed input")

// syntaxError is a message about malformed input; it matches ErrSyntax
// and wraps the error it explains, if any.
type syntaxError struct {
	msg string
	err error
}

func (e *syntaxError) Error() string        { return e.msg }
func (e *syntaxError) Is(target error) bool { return target == ErrSyntax }
func (e *syntaxError) Unwrap() error        { return e.err }

// syntaxf returns a syntaxError with a formatted message.
func syntaxf(format string, args ...any) error {
	return &syntaxError{msg: fmt.Sprintf(format, args...)}
}

// Guest is a parsed guest string: guest.Spec, whose kinds are registered
// in package guest.
type Guest = guest.Spec

// fail returns a one-line error of kind ErrSyntax naming the input
// (quoted, cut to 64 characters) and what is wrong with it (err, which
// stays in the chain).
func fail(what, s string, err error) error {
	cut := ""
	if len(s) > 64 {
		cut = "..."
	}
	return &syntaxError{fmt.Sprintf("%s %.64q%s: %v", what, s, cut, err), err}
}

// ParseGuest parses a guest string with the parser its kind registered in
// package guest: "hypercube:D", "grid:AxB" or "grid:AxBxC", optionally
// followed by ":wrap" for a periodic grid, today.
func ParseGuest(s string) (Guest, error) {
	g, err := guest.Parse(s)
	if err != nil {
		return Guest{}, fail("guest", s, err)
	}
	return g, nil
}

// ParseHost parses a host string with the parser its kind registered in
// package topology: "line:K", "ring:K", "mesh:AxB[x...]", "torus:AxB[x...]"
// or "hypercube:D" today. A mesh may take ":wrap=B1B2..." with one 0/1
// digit per dimension (first dimension first) for per-dimension
// wrap-around. A one-dimensional mesh or torus is normalised to a line or
// ring. Building a host allocates O(c), whatever its size.
func ParseHost(s string) (topology.Host, error) {
	h, err := topology.Parse(s)
	if err != nil {
		return nil, fail("host", s, err)
	}
	return h, nil
}
