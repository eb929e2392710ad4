package draw

import (
	"fmt"
	"math"
	"strings"

	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// A layoutFunc lays out a host of its family (topology.Family) within
// width (and height, when positive, for the hosts that fit it), with a
// pitch of at least minCell; ok is false when h lacks a capability the
// layout needs, and the host is then drawn generically.
type layoutFunc func(h topology.Host, width, height, minCell int) (l *layout, ok bool)

// layouts holds the layout of each drawing family, registered beside
// the layout's code: one registration per family.
var layouts = map[string]layoutFunc{}

// registerLayout adds the layout of a drawing family; it panics on a
// duplicate (a programming error).
func registerLayout(family string, f layoutFunc) {
	if _, dup := layouts[family]; dup {
		panic("draw: layout registered twice for family " + family)
	}
	layouts[family] = f
}

// hostLayout lays out any host that Mapping draws: by the layout its
// family registered (lattices, fat trees, dragonflies, trees), a host
// with cores as its nodes' layout with each node's cores as a small grid
// in its place (nodes under routers, and their cores, likewise in their
// router's place), and any other host generically, its nodes on a circle. A
// lattice's nodes fit in height units too when height is positive, and a
// tall 2-D one folds into strips side by side to fill the width.
func hostLayout(h topology.Host, width, height, minCell int) *layout {
	if f := layouts[topology.FamilyOf(h)]; f != nil {
		if l, ok := f(h, width, height, minCell); ok {
			return l
		}
	}
	base, per := topology.SplitRouters(h)
	if per == 1 {
		return circleLayout(h, width, height)
	}
	q := int(math.Ceil(math.Sqrt(float64(per))))
	_, cores := topology.NodesOf(h) // 1 under routers without cores
	nodes := 1                      // per router, when its nodes have cores
	if cores > 1 {
		nodes = per / cores
	}
	return coresLayout(hostLayout(base, width, height, q*minCell+2), per, q, nodes, groupNote(per, cores))
}

// groupNote is the key's word on the small grids of a host whose per
// slots share a vertex of its network, cores a node: a node's cores, a
// router's nodes (":nodes-per-router=P", cores 1), or a router's nodes'
// cores, node by node (preset:xe6-slice: 2 nodes of 16 cores), in slot
// order.
func groupNote(per, cores int) string {
	switch cores {
	case per:
		return fmt.Sprintf("each node's %d cores as a small grid, core 0 bottom left", per)
	case 1:
		return fmt.Sprintf("each router's %d nodes as a small grid, its first node bottom left", per)
	default:
		return fmt.Sprintf("each router's %d nodes of %d cores side by side, each as a small grid, core 0 of its first node bottom left",
			per/cores, cores)
	}
}

// maxCell is the largest pitch of a lattice's nodes for a minimum pitch
// of minCell: 60 units, more for a node drawn as a q×q grid of cores
// (hostLayout asks for at least 3q+2), so that a core is drawn about as
// large as a node without cores.
func maxCell(minCell int) int { return max(60, 15*minCell) }

// circleLayout draws a host of a kind without a layout of its own: its
// nodes in index order clockwise on a circle from the top, its links
// (Neighbors, up to maxLinks) as chords. O(n + links).
func circleLayout(h topology.Host, width, height int) *layout {
	n := h.Size()
	kind, _, _ := strings.Cut(h.String(), ":")
	inner := width - 2*margin
	if height <= 0 {
		height = math.MaxInt32
	}
	radius := max(20, (min(inner, height-2*margin)-40)/2)
	cx, cy := width/2, margin+radius+20
	l := &layout{x: make([]int, n), y: make([]int, n), w: width, h: 2*cy - margin}
	l.r = clamp(int(2*math.Pi*float64(radius)/float64(n)/2.4), 1, 14)
	l.side = 2 * l.r
	at := func(u, rr int) (int, int) {
		a := 2*math.Pi*float64(u)/float64(n) - math.Pi/2
		return cx + int(math.Round(float64(rr)*math.Cos(a))), cy + int(math.Round(float64(rr)*math.Sin(a)))
	}
	var nb []int
	for u := range n {
		l.x[u], l.y[u] = at(u, radius)
		nb = h.Neighbors(u, nb[:0])
		for _, v := range nb {
			if u < v && len(l.links) < maxLinks {
				l.links = append(l.links, [2]int{u, v})
			}
		}
	}
	for q := range 4 { // node indexes at the four quarters, outside
		u := q * n / 4
		x, y := at(u, radius+l.r+10)
		l.ticks = append(l.ticks, axisTick{x: x, y: y + 3, text: itoa(u)})
	}
	l.note = fmt.Sprintf("nodes 0 to %s clockwise on a circle from the top (no layout for %s hosts), links as chords", metric.Thousands(n-1), kind)
	return l
}
