package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestHopsPerByteShown: a guest without messages shows no hops
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

// TestSearchHintNamesTheObjective: the hint under a congestion run that
// stopped by its own rule gives the figure it minimised (the Σ of the
// squared link loads), not the hop-bytes alone.
func TestSearchHintNamesTheObjective(t *testing.T) {
	in, err := spec.ParseQuery(map[string][]string{"guest": {"grid:8x8"}, "host": {"fattree:4,3"}, "algo": {"pairs"}, "objective": {"congestion"}})
	if err != nil {
		t.Fatal(err)
	}
	sq := 2032.0
	m := metric.Metrics{Arcs: 224, HopsPerByte: 2.5, LowerBound: 2, SquaredLinkLoads: &sq}
	run := &solve.PairsRun{Moves: 1000, Improved: 0, Start: "rowmajor", Starts: []string{"rowmajor"}}
	html := app.HTMLString(searchPanel(in, run, m, func(spec.Instance) string { return "/" }))
	if want := "minimising congestion (Σ squared link loads): Σ squared link loads 2,032, 2.5000 hops per byte"; !strings.Contains(html, want) {
		t.Errorf("hint %s, want %q", html, want)
	}
	in.Objective = ""
	if html = app.HTMLString(searchPanel(in, run, m, func(spec.Instance) string { return "/" })); strings.Contains(html, "minimising") {
		t.Errorf("hint of a hop-bytes run names an objective: %s", html)
	}
}
