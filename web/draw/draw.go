package draw

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// Default sizes of a drawing, in SVG user units (pixels at 100%).
const (
	DefaultWidth = 720
	// DefaultDetail is the guest order above which Mapping replaces the
	// guest edges by a per-node dilation heat map: a browser parses a few
	// thousand shapes quickly, tens of thousands of edges slowly.
	DefaultDetail = 1024
)

// dimColours colour guest edges by dimension or axis. The first two follow
// the thesis' figures (Bhatele 2010, Fig. 9.4/9.5): horizontal edges gold,
// vertical edges green.
var dimColours = []string{"#d4a017", "#2e9b4a", "#2f6fdb", "#d64545", "#8e44ad", "#16a5a5", "#e67e22", "#7f8c8d"}

// DimColour returns the colour of guest edges of dimension (or axis) i.
func DimColour(i int) string {
	if i < 0 {
		return "#999999"
	}
	return dimColours[i%len(dimColours)]
}

// heat returns a colour from pale yellow (t=0) to dark red (t=1).
func heat(t float64) string {
	t = max(0, min(1, t))
	r := 255 - int(t*120)
	g := 237 - int(t*200)
	b := 160 - int(t*140)
	return fmt.Sprintf("#%02x%02x%02x", r, g, b)
}

// sheet is the stylesheet embedded in every document, so that a downloaded
// SVG looks like the page. Class names are prefixed to stay out of the
// page's way when the SVG is inlined.
const sheet = `
.t{font:14px sans-serif;fill:#222}
.s{font:11px sans-serif;fill:#555}
.lbl{font:10px sans-serif;fill:#222;text-anchor:middle;pointer-events:none}
.link{stroke:#d0d4da;stroke-width:1}
.n{stroke:#44505c;stroke-width:1}
.n.free{fill:#fff;stroke:#b8bec6;stroke-dasharray:2 2}
.n.hm{stroke:none}
.e{fill:none;stroke-width:2;stroke-linecap:round}
.e:hover,.n:hover{stroke:#000;stroke-width:3}
.bar:hover{opacity:.8}
.plane-label,.val{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
`

// writeDoc writes the buffered document with one checked write.
func writeDoc(w io.Writer, buf *bytes.Buffer) error {
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	return nil
}

// Inline returns an SVG document without what precedes its <svg> element
// (svgo's XML prolog and comment): app.Raw keeps only the first node of
// its HTML, which would otherwise be the prolog (STACK.md §7).
func Inline(doc []byte) string {
	if i := bytes.Index(doc, []byte("<svg")); i > 0 {
		doc = doc[i:]
	}
	return string(bytes.TrimSpace(doc))
}

func itoa(i int) string { return strconv.Itoa(i) }

// attr formats one attribute for svgo's variadic style arguments (an
// argument containing "=" is written as an attribute).
func attr(name, value string) string { return name + `="` + value + `"` }

// f4 formats a metric for captions.
func f4(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
