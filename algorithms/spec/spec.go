package spec

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
//
// "file:PATH" names a graph file, which only the command line reads
// (FilePath recognises it): here it is an error wrapping ErrFileGuest,
// so that a server never opens a path named in a request.
func ParseGuest(s string) (Guest, error) {
	if _, ok := FilePath(s); ok {
		return Guest{}, &syntaxError{fmt.Sprintf("guest %.64q: %v", s, ErrFileGuest), ErrFileGuest}
	}
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
//
// "file:PATH" names a machine file, which only the command line reads
// (FilePath recognises it): here it is an error wrapping ErrFileHost, so
// that a server never opens a path named in a request. "machine:ID"
// names a machine read from a file by this process or uploaded to it
// (topology.RegisterMachine); another is an error wrapping
// ErrMachineHost.
func ParseHost(s string) (topology.Host, error) {
	if _, ok := FilePath(s); ok {
		return nil, &syntaxError{fmt.Sprintf("host %.64q: %v", s, ErrFileHost), ErrFileHost}
	}
	h, err := topology.Parse(s)
	if err != nil {
		return nil, fail("host", s, err)
	}
	return h, nil
}

// ErrFileGuest is wrapped by the error of a guest "file:PATH" given where
// no file may be read (the API, a permalink).
var ErrFileGuest = errors.New("file:PATH is read by the command line only; upload the graph (POST /api/v1/graphs, or Upload a graph in the app) and give the graph:ID it answers")

// ErrFileHost is wrapped by the error of a host "file:PATH" given where
// no file may be read (the API, a permalink).
var ErrFileHost = errors.New("file:PATH is read by the command line only (a Slurm topology.conf, a Scotch target, an hwloc XML file or synthetic string)")

// ErrMachineHost is wrapped by the error of a host "machine:ID" that
// names no machine this process read or was sent.
var ErrMachineHost = topology.ErrUnknownMachine

// FilePath returns the path of a guest or host "file:PATH", the command
// line's form of a graph file or a machine file (the prefix in any case, surrounding spaces
// ignored).
func FilePath(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 5 || !strings.EqualFold(s[:5], "file:") {
		return "", false
	}
	return s[5:], true
}

// Resolve attaches the graph that a graph:ID guest names, with the
// caller's resolver (a store, a file loader, a fetch); other guests are
// left as they are. Errors are *FieldError of the guest field.
func (in *Instance) Resolve(ctx context.Context, r guest.Resolver) error {
	g, err := in.Guest.Resolve(ctx, r)
	if err != nil {
		return &FieldError{"guest", err}
	}
	in.Guest = g
	return nil
}
