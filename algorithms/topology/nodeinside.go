package topology

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/dims"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// NodeInside is a host whose nodes have an inside (the spec suffix
// ":node=S1xS2x…:dist=D1,D2,…", as hwloc describes a node: cores in L2
// or L3 groups, NUMA domains, packages): each node's C = S1·S2·… cores
// are grouped bottom-up, S1 cores per lowest group, S2 such groups per
// next group, …, and two cores of one node whose lowest common group is
// level i are D_i apart (0 if they are one core). Cores of two nodes are
// as far apart as their nodes. Slot t of node u has index t + C·u and
// coordinates those of u followed by t, as with ":cores=C" (which a
// suffix whose costs are all 0, or without costs, is).
//
// Messages between nodes follow the nodes' routes (when the host of the
// nodes has them); inside a node they cross no link.
type NodeInside struct {
	inner Host
	sizes []int // innermost first
	dist  []int
	c     int
}

// nodeSuffix starts the node inside of a host spec string.
const nodeSuffix = ":node="

// NewNodeInside returns inner's nodes each with that inside: level sizes
// (innermost first, each ≥ 1, C in all from 2 to MaxCores) and a
// non-decreasing cost per level, not all 0. inner must have no cores.
func NewNodeInside(inner Host, sizes, dist []int) (*NodeInside, error) {
	if _, c := SplitCores(inner); c > 1 {
		return nil, reason.New(ErrInvalid, "cores given twice")
	}
	if len(sizes) == 0 || len(sizes) != len(dist) || dist[len(dist)-1] == 0 {
		return nil, reason.New(ErrInvalid, "%d levels and %d costs, want one per level, not all 0", len(sizes), len(dist))
	}
	c := 1
	for i, s := range sizes {
		if s < 1 || c > MaxCores/s {
			return nil, reason.New(ErrInvalid, "level %d has %s groups, want 1 to a total of %s cores", i+1, numtext.Count(s), numtext.Count(MaxCores))
		}
		c *= s
		if dist[i] < 0 || dist[i] > MaxLevelCost || i > 0 && dist[i] < dist[i-1] {
			return nil, reason.New(ErrInvalid, "cost %s of level %d, want non-decreasing costs from 0 to %s", numtext.Count(dist[i]), i+1, numtext.Count(MaxLevelCost))
		}
	}
	if c < 2 || inner.Size() > MaxNodes/c {
		return nil, reason.New(ErrInvalid, "%s cores per node, want 2 to %s and at most %s slots", numtext.Count(c), numtext.Count(MaxCores), numtext.Count(MaxNodes))
	}
	return &NodeInside{inner, append([]int(nil), sizes...), append([]int(nil), dist...), c}, nil
}

// cutNode splits "spec:node=S1x…[:dist=D1,…]" into spec and the levels'
// sizes and costs (nil, nil without the suffix; costs all 0 without
// :dist=).
func cutNode(s string) (string, []int, []int, error) {
	i := len(s) - len(nodeSuffix)
	for i >= 0 && !strings.EqualFold(s[i:i+len(nodeSuffix)], nodeSuffix) {
		i-- // the last one, in bytes (lower-casing may change lengths)
	}
	if i < 0 {
		return s, nil, nil, nil
	}
	if strings.Contains(strings.ToLower(s[:i]), nodeSuffix) {
		return "", nil, nil, errors.New("node= given twice: a node's inside is given once, :node=S1x…:dist=D1,…")
	}
	sizeText, distText, hasDist := strings.Cut(strings.TrimSpace(s[i+len(nodeSuffix):]), ":dist=")
	if err := afterNode(sizeText, distText, hasDist); err != nil {
		return "", nil, nil, err
	}
	sizes, err := dims.ParseSizes(sizeText, MaxCores, "cores")
	if err != nil {
		return "", nil, nil, fmt.Errorf("node=: %w", err)
	}
	dist := make([]int, len(sizes))
	if hasDist {
		if dist, err = parseCosts(distText, len(sizes)); err != nil {
			return "", nil, nil, fmt.Errorf("node=…:dist=: %w", err)
		}
	}
	return s[:i], sizes, dist, nil
}

// afterNode says what is wrong with a suffix after :node=, which ends a
// host spec: the text after its sizes, or after its costs if it has
// them.
func afterNode(sizeText, distText string, hasDist bool) error {
	tail := sizeText
	if hasDist {
		tail = distText
	}
	j := strings.IndexByte(tail, ':')
	switch {
	case j < 0:
		return nil
	case strings.HasPrefix(strings.ToLower(tail[j:]), coresSuffix):
		return fmt.Errorf("%.30q after node=: %s", tail[j:], coresOnce)
	}
	return fmt.Errorf("%.30q after node=: %s", tail[j:], suffixOrder)
}

// withNode gives h's nodes the inside of those sizes and costs (none: h
// itself; costs all 0: C cores per node, as ":cores=C"); h's nodes must
// have no cores, and no routers of their own for costs not all 0.
func withNode(h Host, sizes, dist []int) (Host, error) {
	if sizes == nil {
		return h, nil
	}
	if _, c := NodesOf(h); c > 1 {
		return nil, fmt.Errorf("node= on %s, whose nodes have %s cores already: %s", h, numtext.Count(c), coresOnce)
	}
	if dist[len(dist)-1] == 0 {
		c := 1
		for _, s := range sizes {
			c *= s // ParseSizes bounds the product by MaxCores
		}
		return withCores(h, c)
	}
	if _, p := SplitCores(h); p > 1 {
		return nil, fmt.Errorf("node=…:dist= on %s: nodes under routers (:nodes-per-router=) take cores 0 apart, :cores=C, not an inside", h)
	}
	return NewNodeInside(h, sizes, dist)
}

// Size returns nodes × C.
func (h *NodeInside) Size() int { return h.inner.Size() * h.c }

// nodes returns the host of the nodes and C (NodesOf).
func (h *NodeInside) nodes() (Host, int) { return h.inner, h.c }

// network returns the nodes with cores 0 apart (NetworkOf).
func (h *NodeInside) network() Host { return &Cores{h.inner, h.c, coresSuffix} }

// String returns the host of the nodes' spec string and
// ":node=S1x…:dist=D1,…".
func (h *NodeInside) String() string {
	d := make([]string, len(h.dist))
	for i, x := range h.dist {
		d[i] = strconv.Itoa(x)
	}
	return h.inner.String() + nodeSuffix + dims.Join(h.sizes) + ":dist=" + strings.Join(d, ",")
}

// Coords writes the coordinates of slot idx's node, then its core.
func (h *NodeInside) Coords(idx int, dst []int) []int { return slotCoords(h, h.inner, h.c, idx, dst) }

// Index returns the slot of the given node coordinates and core.
func (h *NodeInside) Index(coords []int) (int, error) { return slotIndex(h.inner, h.c, coords) }

// Hops returns the nodes' hops for slots of two nodes, and the cost of
// their lowest common group for two cores of one node.
func (h *NodeInside) Hops(a, b int) int {
	if a/h.c != b/h.c {
		return h.inner.Hops(a/h.c, b/h.c)
	}
	x, y, d := a%h.c, b%h.c, 0
	for i, s := range h.sizes {
		if x == y {
			break
		}
		x, y, d = x/s, y/s, h.dist[i]
	}
	return d
}

// InsideProfile returns the distances from a core to the other C − 1
// cores of its node, ascending: the same from every core (the inside's
// groups, innermost first, each at its cost).
func (h *NodeInside) InsideProfile() []int {
	var out []int
	group := 1
	for i, s := range h.sizes {
		for range group*s - group {
			out = append(out, h.dist[i])
		}
		group *= s
	}
	return out
}

// Neighbors appends the slots 1 hop from idx: every slot of the nodes 1
// hop from its node, and the cores of its node 1 apart from it.
func (h *NodeInside) Neighbors(idx int, dst []int) []int {
	dst = nodeSlots(h.inner, h.c, idx, dst)
	first := idx - idx%h.c
	for s := first; s < first+h.c; s++ {
		if h.Hops(idx, s) == 1 {
			dst = append(dst, s)
		}
	}
	return dst
}

// router returns the routing capability of a node inside whose nodes'
// host routes (RouterOf).
func (h *NodeInside) router() (Router, bool) {
	r, ok := RouterOf(h.inner)
	if !ok {
		return nil, false
	}
	return slotsRouter{h, h.inner, h.c, r}, true
}
