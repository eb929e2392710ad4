package draw

import (
	"math"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// Folding: a host much longer one way than its box is cut into strips
// drawn side by side (a tall 2-D host, its rows cut), one under the
// other (a wide one, its columns cut), or in serpentine rows (a long
// line or ring), so that the drawing fills its box whatever the host's
// aspect and its nodes are as large as the box allows. Where a cut
// parts neighbours the strips' edges are drawn as seams (dashed,
// orange), and the links across a seam as stubs.

// maxFolds bounds the strips of a folded 2-D host.
const maxFolds = 64

// ringCircleMax is the longest ring drawn as a circle; a longer one
// snakes in rows as a long line does.
const ringCircleMax = 128

// seamNote is what the key says of a folded host.
const seamNote = "folded to fill the box: the strips continue one another at the orange dashed seams"

// fold is how a 2-D host is cut into strips: its rows (rows > 0) or its
// columns (cols > 0).
type fold struct {
	kx, ky     int // the host's nodes per row and rows
	rows, cols int // rows or columns per strip
}

// strip returns the strip of node h.
func (f *fold) strip(h int) int {
	if f.rows > 0 {
		return h / f.kx % f.ky / f.rows
	}
	return h % f.kx / f.cols
}

// count returns the number of strips.
func (f *fold) count() int {
	if f.rows > 0 {
		return (f.ky + f.rows - 1) / f.rows
	}
	return (f.kx + f.cols - 1) / f.cols
}

// span returns the nodes per row and the rows of a strip.
func (f *fold) span() (int, int) {
	if f.rows > 0 {
		return f.kx, f.rows
	}
	return f.cols, f.ky
}

// readableCell is the pitch from which a host's unfolded nodes are
// large enough for their numbers (radius 9): such a host does not fold.
const readableCell = 23

// minFoldGain is how much larger a fold must make the nodes than the
// uncut host's: seams cost the reader more than a few per cent of size
// (mesh:32x32 at a phone's width gained 2 %, by its strips' shorter row
// labels, and was cut in four; torus:16x64 there gains 16 %).
const minFoldGain = 1.1

// chooseFold returns the fold of a kx × ky host (planes of it) that
// gives the largest pitch within inner × height, as fitScale shows it
// (fractional), nil when none beats the uncut host by minFoldGain, the
// uncut host is readable (readableCell) or the height is unbounded, and
// the whole pitch it is laid out at.
func chooseFold(planes, kx, ky, inner, height int) (*fold, int) {
	cell := panelCell(planes, kx, ky, inner, height)
	if planes > 1 || height == math.MaxInt32 || cell >= readableCell { // no box to fill, or no need
		return nil, cell
	}
	var best *fold
	pitch := minFoldGain * panelPitch(planes, kx, ky, inner, height, 0)
	for n := 2; n <= maxFolds; n++ {
		for _, f := range []*fold{{kx: kx, ky: ky, rows: (ky + n - 1) / n}, {kx: kx, ky: ky, cols: (kx + n - 1) / n}} {
			if w, h := f.span(); f.count() > 1 && panelPitch(f.count(), w, h, inner, height, tickRoom) > pitch {
				best, pitch = f, panelPitch(f.count(), w, h, inner, height, tickRoom)
			}
		}
	}
	if best != nil {
		w, h := best.span()
		cell = int(panelPitch(best.count(), w, h, inner, height, tickRoom))
	}
	return best, cell
}

// tickRoom is the room under each row of a folded host's strips (or of
// planes) for the first panel's x1 ticks, clear of the next row's labels.
const tickRoom = 14

// panelPitch is panelCell, fractional, with extra units under each row of
// panels.
func panelPitch(panels, kx, ky, inner, height, extra int) float64 {
	perRow := planesPerRow(panels, kx, ky)
	rowsOfPanels := (panels + perRow - 1) / perRow
	gap := panelGap(panels)
	byW := float64(inner-textW(itoa(ky-1), 12)) / float64(perRow*(kx+gap)-gap)
	byH := float64(height-2*margin-14-rowsOfPanels*(14+extra)) / float64(max(1, rowsOfPanels*(ky+gap)-gap))
	return min(byW, byH)
}

// meshPanels lays out a mesh or torus of rank 2 or more: planes of
// (x, y), y upwards, side by side and in rows of panels; a 2-D host much
// taller or wider than its box folds (chooseFold) so that the nodes are
// as large as the width and height allow.
func (l *layout) meshPanels(host topology.Grid, inner, height, minCell int) {
	n := host.Size()
	kx, ky := host.Dim(0), host.Dim(1)
	planes := n / (kx * ky)
	l.perPlane = kx * ky
	f, cell := meshCell(planes, kx, ky, inner, height)
	pkx, pky, panels, extra := kx, ky, planes, 0
	if f != nil {
		extra = tickRoom
		l.fold, l.note = f, seamNote
		pkx, pky = f.span()
		panels = f.count()
	}
	cell = clamp(cell, minCell, maxCell(minCell))
	if f == nil && planes > planesPerRow(planes, kx, ky) { // rows of planes: x1's ticks (13 under a plane) clear of the labels of the next row's
		extra = max(0, tickRoom+2-panelGap(planes)*cell)
	}
	l.r = clamp(cell*2/5, 1, 14)
	l.cell, l.side = cell, cell
	l.placePanels(host, panels, pkx, pky, extra)
	l.meshLinks(n, kx, ky, cell)
	l.foldSeams()
}

// meshCell returns the fold of a kx × ky host (planes of it) and the
// pitch of its nodes within inner × height (chooseFold), but the pitch
// the width allows where unfolded nodes would be a pixel or two.
func meshCell(planes, kx, ky, inner, height int) (*fold, int) {
	f, cell := chooseFold(planes, kx, ky, inner, height)
	// Unfolded nodes of a pixel or two, under half the pitch the width
	// allows, are too small a price for the height: the page then
	// scrolls (a square host that folding does not help).
	if byW := panelCell(planes, kx, ky, inner, math.MaxInt32); f == nil && cell < 3 && 2*cell < byW {
		cell = byW
	}
	return f, cell
}

// panelGap returns the cells between panels: two between planes or
// strips, one around a single panel.
func panelGap(panels int) int {
	if panels > 1 {
		return 2
	}
	return 1
}

// placePanels places the host's nodes in panels of pkx × pky cells (its
// planes, or the strips of its fold), in rows of panels extra units
// further apart than their labels need, and sets the drawing's height.
func (l *layout) placePanels(host topology.Grid, panels, pkx, pky, extra int) {
	cell := l.cell
	perRow := planesPerRow(panels, pkx, pky)
	rowsOfPanels := (panels + perRow - 1) / perRow
	gap := panelGap(panels)
	pw, ph := pkx*cell, pky*cell
	top := margin
	if panels > 1 {
		top += 14
	}
	left := margin + textW(itoa(pky-1), 12) // room for x2's labels
	for q := range panels {
		px := left + (q%perRow)*(pw+gap*cell)
		py := top + (q/perRow)*(ph+gap*cell+14+extra)
		l.panels = append(l.panels, panel{x: px - 2, y: py - 2, w: pw + 4, h: ph + 4, wrap: host.Wraps(0) || host.Wraps(1), label: l.panelLabel(host, q, panels, pw+gap*cell)})
		l.placePanel(host.Dim(0), host.Dim(1), q, px, py)
		if q == 0 { // x1 under the first panel, x2 on its left
			l.axisTicks(px, py, pkx, pky)
		}
	}
	l.h = top + rowsOfPanels*(ph+14) + (rowsOfPanels-1)*(gap*cell+extra) + margin
}

// axisTicks labels the columns (x1) under and the rows (x2) left of a
// panel of pkx × pky cells whose top-left node cell is at (px, py), as
// many as fit.
func (l *layout) axisTicks(px, py, pkx, pky int) {
	cell := l.cell
	for ix := 0; ix < pkx; ix += max(1, (30+cell-1)/cell) {
		l.ticks = append(l.ticks, axisTick{x: px + cell/2 + ix*cell, y: py + pky*cell + 13, text: itoa(ix)})
	}
	for ly := 0; ly < pky; ly += max(1, (16+cell-1)/cell) {
		l.ticks = append(l.ticks, axisTick{x: px - 4, y: py + cell/2 + (pky-1-ly)*cell + 4, text: itoa(ly), end: true})
	}
}

// panelLabel names panel q of panels, within room units if it can: its
// plane, or the range of rows (x2) or columns (x1) of its strip
// ("x1=64–127", else "64–127", else "64", the same form for every strip).
func (l *layout) panelLabel(host topology.Grid, q, panels, room int) string {
	f := l.fold
	if f == nil {
		if panels > 1 {
			return planeLabel(host, q)
		}
		return ""
	}
	axis, per, k := "x2=", f.rows, f.ky
	if f.rows == 0 {
		axis, per, k = "x1=", f.cols, f.kx
	}
	from := itoa(q * per)
	span := from + "–" + itoa(min(k, (q+1)*per)-1)
	widest := itoa(k-1) + "–" + itoa(k-1) // every strip's label in one form, the one the widest fits
	switch {
	case textW(axis+widest, 12) <= room:
		return axis + span
	case textW(widest, 12) <= room:
		return span
	}
	return from
}

// placePanel places the nodes of panel q (a plane, or a strip of a
// folded host) with its top-left node cell at (px, py).
func (l *layout) placePanel(kx, ky, q, px, py int) {
	x0, x1, y0, y1, p := 0, kx, 0, ky, q
	pky := ky
	if f := l.fold; f != nil {
		p = 0
		if f.rows > 0 {
			y0, y1, pky = q*f.rows, min(ky, (q+1)*f.rows), f.rows
		} else {
			x0, x1 = q*f.cols, min(kx, (q+1)*f.cols)
		}
	}
	for iy := y0; iy < y1; iy++ {
		for ix := x0; ix < x1; ix++ {
			h := ix + kx*(iy+ky*p)
			l.x[h] = px + l.cell/2 + (ix-x0)*l.cell
			l.y[h] = py + l.cell/2 + (pky-1-(iy-y0))*l.cell
		}
	}
}

// meshLinks lists the grey host links of a mesh drawn large enough, but
// those across a fold's seam.
func (l *layout) meshLinks(n, kx, ky, cell int) {
	if n > maxLinks/2 || cell < 8 {
		return
	}
	for h := range n {
		x, y := h%kx, h/kx%ky
		if x+1 < kx && l.planeOf(h) == l.planeOf(h+1) {
			l.links = append(l.links, [2]int{h, h + 1})
		}
		if y+1 < ky && l.planeOf(h) == l.planeOf(h+kx) {
			l.links = append(l.links, [2]int{h, h + kx})
		}
	}
}

// foldSeams lists the seams of a folded host: each cut edge of a strip
// that its neighbour strip continues (the top and bottom of strips of
// rows, the right and left of strips of columns).
func (l *layout) foldSeams() {
	f := l.fold
	if f == nil {
		return
	}
	for q := range len(l.panels) - 1 {
		a, b := l.panels[q], l.panels[q+1]
		if f.rows > 0 { // strip q's top row continues at strip q+1's bottom row
			l.seams = append(l.seams, [4]int{a.x, a.y, a.x + a.w, a.y}, [4]int{b.x, b.y + b.h, b.x + b.w, b.y + b.h})
		} else {
			l.seams = append(l.seams, [4]int{a.x + a.w, a.y, a.x + a.w, a.y + a.h}, [4]int{b.x, b.y, b.x, b.y + b.h})
		}
	}
}

// drawSeams draws the seams of a folded host.
func (l *layout) drawSeams(s *svg.SVG) {
	for _, m := range l.seams {
		s.Line(m[0], m[1], m[2], m[3], `class="seam" stroke="#e8912d" stroke-width="2" stroke-dasharray="4 3"`)
	}
}

// seamStub tells whether the link from tail to head, host neighbours
// drawn side by side in an unfolded drawing, crosses a seam, and then
// the direction of its stub (y down): away from the strip's cut edge,
// or along the serpentine row of a folded ring's last or first node.
// ct and ch are the ends' coordinates.
func (l *layout) seamStub(tail, head int, ct, ch []int) (bool, float64, float64) {
	switch {
	case l.fold != nil && l.fold.strip(tail) != l.fold.strip(head):
		j, dir := 0, 1.0 // the axis cut, and the way along it in the drawing
		if l.fold.rows > 0 {
			j, dir = 1, -1 // y upwards
		}
		if ch[j] < ct[j] {
			dir = -dir
		}
		return true, dir * float64(1-j), dir * float64(j)
	case l.snake > 0 && abs(tail-head) > 1: // a ring's wrap-around link
		dir := 1.0 // along the row, as the ring goes on
		if tail/l.snake%2 == 1 {
			dir = -1
		}
		if head == tail+1-len(l.x) { // forwards from the last node
			return true, dir, 0
		}
		return true, -dir, 0
	}
	return false, 0, 0
}

// serpentine lays n nodes of a line or a long ring out in rows that turn
// at each end, so that consecutive nodes stay side by side; the rows are
// as long as makes the nodes largest within inner × height (a box half
// as high as wide when height is unbounded). A ring's two ends get seams.
func (l *layout) serpentine(n, inner, height, minCell int, ring bool) {
	per, cell := n, 0
	avail := height - 2*margin - 20
	if height == math.MaxInt32 {
		avail = inner / 2
	}
	for rows := 1; rows <= n; rows++ {
		p := (n + rows - 1) / rows
		c := min(inner/p, avail/rows)
		if c > cell {
			per, cell = p, c
		}
		if avail/rows <= cell {
			break // more rows only shrink the nodes
		}
	}
	cell = clamp(cell, minCell, maxCell(minCell))
	l.snake = per
	l.r = max(1, cell*2/5)
	l.side = cell
	for h := range n {
		row, col := h/per, h%per
		if row%2 == 1 {
			col = per - 1 - col
		}
		l.x[h] = margin + cell/2 + col*cell
		l.y[h] = margin + cell/2 + row*cell
	}
	l.h = margin*2 + ((n+per-1)/per)*cell + 20
	l.ticks = append(l.ticks, axisTick{x: l.x[0], y: l.y[0] - cell/2 - 3, text: "0"})
	if ring {
		l.note = "a long ring in serpentine rows: it closes from node " + metric.Thousands(n-1) + " back to node 0 at the orange dashed seams"
		_, dx, _ := l.seamStub(n-1, 0, nil, nil)
		k := cell / 2
		for _, e := range [][2]int{{n - 1, int(dx)}, {0, -1}} {
			x, y := l.x[e[0]]+e[1]*k, l.y[e[0]]
			l.seams = append(l.seams, [4]int{x, y - k, x, y + k})
		}
	}
}

// fitScale sets the factor that scales a folded host's drawing, right
// units wide and l.h high, up to fill its box of width × height: its
// pitch is a whole number of units, which may leave up to a third of the
// box empty. At most to a pitch of top units, as unfolded hosts; none
// without a box.
func (l *layout) fitScale(width, height, right, top int) {
	if l.fold == nil && l.snake == 0 || height == math.MaxInt32 {
		return
	}
	l.scale = min(float64(width)/float64(right), float64(height)/float64(l.h), float64(top)/float64(max(1, l.side)))
}

// zoom returns the factor the host's drawing is shown at (fitScale).
func (l *layout) zoom() float64 { return max(1, l.scale) }

// bottom returns the lowest unit of the host's drawing, as shown.
func (l *layout) bottom() int { return int(math.Ceil(float64(l.h) * l.zoom())) }
