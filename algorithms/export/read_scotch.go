//go:build !(js && wasm)

package export

import (
	"io"
	"strings"

	"topomap/algorithms/metric"
)

// readScotch reads a Scotch mapping file as Scotch writes it: the vertex
// count, then one "vertex slot" line per vertex. Scotch numbers the
// vertices of a graph of baseval 1 (gcv's output from a METIS file) from
// 1: a file whose vertex numbers lack 0 and reach the count is read so.
func readScotch(r io.Reader, t Target) ([]int, error) {
	type pair struct{ line, v, slot int }
	var pairs []pair
	count, least, most := -1, -1, 0
	err := lines(r, func(line int, s string) error {
		fields := strings.Fields(s)
		if count < 0 {
			var err error
			if count, err = number(line, "vertex count", s); err != nil {
				return err
			}
			if count != t.Ranks {
				return placementErrorf(line, "the file maps %s vertices, the guest has %s", metric.Count(count), metric.Count(t.Ranks))
			}
			return nil
		}
		if len(fields) != 2 {
			return placementErrorf(line, "%.60q: want \"vertex slot\"", s)
		}
		v, err := number(line, "vertex", fields[0])
		if err != nil {
			return err
		}
		slot, err := number(line, "slot", fields[1])
		if least < 0 || v < least {
			least = v
		}
		most = max(most, v)
		pairs = append(pairs, pair{line, v, slot})
		return err
	})
	if err != nil {
		return nil, err
	}
	base := 0
	if least == 1 && most == count {
		base = 1
	}
	p := newPlacer(t)
	for _, q := range pairs {
		if err := p.put(q.line, q.v-base, q.slot); err != nil {
			return nil, err
		}
	}
	return p.done()
}
