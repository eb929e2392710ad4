package topology

import (
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// Network is the optional capability of indirect networks, whose nodes
// are joined through switches or routers (fat trees, dragonflies): it
// gives the whole wiring, for drawings and for the contract tests that
// check Hops against it. Such a host has no two nodes one hop apart, so
// its Neighbors lists none.
//
// The wiring has Size()+Switches() vertices: the nodes first, then the
// switches. Hops(a, b) is the number of wires on a shortest path from a
// to b that crosses at most one global wire (a dragonfly's minimal
// route); a fat tree has no global wires, so there it is the plain
// shortest path.
type Network interface {
	Host
	// Switches returns the number of switches (or routers).
	Switches() int
	// Wires appends the wires at vertex v of the wiring to dst and
	// returns it.
	Wires(v int, dst []Wire) []Wire
	// SwitchName names switch s, the wiring's vertex Size()+s, for
	// people ("L2 (1)(0)", "router (3,1)").
	SwitchName(s int) string
}

// SwitchLevels is the optional capability of networks of levels of
// switches (fat trees): Levels() levels of Switches()/Levels() switches,
// each with Arity() links down; Switch(l, w) is the wiring vertex of
// switch w of level l (1 the leaves). Switch w of level l is over the
// nodes whose digits l..Levels()-1 (base Arity()) are w's.
type SwitchLevels interface {
	Network
	Arity() int
	Levels() int
	Switch(l, w int) int
}

// RouterGroups is the optional capability of networks of groups of
// routers (dragonflies): g groups of a routers all linked to each other,
// p nodes a router, h global links a router. Router r of group grp is
// the wiring vertex Size()+r+a·grp, node t of router r of group grp the
// node t+p·(r+a·grp).
type RouterGroups interface {
	Network
	Params() (a, p, h, g int)
}

// A Wire is one link of a Network's wiring, seen from one end: the vertex
// at its other end, and whether it is a global (inter-group) link.
type Wire struct {
	To     int
	Global bool
}

// parseParams parses the comma-separated whole numbers of a spec string
// such as "16,3", one per name, each in [1, limit].
func parseParams(args string, limit int, names ...string) ([]int, error) {
	parts := strings.Split(args, ",")
	if len(parts) != len(names) {
		return nil, fmt.Errorf("want %d numbers %s separated by commas, got %d", len(names), strings.Join(names, ","), len(parts))
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || p != strconv.Itoa(v) || v < 1 || v > limit {
			return nil, fmt.Errorf("%s = %.20q: want a whole number from 1 to %s", names[i], p, numtext.Count(limit))
		}
		out[i] = v
	}
	return out, nil
}

// checkedProduct returns the product of xs, or an error when it exceeds
// MaxNodes.
func checkedProduct(xs ...int) (int, error) {
	n := 1
	for _, x := range xs {
		if n > MaxNodes/x {
			return 0, fmt.Errorf("more than %s nodes", numtext.Count(MaxNodes))
		}
		n *= x
	}
	return n, nil
}

// Balls is the optional capability of hosts that count their balls in
// closed form, for package metric's neighbourhood bound on hosts whose
// distances are not a walk over Neighbors (indirect networks): Ball(r) is
// the largest number of nodes within r hops of one node, over all nodes
// (a host need not look the same from every node). topotest checks it
// against Hops.
type Balls interface {
	Host
	Ball(r int) int
}

var (
	_ SwitchLevels = (*FatTree)(nil)
	_ RouterGroups = (*Dragonfly)(nil)
	_ Family       = (*Lattice)(nil)
	_ Shaped       = (*Lattice)(nil)
	_ Family       = (*FatTree)(nil)
	_ Family       = (*Dragonfly)(nil)
	_ Family       = (*Tree)(nil)
	_ Family       = (*SwitchTree)(nil)
)
