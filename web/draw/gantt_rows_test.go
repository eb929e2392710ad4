package draw_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/sim"
	"topomap/algorithms/solve/solvetest"
	"topomap/web/draw"
)

// svgText is a text element of a drawing.
type svgText struct {
	x, y          float64
	class, anchor string
	row           string // data-row, "" if none
	text          string
}

// texts returns the text elements of doc, in order.
func texts(t *testing.T, doc []byte) []svgText {
	t.Helper()
	var out []svgText
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "text" {
			continue
		}
		var e svgText
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "x":
				e.x, _ = strconv.ParseFloat(a.Value, 64)
			case "y":
				e.y, _ = strconv.ParseFloat(a.Value, 64)
			case "class":
				e.class = a.Value
			case "text-anchor":
				e.anchor = a.Value
			case "data-row":
				e.row = a.Value
			}
		}
		var body struct {
			Text string `xml:",chardata"`
		}
		if err := d.DecodeElement(&body, &el); err != nil {
			t.Fatal(err)
		}
		e.text = body.Text
		out = append(out, e)
	}
}

// ganttOf draws the Gantt chart of query's mapping under ta and tc.
func ganttOf(t *testing.T, query string, ta, tc float64, chart func(io.Writer, []*sim.Schedule, draw.Options) error) ([]byte, *sim.Schedule) {
	t.Helper()
	s, err := sim.Run(solvetest.Map(t, query).Mapping, ta, tc)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := chart(&buf, []*sim.Schedule{s}, draw.Options{Width: 560}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), s
}

// rowLabels returns the row labels of a drawing, and its axis title.
func rowLabels(t *testing.T, doc []byte) (labels []svgText, title string) {
	t.Helper()
	for _, e := range texts(t, doc) {
		switch {
		case e.row != "":
			labels = append(labels, e)
		case strings.Contains(e.class, "axis-title"):
			title = e.text
		}
	}
	return labels, title
}

// TestGanttLabelsRowsAtAReadableStep: every chart numbers its rows (all
// of 8, every 4th of 64: rows of 6 units), labels at least 14 units apart
// (12-unit text), under the axis title "process".
func TestGanttLabelsRowsAtAReadableStep(t *testing.T) {
	for _, tt := range []struct {
		query     string
		labels    int
		wantFirst []string
	}{
		{"guest=hypercube:3&host=line:8&algo=standard", 8, []string{"0", "1", "2"}},
		{"guest=hypercube:6&host=torus:8x8&algo=xor", 16, []string{"0", "4", "8"}},
		{"guest=hypercube:12&host=ring:4096&algo=xor", 16, []string{"0", "4", "8"}},
	} {
		doc, _ := ganttOf(t, tt.query, 1, 1, draw.Gantt)
		labels, title := rowLabels(t, doc)
		if title != "process" {
			t.Errorf("%s: axis title %q, want process", tt.query, title)
		}
		if len(labels) != tt.labels {
			t.Fatalf("%s: %d row labels, want %d", tt.query, len(labels), tt.labels)
		}
		for i, w := range tt.wantFirst {
			if labels[i].text != w {
				t.Errorf("%s: label %d is %q, want %q", tt.query, i, labels[i].text, w)
			}
		}
		for i := 1; i < len(labels); i++ {
			if gap := labels[i].y - labels[i-1].y; gap < 14 {
				t.Errorf("%s: labels %q and %q %v units apart, want 14 or more", tt.query, labels[i-1].text, labels[i].text, gap)
			}
		}
	}
}

// TestGanttInHostOrderLabelsHostNodes: in host order the rows follow the
// host nodes, and each label gives the process and its node.
func TestGanttInHostOrderLabelsHostNodes(t *testing.T) {
	doc, s := ganttOf(t, "guest=hypercube:3&host=ring:8&algo=xor", 1, 1, draw.GanttInHostOrder)
	labels, title := rowLabels(t, doc)
	if title != "process @ host node" {
		t.Errorf("axis title %q, want process @ host node", title)
	}
	if len(labels) != 8 {
		t.Fatalf("%d row labels, want 8", len(labels))
	}
	for i, l := range labels {
		n := -1
		for p, h := range s.Mapping.Place {
			if h == i {
				n = p
			}
		}
		if want := strconv.Itoa(n) + " @ " + strconv.Itoa(i); l.text != want {
			t.Errorf("row %d: label %q, want %q (xor places process %d on node %d)", i, l.text, want, n, i)
		}
	}
}

// TestGanttCountsSeparateThousands: a chart of the first 64 of 4,096
// processes says so with thousands separators.
func TestGanttCountsSeparateThousands(t *testing.T) {
	doc, _ := ganttOf(t, "guest=hypercube:12&host=ring:4096&algo=xor", 1, 1, draw.Gantt)
	if !bytes.Contains(doc, []byte("processes 0..63 (64 of 4,096)")) {
		t.Errorf("no (64 of 4,096) in\n%.2000s", doc)
	}
}

// TestGanttTimeLabelsInside: the time axis's labels stay inside the
// drawing, its last one (3,000,000 with T_a = 1,000,000) included.
func TestGanttTimeLabelsInside(t *testing.T) {
	doc, _ := ganttOf(t, "guest=hypercube:3&host=ring:8&algo=xor", 1e6, 1e-7, draw.Gantt)
	for _, e := range texts(t, doc) {
		half := 0.6 * 12 * float64(len(e.text)) / 2
		if e.anchor == "middle" && e.x+half > 560 {
			t.Errorf("label %q centred at %v passes the width 560", e.text, e.x)
		}
	}
}
