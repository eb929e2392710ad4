package draw_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/web/draw"
)

// TestHeatMapLegendGroupsThousands: the hop-bytes heat map's legend
// writes large figures with thousands separators, never "1.229e+04".
func TestHeatMapLegendGroupsThousands(t *testing.T) {
	g := weighted4(t)
	for i := range g.Weight {
		g.Weight[i] *= 3072.5 // node hop-bytes from 12,290 to 30,725
	}
	r := placed(t, g, "ring:4", []int{0, 1, 2, 3})
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, r, draw.Options{Detail: 2}); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	if want := "hop-bytes at a node, from 12,290 (pale) to 30,725"; !strings.Contains(doc, want) {
		i := strings.Index(doc, "hop-bytes at a node")
		t.Errorf("legend lacks %q: %s", want, doc[max(i, 0):min(len(doc), max(i, 0)+80)])
	}
}
