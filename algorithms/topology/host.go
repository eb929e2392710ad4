package topology

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"topomap/algorithms/internal/kinds"
	"topomap/algorithms/internal/numtext"
)

// Host is a network that processes are mapped onto: Size nodes numbered
// 0..Size()-1, each with coordinates (the first coordinate varies
// fastest), the hop distance of shortest paths and the canonical spec
// string. A host is connected. Hops is the one definition of distance:
// fast paths (the Grid capability, coordinate tables) must agree with it,
// and topotest checks the contract on every registered kind.
type Host interface {
	// Size returns the number of nodes.
	Size() int
	// Coords writes the coordinates of node idx into dst (reused from
	// its start, grown if needed) and returns it.
	Coords(idx int, dst []int) []int
	// Index returns the node of the given coordinates, or an error.
	Index(coords []int) (int, error)
	// Hops returns the number of links on a shortest path from a to b:
	// 0 from a node to itself (and between the slots of one node of a
	// host with cores, see Cores), positive otherwise.
	Hops(a, b int) int
	// Neighbors appends the distinct nodes one hop from idx to dst.
	Neighbors(idx int, dst []int) []int
	// String returns the canonical spec string, which Parse accepts.
	String() string
}

// Grid is the capability of hosts whose nodes are the points of a box of
// Rank axes, the hop distance being the sum over axes of AxisHops (with
// wrap-around where Wraps says so). Mappers and metrics type-assert it for
// their coordinate fast paths; other hosts fall back to Host.Hops.
type Grid interface {
	Host
	// Rank returns the number of axes.
	Rank() int
	// Dim returns the size of axis j.
	Dim(j int) int
	// Wraps reports whether axis j wraps around.
	Wraps(j int) bool
	// Diameter returns the largest hop distance.
	Diameter() int
}

// MaxHops returns an upper bound on the hop distance of h: the diameter
// of a host that knows it (a grid, a tree:; through its cores),
// otherwise Size()-1 (a host is connected, and a hop is a link).
func MaxHops(h Host) int {
	inner, _ := SplitCores(h)
	if g, ok := inner.(interface{ Diameter() int }); ok {
		return g.Diameter()
	}
	return h.Size() - 1
}

// LevelCosts is the optional capability of hierarchies whose distance is
// a cost per level (tree:…:dist=…), not a count of links: two slots whose
// lowest common group is of level i (1 ≤ i ≤ len(Radices()), a group of
// level i holding Radices()[i-1] groups of level i-1, slots for i = 1)
// are LevelCost(i) apart. The contract checks Hops against this rule
// where it cannot walk over Neighbors.
type LevelCosts interface {
	Hierarchy
	LevelCost(i int) int
}

// DimsOf returns the axis sizes of a grid host.
func DimsOf(g Grid) []int {
	dims := make([]int, g.Rank())
	for j := range dims {
		dims[j] = g.Dim(j)
	}
	return dims
}

// WrapsOf returns the wrap-around flags of a grid host.
func WrapsOf(g Grid) []bool {
	wrap := make([]bool, g.Rank())
	for j := range wrap {
		wrap[j] = g.Wraps(j)
	}
	return wrap
}

// A KindSpec registers one host kind: its name (the spec string's prefix),
// the form of its spec strings for messages, examples, and its parser, which receives
// the spec string after "name:" and returns the host or an error saying
// what is wrong (without repeating the input).
type KindSpec struct {
	Name  string
	Form  string // e.g. "ring:K"
	Parse func(args string) (Host, error)
	// Examples are spec strings of small hosts of the kind, on which
	// topotest runs the host contract.
	Examples []string
	// Options tells whether its spec strings take options after the
	// sizes (":wrap=", ":dist="): a kind without refuses one as such.
	Options bool
}

var registry = kinds.Registry[KindSpec]{Names: func(k KindSpec) (string, string) { return k.Name, k.Form }}

// Register adds a host kind; Parse then accepts its spec strings. Kinds
// are listed in messages in the order they were registered. Register
// panics on a duplicate name (a programming error, as in image.RegisterFormat).
func Register(k KindSpec) { registry.Add(k) }

// Kinds returns the registered host kinds in registration order.
func Kinds() []KindSpec { return registry.All() }

// Forms lists the forms of the registered host kinds' spec strings, for
// help texts: "a, b or c".
func Forms() string { return registry.Forms() }

// ErrUnknownKind is wrapped by the error Parse returns for a kind that is
// not registered (or an empty string).
var ErrUnknownKind = errors.New("unknown host kind")

// Parse reads a host spec string "kind:args" (kind case-insensitive,
// surrounding spaces ignored) with the parser its kind registered, or a
// named machine "preset:NAME" (Presets), or a machine read from a file
// and registered, "machine:ID" (RegisterMachine); any may end with
// ":cores=C", C cores per node (Cores), or ":node=S1xS2x…:dist=D1,D2,…",
// a node's cores grouped with a cost per level (NodeInside), and a kind's string with
// ":nodes-per-router=P" before that, P nodes per router (NewRouterNodes). Errors say what is wrong without
// repeating the input.
func Parse(s string) (Host, error) {
	base, sizes, dist, err := cutNode(s)
	if err != nil {
		return nil, err
	}
	h, err := parseNodes(base)
	if err != nil {
		return nil, err
	}
	return withNode(h, sizes, dist)
}

// parseNodes is Parse without a node inside.
func parseNodes(s string) (Host, error) {
	base, c, err := cutCores(s)
	if err != nil {
		return nil, err
	}
	given := base
	if base, err = presetSpec(base); err != nil {
		return nil, err
	}
	if b, inner, err := cutCores(base); err == nil && inner > 0 {
		if c > 0 {
			return nil, coresTwice(given, base, b, c, inner)
		}
		base, c = b, inner // a preset with cores
	}
	if h, ok, err := lookupMachine(base); ok {
		if err != nil {
			return nil, err
		}
		return withCores(h, c)
	}
	base, p, err := cutCount(base, routerSuffix, "nodes per router")
	if err != nil {
		return nil, err
	}
	k, args, err := registry.Find(base, ErrUnknownKind)
	if err != nil {
		return nil, fmt.Errorf("%w, or preset:NAME; any may end with :cores=C", err)
	}
	h, err := k.Parse(args)
	if err != nil {
		return nil, cmp.Or(optionError(k, args), err)
	}
	if h, err = withRouterNodes(h, p); err != nil {
		return nil, err
	}
	return withCores(h, c)
}

// coresTwice says why cores=c cannot follow given, which has inner cores
// per node: spec, given or the preset given names, is bare:cores=inner.
func coresTwice(given, spec, bare string, c, inner int) error {
	if given == spec {
		return errors.New("cores= given twice: " + coresOnce)
	}
	return fmt.Errorf("%s has %s cores per node already (%s): for %s, write %s:cores=%d",
		strings.TrimSpace(given), numtext.Count(inner), spec, numtext.Count(c), bare, c)
}

// optionError says why k refused args, if they hold an option and k takes
// none ("ring:16:wrap=1"), or nil: k's own error says it.
func optionError(k KindSpec, args string) error {
	_, opt, ok := strings.Cut(args, ":")
	if !ok || k.Options {
		return nil
	}
	return fmt.Errorf("%s takes no option %.30q (%s); %s", k.Name, opt, k.Form, suffixOrder)
}

// Hierarchy is the capability of hosts whose nodes are the leaves of a
// tree of nested groups, the way Scotch's architectures split their
// domains: a fat tree's subtrees, a dragonfly's groups and routers, a
// node's cores. Node idx's coordinates are its digits in the mixed radix
// Radices() (innermost level first: the first coordinate varies fastest),
// and the nodes whose digits agree from digit i up form one group of level
// i+1. Hops never decreases with the most significant digit in which two
// nodes differ: a group's nodes are as near each other as any. Recursive
// mappers split such a host group by group from the top (HierarchyOf).
type Hierarchy interface {
	Host
	// Radices returns the number of subgroups per group of each level,
	// innermost first; their product is Size().
	Radices() []int
}

// HierarchyOf returns the radices of h's groups, innermost first (see
// Hierarchy): those of a host with the capability, and on a host with C
// cores per node over one, C followed by its nodes' radices. It returns
// false for other hosts (lattices, cores over a lattice).
func HierarchyOf(h Host) ([]int, bool) {
	inner, c := SplitCores(h)
	hi, ok := inner.(Hierarchy)
	if !ok {
		return nil, false
	}
	if c == 1 {
		return hi.Radices(), true
	}
	return append([]int{c}, hi.Radices()...), true
}
