package topotest_test

import (
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// shortcut is a dragonfly whose Hops ignores the channel's router: 3
// between any two groups, shorter than its minimal routes.
type shortcut struct{ *topology.Dragonfly }

func (h shortcut) Hops(a, b int) int {
	if d := h.Dragonfly.Hops(a, b); d > 3 {
		return 3
	}
	return h.Dragonfly.Hops(a, b)
}

// lostWire is a fat tree whose first leaf switch forgets its first node.
type lostWire struct{ *topology.FatTree }

func (h lostWire) Wires(v int, dst []topology.Wire) []topology.Wire {
	out := h.FatTree.Wires(v, dst)
	if v == h.Size() {
		out = out[1:]
	}
	return out
}

// TestContractCatchesMachines: the wiring and slot clauses fail on hosts
// that break them.
func TestContractCatchesMachines(t *testing.T) {
	df := topotest.MustParse(t, "dragonfly:2,2,1,3").(*topology.Dragonfly)
	ft := topotest.MustParse(t, "fattree:2,3").(*topology.FatTree)
	for _, tt := range []struct {
		name string
		h    topology.Host
		want string
	}{
		{"dragonfly distance shorter than its minimal route", shortcut{df}, "shortest paths"},
		{"fat tree wiring without a wire back", lostWire{ft}, "no wire back"},
		{"dragonfly ball one too large", bigBall{df}, "Ball(3)"},
		{"dragonfly route that skips its first local hop", skipLocal{df}, "is no link from"},
		{"fat tree link numbered between switches that share no wire", crossedLinks{ft}, "not between neighbours"},
		{"fat tree whose lowest two levels are one group", mergedLevels{ft}, "digits"},
		{"fat tree whose radices miss a level", shortRadices{ft}, "multiply to"},
	} {
		err := topotest.Check(tt.h)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check = %v, want %q", tt.name, err, tt.want)
		}
	}
	// a host with cores whose slots are not their nodes' distances apart
	cores := topotest.MustParse(t, "mesh:3x2:cores=2").(*topology.Cores)
	if err := topotest.Check(slotsOff{cores}); err == nil || !strings.Contains(err.Error(), "slots") {
		t.Errorf("Check on broken slots = %v", err)
	}
}

// slotsOff adds a hop between slots of different cores.
type slotsOff struct{ *topology.Cores }

func (h slotsOff) Hops(a, b int) int {
	if a%2 != b%2 && a/2 != b/2 {
		return h.Cores.Hops(a, b) + 1
	}
	return h.Cores.Hops(a, b)
}

// bigBall counts one node too many within 3 hops.
type bigBall struct{ *topology.Dragonfly }

func (h bigBall) Ball(r int) int {
	if r == 3 {
		return h.Dragonfly.Ball(r) + 1
	}
	return h.Dragonfly.Ball(r)
}

// skipLocal leaves out the second link of a route of five, the local hop
// to the router of the global channel.
type skipLocal struct{ *topology.Dragonfly }

func (h skipLocal) Route(a, b int, dst []int) []int {
	out := h.Dragonfly.Route(a, b, dst)
	if len(out) == len(dst)+5 {
		out = append(out[:len(dst)+1], out[len(dst)+2:]...)
	}
	return out
}

// crossedLinks says the up-links of the first level lead to the leaf
// switches instead of the level above.
type crossedLinks struct{ *topology.FatTree }

func (h crossedLinks) Link(id int) (tail, head int, ok bool) {
	tail, head, ok = h.FatTree.Link(id)
	if n := h.Size(); id >= 2*n && id < 3*n {
		head = h.Switch(1, (id-2*n)/h.Arity())
	}
	return tail, head, ok
}

// mergedLevels joins the leaf switches' level and the next: the nodes'
// coordinates are then not their digits.
type mergedLevels struct{ *topology.FatTree }

func (h mergedLevels) Radices() []int { return []int{4, 2} }

// shortRadices forgets the top level of the fat tree.
type shortRadices struct{ *topology.FatTree }

func (h shortRadices) Radices() []int { return []int{2, 2} }
