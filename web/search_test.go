package web

import (
	"testing"

	"topomap/algorithms/metric"
)

// TestHopsPerByteShown (issue 14): a guest without messages shows no hops
// per byte rather than 0.0000; metrics stored before Arcs existed still
// show their value.
func TestHopsPerByteShown(t *testing.T) {
	for _, c := range []struct {
		m    metric.Metrics
		want string
	}{
		{metric.Metrics{}, "— (no messages)"},
		{metric.Metrics{Arcs: 8, HopsPerByte: 1.5}, "1.5000"},
		{metric.Metrics{HopsPerByte: 1.25}, "1.2500"},
	} {
		if got := shown(c.m.Value("hopsPerByte")); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}
