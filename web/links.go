package web

import (
	"strconv"
	"strings"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
	"topomap/web/draw"
)

// The link heat map's readouts (draw's link view): what a hovered link
// carries, and the loads of the links leaving a hovered node.

// maxAttributionHops bounds the routing work of one hovered link's
// attribution (metric.LinkMessages): about 50 ms in the browser.
const maxAttributionHops = 1 << 22

// heaviestShown is the number of messages a link's readout lists.
const heaviestShown = 5

// linkLoads caches the link loads of one mapping for the readouts.
type linkLoads struct {
	m    *mapping.Mapping
	load []float64
	msgs []int32
}

// of returns the loads of m's links, counted once per mapping; ok is
// false on a host without routing.
func (l *linkLoads) of(m *mapping.Mapping) (load []float64, msgs []int32, ok bool) {
	if l.m != m || l.load == nil {
		l.m = m
		if l.load, l.msgs, ok = metric.LinkLoads(m); !ok {
			l.load, l.msgs = nil, nil
		}
	}
	return l.load, l.msgs, l.load != nil
}

// linkText describes link id of m: its ends, its load and message count,
// and the heaviest messages across it (guest arcs u→v with their volume),
// attributed on demand.
func linkText(m *mapping.Mapping, id int) string {
	r, ok := topology.RouterOf(m.Host)
	if !ok {
		return ""
	}
	tail, head, ok := r.Link(id)
	if !ok {
		return ""
	}
	t, _ := metric.LinkMessages(m, id, heaviestShown, maxAttributionHops)
	s := "link " + draw.LinkName(m.Host, tail, head) + ": load " + strconv.FormatFloat(t.Load, 'g', 6, 64) +
		", " + draw.Thousands(t.Count) + " messages"
	if !t.Complete {
		s += " (counted over the first " + draw.Thousands(maxAttributionHops) + " routed hops only)"
	}
	if len(t.Heaviest) == 0 {
		return s
	}
	parts := make([]string, len(t.Heaviest))
	for i, msg := range t.Heaviest {
		parts[i] = strconv.Itoa(msg.From) + "→" + strconv.Itoa(msg.To) + " (" + strconv.FormatFloat(msg.Volume, 'g', 6, 64) + ")"
	}
	return s + "; heaviest: " + strings.Join(parts, ", ")
}

// nodeLinksText lists the loads of the links leaving node h (the heat
// map's readout of a node, whose links may be painted too small to
// hover): "; links out: (1,2)→(2,2) 3, ...".
func nodeLinksText(m *mapping.Mapping, load []float64, h int) string {
	r, ok := topology.RouterOf(m.Host)
	if !ok {
		return ""
	}
	var parts []string
	n := m.Host.Size()
	for id := h; id < r.LinkSlots(); id += n {
		if _, head, ok := r.Link(id); ok {
			parts = append(parts, "→("+joinInts(m.Host.Coords(head, nil))+") "+strconv.FormatFloat(load[id], 'g', 6, 64))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; loads of its links: " + strings.Join(parts, ", ")
}
