package draw_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
	"topomap/web/draw"
)

// nodeCentres returns the centre of every host node drawn, by its
// data-h.
func nodeCentres(t *testing.T, doc []byte) map[string]string {
	t.Helper()
	re := regexp.MustCompile(`<circle cx="(\d+)" cy="(\d+)"[^>]*data-h="(\d+)"`)
	out := map[string]string{}
	for _, m := range re.FindAllSubmatch(doc, -1) {
		out[string(m[3])] = string(m[1]) + "," + string(m[2])
	}
	return out
}

// TestListedNodesDrawing: the listed nodes of a torus (a coordinates
// file's machine) are drawn where the torus's drawing puts those nodes,
// over the torus's links as grey wires, and the key says so; on a 3-D
// torus with cores, an edge between neighbours of one plane is a line,
// not the stub of an edge between planes.
func TestListedNodesDrawing(t *testing.T) {
	torus, _ := topology.Parse("torus:6x6")
	places := []int{7, 0, 14, 35}
	l, err := topology.NewListed(torus, places, []string{"a", "b", "c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	topology.RegisterMachine(l)
	draws := func(guest, host string) []byte {
		var buf bytes.Buffer
		if err := draw.Mapping(&buf, onHost(t, guest, host), draw.Options{}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	doc, whole := draws("grid:2x2", l.String()), draws("grid:6x6", "torus:6x6")
	got, want := nodeCentres(t, doc), nodeCentres(t, whole)
	if len(got) != 4 {
		t.Fatalf("%d nodes drawn, want 4", len(got))
	}
	for i, u := range places {
		if g, w := got[strconv.Itoa(i)], want[strconv.Itoa(u)]; g == "" || g != w {
			t.Errorf("listed node %d drawn at %s, torus node %d at %s", i, g, u, w)
		}
	}
	if c := census(t, doc); c["link"] == 0 {
		t.Error("no torus links drawn")
	}
	if !strings.Contains(plainText(doc), "the 4 listed nodes at their places on torus:6x6") {
		t.Errorf("the key does not name the listed nodes: %s", plainText(doc))
	}
	l3, err := topology.NewListed(topotest.MustParse(t, "torus:4x4x2"), []int{21, 5, 4}, []string{"x", "y", "z"})
	if err != nil {
		t.Fatal(err)
	}
	topology.RegisterMachine(l3) // 21 = (1,1,1), 5 = (1,1,0), 4 = (0,1,0): a plane apart, then one plane
	doc = draws("grid:3x2", l3.String()+":cores=2")
	if c := census(t, doc); c["n"] != 6 || c["e"] == 0 {
		t.Errorf("%d slots, %d edges drawn", c["n"], c["e"])
	}
	// grid:3x2 in rank order, 2 slots per node: edges 1–2 and 0–3 join x
	// and y, 1 hop between planes (stubs); 3–4 and 2–5 join y and z, 1
	// hop in one plane (lines); 1–4 joins x and z, 2 hops
	if got := len(stubs(doc)); got != 2 {
		t.Errorf("%d stubs between planes, want 2 (x–y): %q", got, stubs(doc))
	}
}

// stubs returns the guest edges drawn as a stub to the next plane: a
// short curve from a node whose end is as far right as down.
func stubs(doc []byte) [][]byte {
	re := regexp.MustCompile(`<path d="M(\d+),(\d+) Q[\d.]+,[\d.]+ (\d+),(\d+)"[^>]*class="e"`)
	var out [][]byte
	for _, m := range re.FindAllSubmatch(doc, -1) {
		n := make([]int, 4)
		for i := range n {
			n[i], _ = strconv.Atoi(string(m[i+1]))
		}
		dx, dy := n[2]-n[0], n[3]-n[1]
		if dx == dy && dx > 0 {
			out = append(out, m[0])
		}
	}
	return out
}
