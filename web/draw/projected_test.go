package draw_test

import (
	"bytes"
	"strconv"
	"testing"

	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// TestProjectedView: a 3-D mesh is drawn as a box of nodes: one dot per
// node, one line per link between neighbours (3·3·4·4 = 144 on 4×4×4);
// seen from the front (yaw 0, pitch 0) x1 runs right and x2 up, turned by
// 90° x3 runs right; a perfect mapping's links are all in the coolest
// colour; a ring is refused.
func TestProjectedView(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:4x4x4&host=mesh:4x4x4&algo=rowmajor")
	pos := func(yaw, pitch float64) map[string][2]float64 {
		var buf bytes.Buffer
		if err := draw.Projected(&buf, r, 400, yaw, pitch); err != nil {
			t.Fatal(err)
		}
		nodes := elements(t, buf.Bytes(), "n3")
		links := len(elements(t, buf.Bytes(), "links3d"))
		lines := 0
		for _, e := range elements(t, buf.Bytes(), "l3") {
			lines++
			if e.attrs["stroke"] != draw.CoolestLoadColour() {
				t.Fatalf("a link of the perfect mapping coloured %s, want the coolest %s", e.attrs["stroke"], draw.CoolestLoadColour())
			}
		}
		if len(nodes) != 64 || lines != 144 || links != 1 {
			t.Fatalf("%d nodes, %d links in %d groups; want 64, 144 in 1", len(nodes), lines, links)
		}
		out := map[string][2]float64{}
		for _, n := range nodes {
			x, _ := strconv.ParseFloat(n.attrs["cx"], 64)
			y, _ := strconv.ParseFloat(n.attrs["cy"], 64)
			out[n.attrs["data-h"]] = [2]float64{x, y}
		}
		return out
	}
	front := pos(0, 0)
	o, x1, x2 := front["0"], front["1"], front["4"]
	if !(x1[0] > o[0] && x1[1] == o[1] && x2[1] < o[1] && x2[0] == o[0]) {
		t.Errorf("front view: (0,0,0) at %v, (1,0,0) at %v, (0,1,0) at %v; want x1 right, x2 up", o, x1, x2)
	}
	side := pos(90, 0)
	if o, x3 := side["0"], side["16"]; !(x3[0] > o[0] && x3[1] == o[1]) {
		t.Errorf("turned by 90°: (0,0,0) at %v, (0,0,1) at %v; want x3 right", o, x3)
	}
	pos(draw.IsoYaw, draw.IsoPitch)
	ring := solvetest.Map(t, "guest=hypercube:4&host=ring:16&algo=xor")
	if err := draw.Projected(&bytes.Buffer{}, ring, 400, 0, 0); err == nil {
		t.Error("a ring drawn in 3-D")
	}
}
