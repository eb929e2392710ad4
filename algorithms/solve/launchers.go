package solve

import (
	"context"
	"slices"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// Launcher is a placement a launcher makes when told nothing: Place
// returns the slot of each of n ranks on h (slots in index order, a node's
// cores together), or nil when they do not fit.
type Launcher struct {
	Name string
	// Label names the placement in a sentence ("rank order").
	Label string
	Title string
	Place func(n int, h topology.Host) []int
}

// Launchers are the launchers' default placements, the yardsticks of
// every result: registered as algorithms (after the graph mappers) and
// listed, in this order, beside a scored placement. The first, rank order,
// is the baseline every result is compared with (Result.Baseline).
var Launchers = []Launcher{{
	Name:  "identity",
	Label: "rank order",
	Title: "Rank order (the launchers' default)",
	Place: rankOrderOn,
}, {
	Name:  "block",
	Label: "the block distribution",
	Title: "Block (Slurm's default distribution)",
	Place: blockPlace,
}, {
	Name:  "cyclic",
	Label: "the cyclic distribution",
	Title: "Cyclic (round-robin over nodes)",
	Place: cyclicPlace,
}}

// launcherAlgorithms returns the Launchers as algorithms: any guest onto
// any host at least as large, deterministic, O(n).
func launcherAlgorithms() []Algorithm {
	var as []Algorithm
	for _, l := range Launchers {
		as = append(as, Algorithm{
			Name:       l.Name,
			Notes:      Notes{Title: l.Title, Confidence: "V"},
			Guests:     "any guest (a graph, a grid, a d-cube)",
			Hosts:      "any host with at least as many slots as the guest has vertices (the others stay empty)",
			LargerHost: true,
			Applies:    anyGuest,
			Map: func(ctx context.Context, p *Problem) ([]int, error) {
				return l.Place(p.Guest.Order(), p.Host), ctx.Err()
			},
		})
	}
	return as
}

// rankOrder returns the launchers' default placement of n ranks: rank r
// on slot r.
func rankOrder(n int) []int {
	place := make([]int, n)
	for v := range place {
		place[v] = v
	}
	return place
}

func rankOrderOn(n int, h topology.Host) []int {
	if n > h.Size() {
		return nil
	}
	return rankOrder(n)
}

func blockPlace(n int, h topology.Host) []int {
	nodes, c := topology.NodesOf(h)
	if n > h.Size() {
		return nil
	}
	q, rem := n/nodes.Size(), n%nodes.Size()
	place := make([]int, 0, n)
	for node := range nodes.Size() {
		k := q
		if node < rem {
			k++
		}
		for core := range k {
			place = append(place, node*c+core)
		}
	}
	return place
}

func cyclicPlace(n int, h topology.Host) []int {
	nodes, c := topology.NodesOf(h)
	if n > h.Size() {
		return nil
	}
	place := make([]int, n)
	for r := range place {
		place[r] = (r%nodes.Size())*c + r/nodes.Size()
	}
	return place
}

// isLauncher reports whether name is one of the Launchers.
func isLauncher(name string) bool {
	return slices.ContainsFunc(Launchers, func(l Launcher) bool { return l.Name == name })
}

// launcherLabel names the launcher of that name in a sentence: "rank
// order (identity)".
func launcherLabel(name string) string {
	for _, l := range Launchers {
		if l.Name == name {
			return l.Label + " (" + name + ")"
		}
	}
	return name
}

// launcherPlaces returns the placements of the Launchers that differ
// from those before them, by launcher name, in order: rank order always,
// block and cyclic where cores make them differ.
func launcherPlaces(n int, h topology.Host) ([]string, [][]int) {
	var names []string
	var places [][]int
	for _, l := range Launchers {
		p := l.Place(n, h)
		if p == nil || slices.ContainsFunc(places, func(q []int) bool { return slices.Equal(p, q) }) {
			continue
		}
		names, places = append(names, l.Name), append(places, p)
	}
	return names, places
}

// baselineOf compares a mapping of that many hop-bytes with rank order
// on the same slots: m's guest and host, the slots of alloc when it is
// not nil. O(arcs + n·c).
func baselineOf(m *mapping.Mapping, alloc *topology.Allocation, hopBytes float64) *metric.Baseline {
	place := rankOrder(m.Guest.Order())
	if alloc != nil {
		for v := range place {
			place[v] = alloc.Slot(v)
		}
	}
	base := metric.HopBytes(&mapping.Mapping{Guest: m.Guest, Host: m.Host, Place: place})
	return metric.NewBaseline(Launchers[0].Name, hopBytes, base, m.Guest.TotalVolume())
}
