package draw_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// onHost maps a grid guest onto the first slots of any host, in order.
func onHost(t *testing.T, g, h string) *solve.Result {
	t.Helper()
	in, err := spec.ParseQuery(map[string][]string{"guest": {g}, "host": {h}, "algo": {"pairs"}})
	if err != nil {
		t.Fatal(err)
	}
	gr, hr, err := solve.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	place := make([]int, gr.Order())
	for v := range place {
		place[v] = v
	}
	m := &mapping.Mapping{Guest: gr, Host: hr, Place: place}
	return &solve.Result{Instance: in, Mapping: m, Metrics: metric.Evaluate(m)}
}

// TestMachineDrawings: a fat tree is drawn as its tree (N levels of
// K^(N-1) switches above the nodes), a dragonfly as groups of routers with
// their terminals, cores as a frame per node around its slots; every slot
// is one node element. Fat trees and dragonflies route, so their directed
// links are drawn coloured by load (class "l") in place of the grey wires,
// and so are a lattice's links between the frames of its nodes' cores.
func TestMachineDrawings(t *testing.T) {
	for _, tt := range []struct {
		guest, host                                   string
		slots, switches, wires, globals, frame, links int
		note                                          string
	}{
		// fattree:2,3: 8 nodes, 3 levels of 4 switches; 2·3·8 links:
		// 8 node–leaf wires + 2 levels × 4 switches × 2 down wires, both ways
		{"grid:4x2", "fattree:2,3", 8, 12, 0, 0, 0, 48, "switch levels L1 (leaves) to L3"},
		// dragonfly:2,2,1,3: 3 groups of 2 routers; links: 12 terminal
		// wires, 1 local wire per group and 3 global ones, both ways
		{"grid:4x3", "dragonfly:2,2,1,3", 12, 6, 0, 0, 0, 24 + 6 + 6, "groups of routers"},
		{"grid:8x4", "mesh:4x2:cores=4", 32, 0, 0, 0, 8, 20, "4 cores as a small grid"}, // 2·(3·2 + 4·1) links
		{"grid:8x3", "dragonfly:2,2,1,3:cores=2", 24, 6, 0, 0, 12, 36, "2 cores as a small grid"},
		{"grid:6x4", "torus:6:cores=4", 24, 0, 0, 0, 6, 12, // the ring's 6 links both ways
			"4 cores as a small grid"},
		// tree:3x2:dist=2,4: 2 leaf switches of 3 slots under a root: 8
		// tree edges, both ways; tree:4x4:dist=1,10 does not route, so its
		// 16 + 4 edges are grey wires
		{"grid:3x2", "tree:3x2:dist=2,4", 6, 3, 0, 0, 0, 16, "switches L1 (leaves) to L2"},
		{"grid:4x4", "tree:4x4:dist=1,10", 16, 5, 20, 0, 0, 0, "(L1 1, L2 10)"},
		{"grid:4x4", "tree:2x2x4:dist=0,2,4", 16, 5, 0, 0, 8, 24, "2 cores as a small grid"}, // 8 nodes of 2 cores
		// two nodes per router are nodes, not cores, and so named; with
		// cores too, a router's frame holds its nodes' slots, node by node
		{"grid:8x4", "torus:4x4:nodes-per-router=2", 32, 0, 0, 0, 16, 64, "2 nodes as a small grid, its first node bottom left"},
		{"grid:8x8", "torus:4x2:nodes-per-router=2:cores=4", 64, 0, 0, 0, 8, 24, "2 nodes of 4 cores side by side, each as a small grid, core 0 of its first node bottom left"},
	} {
		t.Run(tt.host, func(t *testing.T) {
			r := onHost(t, tt.guest, tt.host)
			var buf bytes.Buffer
			if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
				t.Fatal(err)
			}
			doc := buf.Bytes()
			c := census(t, doc)
			globals := bytes.Count(doc, []byte(`data-global="1"`))
			if c["n"] != tt.slots || c["switch"] != tt.switches || c["link"]-globals != tt.wires || globals != tt.globals || c["node-frame"] != tt.frame || c["l"] != tt.links {
				t.Errorf("nodes %d, switches %d, wires %d, global wires %d, frames %d, links %d; want %d, %d, %d, %d, %d, %d",
					c["n"], c["switch"], c["link"]-globals, globals, c["node-frame"], c["l"], tt.slots, tt.switches, tt.wires, tt.globals, tt.frame, tt.links)
			}
			if !strings.Contains(plainText(doc), tt.note) {
				t.Errorf("the key does not say %q: %s", tt.note, plainText(doc))
			}
			if c["e"] == 0 {
				t.Error("no guest edges drawn")
			}
			if dir := os.Getenv("TOPOMAP_DRAW_OUT"); dir != "" {
				os.WriteFile(filepath.Join(dir, strings.NewReplacer(":", "-", ",", "-").Replace(tt.host)+".svg"), doc, 0o644)
			}
			// every slot is located where it is drawn
			loc := draw.NewLocator(r, draw.Options{})
			re := regexp.MustCompile(`<(?:circle cx="(\d+)" cy="(\d+)"|rect x="(\d+)" y="(\d+)")[^>]*data-h="(\d+)"`)
			for _, m := range re.FindAllSubmatch(doc, -1) {
				if len(m[1]) == 0 {
					continue // squares: checked by TestLocator on lattices
				}
				x, y := atoi(t, string(m[1])), atoi(t, string(m[2])) // the host at the origin
				if h, _ := loc.At(float64(x), float64(y)); h != atoi(t, string(m[5])) {
					t.Errorf("node drawn at (%d,%d) is %s, the locator says %d", x, y, m[5], h)
				}
			}
		})
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// TestRouteMachines: routes on hosts with cores go through the nodes'
// route; inside a node a route is the two slots; through the switches of
// a fat tree or a dragonfly it is the two ends (not drawn), never a loop.
func TestRouteMachines(t *testing.T) {
	for _, tt := range []struct {
		host string
		a, b int
		want []int
	}{
		{"mesh:3x1:cores=2", 0, 5, []int{0, 2, 5}},
		{"mesh:3x1:cores=2", 2, 3, []int{2, 3}},
		{"fattree:2,3", 0, 7, []int{0, 7}},
		{"dragonfly:2,2,1,3", 0, 11, []int{0, 11}},
		{"fattree:2,2:cores=2", 1, 6, []int{1, 6}},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		if got := draw.Route(h, tt.a, tt.b); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Route(%d,%d) = %v, want %v", tt.host, tt.a, tt.b, got, tt.want)
		}
	}
}

// TestPresetDrawings draws every preset with a guest of its size (a
// heat map above the default detail), for a look at them with
// TOPOMAP_DRAW_OUT=dir.
func TestPresetDrawings(t *testing.T) {
	guests := map[string]string{"bgq-midplane": "grid:128x64", "xe6-slice": "grid:64x64", "fattree-16port": "grid:32x16", "slingshot-small": "grid:48x24"}
	for _, p := range topology.Presets {
		r := onHost(t, guests[p.Name], "preset:"+p.Name)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		census(t, buf.Bytes())
		if dir := os.Getenv("TOPOMAP_DRAW_OUT"); dir != "" {
			os.WriteFile(filepath.Join(dir, p.Name+".svg"), buf.Bytes(), 0o644)
		}
	}
}

// TestNetworkLinkDrawing: on a fat tree and a dragonfly the links of a
// route are drawn (the page lights them up) while Route gives the route's
// two ends; the list names switches and routers; the links within a
// dragonfly's group (6 on dragonfly:2,2,1,3) and its 2 global links
// between groups 0 and 1, drawn in one row, are arcs; a switch has no box
// to outline. Above the element cap (fattree:16,3 has 24,576 links) the
// links are painted into the heat map's image; when painting would take
// too long (the upper links of fattree:16,4 span the drawing), each node
// shows the heaviest link leaving it.
func TestNetworkLinkDrawing(t *testing.T) {
	for _, tt := range []struct {
		guest, host, name, routing string
		arcs                       int
	}{
		{"grid:4x2", "fattree:2,3", "L1 (·,", topology.DModK, 0},
		{"grid:4x3", "dragonfly:2,2,1,3", "router (", topology.Minimal, 8},
	} {
		r := onHost(t, tt.guest, tt.host)
		h := r.Mapping.Host
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		doc := buf.Bytes()
		drawn, arcs := map[string]bool{}, 0
		for _, l := range elements(t, doc, "l") {
			drawn[l.attrs["data-l"]] = true
			if l.name == "path" {
				arcs++
			}
		}
		last := h.Size() - 1
		links := draw.RouteLinks(h, 0, last)
		for _, l := range links {
			if !drawn[strconv.Itoa(l)] {
				t.Errorf("%s: link %d of the route 0→%d not drawn", tt.host, l, last)
			}
		}
		if len(links) != h.Hops(0, last) || !slices.Equal(draw.Route(h, 0, last), []int{0, last}) {
			t.Errorf("%s: route 0→%d of %d links through %v, want %d links between its ends", tt.host, last, len(links), draw.Route(h, 0, last), h.Hops(0, last))
		}
		if arcs != tt.arcs || !bytes.Contains(doc, []byte(tt.name)) || !bytes.Contains(doc, []byte("under "+tt.routing+" routing")) {
			t.Errorf("%s: %d arcs, want %d; names %q, routing %s in the legend: %v, %v", tt.host, arcs, tt.arcs, tt.name, tt.routing,
				bytes.Contains(doc, []byte(tt.name)), bytes.Contains(doc, []byte(tt.routing)))
		}
		if _, _, side := draw.NewLocator(r, draw.Options{}).Box(h.Size()); side >= 0 {
			t.Errorf("%s: a switch has a box of side %d", tt.host, side)
		}
	}
	for _, tt := range []struct{ query, says string }{
		{"guest=grid:64x64&host=fattree:16,3&algo=rowmajor", "24,576 links painted"},
		{"guest=grid:256x256&host=fattree:16,4&algo=rowmajor", "524,288 links, too many to draw one by one: each node shows the heaviest link leaving it"},
	} {
		r := solvetest.Map(t, tt.query)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		doc := buf.Bytes()
		top := draw.LoadColour(*r.Metrics.MaxLinkLoad, draw.IdealLoad(r))
		if n := len(elements(t, doc, "l")); n != 0 || heatColours(t, doc)[top] == 0 || !bytes.Contains(doc, []byte(tt.says)) {
			t.Errorf("%s: %d link elements, %d pixels of the heaviest colour; want none, some, and the caption to say %q", tt.query, n, heatColours(t, doc)[top], tt.says)
		}
	}
}

// plainText is a drawing's text, lines joined by single spaces (a long
// line of the key wraps).
func plainText(doc []byte) string {
	return strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(doc), " ")), " ")
}

// TestNarrowTreeRowStacksCores: on a fat tree whose row of nodes is too
// narrow for a square of cores (64 nodes of 4 cores in 720 units: 10
// each), each node's cores stand in a column, drawn at least 6 units
// apart (4 in a 2×2 square), the frame's top where the leaf links end,
// the nodes' numbers below the frames, and the locator finds each core
// where it is drawn.
func TestNarrowTreeRowStacksCores(t *testing.T) {
	var buf bytes.Buffer
	r := onHost(t, "grid:16x16", "fattree:4,3:cores=4")
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	frames := regexp.MustCompile(`<rect x="\d+" y="(\d+)" width="(\d+)" height="(\d+)"[^>]*class="node-frame"`).FindAllStringSubmatch(doc, -1)
	if len(frames) != 64 {
		t.Fatalf("%d node frames, want 64", len(frames))
	}
	top, w, h := atoi(t, frames[0][1]), atoi(t, frames[0][2]), atoi(t, frames[0][3])
	if h < 4*6 || w >= h {
		t.Errorf("a node's frame is %d wide and %d high, want a column of 4 cores of at least 6", w, h)
	}
	ys := map[int]bool{}
	loc := draw.NewLocator(r, draw.Options{})
	for _, m := range regexp.MustCompile(`<circle cx="21" cy="(\d+)"[^>]*class="n" data-h="(\d+)"`).FindAllStringSubmatch(doc, -1) {
		ys[atoi(t, m[1])] = true
		if h, _ := loc.At(21, float64(atoi(t, m[1]))); h != atoi(t, m[2]) {
			t.Errorf("core %s drawn at (21,%s) is %d to the locator", m[2], m[1], h)
		}
	}
	if len(ys) != 4 {
		t.Errorf("node 0's cores are drawn at %d heights, want 4 (a column)", len(ys))
	}
	ends := regexp.MustCompile(`<line x1="[\d.]+" y1="([\d.]+)"[^>]*class="l" data-l="0"`).FindStringSubmatch(doc)
	if ends == nil {
		t.Fatal("no link from node 0 drawn")
	}
	if y, _ := strconv.ParseFloat(ends[1], 64); y < float64(top-3) || y > float64(top+3) {
		t.Errorf("node 0's link ends at height %v, its frame's top is %d", y, top)
	}
	num := regexp.MustCompile(`<text x="21" y="(\d+)" class="tick"[^>]*>0<`).FindStringSubmatch(doc)
	if num == nil || atoi(t, num[1]) < top+h+8 {
		t.Errorf("node 0's number %v is not under its frame (bottom %d)", num, top+h)
	}
}
