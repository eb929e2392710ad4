//go:build !(js && wasm)

package export

import (
	"io"
	"strings"

	"topomap/algorithms/reason"
)

// readMapfile reads a coordinate mapfile as Mapfile writes it: line r
// holds the coordinates of rank r's node, then its core.
func readMapfile(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	want := len(p.nodes.Coords(0, nil)) + 1
	rank := 0
	xs := make([]int, want)
	err := lines(r, func(line int, s string) error {
		fields := strings.Fields(s)
		if len(fields) != want {
			return placementErrorf(line, "%d numbers, want %d: the %d coordinates of a node of %s, then the core", len(fields), want, want-1, p.nodes)
		}
		for i, f := range fields {
			var err error
			if xs[i], err = number(line, "coordinate", f); err != nil {
				return err
			}
		}
		n, err := p.nodes.Index(xs[:want-1])
		if err != nil {
			return placementErrorf(line, "coordinates %v are no node of %s (%s)", xs[:want-1], p.nodes, reason.Of(err))
		}
		rank++
		return p.putCore(line, rank-1, n, xs[want-1])
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}
