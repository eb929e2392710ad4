package draw_test

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"

	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

func mapQuery(query string) *solve.Result {
	q, _ := url.ParseQuery(query)
	in, err := spec.ParseQuery(q)
	if err != nil {
		panic(err)
	}
	r, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		panic(err)
	}
	return r
}

// The Xor embedding of a 4-cube on a 16-ring (González & Valero-García
// 1993, Fig. 5) drawn on its ring: 16 host nodes and 4·8 guest edges.
func ExampleMapping() {
	r := mapQuery("guest=hypercube:4&host=ring:16&algo=xor")
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Count(buf.String(), `class="n"`), "nodes,", strings.Count(buf.String(), `class="e"`), "edges")
	// Output: 16 nodes, 32 edges
}

// Inline prepares a document for app.Raw, which keeps only the first node.
func ExampleInline() {
	r := mapQuery("guest=hypercube:2&host=line:4&algo=standard")
	var buf bytes.Buffer
	_ = draw.Mapping(&buf, r, draw.Options{})
	fmt.Println(strings.HasPrefix(buf.String(), "<?xml"), strings.HasPrefix(draw.Inline(buf.Bytes()), "<svg"))
	// Output: true true
}

// The Xor paper's Fig. 4: a 3-cube on an 8-node line, standard against
// byweight, with T_a = t_c = 1.
func ExampleGantt() {
	var ss []*sim.Schedule
	for _, a := range []string{"standard", "byweight"} {
		s, err := sim.Run(mapQuery("guest=hypercube:3&host=line:8&algo="+a).Mapping, 1, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Algo = a
		ss = append(ss, s)
	}
	var buf bytes.Buffer
	if err := draw.Gantt(&buf, ss, draw.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(buf.String(), "T = 10,"), strings.Contains(buf.String(), "T = 12,"))
	// Output: true true
}

// Two algorithms against the bounds of their instance.
func ExampleCompare() {
	var bars []draw.Bar
	var r *solve.Result
	for _, a := range []string{"standard", "xor"} {
		r = mapQuery("guest=hypercube:4&host=ring:16&algo=" + a)
		bars = append(bars, draw.Bar{Algo: a, HopsPerByte: r.Metrics.HopsPerByte, Seconds: r.Seconds})
	}
	var buf bytes.Buffer
	if err := draw.Compare(&buf, bars, r.Metrics.Bounds, draw.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Count(buf.String(), `class="bar"`), "bars,", strings.Count(buf.String(), `class="bound"`), "bounds")
	// Output: 4 bars, 2 bounds
}

func ExampleRoute() {
	// From (0,0) to (3,1) on a 4x2 torus: dimension 0 first, the short way
	// round (one hop back over the wrap-around link), then dimension 1.
	h, _ := topology.NewTorus(4, 2)
	fmt.Println(draw.Route(h, 0, 7))
	// Output: [0 3 7]
}
