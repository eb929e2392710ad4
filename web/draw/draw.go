package draw

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Default sizes of a drawing, in SVG user units (pixels at 100%).
const (
	DefaultWidth = 720
	// DefaultDetail is the guest order above which Mapping replaces the
	// guest edges by the link heat map (a per-node dilation heat map on a
	// host without routing): a browser parses a few thousand shapes
	// quickly, tens of thousands of edges slowly.
	DefaultDetail = 1024
)

// dimColours colour guest edges by dimension or axis: the Okabe-Ito
// palette, which readers with any common colour-vision deficiency tell
// apart, ordered so that the first two keep the thesis' figures (Bhatele
// 2010, Fig. 9.4/9.5): horizontal edges orange-gold, vertical edges green.
var dimColours = []string{"#e69f00", "#009e73", "#0072b2", "#d55e00", "#cc79a7", "#56b4e9", "#000000", "#f0e442"}

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
.alloc{fill:#fde9a9;stroke:#c99a06;stroke-width:1}
.t{font:14px sans-serif;fill:#222}
.s{font:12px sans-serif;fill:#555}
.tick{font:12px sans-serif;fill:#767676;pointer-events:none}
.lbl{font:11px sans-serif;fill:#222;text-anchor:middle;pointer-events:none}
.link{stroke:#d0d4da;stroke-width:1}
.n{stroke:#44505c;stroke-width:1}
.n.free{fill:#fff;stroke:#b8bec6;stroke-dasharray:2 2}
.n.hm{stroke:none}
.e{fill:none;stroke-width:2;stroke-linecap:round}
.e:hover,.n:hover{stroke:#000;stroke-width:3}
.e.hl{stroke:#000;stroke-width:4}
.n.hl{stroke:#000;stroke-width:3}
.box{fill:none;stroke:#000;stroke-width:1.5px;vector-effect:non-scaling-stroke;pointer-events:none}
.l:hover{stroke:#000}
.l.hl{stroke:#000;stroke-width:3px}
.route{fill:none;stroke:#d62728;stroke-width:5;stroke-opacity:.55;stroke-linejoin:round;pointer-events:none}
.bar:hover{opacity:.8}
.stage-sep{stroke:#fff;stroke-width:1;pointer-events:none}
.stage-lbl{font:11px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}
.plane-label,.val{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
`

// ErrWrite is wrapped by the error of writing a finished drawing out, so
// that callers tell a failed write from a drawing refused (errors.Is).
var ErrWrite = errors.New("writing the drawing")

// writeDoc writes the buffered document with one checked write.
func writeDoc(w io.Writer, buf *bytes.Buffer) error {
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("%w: %w", ErrWrite, err)
	}
	return nil
}

// Inline returns an SVG document without what precedes its <svg> element
// (svgo's XML prolog and comment): app.Raw keeps only the first node of its
// HTML, which would otherwise be the prolog (see package web's doc).
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
