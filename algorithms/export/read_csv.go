//go:build !(js && wasm)

package export

import (
	"io"
	"slices"
	"strings"
)

// readCSV reads the CSV that CSVWith writes: a header naming the columns,
// then one row per vertex. It reads the columns "vertex" and "slot" (on a
// host with cores), else "node" and "core" when there is one (without
// one, the vertices of a node take its cores in row order); the others
// (host name, coordinates) are not read.
func readCSV(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	var cols map[string]int
	width := 0 // the header's columns
	err := lines(r, func(line int, s string) error {
		fields := strings.Split(s, ",")
		if cols == nil {
			var err error
			cols, err = csvColumns(line, fields)
			width = len(fields)
			return err
		}
		if len(fields) != width {
			return placementErrorf(line, "%d columns, the header has %d", len(fields), width)
		}
		get := func(name string) (int, error) { return number(line, name, strings.TrimSpace(fields[cols[name]])) }
		v, err := get("vertex")
		if err != nil {
			return err
		}
		if _, ok := cols["slot"]; ok {
			slot, err := get("slot")
			if err != nil {
				return err
			}
			return p.put(line, v, slot)
		}
		n, err := get("node")
		if err != nil {
			return err
		}
		if _, ok := cols["core"]; !ok {
			return p.putNode(line, v, n)
		}
		k, err := get("core")
		if err != nil {
			return err
		}
		return p.putCore(line, v, n, k)
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}

// csvColumns indexes the header's columns, which must name "vertex" and
// "slot" or "node".
func csvColumns(line int, header []string) (map[string]int, error) {
	cols := make(map[string]int, len(header))
	for i, h := range header {
		cols[strings.TrimSpace(h)] = i
	}
	_, slot := cols["slot"]
	_, node := cols["node"]
	if _, v := cols["vertex"]; !v || !slot && !node {
		return nil, placementErrorf(line, "header %.60q: want the columns vertex and slot or node (as topomap's csv)", strings.Join(slices.Clip(header), ","))
	}
	return cols, nil
}
