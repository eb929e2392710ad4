package graphfile_test

import (
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

// TestReadRefusesVolumeOverflow: volumes each finite whose sum is not (or
// is too large for hop-bytes to stay finite) are refused with an error
// naming the overflow, in every format that can hold them; the command
// line's file:PATH reads through the same code.
func TestReadRefusesVolumeOverflow(t *testing.T) {
	for _, tt := range []struct{ name, format, in string }{
		{"csv both ways", "csv", "0,1,1e308\n1,0,1e308\n"},
		{"csv far apart", "csv", "0,1,1e300\n2,3,1e300\n"},
		{"matrix market symmetric", "matrixmarket", "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 1e308\n"},
		{"dense", "dense", "0 1e308\n1e308 0\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{Format: tt.format})
			if err == nil {
				t.Fatalf("read a graph of total volume %v, want an error", res.Graph.TotalVolume())
			}
			var e *graphfile.Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), "add up to more than 2^480") || strings.Contains(err.Error(), "guest:") {
				t.Errorf("error %q (%T), want a graphfile.Error naming the sum above 2^480", err, err)
			}
		})
	}
}
