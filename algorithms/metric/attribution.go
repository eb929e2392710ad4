package metric

import (
	"cmp"
	"slices"

	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// A Message is one guest arc u→v with its volume, as it crosses a link.
type Message struct {
	From, To int
	Volume   float64
}

// Through is the attribution of one directed link: the heaviest messages
// that cross it under the host's routing rule, and how many there are.
type Through struct {
	Heaviest []Message // at most k, heaviest first (then by From, To)
	Count    int       // messages across the link
	Load     float64   // their total volume: the link's load
	// Complete is false when the scan stopped at its hop limit: the
	// figures then cover the messages routed before it.
	Complete bool
}

// LinkMessages attributes link of m's host (a number of the host's link
// numbering): it routes every guest arc of m and keeps the k heaviest of
// those whose route crosses link. One link's attribution is computed on
// demand, when a page asks (nothing per link is stored): the work is
// O(arcs·c + hops) and stops after maxHops routed hops (0 = no limit),
// with Complete false. ok is false when the host has no routing rule.
func LinkMessages(m *mapping.Mapping, link, k, maxHops int) (t Through, ok bool) {
	r, ok := topology.RouterOf(m.Host)
	if !ok {
		return Through{}, false
	}
	g := m.Guest
	var route []int
	hops := 0
	t.Complete = true
	for u := range g.Order() {
		for e := int(g.Offsets[u]); e < int(g.Offsets[u+1]); e++ {
			route = r.Route(m.Place[u], m.Place[g.Adj[e]], route[:0])
			hops += len(route)
			if maxHops > 0 && hops > maxHops {
				t.Complete = false
				return t, true
			}
			if !slices.Contains(route, link) {
				continue
			}
			w := g.Volume(e)
			t.Count++
			t.Load += w
			t.Heaviest = keepHeaviest(t.Heaviest, Message{u, int(g.Adj[e]), w}, k)
		}
	}
	return t, true
}

// keepHeaviest adds msg to the k heaviest so far (sorted, heaviest first;
// ties in arc order, so the list is deterministic). O(k).
func keepHeaviest(top []Message, msg Message, k int) []Message {
	return KeepFirst(top, msg, k, func(a, b Message) bool {
		return cmp.Or(cmp.Compare(b.Volume, a.Volume), cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To)) < 0
	})
}

// KeepFirst adds x to top, the first k so far in the strict order before
// (sorted, first first), and returns the first k: a ranking kept while
// its items are seen, O(k) a call. It inserts from the end rather than
// with slices.Insert, whose instantiations weigh on the browser's download.
func KeepFirst[T any](top []T, x T, k int, before func(a, b T) bool) []T {
	if k <= 0 || len(top) == k && !before(x, top[k-1]) {
		return top
	}
	top = append(top, x)
	i := len(top) - 1
	for ; i > 0 && before(x, top[i-1]); i-- {
		top[i] = top[i-1]
	}
	top[i] = x
	return top[:min(len(top), k)]
}
