package spec

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// ErrSyntax is wrapped by every error of this package.
var ErrSyntax = errors.New("spec")

// Guest is a parsed guest string: guest.Spec, whose kinds are registered
// in package guest.
type Guest = guest.Spec

// fail returns a one-line error naming the input (quoted, cut to 64
// characters) and the problem.
func fail(what, s, format string, args ...any) error {
	cut := ""
	if len(s) > 64 {
		cut = "..."
	}
	return fmt.Errorf("%w: %s %.64q%s: %s", ErrSyntax, what, s, cut, fmt.Sprintf(format, args...))
}

// ParseGuest parses a guest string with the parser its kind registered in
// package guest: "hypercube:D", "grid:AxB" or "grid:AxBxC", optionally
// followed by ":wrap" for a periodic grid, today.
func ParseGuest(s string) (Guest, error) {
	g, err := guest.Parse(s)
	if err != nil {
		return Guest{}, fail("guest", s, "%v", err)
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
		return nil, fail("host", s, "%v", err)
	}
	return h, nil
}
