package draw_test

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// weighted4 is a weighted 4-cycle 0-1 (5), 1-2 (2), 2-3 (3), 3-0 (1)
// plus a one-way message 0→2 of volume 4.
func weighted4(t testing.TB) *guest.Graph {
	t.Helper()
	var arcs []guest.Arc
	for _, e := range [][3]int{{0, 1, 5}, {1, 2, 2}, {2, 3, 3}, {3, 0, 1}} {
		arcs = append(arcs, guest.Arc{From: e[0], To: e[1], Volume: float64(e[2])}, guest.Arc{From: e[1], To: e[0], Volume: float64(e[2])})
	}
	arcs = append(arcs, guest.Arc{From: 0, To: 2, Volume: 4})
	g, _, err := guest.FromArcs(4, arcs)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}

// placed is a result of g placed by place on host.
func placed(t testing.TB, g *guest.Graph, host string, place []int) *solve.Result {
	t.Helper()
	h, err := topology.Parse(host)
	if err != nil {
		t.Fatal(err)
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return &solve.Result{Instance: spec.Instance{Guest: guest.SpecOf(g), Host: h, Algo: "test"}, Mapping: m, Metrics: metric.Evaluate(m)}
}

// TestGraphDrawing: a weighted graph is drawn with one edge per
// communicating pair, coloured by hops and wider for more volume; the
// empty nodes of a larger host are dashed and counted in the caption; the
// histogram has one bar per hop count with the volumes' shares, labelled
// as the metrics panel writes them.
func TestGraphDrawing(t *testing.T) {
	g := weighted4(t)
	// On mesh:3x2, nodes 0 1 2 / 3 4 5: 0→0, 1→1, 2→5, 3→3; 2 and 4 empty.
	r := placed(t, g, "mesh:3x2", []int{0, 1, 5, 3})
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	c := census(t, buf.Bytes())
	if c["e"] != 5 || c["n"] != 6 || c["free"] != 2 || c["bar"] != 3 {
		t.Errorf("%d edges, %d nodes (%d free), %d bars; want 5, 6 (2), 3:\n%s", c["e"], c["n"], c["free"], c["bar"], doc)
	}
	if !strings.Contains(doc, "2 of 6 slots empty") {
		t.Error("the caption does not say the empty nodes")
	}
	// Pair 0-1: 1 hop, volume 10, the widest; 1-2 (5→1... 1 and 5): 2 hops.
	edge := regexp.MustCompile(`class="e" style="stroke-width:([0-9.]+)" data-u="(\d)" data-v="(\d)" data-dil="(\d)" data-vol="([0-9.]+)"`)
	got := map[string]string{}
	for _, m := range edge.FindAllStringSubmatch(doc, -1) {
		got[m[2]+"-"+m[3]] = m[4] + " hops, volume " + m[5] + ", width " + m[1]
	}
	want := map[string]string{
		"0-1": "1 hops, volume 10, width 6.0",
		"1-2": "2 hops, volume 4, width 4.2",
		"2-3": "2 hops, volume 6, width 4.9",
		"0-3": "1 hops, volume 2, width 3.2",
		"0-2": "3 hops, volume 4, width 4.2",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("edge %s: %q, want %q", k, got[k], w)
		}
	}
	for h := 1; h <= 3; h++ {
		if !strings.Contains(doc, `<g stroke="`+draw.HopColour(h)+`" data-hops="`+strconv.Itoa(h)+`">`) {
			t.Errorf("no group of %d-hop edges in its colour", h)
		}
	}
	// Volume 26 in all: 12 at 1 hop, 10 at 2, 4 at 3.
	if hb := r.Metrics.HopHistogram; !slices.Equal(hb, []float64{0, 12, 10, 4}) {
		t.Errorf("histogram %v", hb)
	}
	if !strings.Contains(doc, `data-hops="2" data-share="0.3846"`) {
		t.Error("the 2-hop bar does not carry its share 10/26")
	}
	// The bars' labels read as the metrics' volume by hops: 38.5 %, not 38%.
	for _, share := range []float64{12.0 / 26, 10.0 / 26, 4.0 / 26} {
		if label := ">" + metric.Share(share) + "</text>"; !strings.Contains(doc, label) {
			t.Errorf("no bar labelled %s", label)
		}
	}
}

// TestGraphHistogramOfStoredResult: a result stored before the metrics
// had a hop histogram still gets its bars, from the drawing's hops.
func TestGraphHistogramOfStoredResult(t *testing.T) {
	r := placed(t, weighted4(t), "mesh:3x2", []int{0, 1, 5, 3})
	r.Metrics.HopHistogram = nil
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `data-hops="2" data-share="0.3846"`) {
		t.Error("no 2-hop bar of share 10/26")
	}
}

// TestGraphHeatMap: above the detail limit a weighted graph's nodes are a
// heat map of their hop-bytes, without edges, and still a histogram.
func TestGraphHeatMap(t *testing.T) {
	r := placed(t, weighted4(t), "ring:4", []int{0, 1, 2, 3})
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{Detail: 2}); err != nil {
		t.Fatal(err)
	}
	c := census(t, buf.Bytes())
	if c["heat"] != 1 || c["e"] != 0 || c["bar"] != 2 || !strings.Contains(buf.String(), "hop-bytes at a node, from 4 (pale) to 10") {
		t.Errorf("heat %d, edges %d, bars %d:\n%s", c["heat"], c["e"], c["bar"], buf.String())
	}
}

// BenchmarkGraphMapping draws a weighted graph (a grid read as a graph
// file would be) with its edges at 1024 vertices and as a hop-bytes heat
// map at 65,536, identity-placed on a torus.
func BenchmarkGraphMapping(b *testing.B) {
	for _, tc := range []struct {
		grid, host string
		sides      []int
	}{{"grid 32x32", "torus:32x32", []int{32, 32}}, {"grid 256x256", "torus:256x256", []int{256, 256}}} {
		grid, _ := guest.NewGrid(tc.sides, false)
		g := guest.Canonical(grid)
		place := make([]int, g.Order())
		for v := range place {
			place[v] = (v * 7) % len(place) // a scrambled placement: edges of every length
		}
		r := placed(b, g, tc.host, place)
		b.Run(tc.grid+" on "+tc.host, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var buf bytes.Buffer
				if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestGraphHeatMapAboveEdgeLimit: a weighted graph of more than
// GraphEdgeLimit communicating pairs is drawn by default as a heat map of
// its nodes, without edges; asked for (GraphEdges), its edges are drawn
// bundled, each a path through the nodes of its route (hops + 1 points).
// A 16×16 halo (480 pairs) placed at random on torus:16x16.
func TestGraphHeatMapAboveEdgeLimit(t *testing.T) {
	var arcs []guest.Arc
	for v := range 256 {
		x, y := v%16, v/16
		for _, u := range []int{(x+1)%16 + 16*y, x + 16*((y+1)%16)} {
			if x == 15 && u == 16*y || y == 15 && u == x {
				continue // no wrap: 2·15·16 = 480 pairs
			}
			arcs = append(arcs, guest.Arc{From: v, To: u, Volume: 1}, guest.Arc{From: u, To: v, Volume: 1})
		}
	}
	g, _, err := guest.FromArcs(256, arcs)
	if err != nil {
		t.Fatal(err)
	}
	place := rand.New(rand.NewPCG(1, 2)).Perm(256)
	r := placed(t, guest.Canonical(g), "torus:16x16", place)
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	if n := len(elements(t, buf.Bytes(), "e")); n != 0 || len(elements(t, buf.Bytes(), "heat")) != 1 || !strings.Contains(plainText(buf.Bytes()), "480 communicating pairs") {
		t.Errorf("default: %d edges, want a heat map and no edge, the caption saying why", n)
	}
	buf.Reset()
	if err := draw.Mapping(&buf, r, draw.Options{GraphEdges: true}); err != nil {
		t.Fatal(err)
	}
	edges := elements(t, buf.Bytes(), "e")
	if len(edges) != 480 {
		t.Fatalf("with edges: %d drawn, want 480", len(edges))
	}
	for _, e := range edges {
		hops, _ := strconv.Atoi(e.attrs["data-dil"])
		if points := strings.Count(e.attrs["d"], ","); e.name != "path" || points != hops+1 {
			t.Fatalf("edge %v: %d points, want a path through its %d hops' nodes", e.attrs, points, hops)
		}
	}
}
