package spec_test

import (
	"fmt"
	"net/url"

	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func ExampleParseGuest() {
	g, _ := spec.ParseGuest("Grid:9x8:wrap")
	fmt.Println(g, g.Order())
	_, err := spec.ParseGuest("grid:9")
	fmt.Println(err)
	// Output:
	// grid:9x8:wrap 72
	// guest "grid:9": a grid has 2 or 3 dimensions, got 1
}

func ExampleParseHost() {
	for _, s := range []string{"torus:8x4:wrap=10", "mesh:16", "hypercube:4", "mesh:99999999x99999999"} {
		h, err := spec.ParseHost(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(h, h.Size())
	}
	// Output:
	// mesh:8x4:wrap=10 32
	// line:16 16
	// hypercube:4 16
	// host "mesh:99999999x99999999": more than 67,108,864 nodes
}

func ExampleGuest_Build() {
	g, _ := spec.ParseGuest("hypercube:3")
	graph, _ := g.Build()
	fmt.Println(graph, graph.Arcs())
	// Output: hypercube:3 24
}

// A parsed host is a topology.Host; lattices expose their closed forms.
func ExampleParseHost_lattice() {
	h, _ := spec.ParseHost("torus:8x8")
	fmt.Println(h, h.(*topology.Lattice).Diameter())
	// Output: torus:8x8 8
}

func ExampleParseQuery() {
	q, _ := url.ParseQuery("guest=grid:9x8&host=MESH:6x12&algo=affn&seed=007")
	in, _ := spec.ParseQuery(q)
	fmt.Println(in.Guest, in.Host, in.Algo, in.Seed)
	_, err := spec.ParseQuery(url.Values{"guest": {"grid:9x8"}, "host": {"ring:72"}, "algo": {"Affn"}})
	fmt.Println(spec.FieldOf(err), err)
	// Output:
	// grid:9x8 mesh:6x12 affn 7
	// algo algorithm "Affn": want a lower-case name such as xor, affn or pairs-uniform
}

func ExampleInstance_Query() {
	q, _ := url.ParseQuery("host=ring:8&guest=hypercube:3&algo=xor&seed=0&tc=1.50")
	in, _ := spec.ParseQuery(q)
	fmt.Println(in.Query().Encode())
	// Output: algo=xor&guest=hypercube%3A3&host=ring%3A8&tc=1.5
}

func ExampleParseAlgo() {
	_, err := spec.ParseAlgo("mxov+al")
	fmt.Println(err)
	// Output: algorithm "mxov+al": want a lower-case name such as xor, affn or pairs-uniform
}

func ExampleParseBudget() {
	d, _ := spec.ParseBudget("1500ms")
	_, err := spec.ParseBudget("2h")
	fmt.Println(d)
	fmt.Println(err)
	// Output:
	// 1.5s
	// budget "2h": want a duration such as 2s, at most 1h
}

func ExampleParseTime() {
	v, _ := spec.ParseTime("ta", "2.5")
	_, err := spec.ParseTime("tc", "-1")
	fmt.Println(v)
	fmt.Println(spec.FieldOf(err), err)
	// Output:
	// 2.5
	// tc tc "-1": want 0 or a number from 0.000000001 to 1,000,000,000 (any unit, the same for ta and tc)
}

func ExampleFieldOf() {
	_, err := spec.ParseQuery(url.Values{"guest": {"hypercube:3"}, "host": {"star:8"}, "algo": {"xor"}})
	fmt.Println(spec.FieldOf(err))
	// Output: host
}

func ExampleDecodeJSON() {
	r, err := spec.DecodeJSON([]byte(`{"guest":"GRID:9x8","host":"mesh:6x12:wrap=00","algo":"affn","seed":0}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	in, err := r.Instance()
	fmt.Println(in.Query().Encode(), err)

	_, err = spec.DecodeJSON([]byte(`{"guest":"grid:9x8","host":"mesh:6x12","algo":"affn","seeds":1}`))
	fmt.Println(spec.FieldOf(err), err)
	// Output:
	// algo=affn&guest=grid%3A9x8&host=mesh%3A6x12 <nil>
	// seeds invalid request: unknown field "seeds" (want guest, host, algo, seed, budget, moves, start, ta, tc, objective, nodes, ranksPerNode)
}
