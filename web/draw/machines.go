package draw

import (
	"fmt"
	"math"
	"slices"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/topology"
)

// structure is what a layout draws of a host beyond its nodes and
// links: the switches and wires of an indirect network, the frames of
// nodes with several cores.
type structure struct {
	switches [][4]int // x, y, w, h
	swNames  []string // the numbers written in the switches, if any
	wires    [][4]int // x1, y1, x2, y2
	globals  [][4]int // a dragonfly's global links
	frames   [][4]int // a node's frame around its cores
	note     string   // the key's word on the layout
	wireNote string   // and on its grey wires, where they are drawn
	below    bool     // arcs of guest edges go below the nodes (fat tree)
	// Where the directed links of an indirect network (link heat map)
	// meet the vertices of its wiring: per vertex (its nodes, then its
	// switches) the centre, the radius to stop short of, and the group
	// whose links arc over its row (-1: none). A drawing of slots shows
	// node u's links at slot perNode·u's node.
	ends     []linkEnd
	perNode  int
	bowH     int    // the room for arcs above a row of switches
	linkNote string // how the links are drawn, for the legend
}

// linkEnd is where the links of one vertex of a network's wiring meet it.
type linkEnd struct {
	x, y, cut, group int
}

// end returns where link end v meets its vertex: a slot stands for its
// node, a number past the slots for a switch of the wiring. ok is false
// outside the wiring.
func (l *layout) end(v int) (e linkEnd, ok bool) {
	per := max(1, l.perNode)
	slots := len(l.x)
	nodes := slots / per
	switch {
	case v < 0 || len(l.ends) == 0:
		return e, false
	case v < slots:
		return l.ends[v/per], true
	case nodes+v-slots < len(l.ends):
		return l.ends[nodes+v-slots], true
	}
	return e, false
}

// centre returns the centre of the drawing of slot s's node: its own, or
// its node's frame's on a host with cores.
func (l *layout) centre(s int) (x, y float64) {
	if l.perNode > 0 {
		e := l.ends[s/l.perNode]
		return float64(e.x), float64(e.y)
	}
	return float64(l.x[s]), float64(l.y[s])
}

// rim returns how far from its centre a link along (ux, uy) leaves the
// drawing of slot s's node: def, or on a host with cores at its node's
// frame.
func (l *layout) rim(s int, ux, uy, def float64) float64 {
	if l.perNode == 0 {
		return def
	}
	f := l.frames[s/l.perNode]
	return min(float64(f[2])/2/math.Abs(ux), float64(f[3])/2/math.Abs(uy))
}

// maxWires bounds the wires drawn (context, not data).
const maxWires = 16384

func init() {
	registerLayout("fattree", func(h topology.Host, width, _, minCell int) (*layout, bool) {
		t, ok := h.(topology.SwitchLevels)
		if !ok {
			return nil, false
		}
		return fatTreeLayout(t, width, minCell), true
	})
	registerLayout("dragonfly", func(h topology.Host, width, _, minCell int) (*layout, bool) {
		d, ok := h.(topology.RouterGroups)
		if !ok {
			return nil, false
		}
		return dragonflyLayout(d, width, minCell), true
	})
}

// coresLayout subdivides the place of every node of il into a grid of
// its c cores (or a router's place into its c nodes, or into its nodes'
// grids of cores side by side, nodes > 1: nodeBlocks), which note
// describes, as the nodes go: core 0 bottom left, the first coordinate
// (the core) fastest, rows upwards; a fifth of the pitch stays between
// the nodes' frames for their links, which meet a node at its frame (the
// ends of its wiring). The grid is q×q, or on a tree's row of nodes too
// narrow for that a column (see coreGrid), the row moved down so that
// the wires still meet the frames' tops.
func coresLayout(il *layout, c, q, nodes int, note string) *layout {
	n := len(il.x)
	var cols, rows, sub int
	var pos func(t int) (col, row int)
	if nodes > 1 {
		cols, rows, sub, pos = nodeBlocks(il, c, nodes)
	} else {
		cols, sub = coreGrid(il, c, q)
		rows = (c + cols - 1) / cols
		pos = func(t int) (int, int) { return t % cols, t / cols }
	}
	l := *il
	l.x, l.y = make([]int, n*c), make([]int, n*c)
	l.r, l.side = clamp(sub*2/5, 1, 14), sub
	l.perPlane = il.perPlane * c
	l.arcs = false // the node's row is not the slots' row
	l.links, l.frames = nil, nil
	for _, k := range il.links {
		l.wires = append(l.wires, [4]int{il.x[k[0]], il.y[k[0]], il.x[k[1]], il.y[k[1]]})
	}
	halfW, halfH := cols*sub/2, rows*sub/2
	down := 0
	if il.below {
		down = max(0, halfH-il.r)
		l.lower(il.y[0]+il.r, 2*down)
	}
	l.perNode = c
	l.ends = make([]linkEnd, n, max(n, len(il.ends)))
	for u := range n {
		y := il.y[u] + down
		l.ends[u] = linkEnd{il.x[u], y, halfH + 1, -1}
		l.frames = append(l.frames, [4]int{il.x[u] - halfW - 1, y - halfH - 1, cols*sub + 2, rows*sub + 2})
		for t := range c {
			s := t + c*u
			col, row := pos(t)
			l.x[s] = il.x[u] - halfW + sub/2 + col*sub
			l.y[s] = y + halfH - sub/2 - row*sub
		}
	}
	if len(il.ends) > n { // a network's switches
		l.ends = append(l.ends, il.ends[n:]...)
	}
	l.note = note
	if il.note != "" {
		l.note = il.note + "; " + l.note
	}
	return &l
}

// nodeBlocks arranges a router's c slots, nodes nodes of c/nodes cores,
// as the nodes' square grids of cores side by side, node 0 left, an
// empty column between two: the grid's columns and rows, the pitch that
// fits it in a node's square of il (slotRoom), and where slot t goes
// (its node's block, then its core in it).
func nodeBlocks(il *layout, c, nodes int) (cols, rows, sub int, pos func(t int) (col, row int)) {
	per := c / nodes
	q := int(math.Ceil(math.Sqrt(float64(per))))
	cols, rows = nodes*(q+1)-1, (per+q-1)/q // a column between two nodes
	sub = max(1, slotRoom(il)/max(cols, rows))
	return cols, rows, sub, func(t int) (int, int) { return t/per*(q+1) + t%per%q, t % per / q }
}

// slotRoom is the room of a node's square of il that its slots' grid
// takes: the rest, a fifth (at least 2 units), stays between the frames.
func slotRoom(il *layout) int {
	side := max(il.cell, il.side, 2*il.r)
	return side - max(2, side/5)
}

// Cores on a tree's narrow row of nodes: at least minCore units each, in
// a column at most maxColumn high where the cores fit in one.
const (
	minCore   = 6
	maxColumn = 80
)

// coreGrid returns the columns of a node's grid of c cores and their
// pitch: q columns in a node's square of il; on a tree's row of nodes
// (il.below) whose square would draw cores under minCore units, as few
// columns as keep the cores at least that large, more where their
// column would be higher than maxColumn (fattree:4,3:cores=4 in 720
// units: nodes 10 wide, cores 4 units in 2×2, 8 in a column of 4).
func coreGrid(il *layout, c, q int) (cols, sub int) {
	room := slotRoom(il)
	cols, sub = q, max(1, room/q)
	if !il.below || sub >= minCore {
		return cols, sub
	}
	for cols = max(1, room/minCore); cols < q; cols++ {
		if sub = room / cols; (c+cols-1)/cols*sub <= maxColumn {
			return cols, sub
		}
	}
	return q, max(1, room/q)
}

// lower moves what a drawing writes below height y (the numbers under a
// tree's row of nodes) down by dy, and its bottom with them.
func (l *layout) lower(y, dy int) {
	l.ticks = slices.Clone(l.ticks)
	for i := range l.ticks {
		if l.ticks[i].y > y {
			l.ticks[i].y += dy
		}
	}
	l.h += dy
}

// fatTreeLayout draws a fat tree as its tree (package topology's doc, Fat
// trees): the nodes in index order along the bottom, the N switch levels
// above, level N at the top, each switch over the nodes it reaches through
// its down links.
func fatTreeLayout(t topology.SwitchLevels, width, minCell int) *layout {
	n, k, levels := t.Size(), t.Arity(), t.Levels()
	inner := width - 2*margin
	cell := rowCell(inner, n, minCell)
	l := &layout{x: make([]int, n), y: make([]int, n), w: width}
	l.r = clamp(cell*2/5, 1, 14)
	l.side = cell
	top, leafY := treeRows(levels)
	for x := range n {
		l.x[x] = margin + cell/2 + x*cell
		l.y[x] = leafY
	}
	ft := fatTreeRows{n: n, k: k, levels: levels, per: n / k, cell: cell, top: top}
	l.fatTreeSwitches(ft)
	if t.Switches()*k <= maxWires {
		l.fatTreeWires(t, ft)
	}
	l.finishTree(n, cell, levels, width)
	l.note = fmt.Sprintf("nodes in index order at the bottom, switch levels L1 (leaves) to L%d above; nodes 2ℓ hops apart under a level-ℓ switch", levels)
	return l
}

// fatTreeRows is where a fat tree's drawing puts its switches: a row per
// level, level N at the top.
type fatTreeRows struct {
	n, k, levels int // nodes, arity and switch levels of the tree
	per          int // switches per level
	cell, top    int // the pitch of the nodes, the height of the top row
}

// at returns the centre of switch w of level lv: over the span of nodes
// below it, the nodes whose digits lv..N-1 equal w's, which for the
// drawing is the block w·k .. w·k+k-1 of level 1, spread at higher
// levels.
func (ft fatTreeRows) at(lv, w int) (x, y int) {
	x = margin + (w*ft.k+ft.k/2)*ft.cell
	if ft.k%2 == 0 {
		x -= ft.cell / 2
	}
	return x + ft.cell/2, ft.top + (ft.levels-lv)*treeRowH
}

// fatTreeSwitches adds where the links meet a fat tree's nodes, then the
// box of each switch, level by level, and where its links meet it.
func (l *layout) fatTreeSwitches(ft fatTreeRows) {
	swW := max(2, min(ft.cell*ft.k-4, 24))
	for x := range ft.n {
		l.ends = append(l.ends, linkEnd{l.x[x], l.y[x], l.r, -1})
	}
	for lv := 1; lv <= ft.levels; lv++ { // switch w of level lv is vertex n + (lv-1)·per + w
		for w := range ft.per {
			x, y := ft.at(lv, w)
			l.switches = append(l.switches, [4]int{x - swW/2, y - 5, swW, 10})
			l.ends = append(l.ends, linkEnd{x, y, 0, -1})
		}
	}
}

// fatTreeWires adds the wires from each switch of t down to its nodes or
// to the switches of the level below.
func (l *layout) fatTreeWires(t topology.SwitchLevels, ft fatTreeRows) {
	var ws []topology.Wire
	for lv := 1; lv <= ft.levels; lv++ {
		for w := range ft.per {
			x, y := ft.at(lv, w)
			for _, wire := range t.Wires(t.Switch(lv, w), ws[:0]) {
				to := wire.To
				switch {
				case to < ft.n:
					l.wires = append(l.wires, [4]int{x, y + 5, l.x[to], l.y[to] - l.r})
				case (to-ft.n)/ft.per+1 == lv-1:
					x2, y2 := ft.at(lv-1, (to-ft.n)%ft.per)
					l.wires = append(l.wires, [4]int{x, y + 5, x2, y2 - 5})
				}
			}
		}
	}
}

// dragonflyLayout draws a dragonfly (package topology's doc, Dragonflies):
// one panel per group, its A routers in a row (all linked to each other),
// each router's P terminals under it; grey lines join the routers of the
// global links.
func dragonflyLayout(d topology.RouterGroups, width, minCell int) *layout {
	a, p, _, g := d.Params()
	n := d.Size()
	perRow := planesPerRow(g, a*p, 3)
	inner := width - 2*margin
	cell := clamp(inner/(perRow*(a*p+1)), minCell, 40)
	l := &layout{x: make([]int, n), y: make([]int, n), w: width, cell: cell}
	l.r = clamp(cell*2/5, 1, 14)
	l.side = cell
	if a > 1 { // room for the arcs of the links within a group
		l.bowH = clamp(p*cell/2, 6, 24)
	}
	df := dragonflyPanels{n: n, a: a, p: p, perRow: perRow, cell: cell, bowH: l.bowH}
	df.pw, df.ph = a*p*cell, cell+48+l.bowH
	l.ends = make([]linkEnd, n+d.Switches()) // router r of group grp is vertex n + r + a·grp
	for grp := range g {
		l.dragonflyGroup(df, grp)
	}
	l.dragonflyGlobals(d, df)
	rows := (g + perRow - 1) / perRow
	l.h = margin + 14 + rows*(df.ph+16) + margin
	l.note = "groups of routers (squares, all linked within a group) with their nodes below"
	if _, _, named := df.routerBox(); named {
		l.note += "; router (r,g), router r of group g, has r in its square"
	}
	l.wireNote = "grey lines: global links"
	l.linkNote = "terminal, local (arcs over a group's routers) and global links, each drawn on the right of its direction"
	right := margin + min(g, perRow)*(df.pw+cell)
	l.w = max(width, right+margin)
	return l
}

// dragonflyPanels is where a dragonfly's drawing puts its groups: a
// panel of pw × ph per group, perRow panels a row, its routers in a row
// over their terminals.
type dragonflyPanels struct {
	n, a, p    int // nodes, routers per group, terminals per router
	perRow     int // panels a row
	cell, bowH int // the pitch of the nodes, the room for arcs over the routers
	pw, ph     int // a panel's width and height
}

// panel returns the top left corner of group grp's panel.
func (df dragonflyPanels) panel(grp int) (x, y int) {
	return margin + grp%df.perRow*(df.pw+df.cell), margin + 14 + grp/df.perRow*(df.ph+16)
}

// router returns the centre of router r of group grp.
func (df dragonflyPanels) router(r, grp int) (x, y int) {
	px, py := df.panel(grp)
	return px + r*df.p*df.cell + df.p*df.cell/2, py + 12 + df.bowH
}

// routerBox returns the width and height of a router's square, and
// whether the router's number fits in it.
func (df dragonflyPanels) routerBox() (w, h int, named bool) {
	span := df.p*df.cell - 4
	w = max(2, min(span, 24))
	if tw := textW(itoa(df.a-1), 11) + 4; tw <= span {
		return max(w, tw), 14, true
	}
	return w, 10, false
}

// dragonflyGroup adds group grp's panel, the wire along its routers, each
// router's box and its terminals under it with their wires, and where
// the links meet them.
func (l *layout) dragonflyGroup(df dragonflyPanels, grp int) {
	px, py := df.panel(grp)
	l.panels = append(l.panels, panel{x: px - 2, y: py - 2, w: df.pw + 4, h: df.ph, label: "group " + itoa(grp)})
	if df.a > 1 {
		x0, y0 := df.router(0, grp)
		x1, _ := df.router(df.a-1, grp)
		l.wires = append(l.wires, [4]int{x0, y0, x1, y0})
	}
	swW, swH, named := df.routerBox()
	for r := range df.a {
		x, y := df.router(r, grp)
		l.switches = append(l.switches, [4]int{x - swW/2, y - swH/2, swW, swH})
		if named {
			l.swNames = append(l.swNames, itoa(r))
		}
		l.ends[df.n+r+df.a*grp] = linkEnd{x, y, 0, grp}
		for t := range df.p {
			v := t + df.p*(r+df.a*grp)
			l.x[v] = px + (r*df.p+t)*df.cell + df.cell/2
			l.y[v] = y + 28 + df.cell/2
			l.ends[v] = linkEnd{l.x[v], l.y[v], l.r, -1}
			l.wires = append(l.wires, [4]int{x, y + 5, l.x[v], l.y[v] - l.r})
		}
	}
}

// dragonflyGlobals adds a grey line between the routers of each global
// link of d, router by router until there are maxWires lines or more.
func (l *layout) dragonflyGlobals(d topology.RouterGroups, df dragonflyPanels) {
	n, a := df.n, df.a
	var ws []topology.Wire
	for v := n; v < n+d.Switches() && len(l.globals) < maxWires; v++ {
		r, grp := (v-n)%a, (v-n)/a
		for _, w := range d.Wires(v, ws[:0]) {
			if w.Global && w.To > v {
				x1, y1 := df.router(r, grp)
				x2, y2 := df.router((w.To-n)%a, (w.To-n)/a)
				l.globals = append(l.globals, [4]int{x1, y1 - 5, x2, y2 - 5})
			}
		}
	}
}

// keyNote is the key's word on the layout, with what its grey wires are
// when they are drawn.
func (l *layout) keyNote(wires bool) string {
	if wires && l.wireNote != "" {
		return l.note + "; " + l.wireNote
	}
	return l.note
}

// drawStructure draws a layout's switches, wires and node frames under
// everything else; the grey wires not when the links are drawn coloured
// by their load in their place.
func drawStructure(s *svg.SVG, l *layout, wires bool) {
	if wires {
		for _, w := range l.globals {
			s.Line(w[0], w[1], w[2], w[3], `class="link" style="stroke:#8a929c" data-global="1"`)
		}
		for _, w := range l.wires {
			s.Line(w[0], w[1], w[2], w[3], `class="link"`)
		}
	}
	for _, b := range l.frames {
		s.Rect(b[0], b[1], b[2], b[3], `fill="none" stroke="#c8ccd2" class="node-frame"`)
	}
	for _, b := range l.switches {
		s.Rect(b[0], b[1], b[2], b[3], `fill="#9aa3ad" class="switch"`)
	}
}
