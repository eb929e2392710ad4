//go:build !(js && wasm)

package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/reason"
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
		return nil, placementErrorf(0, "not a topomap JSON report: %s", jsonReason(err))
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
			return nil, placementErrorf(0, "placement[%d] %v: %s", v, xs, reason.Of(err))
		}
		if err := p.put(0, v, slot); err != nil {
			return nil, fmt.Errorf("placement[%d]: %w", v, err)
		}
	}
	return p.done()
}

// jsonReason says what is wrong with a report the decoder refused, in
// the report's terms rather than Go's ("cannot unmarshal number 0.5 into
// Go struct field .placement of type int").
func jsonReason(err error) string {
	te, ok := errors.AsType[*json.UnmarshalTypeError](err)
	switch {
	case !ok:
		return err.Error()
	case strings.HasPrefix(te.Field, "placement"):
		return "its placement holds a " + te.Value + ": want lists of whole numbers, the host coordinates of each vertex"
	}
	return fmt.Sprintf("its %s holds a %s: want text", te.Field, te.Value)
}
