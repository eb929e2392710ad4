package mapping

import (
	"errors"
	"fmt"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

// Mapping places each guest vertex v on host node Place[v].
type Mapping struct {
	Guest *guest.Graph
	Host  topology.Host
	Place []int
}

// ErrInvalid is wrapped by every validation error of this package.
var ErrInvalid = errors.New("mapping: invalid placement")

// Validate checks that Place has one in-range entry per guest vertex and
// that no host node is used twice. O(n).
func (m *Mapping) Validate() error {
	if len(m.Place) != m.Guest.Order() {
		return fmt.Errorf("%w: %s entries for %s guest vertices", ErrInvalid, numtext.Count(len(m.Place)), numtext.Count(m.Guest.Order()))
	}
	used := make([]bool, m.Host.Size())
	for v, h := range m.Place {
		if h < 0 || h >= len(used) {
			return fmt.Errorf("%w: vertex %d on node %d, outside [0, %d)", ErrInvalid, v, h, len(used))
		}
		if used[h] {
			return fmt.Errorf("%w: node %d holds two vertices (second: %d)", ErrInvalid, h, v)
		}
		used[h] = true
	}
	return nil
}

// Inverse returns, for each host node, the guest vertex placed on it, or -1
// for an unused node. O(n). It assumes m is valid (see Validate) and panics
// on an out-of-range node.
func (m *Mapping) Inverse() []int {
	inv := make([]int, m.Host.Size())
	for i := range inv {
		inv[i] = -1
	}
	for v, h := range m.Place {
		inv[h] = v
	}
	return inv
}

// Coords returns the host coordinates of every guest vertex, in vertex
// order (the "placement" array of the CLI and API). O(n·c), one
// allocation for all rows. It panics on an out-of-range node.
func (m *Mapping) Coords() [][]int {
	c := 0
	if len(m.Place) > 0 {
		c = len(m.Host.Coords(m.Place[0], nil))
	}
	out := make([][]int, len(m.Place))
	flat := make([]int, len(m.Place)*c)
	for v, h := range m.Place {
		out[v] = m.Host.Coords(h, flat[v*c:v*c:v*c+c])
	}
	return out
}
