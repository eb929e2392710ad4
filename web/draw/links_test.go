package draw_test

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// svgElem is one element of a drawing: its name and attributes.
type svgElem struct {
	name  string
	attrs map[string]string
}

// elements parses a drawing (well-formed XML) into its elements of class
// cls, in document order.
func elements(t *testing.T, doc []byte, cls string) []svgElem {
	t.Helper()
	var out []svgElem
	eachElement(t, doc, func(e svgElem, _ *xml.Decoder) {
		for _, c := range strings.Fields(e.attrs["class"]) {
			if c == cls {
				out = append(out, e)
			}
		}
	})
	return out
}

// eachElement calls fn with every element of a drawing (well-formed
// XML), in document order, and the decoder positioned after its start.
func eachElement(t *testing.T, doc []byte, fn func(e svgElem, d *xml.Decoder)) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			e := svgElem{se.Name.Local, map[string]string{}}
			for _, a := range se.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			fn(e, d)
		}
	}
}

// TestLinkHeatMap: on a routed host every directed link is one line
// (data-l, distinct), coloured by its load on the legend's scale; the
// legend runs from the unused links to the largest load; the list names
// the most loaded links, heaviest first. Hosts of rank 1 to 4, a
// hypercube, fat trees and dragonflies (with cores too, and the presets),
// drawn with their guest edges or (above the detail limit) as a heat map.
func TestLinkHeatMap(t *testing.T) {
	for _, q := range []string{
		"guest=hypercube:2&host=ring:4&algo=xor",
		"guest=hypercube:5&host=line:32&algo=byweight",
		"guest=grid:9x8&host=mesh:6x12&algo=affn",
		"guest=grid:8x8&host=torus:8x8&algo=rowmajor",
		"guest=hypercube:6&host=torus:4x4x4&algo=gray",
		"guest=hypercube:8&host=torus:4x4x4x4&algo=gray",
		"guest=hypercube:10&host=torus:4x4x4x4x4&algo=gray",
		"guest=hypercube:4&host=hypercube:4&algo=identity",
		"guest=hypercube:11&host=torus:8x16x16&algo=gray", // heat map, links as elements
		"guest=grid:4x2&host=fattree:2,3&algo=rowmajor",
		"guest=grid:8x8&host=fattree:4,3&algo=pairs",
		"guest=grid:8x5&host=dragonfly:4,2,2,5&algo=rowmajor",
		"guest=grid:8x3&host=dragonfly:2,2,1,3:cores=2&algo=rowmajor",
		"guest=grid:32x16&host=preset:fattree-16port&algo=bricks",
		"guest=grid:48x24&host=preset:slingshot-small&algo=bricks", // heat map, links as elements
	} {
		t.Run(q, func(t *testing.T) {
			r := solvetest.Map(t, q)
			rt, _ := topology.RouterOf(r.Mapping.Host)
			load, msgs, _ := metric.LinkLoads(r.Mapping)
			maxLoad := *r.Metrics.MaxLinkLoad
			ideal := draw.IdealLoad(r)
			var buf bytes.Buffer
			if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
				t.Fatal(err)
			}
			lines := elements(t, buf.Bytes(), "l")
			if len(lines) != rt.Links() {
				t.Fatalf("%d links drawn, want %d", len(lines), rt.Links())
			}
			seen := map[int]bool{}
			for _, l := range lines {
				id, err := strconv.Atoi(l.attrs["data-l"])
				if _, _, ok := rt.Link(id); err != nil || !ok || seen[id] {
					t.Fatalf("line %v: no link or drawn twice", l.attrs)
				}
				seen[id] = true
				if want := draw.LoadColour(load[id], ideal); l.attrs["stroke"] != want {
					t.Errorf("link %d of load %v coloured %s, want %s", id, load[id], l.attrs["stroke"], want)
				}
			}
			legend := elements(t, buf.Bytes(), "lg")
			swatches := draw.LoadBins + 1
			if len(legend) != swatches {
				t.Fatalf("%d legend swatches, want %d", len(legend), swatches)
			}
			for i, e := range legend {
				lo, _ := strconv.ParseFloat(strings.ReplaceAll(e.attrs["data-lo"], ",", ""), 64)
				hi, err := strconv.ParseFloat(strings.ReplaceAll(e.attrs["data-hi"], ",", ""), 64)
				if i == len(legend)-1 { // open: above the last edge
					hi, err = 2*lo, nil
				}
				// the edges are rounded for show: the colour of the middle
				if err != nil || e.attrs["fill"] != draw.LoadColour((lo+hi)/2, ideal) {
					t.Errorf("swatch %v: not the colour of the loads in (%v, %v] (%v)", e.attrs, lo, hi, err)
				}
			}
			if got := legend[1].attrs["data-hi"]; got != metric.Number(ideal) {
				t.Errorf("the first colour's loads end at %s, want the ideal %v", got, ideal)
			}
			if _, open := legend[len(legend)-1].attrs["data-hi"]; open || legend[0].attrs["data-hi"] != "0" {
				t.Error("the legend does not run from the unused links to an open last colour")
			}
			if len(elements(t, buf.Bytes(), "lg-max")) != 1 {
				t.Error("the colour of the largest load is not outlined")
			}
			used := 0
			for _, m := range msgs {
				if m > 0 {
					used++
				}
			}
			top := elements(t, buf.Bytes(), "top")
			if len(top) != min(draw.TopLinks, used) {
				t.Fatalf("%d links listed, want %d", len(top), min(draw.TopLinks, used))
			}
			prev := maxLoad
			for i, e := range top {
				id, _ := strconv.Atoi(e.attrs["data-l"])
				if load[id] > prev || i == 0 && load[id] != maxLoad {
					t.Errorf("listed link %d (load %v) out of order", id, load[id])
				}
				prev = load[id]
			}
		})
	}
}

// heatColours decodes a drawing's heat map image and counts its opaque
// pixels by colour ("#rrggbb").
func heatColours(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	img := elements(t, doc, "heat")
	if len(img) != 1 {
		t.Fatalf("%d heat map images, want 1", len(img))
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(img[0].attrs["href"], "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	pic, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for y := range pic.Bounds().Dy() {
		for x := range pic.Bounds().Dx() {
			if r, g, b, a := pic.At(x, y).RGBA(); a != 0 {
				out[fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)]++
			}
		}
	}
	return out
}

// TestLinkHeatMapPainted: above the element cap the links are painted
// into the heat map's image (no element per link) in the colours of their
// loads, with the legend and the list. Row-major on a torus loads every
// link inside the grid with 1 and leaves the wrap-around links unused;
// aggregated per node, every node of a row-major mesh has a link of load
// 1 leaving it.
func TestLinkHeatMapPainted(t *testing.T) {
	full, unused := draw.LoadColour(1, 1), draw.LoadColour(0, 1)
	for _, tc := range []struct {
		q          string
		want, none []string // colours painted, and not
	}{
		{"guest=grid:64x64&host=torus:64x64&algo=rowmajor", []string{full, unused}, nil},         // one by one
		{"guest=grid:256x256&host=mesh:256x256&algo=rowmajor", []string{full}, []string{unused}}, // per node
		{"guest=hypercube:16&host=ring:65536&algo=xor", nil, []string{unused}},                   // per node
	} {
		r := solvetest.Map(t, tc.q)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		doc := buf.Bytes()
		if n := len(elements(t, doc, "l")); n != 0 {
			t.Errorf("%s: %d link elements, want them painted", tc.q, n)
		}
		if len(elements(t, doc, "lg")) < 2 || len(elements(t, doc, "top")) != draw.TopLinks {
			t.Errorf("%s: want the legend and %d links listed", tc.q, draw.TopLinks)
		}
		colours := heatColours(t, doc)
		for _, c := range tc.want {
			if colours[c] == 0 {
				t.Errorf("%s: no pixel of colour %s (%v)", tc.q, c, colours)
			}
		}
		for _, c := range tc.none {
			if colours[c] != 0 {
				t.Errorf("%s: %d pixels of colour %s", tc.q, colours[c], c)
			}
		}
	}
}

// TestRouteLinks: the links a guest edge highlights are its route under the
// host's rule: Hops(a, b) links, chained from a to b, the nodes of
// draw.Route; each is drawn (a cell of the heat map to light up). The tie
// on a 4-ring goes + (package topology's doc, Routing and link loads).
func TestRouteLinks(t *testing.T) {
	r := solvetest.Map(t, "guest=hypercube:6&host=torus:4x4x4&algo=gray")
	h := r.Mapping.Host
	rt, _ := topology.RouterOf(h)
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	drawn := map[string]bool{}
	for _, l := range elements(t, buf.Bytes(), "l") {
		drawn[l.attrs["data-l"]] = true
	}
	for a := range h.Size() {
		for b := range h.Size() {
			links := draw.RouteLinks(h, a, b)
			nodes := draw.Route(h, a, b)
			if len(links) != h.Hops(a, b) || len(nodes) != len(links)+1 || nodes[0] != a || nodes[len(nodes)-1] != b {
				t.Fatalf("%d→%d: %d links, nodes %v; want %d hops", a, b, len(links), nodes, h.Hops(a, b))
			}
			for i, l := range links {
				tail, head, ok := rt.Link(l)
				if !ok || tail != nodes[i] || head != nodes[i+1] || !drawn[strconv.Itoa(l)] {
					t.Fatalf("%d→%d: link %d (%d→%d) is not hop %d of the route %v, or not drawn", a, b, l, tail, head, i, nodes)
				}
			}
		}
	}
	ring, _ := topology.NewRing(4)
	if got := draw.Route(ring, 0, 2); len(got) != 3 || got[1] != 1 {
		t.Errorf("ring:4 route 0→2 %v, want the + way (0 1 2)", got)
	}
}

// TestLinkHeatMapAbsoluteScale: the load colours do not depend on the
// largest load. A perfect mapping (the grid on the torus of its shape,
// every used link carrying one message of volume 1, the ideal) paints
// every used link in the coolest colour, drawn one by one or painted; a
// poor one (a hypercube on a ring) paints links over 32 ideals.
func TestLinkHeatMapAbsoluteScale(t *testing.T) {
	for _, tc := range []struct {
		q           string
		ideal       float64
		cool, hot   bool // links of the coolest colour, of over 32 ideals
		linkElement bool
	}{
		{"guest=grid:8x8&host=torus:8x8&algo=rowmajor", 1, true, false, true},
		{"guest=grid:64x64&host=torus:64x64&algo=rowmajor", 1, true, false, false},
		{"guest=hypercube:11&host=ring:2048&algo=gray", 0, false, true, true},
	} {
		r := solvetest.Map(t, tc.q)
		if tc.ideal > 0 && draw.IdealLoad(r) != tc.ideal {
			t.Errorf("%s: ideal load %v, want %v", tc.q, draw.IdealLoad(r), tc.ideal)
		}
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		used := map[string]int{}
		if tc.linkElement {
			for _, l := range elements(t, buf.Bytes(), "l") {
				used[l.attrs["stroke"]]++
			}
		} else {
			used = heatColours(t, buf.Bytes())
		}
		hottest := draw.LoadColour(60, 1) // over 32 ideals
		for c := range used {
			if c != draw.CoolestLoadColour() && c != draw.LoadColour(0, 1) && c == draw.LoadColour(2, 1) {
				t.Errorf("%s: links of load above the ideal (%s) drawn", tc.q, c)
			}
		}
		if (used[draw.CoolestLoadColour()] > 0) != tc.cool || (used[hottest] > 0) != tc.hot {
			t.Errorf("%s: coolest colour used %v, over 32 ideals %v; want %v, %v (%v)", tc.q, used[draw.CoolestLoadColour()] > 0, used[hottest] > 0, tc.cool, tc.hot, used)
		}
	}
}

// TestLinkCaptionNamesTheStubsDrawn: a lattice's caption says which links
// are drawn as stubs, wrap-around ones on a torus and inter-plane ones
// above two axes, and none on a 2-D mesh, which has neither.
func TestLinkCaptionNamesTheStubsDrawn(t *testing.T) {
	for q, want := range map[string]string{
		"guest=grid:9x8&host=mesh:6x12&algo=affn":          "each drawn on the right of its direction link load",
		"guest=grid:8x8&host=torus:8x8&algo=rowmajor":      "each drawn on the right of its direction, wrap-around links as stubs",
		"guest=hypercube:6&host=mesh:4x4x4&algo=gray":      "each drawn on the right of its direction, inter-plane links as stubs",
		"guest=hypercube:6&host=torus:4x4x4&algo=gray":     "each drawn on the right of its direction, wrap-around and inter-plane links as stubs",
		"guest=hypercube:4&host=hypercube:4&algo=identity": "each drawn on the right of its direction link load",
	} {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, solvetest.Map(t, q), draw.Options{}); err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(buf.String(), " ")), " ")
		if i := strings.Index(text, "each drawn"); i < 0 || !strings.HasPrefix(text[i:], want) {
			t.Errorf("%s: caption %q, want %q", q, text[max(0, i):min(len(text), max(0, i)+90)], want)
		}
	}
}
