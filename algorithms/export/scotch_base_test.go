package export_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestScotchMapOfBaseOneGraph: Scotch numbers the vertices of a graph of
// baseval 1 (gcv's conversion of a METIS file) from 1 in the mappings it
// writes; such a file, written by gmap, is read with the hop-bytes that
// gmtst counts (twice its dilation sum: it counts each edge once), and a
// file numbered from 0 that leaves vertex 0 out is still refused.
func TestScotchMapOfBaseOneGraph(t *testing.T) {
	for _, tool := range []string{"gcv", "scotch_gmap", "gmtst"} {
		missingTool(t, tool, "scotch")
	}
	dir := t.TempDir()
	r := result(t, "grid:4x4", "mesh:4x4", "identity", shuffled(16, 16, 3))
	metis, _ := graphfile.Lookup("metis")
	var g bytes.Buffer
	must(t, metis.Write(&g, r.Mapping.Guest))
	must(t, os.WriteFile(filepath.Join(dir, "g.graph"), g.Bytes(), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "t.tgt"), []byte("mesh2D 4 4\n"), 0o644))
	run := func(name string, args ...string) string {
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	run("gcv", "-ic", filepath.Join(dir, "g.graph"), filepath.Join(dir, "g.grf"))
	run("scotch_gmap", filepath.Join(dir, "g.grf"), filepath.Join(dir, "t.tgt"), filepath.Join(dir, "g.map"))
	dilation := regexp.MustCompile(`CommDilat=\S+\s+\((\d+)\)`).FindStringSubmatch(run("gmtst", filepath.Join(dir, "g.grf"), filepath.Join(dir, "t.tgt"), filepath.Join(dir, "g.map")))
	file, err := os.ReadFile(filepath.Join(dir, "g.map"))
	must(t, err)
	h, _ := spec.ParseHost("mesh:4x4")
	place, _, err := export.ReadPlacement(bytes.NewReader(file), "scotch", export.Target{Host: h, Ranks: 16})
	if err != nil {
		t.Fatalf("gmap's file of a baseval 1 graph:\n%s\n%v", file, err)
	}
	scored, err := solve.Score(t.Context(), r.Instance, place, solve.Notes{})
	must(t, err)
	if got := fmt.Sprintf("%.0f", scored.Metrics.HopBytes/2); dilation == nil || got != dilation[1] {
		t.Errorf("hop-bytes/2 %s, gmtst's dilation %v", got, dilation)
	}
	if !strings.HasPrefix(string(file), "16\n1\t") {
		t.Errorf("gmap no longer numbers from 1 here (the test reads nothing new):\n%.40s", file)
	}
	_, _, err = export.ReadPlacement(strings.NewReader("2\n1 0\n1 1\n"), "scotch", export.Target{Host: h, Ranks: 2})
	if err == nil || !strings.Contains(err.Error(), "placed again") {
		t.Errorf("a file from 0 without vertex 0: %v", err)
	}
}

// TestScotchMapOfLabelledGraph: Scotch's mapping of a graph with vertex
// labels lists the labels. Labels 1 to n in a graph of baseval 0 are
// read as the mapping file's numbers are, vertex k being label k+1:
// gmap's mapping of such a graph, its lines in a shuffled order of
// labels, is read with the hop-bytes that gmtst counts (twice its
// expansion: each edge once). (gmtst disagrees with gmap's own file for
// labels 0 to n-1 in a graph of baseval 1, so that case is not here.)
func TestScotchMapOfLabelledGraph(t *testing.T) {
	for _, tool := range []string{"scotch_gmap", "gmtst"} {
		missingTool(t, tool, "scotch")
	}
	h, _ := spec.ParseHost("line:4")
	for _, grf := range []string{
		// a path 1-2-3-4 of loads 1, 10, 100 and an edge 1-4 of 1000
		"0\n4 8\n0 110\n3 2 10 2 100 4\n2 2 1 1 10 3\n1 2 1 2 1000 4\n4 2 100 3 1000 1\n",
	} {
		dir := t.TempDir()
		must(t, os.WriteFile(filepath.Join(dir, "g.grf"), []byte(grf), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "t.tgt"), []byte("mesh2D 4 1\n"), 0o644))
		run := func(name string, args ...string) string {
			out, err := exec.Command(name, args...).CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, out)
			}
			return string(out)
		}
		run("scotch_gmap", filepath.Join(dir, "g.grf"), filepath.Join(dir, "t.tgt"), filepath.Join(dir, "g.map"))
		expansion := regexp.MustCompile(`CommExpan=\S+\s+\((\d+)\)`).FindStringSubmatch(run("gmtst", filepath.Join(dir, "g.grf"), filepath.Join(dir, "t.tgt"), filepath.Join(dir, "g.map")))
		res, err := graphfile.Read(strings.NewReader(grf), graphfile.Options{Format: "scotch"})
		must(t, err)
		file, err := os.ReadFile(filepath.Join(dir, "g.map"))
		must(t, err)
		place, _, err := export.ReadPlacement(bytes.NewReader(file), "scotch", export.Target{Host: h, Ranks: 4})
		must(t, err)
		g, hopBytes := res.Graph, 0.0
		for v := range g.Order() {
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				hopBytes += g.Volume(int(e)) * float64(h.Hops(place[v], place[g.Adj[e]]))
			}
		}
		if got := fmt.Sprintf("%.0f", hopBytes/2); expansion == nil || got != expansion[1] {
			t.Errorf("%q mapped as\n%s: hop-bytes/2 %s, gmtst's expansion %v", grf, file, got, expansion)
		}
	}
}

// TestScotchGmapOnOurFiles: Scotch maps our Scotch graph of a weighted
// guest (a ring of 16 whose edge i weighs i+1, with chords of 100) onto
// our target of each kind; the mapping it writes is read with the
// hop-bytes that gmtst counts (twice its expansion).
func TestScotchGmapOnOurFiles(t *testing.T) {
	for _, tool := range []string{"scotch_gmap", "gmtst"} {
		missingTool(t, tool, "scotch")
	}
	var arcs strings.Builder
	for v := range 16 {
		fmt.Fprintf(&arcs, "%d,%d,%d\n%d,%d,%d\n%d,%d,100\n%d,%d,100\n", v, (v+1)%16, v+1, (v+1)%16, v, v+1, v, (v+5)%16, (v+5)%16, v)
	}
	res, err := graphfile.Read(strings.NewReader(arcs.String()), graphfile.Options{Format: "csv"})
	must(t, err)
	g := res.Graph
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	grf, _ := graphfile.Lookup("scotch")
	var text bytes.Buffer
	must(t, grf.Write(&text, g))
	must(t, os.WriteFile(file("g.grf"), text.Bytes(), 0o644))
	for _, host := range []string{"torus:2x2x4", "mesh:2x8", "hypercube:4", "tree:4x4:dist=1,5", "tree:4x1x4:dist=1,2,5", "fattree:2,4", "torus:2x2x2x2"} {
		h, err := spec.ParseHost(host)
		must(t, err)
		var tgt bytes.Buffer
		must(t, machinefile.WriteTarget(&tgt, h))
		must(t, os.WriteFile(file("t.tgt"), tgt.Bytes(), 0o644))
		if out, err := exec.Command("scotch_gmap", file("g.grf"), file("t.tgt"), file("g.map")).CombinedOutput(); err != nil {
			t.Fatalf("scotch_gmap onto %s: %v\n%s", tgt.String(), err, out)
		}
		out, err := exec.Command("gmtst", file("g.grf"), file("t.tgt"), file("g.map")).CombinedOutput()
		expansion := regexp.MustCompile(`CommExpan=\S+\s+\((\d+)\)`).FindSubmatch(out)
		if err != nil || expansion == nil {
			t.Fatalf("gmtst on %s: %v\n%s", tgt.String(), err, out)
		}
		m, err := os.ReadFile(file("g.map"))
		must(t, err)
		place, _, err := export.ReadPlacement(bytes.NewReader(m), "scotch", export.Target{Host: h, Ranks: 16})
		must(t, err)
		hopBytes := 0.0
		for v := range g.Order() {
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				hopBytes += g.Volume(int(e)) * float64(h.Hops(place[v], place[g.Adj[e]]))
			}
		}
		if got := fmt.Sprintf("%.0f", hopBytes/2); got != string(expansion[1]) {
			t.Errorf("%s as %q: hop-bytes/2 %s, gmtst's expansion %s", host, strings.TrimSpace(tgt.String()), got, expansion[1])
		}
	}
}
