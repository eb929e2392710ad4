package export

import (
	"io"
	"strings"

	"topomap/algorithms/metric"
)

// readScotch reads a Scotch mapping file as Scotch writes it: the vertex
// count, then one "vertex slot" line per vertex.
func readScotch(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	count := -1
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
		if err != nil {
			return err
		}
		return p.put(line, v, slot)
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}
