package graphfile_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
)

var sink *graphfile.Result

// benchGraph is a 512×512 periodic stencil with volumes 1 to 7: 262144
// vertices, 1048576 arcs; dense matrices use a 32×32 one (1024 vertices).
func benchGraph(b *testing.B, k int) *guest.Graph {
	grid, err := guest.NewGrid([]int{k, k}, true)
	if err != nil {
		b.Fatal(err)
	}
	var edges []guest.Edge
	for v := range grid.Order() {
		for _, u := range grid.Neighbors(v) {
			if int(u) > v {
				edges = append(edges, guest.Edge{U: v, V: int(u), Volume: float64(v%7 + 1)})
			}
		}
	}
	g, err := guest.FromEdges(grid.Order(), edges)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func BenchmarkRead(b *testing.B) {
	large, small := benchGraph(b, 512), benchGraph(b, 32)
	for _, f := range graphfile.Formats() {
		g, k := large, 512
		if f.Name == "dense" {
			g, k = small, 32
		}
		var buf bytes.Buffer
		if err := f.Write(&buf, g); err != nil {
			b.Fatal(err)
		}
		in := buf.Bytes()
		b.Run(fmt.Sprintf("%s torus %dx%d %d arcs", f.Name, k, k, g.Arcs()), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if sink, err = graphfile.Read(bytes.NewReader(in), graphfile.Options{Format: f.Name}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	g := benchGraph(b, 512)
	for _, name := range []string{"metis", "matrixmarket"} {
		f, _ := graphfile.Lookup(name)
		b.Run(fmt.Sprintf("%s torus 512x512 %d arcs", name, g.Arcs()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Write(io.Discard, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
