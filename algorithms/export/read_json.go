//go:build !(js && wasm)

package export

import (
	"encoding/json"
	"fmt"
	"io"
)

// readJSON reads the report that JSONWith writes: its "placement" holds
// the host coordinates of each vertex's slot (the node's, then the core
// on a host with cores). A report of another host, or of another guest
// than t's, is refused.
func readJSON(r io.Reader, t Target) ([]int, error) {
	var rep struct {
		Guest     string  `json:"guest"`
		Host      string  `json:"host"`
		Placement [][]int `json:"placement"`
	}
	if err := json.NewDecoder(r).Decode(&rep); err != nil {
		return nil, placementErrorf(0, "not a topomap JSON report: %v", err)
	}
	if rep.Guest != "" && t.Guest != "" && rep.Guest != t.Guest {
		return nil, placementErrorf(0, "the report places guest %.60q, not %s", rep.Guest, t.Guest)
	}
	if rep.Host != "" && rep.Host != t.Host.String() && rep.Host != t.Named {
		return nil, placementErrorf(0, "the report places the ranks on host %.60q, not on %s", rep.Host, t.Host)
	}
	if rep.Placement == nil {
		return nil, placementErrorf(0, "the report has no \"placement\" (the host coordinates of each vertex)")
	}
	p := newPlacer(t)
	for v, xs := range rep.Placement {
		slot, err := t.Host.Index(xs)
		if err != nil {
			return nil, placementErrorf(0, "placement[%d] %v: %v", v, xs, err)
		}
		if err := p.put(0, v, slot); err != nil {
			return nil, fmt.Errorf("placement[%d]: %w", v, err)
		}
	}
	return p.done()
}
