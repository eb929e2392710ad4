//go:build !(js && wasm)

package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestNodeLinksText: a node's readout lists the loads of the links that
// leave it, named by their heads: on a torus its neighbours; on a fat tree
// or a dragonfly its one link to its leaf switch or router; on a host with
// cores, those of the slot's node. grid:4x2 (a line of 4 on fattree:2,2)
// is placed in index order, so the loads are the messages leaving the
// node: vertex 1 sends to 0, 2 and 5 (to 0 and 2 on the line); slot 3 is
// node 1, whose vertices 2 and 3 send 2→1, 2→6 and 3→7 out of it (2→3
// stays inside); vertex 5 sends to 4, 6 and 1.
func TestNodeLinksText(t *testing.T) {
	for _, tt := range []struct {
		host string
		h    int
		want string
	}{
		{"torus:4x2", 1, "; loads of its links: →(2,0) 1, →(0,0) 1, →(1,1) 1"},
		{"fattree:2,2", 1, "; loads of its links: →L1 (·,0) 2"},
		{"fattree:2,2:cores=2", 3, "; loads of its links: →L1 (·,0) 3"},
		{"dragonfly:2,2,1,2", 5, "; loads of its links: →router (0,1) 3"},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		g, err := guest.NewGrid([]int{4, 2}, false)
		if err != nil {
			t.Fatal(err)
		}
		place := make([]int, 8)
		for v := range place {
			place[v] = v % h.Size()
		}
		if h.Size() < 8 {
			g, _ = guest.NewGrid([]int{h.Size()}, false)
			place = place[:h.Size()]
		}
		m := &mapping.Mapping{Guest: g, Host: h, Place: place}
		load, _, _ := metric.LinkLoads(m)
		if got := nodeLinksText(m, load, tt.h); got != tt.want {
			t.Errorf("%s node %d: %q, want %q", tt.host, tt.h, got, tt.want)
		}
	}
}

// TestLinkLoadsReadToFourDigits: the pages write link loads to four
// significant digits with separators (metric.FormatLoad), in a node's
// readout and in the metrics panel alike: 1234.5678 reads "1,235" and
// 12.3456789 "12.35", not "1,234.57" and "12.3457".
func TestLinkLoadsReadToFourDigits(t *testing.T) {
	h, err := topology.Parse("torus:4x2")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := guest.NewGrid([]int{4, 2}, false)
	m := &mapping.Mapping{Guest: g, Host: h, Place: []int{0, 1, 2, 3, 4, 5, 6, 7}}
	load := make([]float64, 4*h.Size())
	for i := range load {
		load[i] = 1234.5678
	}
	if got, want := nodeLinksText(m, load, 1), "; loads of its links: →(2,0) 1,235, →(0,0) 1,235, →(1,1) 1,235"; got != want {
		t.Errorf("node readout %q, want %q", got, want)
	}
	maxLoad, avg, squares, links := 12.3456789, 3.14159265, 152.41578, 8
	html := app.HTMLString(metricsPanel(metric.Metrics{Arcs: 1, MaxLinkLoad: &maxLoad, AvgLinkLoad: &avg, LinkLoadBound: &avg,
		SquaredLinkLoads: &squares, LinksUsed: &links, Links: &links}))
	for _, want := range []string{"<td>12.35</td>", "<td>3.142</td>", "<td>152.4</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("metrics panel lacks %s: %s", want, html)
		}
	}
}
