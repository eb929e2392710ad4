package topology

import (
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Cores is a host whose nodes have C cores each (the spec suffix
// ":cores=C", see the package doc): its Size() = nodes × C slots. Slot t of
// node u has index t + C·u (the core varies fastest: launchers fill a
// node first) and coordinates those of u followed by t. Two slots are as
// many hops apart as their nodes, so two slots of one node are 0 apart.
//
// Cores has no Grid capability even over a lattice: its distance is not
// a sum over axes (the core axis counts 0). Callers with grid fast paths
// reach the inner host and C through SplitCores.
//
// The same structure one level down groups the nodes of a host under its
// routers (the suffix ":nodes-per-router=P", NewRouterNodes): P nodes per
// router, 0 hops apart, as the two nodes of a Cray Gemini; cores may then
// be given to those nodes.
type Cores struct {
	inner Host
	c     int
	unit  string // coresSuffix, or routerSuffix for nodes under routers
}

// MaxCores bounds the cores per node of a spec string.
const MaxCores = 1024

// NewCores returns inner with c ≥ 2 cores per node; inner must not have
// cores itself, and the slots number at most MaxNodes.
func NewCores(inner Host, c int) (*Cores, error) {
	if ic, ok := inner.(*Cores); ok && ic.unit == coresSuffix {
		return nil, reason.New(ErrInvalid, "cores given twice")
	}
	return newGrouped(inner, c, coresSuffix)
}

// NewRouterNodes returns inner's nodes as routers of p ≥ 2 nodes each
// (":nodes-per-router=P"); inner must have neither cores nor routers of
// its own.
func NewRouterNodes(inner Host, p int) (*Cores, error) {
	if _, ok := inner.(*Cores); ok {
		return nil, reason.New(ErrInvalid, "nodes per router over cores")
	}
	return newGrouped(inner, p, routerSuffix)
}

func newGrouped(inner Host, c int, unit string) (*Cores, error) {
	if c < 2 || c > MaxCores {
		return nil, reason.New(ErrInvalid, "%d%s, want 2 to %s", c, unit, numtext.Count(MaxCores))
	}
	if inner.Size() > MaxNodes/c {
		return nil, reason.New(ErrInvalid, "more than %s slots", numtext.Count(MaxNodes))
	}
	return &Cores{inner, c, unit}, nil
}

// SplitCores returns the host of nodes under h and the cores per node:
// (inner, C) for a Cores host, (h, 1) otherwise. Slot s then lies on node
// s / C of inner, as core s % C.
func SplitCores(h Host) (inner Host, c int) {
	if ch, ok := h.(interface {
		Inner() Host
		PerNode() int
	}); ok {
		return ch.Inner(), ch.PerNode()
	}
	return h, 1
}

// NodesOf returns the host of h's nodes and the slots per node, as
// launchers and allocations count them: SplitCores's for cores 0 apart
// (":cores=C"), and for nodes with an inside (":node=", NodeInside),
// whose cores are not 0 apart, those nodes and their C cores; (h, 1)
// otherwise. Slot s lies on node s / C, as core s % C.
func NodesOf(h Host) (nodes Host, c int) {
	if n, ok := h.(interface{ nodes() (Host, int) }); ok {
		return n.nodes()
	}
	return h, 1
}

// NetworkOf returns the host whose distances count the network links
// that h's messages cross: h, but for nodes with an inside (NodeInside),
// whose costs inside a node cross no link, the same nodes with cores 0
// apart, and for some slots of such nodes (an allocation's Subset) the
// same slots of those nodes. Its hop-bytes are the sum of the link loads
// under h's routing.
func NetworkOf(h Host) Host {
	if n, ok := h.(interface{ network() Host }); ok {
		if net := n.network(); net != nil {
			return net
		}
	}
	return h
}

// SplitRouters returns the host under all of h's groupings (cores, then
// nodes per router) and the slots per vertex of it: (torus, 32) for
// torus:4x4x8:nodes-per-router=2:cores=16. Slots s and t with s/per =
// t/per are 0 hops apart; routes and wiring are the base host's.
func SplitRouters(h Host) (base Host, per int) {
	per = 1
	for {
		inner, c := SplitCores(h)
		if c == 1 {
			return h, per
		}
		h, per = inner, per*c
	}
}

// Inner returns the host of the nodes.
func (h *Cores) Inner() Host { return h.inner }

// PerNode returns C, the cores (slots) per node.
func (h *Cores) PerNode() int { return h.c }

// nodes returns the host of the nodes and C (NodesOf): under routers
// (":nodes-per-router=P") every slot is a node of its own.
func (h *Cores) nodes() (Host, int) {
	if h.unit == routerSuffix {
		return h, 1
	}
	return h.inner, h.c
}

// Size returns nodes × C.
func (h *Cores) Size() int { return h.inner.Size() * h.c }

// String returns the inner host's spec string and ":cores=C" (or
// ":nodes-per-router=P").
func (h *Cores) String() string { return h.inner.String() + h.unit + strconv.Itoa(h.c) }

// Coords writes the coordinates of slot idx's node, then its core.
func (h *Cores) Coords(idx int, dst []int) []int { return slotCoords(h, h.inner, h.c, idx, dst) }

// Index returns the slot of the given node coordinates and core.
func (h *Cores) Index(coords []int) (int, error) { return slotIndex(h.inner, h.c, coords) }

// slotCoords writes the coordinates of slot idx of h, a host of c slots
// per node of inner: its node's, then its place in the node.
func slotCoords(h, inner Host, c, idx int, dst []int) []int {
	if idx < 0 || idx >= h.Size() {
		panic(fmt.Sprintf("topology: slot %d out of range [0, %d)", idx, h.Size()))
	}
	return append(inner.Coords(idx/c, dst), idx%c)
}

// slotIndex returns the slot of the given node coordinates and place in
// the node, on a host of c slots per node of inner.
func slotIndex(inner Host, c int, coords []int) (int, error) {
	if len(coords) == 0 {
		return 0, reason.New(ErrInvalid, "no coordinates")
	}
	last := len(coords) - 1
	t := coords[last]
	if t < 0 || t >= c {
		return 0, reason.New(ErrInvalid, "core %d, want [0, %d)", t, c)
	}
	u, err := inner.Index(coords[:last])
	if err != nil {
		return 0, err
	}
	return t + c*u, nil
}

// Hops returns the hops between the slots' nodes.
func (h *Cores) Hops(a, b int) int { return h.inner.Hops(a/h.c, b/h.c) }

// router routes between slots as the host of the nodes routes between
// their nodes (slotsRouter).
func (h *Cores) router() (Router, bool) {
	r, ok := RouterOf(h.inner)
	if !ok {
		return nil, false
	}
	return slotsRouter{h, h.inner, h.c, r}, true
}

// Neighbors appends every slot of the nodes one hop from idx's node.
func (h *Cores) Neighbors(idx int, dst []int) []int { return nodeSlots(h.inner, h.c, idx, dst) }

// nodeSlots appends every slot of the nodes one hop from the node of slot
// idx, on a host of c slots per node of inner.
func nodeSlots(inner Host, c, idx int, dst []int) []int {
	start := len(dst)
	dst = inner.Neighbors(idx/c, dst)
	nodes := append([]int(nil), dst[start:]...)
	dst = dst[:start]
	for _, u := range nodes {
		for t := range c {
			dst = append(dst, t+c*u)
		}
	}
	return dst
}

// The modifiers a host spec string may end with: cores per node, and
// (before them) nodes per router.
const (
	coresSuffix  = ":cores="
	routerSuffix = ":nodes-per-router="
)

// cutCores splits "spec:cores=C" into spec and C (0 without the suffix).
func cutCores(s string) (string, int, error) { return cutCount(s, coresSuffix, "cores per node") }

// cutCount splits "spec" + suffix + "N" into spec and N (0 without the
// suffix); what names N in the message.
func cutCount(s, suffix, what string) (string, int, error) {
	i := len(s) - len(suffix)
	for i >= 0 && !strings.EqualFold(s[i:i+len(suffix)], suffix) {
		i-- // the last one, in bytes (lower-casing may change lengths)
	}
	if i < 0 {
		return s, 0, nil
	}
	arg := strings.TrimSpace(s[i+len(suffix):])
	if strings.Contains(arg, ":") {
		return "", 0, fmt.Errorf("%.30q after %s: %s", arg[strings.Index(arg, ":"):], suffix[1:], suffixOrder)
	}
	c, err := strconv.Atoi(arg)
	if err != nil || arg != strconv.Itoa(c) || c < 1 || c > MaxCores {
		return "", 0, fmt.Errorf("%s%.20q: want a whole number of %s from 1 to %s", suffix[1:], arg, what, numtext.Count(MaxCores))
	}
	return s[:i], c, nil
}

// coresOnce says how a host spec gives its nodes' cores.
const coresOnce = "a node's cores are given once, by :cores=C (cores 0 apart) or by :node=S1x…:dist=D1,… (cores in groups)"

// Suffixes lists the suffixes of a host spec string in the order they
// follow its sizes and options.
const Suffixes = ":nodes-per-router=P, :cores=C, :node=S1x…:dist=D1,…"

// suffixOrder says how the suffixes of a host spec string follow its
// sizes and options.
const suffixOrder = "a host spec ends with its suffixes in this order: " + Suffixes

// withRouterNodes groups h's nodes p to a router (p ≤ 1: h itself).
func withRouterNodes(h Host, p int) (Host, error) {
	if p <= 1 {
		return h, nil
	}
	if h.Size() > MaxNodes/p {
		return nil, fmt.Errorf("%s routers × %s nodes is more than %s nodes", numtext.Count(h.Size()), numtext.Count(p), numtext.Count(MaxNodes))
	}
	return NewRouterNodes(h, p)
}

// withCores gives h c cores per node (c ≤ 1: h itself), with messages for
// users.
func withCores(h Host, c int) (Host, error) {
	if c <= 1 {
		return h, nil
	}
	if hc, ok := h.(*Cores); ok && hc.unit == coresSuffix {
		return nil, fmt.Errorf("cores=%d on %s, whose nodes have %s cores already: %s", c, h, numtext.Count(hc.c), coresOnce)
	}
	if h.Size() > MaxNodes/c {
		return nil, fmt.Errorf("%s nodes × %s cores is more than %s slots", numtext.Count(h.Size()), numtext.Count(c), numtext.Count(MaxNodes))
	}
	return NewCores(h, c)
}

// slotsRouter is the routing capability of a host of c slots per node of
// inner (cores, a node inside) whose nodes' host has one (r): a message
// between two nodes follows the inner rule, a message inside a node
// crosses no link. Links are numbered as the inner host's; their ends are
// written as slot 0 of each node, and a switch s of the inner wiring as
// Size()+s (after the slots).
type slotsRouter struct {
	Host
	inner Host
	c     int
	r     Router
}

func (h slotsRouter) Routing() string { return h.r.Routing() }
func (h slotsRouter) LinkSlots() int  { return h.r.LinkSlots() }
func (h slotsRouter) Links() int      { return h.r.Links() }

func (h slotsRouter) Link(id int) (tail, head int, ok bool) {
	tail, head, ok = h.r.Link(id)
	return h.vertex(tail), h.vertex(head), ok
}

// vertex returns the vertex of the slots' wiring of inner vertex v: slot
// 0 of a node, a switch after the slots.
func (h slotsRouter) vertex(v int) int {
	if n := h.inner.Size(); v >= n {
		return v - n + h.Size()
	}
	return v * h.c
}

func (h slotsRouter) Route(a, b int, dst []int) []int { return h.r.Route(a/h.c, b/h.c, dst) }
