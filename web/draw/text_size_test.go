package draw_test

import (
	"bytes"
	"encoding/xml"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// MinTextPx is the smallest text a drawing writes, in user units (pixels
// at 100 %).
const MinTextPx = 11

// sheetFont matches a rule of the embedded stylesheet that sets a font
// size: ".s{font:12px ...".
var sheetFont = regexp.MustCompile(`\.([\w-]+)\{font:(\d+(?:\.\d+)?)px`)

// smallTexts returns the texts of doc smaller than MinTextPx, each as
// "size: text": its size is its font-size attribute, else the largest of
// its classes' sizes in the document's stylesheet; a text with neither
// counts as 0 (the browser's default would then decide).
func smallTexts(t *testing.T, doc []byte) []string {
	t.Helper()
	sizes := map[string]float64{}
	for _, m := range sheetFont.FindAllSubmatch(doc, -1) {
		sizes[string(m[1])], _ = strconv.ParseFloat(string(m[2]), 64)
	}
	var out []string
	eachElement(t, doc, func(e svgElem, d *xml.Decoder) {
		if e.name != "text" {
			return
		}
		size := 0.0
		for _, c := range strings.Fields(e.attrs["class"]) {
			size = max(size, sizes[c])
		}
		if fs, ok := e.attrs["font-size"]; ok {
			size, _ = strconv.ParseFloat(strings.TrimSuffix(fs, "px"), 64)
		}
		if size < MinTextPx {
			inner, _ := d.Token()
			cd, _ := inner.(xml.CharData)
			out = append(out, strconv.FormatFloat(size, 'f', -1, 64)+": "+string(cd))
		}
	})
	return out
}

// TestNoSmallText: no drawing writes text below MinTextPx. Every
// registered host kind's examples under every registered guest kind's
// examples that fit (greedy), edges drawn and as a heat map, a weighted
// graph on each host, the projected 3-D view, the Gantt chart and the
// comparison.
func TestNoSmallText(t *testing.T) {
	check := func(name string, doc []byte) {
		t.Helper()
		if small := smallTexts(t, doc); len(small) > 0 {
			t.Errorf("%s: %d texts below %d px, first %q", name, len(small), MinTextPx, small[0])
		}
	}
	drawn := 0
	for _, hk := range topology.Kinds() {
		for _, hs := range hk.Examples {
			h, err := topology.Parse(hs)
			if err != nil {
				t.Fatalf("%s: %v", hs, err)
			}
			for _, gk := range guest.Kinds() {
				for _, gs := range gk.Examples {
					if gk.External {
						continue
					}
					r := fitting(t, gs, hs, h.Size())
					if r == nil {
						continue
					}
					for _, o := range []draw.Options{{}, {Detail: 1}} {
						var buf bytes.Buffer
						if err := draw.Mapping(&buf, r, o); err != nil {
							t.Fatalf("%s on %s: %v", gs, hs, err)
						}
						check(gs+" on "+hs, buf.Bytes())
						drawn++
					}
				}
			}
			if h.Size() >= 4 {
				r := placed(t, weighted4(t), hs, []int{0, 1, 2, 3})
				for _, o := range []draw.Options{{}, {Detail: 2}} {
					var buf bytes.Buffer
					if err := draw.Mapping(&buf, r, o); err != nil {
						t.Fatalf("graph on %s: %v", hs, err)
					}
					check("graph on "+hs, buf.Bytes())
				}
			}
		}
	}
	if drawn < 20 {
		t.Errorf("only %d mappings drawn", drawn)
	}
	for _, q := range []string{"guest=hypercube:6&host=torus:4x4x4&algo=gray", "guest=grid:4x4x2&host=mesh:4x4x2&algo=rowmajor"} {
		var buf bytes.Buffer
		if err := draw.Projected(&buf, solvetest.Map(t, q), 300, draw.IsoYaw, draw.IsoPitch); err != nil {
			t.Fatal(err)
		}
		check("3-D view of "+q, buf.Bytes())
	}
	r := solvetest.Map(t, "guest=hypercube:3&host=line:8&algo=standard")
	s, err := sim.Run(r.Mapping, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := draw.Gantt(&buf, []*sim.Schedule{s}, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	check("gantt", buf.Bytes())
	buf.Reset()
	bars := []draw.Bar{{Algo: "standard", HopsPerByte: r.Metrics.HopsPerByte, Seconds: r.Seconds}}
	if err := draw.Compare(&buf, bars, r.Metrics.Bounds, draw.Options{}); err != nil {
		t.Fatal(err)
	}
	check("compare", buf.Bytes())
}

// fitting maps guest gs on host hs by greedy, or returns nil when the
// guest has more vertices than the host has nodes.
func fitting(t *testing.T, gs, hs string, size int) *solve.Result {
	t.Helper()
	sp, err := guest.Parse(gs)
	if err != nil {
		t.Fatal(err)
	}
	if sp.Order() > size {
		return nil
	}
	return solvetest.Map(t, url.Values{"guest": {gs}, "host": {hs}, "algo": {"greedy"}}.Encode())
}
