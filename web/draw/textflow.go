package draw

import (
	"strings"
	"unicode/utf8"

	svg "github.com/ajstarks/svgo"
)

// Text sits under a drawing, never on it, and wraps to the drawing's
// width: at a phone's width a page shows the document at 100 %, and its
// text is then as large as the stylesheet says (no text below 11 px).

// charW is the width of an average character of the sans-serif font at
// size px, a little generous so that wrapped lines stay inside.
func charW(size int) float64 { return 0.6 * float64(size) }

// textW is the estimated width of text at size px.
func textW(text string, size int) int {
	return int(charW(size)*float64(utf8.RuneCountInString(text))) + 1
}

// flow writes text under a drawing from the left margin, line by line
// or item by item, wrapping at the drawing's width.
type flow struct {
	s    *svg.SVG
	y    int // top of the next line
	w    int // the document's width
	x    int // where the next item of the current row goes
	rowH int // the current row's height (0: no row open)
}

func newFlow(s *svg.SVG, y, width int) *flow {
	return &flow{s: s, y: y, w: width, x: margin}
}

// end closes the current row of items.
func (f *flow) end() {
	if f.rowH > 0 {
		f.y += f.rowH
	}
	f.x, f.rowH = margin, 0
}

// line writes text in class cls (font size px) on lines of its own,
// wrapped at word boundaries; attrs go on every line's element.
func (f *flow) line(text, cls string, size int, attrs ...string) {
	f.end()
	if text == "" {
		return
	}
	for _, l := range wrap(text, size, f.w-2*margin) {
		f.s.Text(margin, f.y+size, l, append([]string{`class="` + cls + `"`}, attrs...)...)
		f.y += size + size/3 + 1
	}
}

// item reserves w units on the current row for an element h high (a
// swatch and its label), starting a new row when it does not fit, and
// calls draw with its top-left corner.
func (f *flow) item(w, h int, draw func(x, y int)) {
	if f.x > margin && f.x+w > f.w-margin {
		f.end()
	}
	draw(f.x, f.y)
	f.x += w
	f.rowH = max(f.rowH, h)
}

// text is an item of text in class cls (font size px), wrapped on its own
// lines when longer than a row.
func (f *flow) text(text, cls string, size int) {
	if w := textW(text, size); margin+w > f.w-margin {
		f.line(text, cls, size)
		return
	}
	f.item(textW(text, size)+12, size+size/3+1, func(x, y int) {
		f.s.Text(x, y+size, text, `class="`+cls+`"`)
	})
}

// gap leaves room between two blocks.
func (f *flow) gap(h int) { f.end(); f.y += h }

// wrap splits text into lines of at most width units at size px, at
// spaces (a word longer than a line stays whole); a no-break space
// (U+00A0) keeps a figure with its unit.
func wrap(text string, size, width int) []string {
	per := max(8, int(float64(width)/charW(size)))
	var lines []string
	var cur strings.Builder
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' }) {
		if cur.Len() > 0 && utf8.RuneCountInString(cur.String())+1+utf8.RuneCountInString(w) > per {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}
