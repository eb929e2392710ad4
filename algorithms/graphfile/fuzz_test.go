package graphfile_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
)

// fuzzLimits keep every fuzzed graph small: the caps are tested elsewhere.
var fuzzLimits = graphfile.Limits{MaxVertices: 1 << 12, MaxArcs: 1 << 14}

// fuzzRead fuzzes the reader of format ("" detects it), seeded with the
// table tests: it must never panic; it returns a well-formed graph or an
// *Error of one line; the graph written again reads back the same.
func fuzzRead(f *testing.F, format string) {
	for _, tt := range readTests {
		if format == "" || tt.format == format {
			f.Add([]byte(tt.in))
		}
	}
	for _, tt := range errorTests {
		if format == "" || tt.format == format {
			f.Add([]byte(tt.in))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		res, err := graphfile.Read(bytes.NewReader(in), graphfile.Options{Format: format, Limits: fuzzLimits})
		if err != nil {
			var e *graphfile.Error
			msg := err.Error()
			if !errors.As(err, &e) || strings.Contains(msg, "\n") || strings.HasPrefix(msg, "graphfile") || strings.HasPrefix(msg, "guest") || e.Line < 0 || e.Field < 0 {
				t.Fatalf("error %q (%T)", msg, err)
			}
			return
		}
		checkGraph(t, res.Graph)
		want := arcList(res.Graph)
		for _, name := range []string{res.Format, "matrixmarket"} {
			edgeList := name == "csv" || name == "edges"
			if edgeList && (res.Graph.Arcs() == 0 || silentZero(res.Graph)) {
				continue // an edge list holds no silent process, and none silent at 0 (it would read as numbered from 1)
			}
			w, _ := graphfile.Lookup(name)
			var buf bytes.Buffer
			if err := w.Write(&buf, res.Graph); err != nil {
				var e *graphfile.Error
				if !errors.As(err, &e) || name == "matrixmarket" {
					t.Fatalf("writing %s: %v", name, err)
				}
				continue // METIS and Scotch hold no directed or real volumes
			}
			back, err := graphfile.Read(&buf, graphfile.Options{Format: name, Limits: fuzzLimits})
			if err != nil {
				t.Fatalf("reading back %s: %v", name, err)
			}
			if got := arcList(back.Graph); got != want || back.Graph.Order() != res.Graph.Order() && !edgeList {
				t.Fatalf("%s round trip: %d vertices %s, want %d vertices %s", name, back.Graph.Order(), got, res.Graph.Order(), want)
			}
		}
	})
}

func FuzzReadMETIS(f *testing.F)        { fuzzRead(f, "metis") }
func FuzzReadChaco(f *testing.F)        { fuzzRead(f, "chaco") }
func FuzzReadScotch(f *testing.F)       { fuzzRead(f, "scotch") }
func FuzzReadMatrixMarket(f *testing.F) { fuzzRead(f, "matrixmarket") }
func FuzzReadDense(f *testing.F)        { fuzzRead(f, "dense") }
func FuzzReadCSV(f *testing.F)          { fuzzRead(f, "csv") }
func FuzzReadEdges(f *testing.F)        { fuzzRead(f, "edges") }
func FuzzReadGOAL(f *testing.F)         { fuzzRead(f, "goal") }
func FuzzRead(f *testing.F)             { fuzzRead(f, "") }

// silentZero reports whether vertex 0 of g has no arc in or out.
func silentZero(g *guest.Graph) bool {
	if g.Offsets[1] > g.Offsets[0] {
		return false
	}
	for _, u := range g.Adj {
		if u == 0 {
			return false
		}
	}
	return true
}
