package guest

import (
	"errors"
	"fmt"

	"topomap/algorithms/internal/kinds"
)

// Spec is a guest described by its spec string ("hypercube:4", "grid:9x8"),
// without building it: parsing is O(1) in the guest's size and Build makes
// the graph. Its methods read the kind's registration.
type Spec struct {
	Kind Kind
	Dims []int // Hypercube: [d]; Grid: the 2 or 3 object grid sizes
	Wrap bool  // Grid: periodic
	// ID is a weighted graph's content hash (Custom: graph:ID).
	ID string
	// Graph is the weighted graph that ID names, once a resolver found it
	// (see Resolve); it is not part of the spec's identity.
	Graph *Graph
}

// A KindSpec registers one guest kind that a spec string names: its Kind,
// its name (the string's prefix), the form of its strings for messages,
// examples, and the functions that parse, print, count and build it.
type KindSpec struct {
	Kind Kind
	Name string
	Form string // e.g. "hypercube:D"
	// Parse receives the string after "name:" and returns the spec or an
	// error saying what is wrong (without repeating the input).
	Parse func(args string) (Spec, error)
	// Args prints a spec's part after "name:" (the canonical form).
	Args func(Spec) string
	// Order returns the number of vertices, Build the graph.
	Order func(Spec) int
	Build func(Spec) (*Graph, error)
	// Examples are spec strings of small guests of the kind, on which the
	// package tests check parsing, printing and building.
	Examples []string
	// Dimensions and Diameter, if set, give the number of dimensions or
	// axes (the per-dimension figures of the metrics) and the diameter of
	// a guest in closed form; see Graph.Dimensions and Graph.Diameter.
	Dimensions func(Spec) int
	Diameter   func(Spec) int
	// Bandwidth, if set, gives the least bandwidth of a numbering of the
	// guest's vertices (a lower bound on any mapping's maximum dilation
	// onto a line); see Graph.Bandwidth.
	Bandwidth func(Spec) int
	// Bipartite, if set, says whether the guest's vertices take two
	// colours, no edge joining two of one colour; see Graph.Bipartite.
	Bipartite func(Spec) bool
	// External marks a kind whose spec names a graph held elsewhere: Build
	// wants it attached by Resolve first.
	External bool
	// Words are how the pages and the drawings speak of the kind's
	// guests.
	Words Words
}

// Words name the parts of a guest kind's guests on a page or a drawing.
// The zero Words suit a kind without labels, coordinates or step view.
type Words struct {
	// Label names an edge's label (Graph.Label): a grid's "axis", a
	// d-cube's "dimension".
	Label string
	// Step names what the step view adds at each step ("rows",
	// "dimensions"); "" for a kind without a step view. Its first k steps
	// show the edges whose label is below k if ByLabel, else the vertices
	// whose first coordinate is below k.
	Step    string
	ByLabel bool
	// Vertex says where a vertex sits, given its coordinates
	// (Graph.Coords) written "1,2": "object 1,2".
	Vertex func(coords string) string
}

// WordsOf returns the Words of guest kind k (the zero Words for a kind
// not registered).
func WordsOf(k Kind) Words {
	r, _ := kindOf(k)
	return r.Words
}

var registry = kinds.Registry[KindSpec]{Names: func(k KindSpec) (string, string) { return k.Name, k.Form }}

// Register adds a guest kind; Parse then accepts its spec strings. It
// panics on a duplicate kind or name (a programming error).
func Register(k KindSpec) {
	if _, ok := kindOf(k.Kind); ok {
		panic("guest: kind " + k.Name + " registered twice")
	}
	registry.Add(k)
}

// Kinds returns the registered guest kinds in registration order.
func Kinds() []KindSpec { return registry.All() }

// kindOf returns the registration of k.
func kindOf(k Kind) (KindSpec, bool) {
	for _, r := range registry.All() {
		if r.Kind == k {
			return r, true
		}
	}
	return KindSpec{}, false
}

// Forms lists the forms of the registered guest kinds' spec strings, for
// help texts: "a, b or c".
func Forms() string { return registry.Forms() }

// ErrUnknownKind is wrapped by the error Parse returns for a kind that is
// not registered (or an empty string).
var ErrUnknownKind = errors.New("unknown guest kind")

// Parse reads a guest spec string "kind:args" (kind case-insensitive,
// surrounding spaces ignored) with the parser its kind registered.
func Parse(s string) (Spec, error) {
	k, args, err := registry.Find(s, ErrUnknownKind)
	if err != nil {
		return Spec{}, err
	}
	return k.Parse(args)
}

// String returns the canonical spec string.
func (s Spec) String() string {
	k, ok := kindOf(s.Kind)
	if !ok {
		return fmt.Sprintf("kind(%d)", int(s.Kind))
	}
	return k.Name + ":" + k.Args(s)
}

// Order returns the number of guest vertices.
func (s Spec) Order() int {
	k, ok := kindOf(s.Kind)
	if !ok {
		return 0
	}
	return k.Order(s)
}

// Build constructs the guest graph. O(n·degree).
func (s Spec) Build() (*Graph, error) {
	k, ok := kindOf(s.Kind)
	if !ok {
		return nil, fmt.Errorf("%w: no kind %d", ErrInvalid, int(s.Kind))
	}
	return k.Build(s)
}

// IsZero reports whether s is the zero Spec (no guest parsed yet).
func (s Spec) IsZero() bool { return len(s.Dims) == 0 && s.ID == "" }

// External reports whether s names a graph held elsewhere (graph:ID),
// which Resolve attaches.
func (s Spec) External() bool {
	k, ok := kindOf(s.Kind)
	return ok && k.External && s.ID != ""
}
