package export_test

import (
	"bytes"
	"slices"
	"testing"

	"topomap/algorithms/export"
)

// TestReadPlacementSkipsByteOrderMark: a placement file of every
// readable format, written by topomap then saved by an editor that puts
// a byte order mark first, reads as without the mark, its format named
// and sniffed.
func TestReadPlacementSkipsByteOrderMark(t *testing.T) {
	r := solved(t, "grid:4x4", "mesh:4x2:cores=2", "rb")
	tgt := export.Target{Host: r.Mapping.Host, Ranks: len(r.Mapping.Place)}
	for _, name := range export.ReadableNames() {
		var b bytes.Buffer
		if err := export.WriteWith(&b, name, r, export.Options{}); err != nil {
			t.Fatal(err)
		}
		want, _, err := export.ReadPlacement(bytes.NewReader(b.Bytes()), name, tgt)
		if err != nil {
			t.Fatalf("%s without a mark: %v", name, err)
		}
		for _, named := range []string{name, ""} {
			marked := append([]byte("\ufeff"), b.Bytes()...)
			got, format, err := export.ReadPlacement(bytes.NewReader(marked), named, tgt)
			if err != nil || format != name || !slices.Equal(got, want) {
				t.Errorf("%s with a mark (format %q): %v as %s (%v), want %v as %s", name, named, got, format, err, want, name)
			}
		}
	}
}
