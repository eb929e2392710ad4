package draw_test

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// identity builds a result without the registry: vertex v on node v.
func identity(t testing.TB, g *guest.Graph, h *topology.Lattice) *solve.Result {
	t.Helper()
	place := make([]int, g.Order())
	for v := range place {
		place[v] = v
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	return &solve.Result{Instance: spec.Instance{Algo: "identity"}, Mapping: m, Metrics: metric.Evaluate(m)}
}

// census parses an SVG document (it must be well-formed XML) and counts
// its elements by class.
func census(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			counts["<"+se.Name.Local]++
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					for _, c := range strings.Fields(a.Value) {
						counts[c]++
					}
				}
			}
		}
	}
	return counts
}

func TestMappingCounts(t *testing.T) {
	tests := []struct {
		name        string
		query       string
		opt         draw.Options
		nodes       int // host nodes drawn
		free        int // host nodes drawn empty
		edges       int // guest edges drawn
		labelsAbove int
	}{
		// A d-cube has d·2^(d-1) edges: 4·8 = 32.
		{"4-cube on ring, xor", "guest=hypercube:4&host=ring:16&algo=xor", draw.Options{}, 16, 0, 32, 0},
		{"4-cube on line", "guest=hypercube:4&host=line:16&algo=standard", draw.Options{}, 16, 0, 32, 0},
		{"6-cube on 4x4x4 mesh", "guest=hypercube:6&host=mesh:4x4x4&algo=standard", draw.Options{}, 64, 0, 192, 0},
		{"6-cube on 8x8 torus", "guest=hypercube:6&host=torus:8x8&algo=xor", draw.Options{}, 64, 0, 192, 0},
		{"6-cube on 6-cube", "guest=hypercube:6&host=hypercube:6&algo=identity", draw.Options{}, 64, 0, 192, 0},
		// Step view of a d-cube: dimensions 0 and 1 only, 2·8 = 16 edges.
		{"step 2 of a 4-cube", "guest=hypercube:4&host=ring:16&algo=xor", draw.Options{Step: 2}, 16, 0, 16, 0},
		// 12-cube: 4096 nodes, above the detail limit: a heat map (one
		// image, TestHeatMapImage), no node elements, no edges.
		{"12-cube heat map", "guest=hypercube:12&host=torus:64x64&algo=xor", draw.Options{}, 0, 0, 0, 0},
		// Detail < 0 forces every edge: 12·2048.
		{"12-cube all edges", "guest=hypercube:12&host=torus:64x64&algo=xor", draw.Options{Detail: -1}, 4096, 0, 24576, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := solvetest.Map(t, tc.query)
			var buf bytes.Buffer
			if err := draw.Mapping(&buf, r, tc.opt); err != nil {
				t.Fatal(err)
			}
			c := census(t, buf.Bytes())
			if c["n"] != tc.nodes || c["free"] != tc.free || c["e"] != tc.edges {
				t.Errorf("nodes %d (free %d), edges %d; want %d (%d), %d", c["n"], c["free"], c["e"], tc.nodes, tc.free, tc.edges)
			}
		})
	}
}

// TestMappingGridStep draws a 4x3 grid on a 4x3 mesh by hand (no registry)
// and checks the step view of its rows: step 2 shows objects with first
// coordinate 0 or 1 (6 of 12) and the 7 edges among them.
func TestMappingGridStep(t *testing.T) {
	g, _ := guest.NewGrid([]int{4, 3}, false)
	h, _ := topology.NewMesh(4, 3)
	r := identity(t, g, h)
	for _, tc := range []struct {
		step, free, edges int
	}{
		{0, 0, 17}, // 3·3 horizontal + 4·2 vertical
		{2, 6, 7},  // objects with x<2: 1·3 horizontal + 2·2 vertical
		{4, 0, 17},
	} {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{Step: tc.step}); err != nil {
			t.Fatal(err)
		}
		c := census(t, buf.Bytes())
		if c["n"] != 12 || c["free"] != tc.free || c["e"] != tc.edges {
			t.Errorf("step %d: nodes %d free %d edges %d; want 12, %d, %d", tc.step, c["n"], c["free"], c["e"], tc.free, tc.edges)
		}
	}
	if got := draw.StepCount(g); got != 4 {
		t.Errorf("StepCount = %d, want 4", got)
	}
}

// TestStepBeyondTheLastDrawsTheLast: a permalink's step=99 on a guest of
// 4 rows draws and captions rows 0..3, as the slider's last position does.
func TestStepBeyondTheLastDrawsTheLast(t *testing.T) {
	g, _ := guest.NewGrid([]int{4, 3}, false)
	h, _ := topology.NewMesh(4, 3)
	r := identity(t, g, h)
	for _, step := range []int{99, -5} {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{Step: step}); err != nil {
			t.Fatal(err)
		}
		if s := buf.String(); strings.Contains(s, "0..98") || step < 0 && strings.Contains(s, "step view") {
			t.Errorf("step %d: caption names steps the guest does not have", step)
		}
	}
	if got := draw.ClampStep(g, 99); got != 4 {
		t.Errorf("ClampStep(99) = %d, want 4", got)
	}
}

// TestMappingHoverData checks the data-* attributes the explorer's hover
// reads: host node and guest vertex on nodes, ends and dilation on edges.
func TestMappingHoverData(t *testing.T) {
	r := solvetest.Map(t, "guest=hypercube:2&host=line:4&algo=standard")
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	// Standard on a line: S(n) = n, so vertex 3 sits on node 3; its
	// dimension-1 edge to 1 spans 2 links.
	for _, want := range []string{`class="n" data-h="3" data-v="3"`, `data-u="1" data-v="3" data-dil="2"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("document lacks %s", want)
		}
	}
}

func TestInline(t *testing.T) {
	r := solvetest.Map(t, "guest=hypercube:3&host=ring:8&algo=xor")
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "<?xml") {
		t.Fatalf("standalone document should start with the prolog")
	}
	s := draw.Inline(buf.Bytes())
	if !strings.HasPrefix(s, "<svg") || !strings.HasSuffix(s, "</svg>") {
		t.Errorf("Inline = %.20q...%.10q, want <svg ... </svg>", s, s[len(s)-10:])
	}
}

func TestErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, nil, draw.Options{}); err == nil {
		t.Error("Mapping(nil) succeeded")
	}
	if err := draw.Mapping(&buf, &solve.Result{}, draw.Options{}); err == nil {
		t.Error("Mapping(zero result) succeeded")
	}
	if err := draw.Gantt(&buf, nil, draw.Options{}); err == nil {
		t.Error("Gantt(nil) succeeded")
	}
	if err := draw.Compare(&buf, nil, nil, draw.Options{}); err == nil {
		t.Error("Compare(nil) succeeded")
	}
	r := solvetest.Map(t, "guest=hypercube:3&host=ring:8&algo=xor")
	if err := draw.Mapping(failWriter{}, r, draw.Options{}); !errors.Is(err, draw.ErrWrite) {
		t.Errorf("write error = %v, want draw.ErrWrite", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestGantt draws the Xor paper's Fig. 4 pair (3-cube on an 8-line,
// standard vs byweight) and counts the bars: 3 compute + 3 communicate per
// process, plus one wait bar per waiting stage (sim's own oracle: byweight
// waits 8 link-times in total, in 1-link waits, so 8 wait bars).
func TestGantt(t *testing.T) {
	var scheds []*sim.Schedule
	for _, a := range []string{"standard", "byweight"} {
		r := solvetest.Map(t, "guest=hypercube:3&host=line:8&algo="+a)
		s, err := sim.Run(r.Mapping, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		s.Algo = a
		scheds = append(scheds, s)
	}
	var buf bytes.Buffer
	if err := draw.Gantt(&buf, scheds, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	c := census(t, buf.Bytes())
	waits := strings.Count(buf.String(), `data-kind="wait"`)
	if c["bar"] != 2*8*6+waits || waits == 0 {
		t.Errorf("bars %d with %d waits, want %d", c["bar"], waits, 2*8*6+waits)
	}
	if !strings.Contains(buf.String(), "T = 10, idle") || !strings.Contains(buf.String(), "T = 12, idle") {
		t.Errorf("titles lack T = 10 (standard) and T = 12 (byweight)")
	}
}

func TestCompare(t *testing.T) {
	bars := []draw.Bar{{Algo: "a", HopsPerByte: 1.5, Seconds: 0.001}, {Algo: "b", HopsPerByte: 2.25, Seconds: 0.002}, {Algo: "c", Err: "boom"}}
	bounds := []metric.Bound{{Name: "nb", Value: 1, Scope: metric.AllMappings}, {Name: "est", Value: 2.1, Scope: metric.Estimate}}
	var buf bytes.Buffer
	if err := draw.Compare(&buf, bars, bounds, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	c := census(t, buf.Bytes())
	// Two bars per successful algorithm (hops/byte and time).
	if c["bar"] != 4 || c["bound"] != 2 {
		t.Errorf("bars %d bounds %d, want 4 and 2", c["bar"], c["bound"])
	}
}

// viewBox reads the width and height of a document's viewBox.
func viewBox(t *testing.T, doc []byte) (w, h float64) {
	t.Helper()
	m := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("no viewBox")
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return w, h
}

// TestHeatMapImage: a large host's heat map is one PNG image (hosts
// wider than ~233 columns were clipped at 720 units) that
// covers every node and fits in the document.
func TestHeatMapImage(t *testing.T) {
	for _, tc := range []struct {
		query string
		cols  int // host nodes along x
	}{
		{"guest=grid:512x32&host=mesh:512x32&algo=rowmajor", 512},
		{"guest=grid:1024x64&host=mesh:1024x64&algo=rowmajor", 1024},
		{"guest=hypercube:12&host=torus:64x64&algo=xor", 64},
		{"guest=hypercube:16&host=ring:65536&algo=xor", 0},
	} {
		r := solvetest.Map(t, tc.query)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		doc := buf.Bytes()
		vw, _ := viewBox(t, doc)
		m := regexp.MustCompile(`<image class="heat" x="0" y="0" width="(\d+)" height="(\d+)" data-nodes="(\d+)"[^>]* href="data:image/png;base64,([^"]+)"`).FindSubmatch(doc)
		if m == nil {
			t.Fatalf("%s: no heat map image", tc.query)
		}
		iw, _ := strconv.Atoi(string(m[1]))
		if float64(iw) > vw {
			t.Errorf("%s: image %d wide in a %v-wide document", tc.query, iw, vw)
		}
		raw, err := base64.StdEncoding.DecodeString(string(m[4]))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: the heat map is no PNG: %v", tc.query, err)
		}
		if img.Bounds().Dx() != iw {
			t.Errorf("%s: PNG %d px wide, element %d", tc.query, img.Bounds().Dx(), iw)
		}
		// Every column of host nodes is painted: count painted x positions.
		painted := 0
		for x := range img.Bounds().Dx() {
			for y := range img.Bounds().Dy() {
				if _, _, _, a := img.At(x, y).RGBA(); a != 0 {
					painted++
					break
				}
			}
		}
		if painted < tc.cols {
			t.Errorf("%s: %d painted columns, want at least %d (one per host column)", tc.query, painted, tc.cols)
		}
		if string(m[3]) != strconv.Itoa(r.Mapping.Host.Size()) {
			t.Errorf("%s: data-nodes %s", tc.query, m[3])
		}
	}
}

// TestNodesInsideDocument: nodes drawn as shapes never leave the
// document: a 256-column host at the minimum node size widens it.
func TestNodesInsideDocument(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:256x4&host=mesh:256x4&algo=rowmajor")
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	vw, _ := viewBox(t, buf.Bytes())
	right := 0.0
	for _, m := range regexp.MustCompile(`<rect x="(\d+)" y="\d+" width="(\d+)"[^>]*class="n`).FindAllSubmatch(buf.Bytes(), -1) {
		x, _ := strconv.ParseFloat(string(m[1]), 64)
		w, _ := strconv.ParseFloat(string(m[2]), 64)
		right = max(right, x+w)
	}
	if right == 0 || right > vw {
		t.Errorf("rightmost node ends at %v, document is %v wide", right, vw)
	}
}

// TestRoute: a route has Hops+1 nodes, each a neighbour of the one
// before, on meshes, tori (the short way round) and hypercubes.
func TestRoute(t *testing.T) {
	hosts := []*topology.Lattice{}
	for _, mk := range []func() (*topology.Lattice, error){
		func() (*topology.Lattice, error) { return topology.NewMesh(5, 4, 3) },
		func() (*topology.Lattice, error) { return topology.NewTorus(6, 5) },
		func() (*topology.Lattice, error) { return topology.NewRing(9) },
		func() (*topology.Lattice, error) { return topology.NewHypercube(4) },
	} {
		h, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		hosts = append(hosts, h)
	}
	for _, lat := range hosts {
		// the grid's dimension-order routes, and the steps of a host
		// without the Grid capability
		for _, h := range []topology.Host{lat, struct{ topology.Host }{lat}} {
			for a := range h.Size() {
				for b := range h.Size() {
					r := draw.Route(h, a, b)
					if len(r) != h.Hops(a, b)+1 || r[0] != a || r[len(r)-1] != b {
						t.Fatalf("%s: route %d->%d = %v, distance %d", h, a, b, r, h.Hops(a, b))
					}
					for i := 1; i < len(r); i++ {
						if h.Hops(r[i-1], r[i]) != 1 {
							t.Fatalf("%s: route %d->%d = %v jumps", h, a, b, r)
						}
					}
				}
			}
		}
	}
}

// TestLocator: the locator names the node under each node's centre, in a
// drawing of shapes and in a heat map (checked on the layout's grid).
func TestLocator(t *testing.T) {
	for _, q := range []string{"guest=hypercube:6&host=mesh:4x4x4&algo=standard", "guest=grid:9x8&host=mesh:6x12&algo=rowmajor", "guest=hypercube:5&host=ring:32&algo=xor"} {
		r := solvetest.Map(t, q)
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
			t.Fatal(err)
		}
		const shift = 0 // the host at the document's origin, its caption under it
		loc := draw.NewLocator(r, draw.Options{})
		nodes := regexp.MustCompile(`<circle cx="(\d+)" cy="(\d+)" r="\d+" class="n[^"]*" data-h="(\d+)"(?: data-v="(\d+)")?`).FindAllSubmatch(buf.Bytes(), -1)
		if len(nodes) != r.Mapping.Host.Size() {
			t.Fatalf("%s: %d nodes parsed", q, len(nodes))
		}
		for _, m := range nodes {
			x, _ := strconv.ParseFloat(string(m[1]), 64)
			y, _ := strconv.ParseFloat(string(m[2]), 64)
			h, v := loc.At(x+0.5, y+0.5+float64(shift))
			if strconv.Itoa(h) != string(m[3]) || strconv.Itoa(v) != string(m[4]) {
				t.Errorf("%s: at node %s (vertex %s) the locator finds %d (%d)", q, m[3], m[4], h, v)
			}
			if bx, by, side := loc.Box(h); float64(bx+side/2) != x || float64(by+side/2) != y+float64(shift) {
				t.Errorf("%s: node %d's box (%d,%d)+%d is not centred on it", q, h, bx, by, side)
			}
		}
		if h, v := loc.At(-50, -50); h != -1 || v != -1 {
			t.Errorf("%s: outside the drawing: %d, %d", q, h, v)
		}
	}
}
