package draw_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
	"topomap/web/draw"
)

// hub:K is a kind that registers no layout: drawings place its nodes on
// a circle (the generic layout) instead of refusing it.
func init() { topology.Register(topotest.HubKind) }

// TestGenericLayout: a host of a kind without a layout is drawn with
// every slot once, its nodes on one circle, and the key says so; with
// cores, each node's cores sit in its place; the locator finds each slot.
func TestGenericLayout(t *testing.T) {
	for _, tc := range []struct {
		query string
		nodes int // the host's nodes, on the circle
	}{
		{"guest=grid:4x4&host=hub:15&algo=rb", 16},
		{"guest=grid:4x4&host=hub:7:cores=2&algo=greedy", 8},
	} {
		r := solvetest.Map(t, tc.query)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		if !strings.Contains(buf.String(), "clockwise on a circle from the top (no layout for hub hosts)") {
			t.Errorf("%s: the key does not say how the host is laid out", tc.query)
		}
		nodes := regexp.MustCompile(`<circle cx="(\d+)" cy="(\d+)" r="\d+" class="n[^"]*" data-h="(\d+)"`).FindAllSubmatch(buf.Bytes(), -1)
		if len(nodes) != r.Mapping.Host.Size() {
			t.Fatalf("%s: %d slots drawn, want %d", tc.query, len(nodes), r.Mapping.Host.Size())
		}
		loc := draw.NewLocator(r, draw.Options{})
		for _, m := range nodes {
			x, _ := strconv.ParseFloat(string(m[1]), 64)
			y, _ := strconv.ParseFloat(string(m[2]), 64)
			if h, _ := loc.At(x+0.5, y+0.5); strconv.Itoa(h) != string(m[3]) {
				t.Errorf("%s: at slot %s the locator finds %d", tc.query, m[3], h)
			}
		}
		per := len(nodes) / tc.nodes
		xs, ys := make([]float64, tc.nodes), make([]float64, tc.nodes) // node centres: the mean of their slots
		var cx, cy float64
		for s, m := range nodes {
			x, _ := strconv.Atoi(string(m[1]))
			y, _ := strconv.Atoi(string(m[2]))
			xs[s/per], ys[s/per] = xs[s/per]+float64(x)/float64(per), ys[s/per]+float64(y)/float64(per)
			cx, cy = cx+float64(x)/float64(len(nodes)), cy+float64(y)/float64(len(nodes))
		}
		var radii []float64
		for u := range xs {
			radii = append(radii, math.Hypot(xs[u]-cx, ys[u]-cy))
		}
		lo, hi := slicesMinMax(radii)
		if hi-lo > 2 || lo < 20 {
			t.Errorf("%s: nodes %v to %v from their centre, not on one circle", tc.query, lo, hi)
		}
	}
}

func slicesMinMax(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// TestGenericHeatMap: above the detail limit a host of a kind without a
// layout gets the per-node dilation heat map on its circle. On hub:63
// the hub's vertex has all its grid neighbours on leaves (largest
// dilation 1) and every leaf's vertex a neighbour on another leaf (2),
// whatever the placement: the hub is painted in one colour, every leaf in
// another.
func TestGenericHeatMap(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:8x8&host=hub:63&algo=rb")
	o := draw.Options{Detail: 10}
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, o); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<image class="heat" x="0" y="0" width="(\d+)" height="\d+" data-nodes="64"[^>]* href="data:image/png;base64,([^"]+)"`).FindSubmatch(buf.Bytes())
	if m == nil {
		t.Fatal("no heat map image of the 64 nodes")
	}
	raw, err := base64.StdEncoding.DecodeString(string(m[2]))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	iw, _ := strconv.Atoi(string(m[1]))
	loc := draw.NewLocator(r, o)
	colour := func(h int) [4]uint32 {
		x, y, side := loc.Box(h)
		p := image.Pt((x+side/2)*img.Bounds().Dx()/iw, (y+side/2)*img.Bounds().Dx()/iw)
		c0, c1, c2, c3 := img.At(p.X, p.Y).RGBA()
		return [4]uint32{c0, c1, c2, c3}
	}
	hub, leaf := colour(0), colour(1)
	if hub == leaf || hub[3] == 0 || leaf[3] == 0 {
		t.Fatalf("hub painted %v, leaf %v: want two different paints", hub, leaf)
	}
	for h := 2; h < 64; h++ {
		if c := colour(h); c != leaf {
			t.Errorf("leaf %d painted %v, leaf 1 %v", h, c, leaf)
		}
	}
}
