package draw

import (
	"fmt"
	"strings"

	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

func init() {
	registerLayout("tree", func(h topology.Host, width, _, minCell int) (*layout, bool) {
		t, ok := h.(topology.Rooted)
		if !ok {
			return nil, false
		}
		return treeLayout(t, width, minCell), true
	})
}

// treeLayout draws a host whose switches or groups form a rooted tree
// (topology.Rooted: tree: hosts, switch trees read from a file): the
// nodes in index order along the bottom, each switch over the middle of
// the nodes below it, at the height of its longest way down (leaf
// switches in row L1). O(n·depth).
func treeLayout(t topology.Rooted, width, minCell int) *layout {
	n, s := t.Size(), t.Switches()
	inner := width - 2*margin
	cell := rowCell(inner, n, minCell)
	l := &layout{x: make([]int, n), y: make([]int, n), w: width}
	l.r, l.side = clamp(cell*2/5, 1, 14), cell
	height, sumX, count := make([]int, n+s), make([]int, n+s), make([]int, n+s)
	levels := 0
	for u := range n {
		l.x[u] = margin + cell/2 + u*cell
		for c, p := u, t.Parent(u); p >= 0; c, p = p, t.Parent(p) {
			height[p] = max(height[p], height[c]+1)
			sumX[p] += l.x[u]
			count[p]++
			levels = max(levels, height[p])
		}
	}
	const rowH = treeRowH
	top, leafY := treeRows(levels)
	for u := range n {
		l.y[u] = leafY
		l.ends = append(l.ends, linkEnd{l.x[u], l.y[u], l.r, -1})
	}
	pos := func(v int) (int, int) {
		if v < n {
			return l.x[v], leafY - l.r
		}
		return sumX[v] / max(count[v], 1), top + (levels-height[v])*rowH
	}
	swW := max(2, min(cell-4, 24))
	for v := n; v < n+s; v++ {
		x, y := pos(v)
		l.switches = append(l.switches, [4]int{x - swW/2, y - 5, swW, 10})
		l.ends = append(l.ends, linkEnd{x, y, 0, -1})
	}
	if n+s <= maxWires {
		for v := range n + s {
			if p := t.Parent(v); p >= 0 {
				x1, y1 := pos(v)
				x2, y2 := pos(p)
				if v >= n {
					y1 -= 5
				}
				l.wires = append(l.wires, [4]int{x2, y2 + 5, x1, y1})
			}
		}
	}
	l.finishTree(n, cell, levels, width)
	l.note = treeNote(t, levels)
	return l
}

// rowCell returns the pitch of n nodes in one row of inner units: at
// least minCell while they fit, down to 1 rather than run wider than the
// box (a page that fits a wider drawing shrinks its numbers; these nodes
// are then dots, and zooming in shows them), at most 40.
func rowCell(inner, n, minCell int) int {
	cell := inner / max(n, 1)
	if cell < minCell {
		return max(1, cell)
	}
	return min(cell, 40)
}

// treeRowH is the height of a row of switches in a drawing of a tree.
const treeRowH = 48

// treeRows returns the height of the top row of switches of a drawing of
// a tree with that many levels above its nodes, and of the row of nodes.
func treeRows(levels int) (top, leafY int) {
	top = margin + 8
	return top, top + levels*treeRowH + 8
}

// finishTree ends the layout of a tree of n nodes in cells of that width
// under levels rows of switches: the rows' names (L1, the leaf switches,
// at the bottom), every few nodes' index, the room for the arcs drawn
// above, and the size.
func (l *layout) finishTree(n, cell, levels, width int) {
	top, leafY := treeRows(levels)
	for lv := 1; lv <= levels; lv++ {
		l.ticks = append(l.ticks, axisTick{x: margin - 2, y: top + (levels-lv)*treeRowH + 3, text: "L" + itoa(lv), end: true})
	}
	step := niceStep((textW(itoa(n-1), 12) + 8 + cell - 1) / cell) // numbers apart
	for u := 0; u < n; u += step {
		l.ticks = append(l.ticks, axisTick{x: l.x[u], y: leafY + l.r + 10, text: itoa(u)})
	}
	l.below, l.arcs = true, true
	l.topSpace = min((width-2*margin)/4, cell*n/2) + 8
	l.h = leafY + l.r + 14 + l.topSpace + margin
	l.w = max(width, margin+n*cell+margin)
	l.linkNote = "node and switch links, each drawn on the right of its direction"
}

// niceStep returns the smallest of 1, 2, 5, 10, 20, 50, ... at least k.
func niceStep(k int) int {
	for s := 1; ; s *= 10 {
		for _, m := range [...]int{1, 2, 5} {
			if m*s >= k {
				return m * s
			}
		}
	}
}

// fitArcs leaves under the nodes of a tree drawn with the guest's edges
// as arcs below them (finishTree) only the room the arcs of m's edges
// take, none on a heat map or without arcs, and writes the nodes'
// numbers under it. O(guest arcs).
func (l *layout) fitArcs(m *mapping.Mapping, heatMap bool) {
	if !l.below {
		return
	}
	deep, g := 0, m.Guest
	for u := range g.Order() {
		if !l.arcs || heatMap {
			break
		}
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ { // an arc is half as deep as long, and 4 units of air
			deep = max(deep, min(l.topSpace, abs(l.x[m.Place[u]]-l.x[m.Place[g.Adj[e]]])/2+4))
		}
	}
	for i := range l.ticks {
		if !l.ticks[i].end { // a node's number, not a level's
			l.ticks[i].y += deep
		}
	}
	l.h -= l.topSpace - deep
}

// treeNote says what the rows of a tree drawing are, with a hierarchy's
// cost per level.
func treeNote(t topology.Rooted, levels int) string {
	note := fmt.Sprintf("nodes in index order at the bottom, switches L1 (leaves) to L%d above, each over the nodes below it", levels)
	h, ok := t.(topology.LevelCosts)
	if !ok {
		return note
	}
	costs := make([]string, len(h.Radices()))
	for i := range costs {
		costs[i] = fmt.Sprintf("L%d %d", i+1, h.LevelCost(i+1))
	}
	return note + "; slots under one group of level i are as far apart as its cost (" + strings.Join(costs, ", ") + ")"
}
