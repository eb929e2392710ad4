package graphfile_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
)

func ExampleRead() {
	// a METIS graph: 4 processes in a ring, one edge weighted 5
	const ring = `% header: 4 vertices, 4 edges, fmt 1 (edge weights)
4 4 1
2 5 4 1
1 5 3 1
2 1 4 1
3 1 1 1
`
	res, err := graphfile.Read(strings.NewReader(ring), graphfile.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := res.Graph
	fmt.Println(res.Format, g.Order(), "vertices,", g.Arcs(), "arcs")
	for e := g.Offsets[0]; e < g.Offsets[1]; e++ {
		fmt.Printf("w(0→%d) = %v\n", g.Adj[e], g.Volume(int(e)))
	}
	// Output:
	// metis 4 vertices, 8 arcs
	// w(0→1) = 5
	// w(0→3) = 1
}

func ExampleRead_chaco() {
	// a Chaco graph as Scotch's gcv -oc writes one whose vertices have
	// labels: fmt 100, each line starts with its vertex's number
	const path = "3\t2\t100\n1\t2\n2\t1\t3\n3\t2\n"
	res, _ := graphfile.Read(strings.NewReader(path), graphfile.Options{Name: "path.chaco"})
	fmt.Println(res.Format, arcList(res.Graph), res.Warnings)
	// the same file named .graph is read as METIS, whose fmt 100 means
	// vertex sizes, and a warning says what it looks like
	res, _ = graphfile.Read(strings.NewReader(path), graphfile.Options{Name: "path.graph", FormatField: "--guest-format"})
	fmt.Println(res.Format, arcList(res.Graph))
	fmt.Println(res.Warnings[1])
	// Output:
	// chaco 0→1:1 1→0:1 1→2:1 2→1:1 []
	// metis 0→1:1 1→0:1 1→2:1 2→1:1
	// fmt 100: every vertex line starts with its own vertex number (1, 2, …), as in a Chaco graph, where fmt 1xx means vertex numbers; read as METIS, they are taken for vertex sizes. If it is a Chaco graph, name it with --guest-format: chaco
}

func ExampleRead_directed() {
	// a measured MPI matrix: entry (i,j) is what rank i-1 sent to rank j-1
	const mtx = `%%MatrixMarket matrix coordinate real general
3 3 4
1 2 4096
2 1 512
2 2 64
3 1 1e6
`
	res, _ := graphfile.Read(strings.NewReader(mtx), graphfile.Options{Name: "traffic.mtx"})
	fmt.Println(arcList(res.Graph))
	fmt.Println(res.Warnings)
	// Output:
	// 0→1:4096 1→0:512 2→0:1e+06
	// [1 self-loop dropped, the first on line 5: a process sending to itself uses no network]
}

func ExampleRead_error() {
	_, err := graphfile.Read(strings.NewReader("3 2\n2\n1 4\n\n"), graphfile.Options{Format: "metis"})
	var e *graphfile.Error
	if errors.As(err, &e) {
		fmt.Println(e.Line, e.Field)
		fmt.Println(err)
	}
	// Output:
	// 3 2
	// METIS graph, line 3, field 2: expected a neighbour from 1 to 3, got "4"
}

func ExampleError() {
	_, err := graphfile.Read(strings.NewReader("0,1,5\n1,x,2\n"), graphfile.Options{Name: "trace.csv"})
	var e *graphfile.Error
	if errors.As(err, &e) {
		b, _ := json.Marshal(e) // what an API can answer
		fmt.Println(string(b))
	}
	// Output: {"format":"CSV edge list","line":2,"field":2,"message":"expected the destination process dst (an integer ≥ 0), got \"x\""}
}

func ExampleRead_limits() {
	// a header may claim anything: nothing is allocated beyond the caps
	_, err := graphfile.Read(strings.NewReader("1000000000000 1\n"), graphfile.Options{Limits: graphfile.Limits{MaxVertices: 1 << 16}})
	fmt.Println(errors.Is(err, graphfile.ErrTooLarge), err)
	// Output: true METIS graph, line 1, field 1: the header says 1,000,000,000,000 vertices, more than the cap of 65,536
}

func ExampleFormat_Write() {
	g, _ := guest.NewGrid([]int{3, 2}, false)
	f, _ := graphfile.Lookup("scotch")
	_ = f.Write(os.Stdout, g)
	// Output:
	// 0
	// 6 14
	// 0 000
	// 2 1 3
	// 3 0 2 4
	// 2 1 5
	// 2 4 0
	// 3 3 5 1
	// 2 4 2
}

func ExampleFormats() {
	for _, f := range graphfile.Formats() {
		fmt.Printf("%-12s %-20s %-20s %s\n", f.Name, f.Title, f.MediaType, strings.Join(f.Extensions, " "))
	}
	// Output:
	// goal         GOAL schedule        text/x-goal          .goal
	// matrixmarket Matrix Market file   text/x-matrix-market .mtx .mm
	// scotch       Scotch graph         text/x-scotch-graph  .grf .src
	// csv          CSV edge list        text/csv             .csv
	// edges        edge list            text/x-edge-list     .edges .el
	// dense        dense matrix         text/x-dense-matrix  .mat .dense
	// metis        METIS graph          text/x-metis-graph   .graph .metis
	// chaco        Chaco graph          text/x-chaco-graph   .chaco
}

func ExampleByExtension() {
	for _, name := range []string{"4elt.graph", "cube.grf", "notes.txt"} {
		f, ok := graphfile.ByExtension(name)
		fmt.Printf("%s: %q %v\n", name, f.Name, ok)
	}
	// Output:
	// 4elt.graph: "metis" true
	// cube.grf: "scotch" true
	// notes.txt: "" false
}

func ExampleByMediaType() {
	f, ok := graphfile.ByMediaType("text/csv; charset=utf-8")
	fmt.Println(f.Name, ok)
	// Output: csv true
}

func ExampleLookup() {
	f, _ := graphfile.Lookup("mtx") // a name or an extension
	fmt.Println(f.Name)
	// Output: matrixmarket
}

func ExampleDetect() {
	f, _ := graphfile.Detect([]byte("0 10 3\n10 0 1\n3 1 0\n"), true)
	fmt.Println(f.Name)
	// Output: dense
}

func ExampleNames() {
	fmt.Println(graphfile.Names())
	// Output: [goal matrixmarket scotch csv edges dense metis chaco]
}
