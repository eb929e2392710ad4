package graphfile_test

// Tests against the field's own tools and data: Debian's METIS example
// meshes (libmetis-doc), Scotch's converter gcv and checker gtst (scotch),
// and gpmetis (metis). Nothing here is committed data: the meshes come
// from the packages that `make deps` installs.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
)

// plain returns the content of a file, gunzipped if it ends in .gz.
func plain(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// readPath reads a file with the format its extension names.
func readPath(t *testing.T, path string) *graphfile.Result {
	t.Helper()
	res, err := graphfile.Read(bytes.NewReader(plain(t, path)), graphfile.Options{Name: strings.TrimSuffix(path, ".gz")})
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	checkGraph(t, res.Graph)
	return res
}

// write writes g in a format to a file in dir.
func write(t *testing.T, g *guest.Graph, format, path string) {
	t.Helper()
	f, _ := graphfile.Lookup(format)
	var buf bytes.Buffer
	if err := f.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sameGraph fails unless a and b have the same vertices and arcs with the
// same volumes, in any order of neighbours.
func sameGraph(t *testing.T, what string, a, b *guest.Graph) {
	t.Helper()
	if a.Order() != b.Order() || a.Arcs() != b.Arcs() {
		t.Fatalf("%s: %d vertices, %d arcs; want %d, %d", what, b.Order(), b.Arcs(), a.Order(), a.Arcs())
	}
	type arc struct {
		u int32
		w float64
	}
	list := func(g *guest.Graph, v int) []arc {
		var l []arc
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			l = append(l, arc{g.Adj[e], g.Volume(int(e))})
		}
		slices.SortFunc(l, func(x, y arc) int { return int(x.u - y.u) })
		return l
	}
	for v := range a.Order() {
		if la, lb := list(a, v), list(b, v); !slices.Equal(la, lb) {
			t.Fatalf("%s: vertex %d has arcs %v, want %v", what, v, lb, la)
		}
	}
}

// gtst returns what Scotch's graph checker prints of a .grf file. Its
// edge load sum counts every arc when the graph has edge loads (a 1-2-3
// triangle sums to 12), and every edge once when it has none.
func gtst(t *testing.T, grf string) (vertices, edges, edgeLoad int) {
	t.Helper()
	out := meshtest.Run(t, "gtst", grf)
	get := func(re string) int {
		m := regexp.MustCompile(re).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("gtst %s: no %s in\n%s", grf, re, out)
		}
		v, _ := strconv.Atoi(m[1])
		return v
	}
	return get(`S\tVertex\tnbr=(\d+)`), get(`S\tEdge\tnbr=(\d+)`), get(`S\tEdge load\tmin=\d+\tmax=\d+\tsum=(\d+)`)
}

// graphchk returns the counts METIS's own checker prints of a METIS
// graph file, and fails unless it finds the format correct.
func graphchk(t *testing.T, path string) (vertices, edges int) {
	t.Helper()
	out := meshtest.Run(t, "graphchk", path)
	m := regexp.MustCompile(`#Vertices: (\d+), #Edges: (\d+)`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, "The format of the graph is correct!") {
		t.Fatalf("graphchk %s:\n%s", path, out)
	}
	vertices, _ = strconv.Atoi(m[1])
	edges, _ = strconv.Atoi(m[2])
	return vertices, edges
}

// volume is the sum of g's arc volumes.
func volume(g *guest.Graph) float64 {
	s := 0.0
	for e := range g.Arcs() {
		s += g.Volume(e)
	}
	return s
}

// TestFieldTools reads each METIS example mesh, its conversions by
// Scotch's gcv (Scotch, Matrix Market and Chaco output, the Chaco one with
// vertex numbers and weights too) and the graphs our writers make as
// Scotch reads them back, and checks that all are the same graph, with
// the counts gtst prints.
func TestFieldTools(t *testing.T) {
	meshtest.NeedTools(t, "gcv", "gtst", "graphchk")
	for name, path := range meshtest.Meshes(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mesh := readPath(t, path)
			if mesh.Format != "metis" || len(mesh.Warnings) != 0 {
				t.Errorf("%s read as %s with warnings %q", name, mesh.Format, mesh.Warnings)
			}
			g := mesh.Graph
			dir := t.TempDir()
			src := filepath.Join(dir, name+".graph")
			if err := os.WriteFile(src, plain(t, path), 0o644); err != nil {
				t.Fatal(err)
			}
			file := func(s string) string { return filepath.Join(dir, s) }
			meshtest.Run(t, "gcv", "-ic", src, file("gcv.grf"))
			meshtest.Run(t, "gcv", "-is", "-om", file("gcv.grf"), file("gcv.mtx"))
			meshtest.Run(t, "gcv", "-is", "-oc", file("gcv.grf"), file("gcv.chaco"))
			for _, conv := range []string{"gcv.grf", "gcv.mtx", "gcv.chaco"} {
				res := readPath(t, file(conv))
				sameGraph(t, conv, g, res.Graph)
				// gcv writes the diagonal of a Matrix Market pattern
				var want []string
				switch conv {
				case "gcv.mtx":
					want = []string{metric.Thousands(g.Order()) + " self-loops dropped, the first on line 4: a process sending to itself uses no network"}
				case "gcv.grf": // gcv writes baseval 1
					want = []string{"the file numbers its vertices from 1; topomap numbers them from 0 (vertex k is the file's k+1), and so do its scotch mapping files: Scotch's tools read them against this graph as topomap writes it (format scotch: baseval 0)"}
				}
				if !slices.Equal(res.Warnings, want) {
					t.Errorf("%s: warnings %q, want %q", conv, res.Warnings, want)
				}
			}
			chacoNumbered(t, g, dir)
			if n, m, load := gtst(t, file("gcv.grf")); n != g.Order() || 2*m != g.Arcs() || load != m || volume(g) != float64(g.Arcs()) {
				t.Errorf("gtst: %d vertices, %d edges, edge load %d; read %d vertices, %d arcs, volume %v", n, m, load, g.Order(), g.Arcs(), volume(g))
			}
			// our writers, read by Scotch
			write(t, g, "scotch", file("ours.grf"))
			write(t, g, "matrixmarket", file("ours.mtx"))
			write(t, g, "metis", file("ours.graph"))
			write(t, g, "chaco", file("ours.chaco"))
			if n, m, _ := gtst(t, file("ours.grf")); n != g.Order() || 2*m != g.Arcs() {
				t.Errorf("gtst of our .grf: %d vertices, %d edges", n, m)
			}
			if n, m := graphchk(t, file("ours.graph")); n != g.Order() || 2*m != g.Arcs() {
				t.Errorf("graphchk of our METIS graph: %d vertices, %d edges", n, m)
			}
			meshtest.Run(t, "gcv", "-im", file("ours.mtx"), file("ours-mtx.grf"))
			meshtest.Run(t, "gcv", "-ic", file("ours.graph"), file("ours-metis.grf"))
			meshtest.Run(t, "gcv", "-ic", file("ours.chaco"), file("ours-chaco.grf"))
			for _, conv := range []string{"ours-mtx.grf", "ours-metis.grf", "ours-chaco.grf"} {
				sameGraph(t, conv, g, readPath(t, file(conv)).Graph)
			}
		})
	}
}

// chacoNumbered writes g as a Scotch graph whose vertices have labels
// (their numbers), loads and edge loads (u+v+2 on edge {u,v}), flag 111,
// converts it with gcv -oc to a Chaco graph of fmt 111 (vertex numbers,
// vertex weights, edge weights), and checks that read as chaco it is the
// graph of the .grf, and that read as METIS (named .graph) it is the same
// graph with a warning naming the format chaco.
func chacoNumbered(t *testing.T, g *guest.Graph, dir string) {
	t.Helper()
	var b strings.Builder
	var arcs []guest.Arc
	fmt.Fprintf(&b, "0\n%d %d\n0 111\n", g.Order(), g.Arcs())
	for v := range g.Order() {
		fmt.Fprintf(&b, "%d 2 %d", v, g.Offsets[v+1]-g.Offsets[v])
		for _, u := range g.Neighbors(v) {
			fmt.Fprintf(&b, " %d %d", v+int(u)+2, u)
			arcs = append(arcs, guest.Arc{From: v, To: int(u), Volume: float64(v + int(u) + 2)})
		}
		b.WriteString("\n")
	}
	want, _, err := guest.FromArcs(g.Order(), arcs)
	if err != nil {
		t.Fatal(err)
	}
	grf, chaco, graph := filepath.Join(dir, "numbered.grf"), filepath.Join(dir, "numbered.chaco"), filepath.Join(dir, "numbered.graph")
	if err := os.WriteFile(grf, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	meshtest.Run(t, "gcv", "-is", "-oc", grf, chaco)
	text := plain(t, chaco)
	if header := strings.Fields(string(text[:bytes.IndexByte(text, '\n')])); len(header) != 3 || header[2] != "111" {
		t.Fatalf("gcv -oc wrote the header %q, want fmt 111", header)
	}
	if err := os.WriteFile(graph, text, 0o644); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "numbered.grf", want, readPath(t, grf).Graph)
	res := readPath(t, chaco)
	sameGraph(t, "numbered.chaco", want, res.Graph)
	if w := []string{"vertex weights are read but not used: each vertex is one process"}; res.Format != "chaco" || !slices.Equal(res.Warnings, w) {
		t.Errorf("numbered.chaco read as %s, warnings %q; want chaco, %q", res.Format, res.Warnings, w)
	}
	res = readPath(t, graph)
	sameGraph(t, "numbered.graph", want, res.Graph)
	if w := "fmt 111: every vertex line starts with its own vertex number (1, 2, …), as in a Chaco graph, where fmt 1xx means vertex numbers; read as METIS, they are taken for vertex sizes. If it is a Chaco graph, name it: chaco"; res.Format != "metis" || !slices.Contains(res.Warnings, w) {
		t.Errorf("numbered.graph read as %s, warnings %q; want metis, with %q", res.Format, res.Warnings, w)
	}
}

// quotientScript is the repository's script that builds quotient graphs.
const quotientScript = "testdata/metis-quotient.sh"

// TestQuotientGraphs builds the quotient graph of a gpmetis partition of
// each mesh (defined in package meshtest's doc) with the repository's
// script, and checks it against the same quotient computed here from the
// mesh and the partition, against gpmetis's edge cut, and against gtst
// after gcv's conversion.
func TestQuotientGraphs(t *testing.T) {
	meshtest.NeedTools(t, "gpmetis", "graphchk", "gcv", "gtst", "awk", "sort", "uniq")
	found := meshtest.Meshes(t)
	for _, tt := range []struct {
		mesh  string
		parts int
	}{{"4elt", 64}, {"4elt", 1024}, {"copter2", 256}} {
		t.Run(tt.mesh+" into "+strconv.Itoa(tt.parts), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out := filepath.Join(dir, "quotient.graph")
			cut, err := strconv.Atoi(strings.TrimSpace(meshtest.Run(t, "sh", quotientScript, found[tt.mesh], strconv.Itoa(tt.parts), out)))
			if err != nil {
				t.Fatal(err)
			}
			res := readPath(t, out)
			q := res.Graph
			if res.Format != "metis" || len(res.Warnings) != 0 || q.Order() != tt.parts {
				t.Errorf("read as %s, %d vertices, warnings %q", res.Format, q.Order(), res.Warnings)
			}
			if volume(q) != float64(2*cut) {
				t.Errorf("total volume %v, want twice the edge cut %d of gpmetis", volume(q), cut)
			}
			// the same quotient, computed from the mesh and the partition
			mesh := readPath(t, found[tt.mesh]).Graph
			var part []int
			for _, f := range strings.Fields(string(plain(t, out+".part"))) {
				p, err := strconv.Atoi(f)
				if err != nil {
					t.Fatal(err)
				}
				part = append(part, p)
			}
			if len(part) != mesh.Order() {
				t.Fatalf("%d parts for %d vertices", len(part), mesh.Order())
			}
			var arcs []guest.Arc
			for v := range mesh.Order() {
				for _, u := range mesh.Neighbors(v) {
					arcs = append(arcs, guest.Arc{From: part[v], To: part[u], Volume: 1})
				}
			}
			want, loops, err := guest.FromArcs(tt.parts, arcs)
			if err != nil {
				t.Fatal(err)
			}
			if loops != mesh.Arcs()-2*cut {
				t.Errorf("%d arcs inside parts, want %d", loops, mesh.Arcs()-2*cut)
			}
			sameGraph(t, "the script's quotient", want, q)
			if n, m := graphchk(t, out); n != tt.parts || 2*m != q.Arcs() {
				t.Errorf("graphchk: %d vertices, %d edges; want %d, %d", n, m, tt.parts, q.Arcs()/2)
			}
			// Scotch sees the same graph
			grf := filepath.Join(dir, "quotient.grf")
			meshtest.Run(t, "gcv", "-ic", out, grf)
			if n, m, load := gtst(t, grf); n != tt.parts || 2*m != q.Arcs() || load != 2*cut {
				t.Errorf("gtst: %d vertices, %d edges, edge load %d; want %d, %d, %d", n, m, load, tt.parts, q.Arcs()/2, 2*cut)
			}
			sameGraph(t, "gcv's .grf", q, readPath(t, grf).Graph)
			// and every format holds it
			for _, f := range graphfile.Formats() {
				path := filepath.Join(dir, "quotient"+f.Extensions[0])
				write(t, q, f.Name, path)
				sameGraph(t, f.Name, q, readPath(t, path).Graph)
			}
		})
	}
}

// TestMETISExamplesOfOtherKinds reads libmetis-doc's graph of two vertex
// weights per vertex (test.mgraph, fmt 010, ncon 2) and the dual and
// nodal graphs that m2gmetis makes of its mesh (metis.mesh): each has
// the vertices and edges that graphchk counts, and written back it is a
// graph that graphchk finds correct, with the same counts.
func TestMETISExamplesOfOtherKinds(t *testing.T) {
	meshtest.NeedTools(t, "graphchk", "m2gmetis")
	dir := filepath.Dir(meshtest.Meshes(t)["4elt"])
	out := t.TempDir()
	paths, mesh := []string{filepath.Join(dir, "test.mgraph")}, filepath.Join(dir, "metis.mesh")
	for _, p := range []string{paths[0], mesh} {
		if _, err := os.Stat(p); err != nil {
			meshtest.Missing(t, "libmetis-doc's "+filepath.Base(p))
		}
	}
	for _, gtype := range []string{"dual", "nodal"} {
		path := filepath.Join(out, gtype+".graph")
		meshtest.Run(t, "m2gmetis", "-gtype="+gtype, mesh, path)
		paths = append(paths, path)
	}
	for _, path := range paths {
		res, err := graphfile.Read(bytes.NewReader(plain(t, path)), graphfile.Options{Format: "metis"})
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(path), err)
		}
		g := res.Graph
		n, m := graphchk(t, path)
		back := filepath.Join(out, "back.graph")
		write(t, g, "metis", back)
		bn, bm := graphchk(t, back)
		if g.Order() != n || g.Arcs() != 2*m || bn != n || bm != m {
			t.Errorf("%s: read %d vertices, %d arcs; graphchk %d, %d edges, written back %d, %d", filepath.Base(path), g.Order(), g.Arcs(), n, m, bn, bm)
		}
	}
}
