package draw_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/topology"
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
// over the torus's links as grey wires, and the key says so.
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
}
