package guest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Kind names the family a guest belongs to.
type Kind int

// The guest families.
const (
	Custom Kind = iota
	Hypercube
	Grid
)

// MaxVertices bounds the size of any generated guest.
const MaxVertices = 1 << 24

// MaxArcs bounds the arcs of any generated guest, so that a guest at the
// vertex limit cannot exhaust memory: each arc costs 5 bytes (Adj, Label),
// 2^26 arcs about 335 MB. It admits every 2-D grid up to MaxVertices and
// d-cubes up to MaxCubeDim.
const MaxArcs = 1 << 26

// MaxCubeDim is the largest d-cube within MaxVertices and MaxArcs.
const MaxCubeDim = 21

// CubeArcs returns the number of arcs of the d-cube, d·2^d, for d in
// [0, MaxCubeDim].
func CubeArcs(d int) int { return d << d }

// GridArcs returns the number of arcs of the object grid that NewGrid
// builds, for sizes ≥ 1 whose product does not overflow: along an axis of
// size k each line of objects has k-1 edges, or with wrap k (k > 2), 1
// (k = 2) or 0 (k = 1). O(c).
func GridArcs(dims []int, wrap bool) int {
	n := 1
	for _, k := range dims {
		n *= k
	}
	arcs := 0
	for _, k := range dims {
		e := k - 1
		if wrap && k > 2 {
			e = k
		}
		arcs += 2 * (n / k) * e
	}
	return arcs
}

// ErrInvalid is wrapped by every validation error of this package.
var ErrInvalid = errors.New("guest: invalid graph")

// MaxTotalVolume bounds the sum of a weighted graph's volumes: 2^480,
// about 3.1e144. A host has fewer than 2^31 nodes, so every distance is
// below 2^31 and a mapping's hop-bytes (Σ volume × distance) stays below
// 2^511; the link loads add up to the network's hop-bytes, so the sum of
// their squares (package metric's, and PAIRS's congestion objective)
// stays below 2^1022, under float64's largest number (about 2^1024,
// 1.8e308): the metrics and the local searches' sums of such terms stay
// finite.
const MaxTotalVolume = 0x1p480

// ErrTotalVolume is wrapped, with ErrInvalid, by the error of a graph
// whose volumes add up to more than MaxTotalVolume.
var ErrTotalVolume = errors.New("the volumes add up to more than 2^480 (about 3.1 × 10^144), the most a graph may carry so that its hop-bytes and squared link loads stay finite")

// checkTotal refuses volumes (each finite and positive) whose sum exceeds
// MaxTotalVolume, or overflows. O(arcs).
func checkTotal(weight []float64) error {
	var sum float64
	for _, w := range weight {
		sum += w
	}
	switch {
	case math.IsInf(sum, 1):
		return reason.New(ErrInvalid, "%v (their sum overflows: it is above 1.8e308, the largest number)", ErrTotalVolume)
	case sum > MaxTotalVolume:
		return reason.New(ErrInvalid, "%v (their sum is %g)", ErrTotalVolume, sum)
	}
	return nil
}

// Graph is a communication graph in CSR form. See the package doc.
type Graph struct {
	Kind    Kind
	Dims    []int // Hypercube: [d]; Grid: object grid sizes; Custom: nil
	Wrap    bool  // Grid only: periodic boundaries
	Offsets []int32
	Adj     []int32
	Weight  []float64 // nil: unit volume per arc
	Label   []int8    // per arc: hypercube dimension or grid axis; nil for Custom
	// ID is a Custom graph's content hash (its spec string is graph:ID),
	// set by Canonical; "" for a graph not identified.
	ID string
}

// Order returns the number of vertices.
func (g *Graph) Order() int { return len(g.Offsets) - 1 }

// Arcs returns the number of directed arcs (twice the number of edges).
func (g *Graph) Arcs() int { return len(g.Adj) }

// Volume returns the message volume of arc e.
func (g *Graph) Volume(e int) float64 {
	if g.Weight == nil {
		return 1
	}
	return g.Weight[e]
}

// Neighbors returns the slice of v's neighbours (do not modify it).
func (g *Graph) Neighbors(v int) []int32 { return g.Adj[g.Offsets[v]:g.Offsets[v+1]] }

// Isolated returns the number of vertices with no arc in or out: the
// processes that exchange nothing. O(n + arcs).
func (g *Graph) Isolated() int {
	n := g.Order()
	linked := make([]bool, n)
	for v := range n {
		if g.Offsets[v] < g.Offsets[v+1] {
			linked[v] = true
		}
	}
	for _, u := range g.Adj {
		linked[u] = true
	}
	isolated := 0
	for _, l := range linked {
		if !l {
			isolated++
		}
	}
	return isolated
}

// String returns the guest's canonical spec string: "hypercube:4",
// "grid:9x8", "grid:8x8x8:wrap", "graph:ID" (the registered kinds' form),
// or "graph:N" for a custom graph not identified (see Canonical).
func (g *Graph) String() string {
	if k, ok := kindOf(g.Kind); ok && (g.Kind != Custom || g.ID != "") {
		return k.Name + ":" + k.Args(g.spec())
	}
	return "graph:" + strconv.Itoa(g.Order())
}

// spec returns the spec that describes g.
func (g *Graph) spec() Spec {
	return Spec{Kind: g.Kind, Dims: g.Dims, Wrap: g.Wrap, ID: g.ID, Graph: g}
}

// Dimensions returns how many dimensions (hypercube) or axes (grid) g
// has, edges or not: the per-dimension figures of its metrics. A kind
// that registers none (a weighted graph) has the labels its arcs use,
// none for a graph read from a file.
func (g *Graph) Dimensions() int {
	if k, ok := kindOf(g.Kind); ok && k.Dimensions != nil {
		return k.Dimensions(g.spec())
	}
	labels := 0
	for _, l := range g.Label {
		labels = max(labels, int(l)+1)
	}
	return labels
}

// Bandwidth returns the bandwidth of g as its kind registers it in closed
// form (exact for d-cubes and 2-D grids), or 0 when it has none.
func (g *Graph) Bandwidth() int {
	if k, ok := kindOf(g.Kind); ok && k.Bandwidth != nil {
		return k.Bandwidth(g.spec())
	}
	return 0
}

// Diameter returns the largest hop distance between two vertices of g,
// as its kind registers it in closed form, or 0 when its kind has none
// (a weighted graph: not computed).
func (g *Graph) Diameter() int {
	if k, ok := kindOf(g.Kind); ok && k.Diameter != nil {
		return k.Diameter(g.spec())
	}
	return 0
}

// Bipartite reports whether g's vertices take two colours, no edge
// joining two of one colour (so g has no triangle), as its kind registers
// it in closed form; false when its kind has none (a weighted graph: not
// computed).
func (g *Graph) Bipartite() bool {
	k, ok := kindOf(g.Kind)
	return ok && k.Bipartite != nil && k.Bipartite(g.spec())
}

// NewHypercube returns the d-cube: 2^d vertices, vertex n adjacent to
// n XOR 2^i through dimension i (arc label i), neighbours in dimension order.
// O(d·2^d).
func NewHypercube(d int) (*Graph, error) {
	if d < 0 || d > MaxCubeDim {
		return nil, fmt.Errorf("%w: hypercube dimension %d out of [0, %d]", ErrInvalid, d, MaxCubeDim)
	}
	n := 1 << d
	g := &Graph{Kind: Hypercube, Dims: []int{d}, Offsets: make([]int32, n+1), Adj: make([]int32, 0, n*d), Label: make([]int8, 0, n*d)}
	for v := range n {
		for i := range d {
			g.Adj = append(g.Adj, int32(v^1<<i))
			g.Label = append(g.Label, int8(i))
		}
		g.Offsets[v+1] = int32(len(g.Adj))
	}
	return g, nil
}

// NewGrid returns the object grid of the given sizes (2 or 3 dimensions, or
// any other count ≥ 1) with the nearest-neighbour stencil: object i is
// adjacent to the objects one step away along each axis (arc label = axis),
// wrapping around when wrap is set. Neighbours are listed axis by axis, the
// step to coordinate x-1 (mod k with wrap) before the step to x+1. A periodic
// axis of size 2 has one neighbour, not two copies of it (our reading [P]:
// one edge, not a parallel pair that would double its volume). At most MaxVertices
// objects and MaxArcs arcs. O(n·c).
func NewGrid(dims []int, wrap bool) (*Graph, error) {
	if len(dims) == 0 {
		return nil, fmt.Errorf("%w: grid without dimensions", ErrInvalid)
	}
	n := 1
	strides := make([]int, len(dims))
	for i, k := range dims {
		if k < 1 {
			return nil, fmt.Errorf("%w: grid dimension %d has size %s, want at least 1", ErrInvalid, i+1, numtext.Count(k))
		}
		strides[i] = n
		if n > MaxVertices/k {
			return nil, fmt.Errorf("%w: more than %s objects", ErrInvalid, numtext.Count(MaxVertices))
		}
		n *= k
	}
	if a := GridArcs(dims, wrap); a > MaxArcs {
		return nil, fmt.Errorf("%w: grid of %s arcs, more than %s", ErrInvalid, numtext.Count(a), numtext.Count(MaxArcs))
	}
	g := &Graph{Kind: Grid, Dims: append([]int(nil), dims...), Wrap: wrap, Offsets: make([]int32, n+1)}
	g.Adj = make([]int32, 0, 2*len(dims)*n)
	g.Label = make([]int8, 0, 2*len(dims)*n)
	for v := range n {
		for a, k := range dims {
			s := strides[a]
			x := v / s % k
			add := func(u int) {
				g.Adj = append(g.Adj, int32(u))
				g.Label = append(g.Label, int8(a))
			}
			if x > 0 {
				add(v - s)
			} else if wrap && k > 2 {
				add(v + (k-1)*s)
			}
			if x < k-1 {
				add(v + s)
			} else if wrap && k > 2 {
				add(v - (k-1)*s)
			}
		}
		g.Offsets[v+1] = int32(len(g.Adj))
	}
	return g, nil
}

// Edge is one weighted undirected edge of a custom graph.
type Edge struct {
	U, V   int
	Volume float64
}

// Arc is one directed arc of a custom graph: Volume units sent from From to
// To, w(From→To) in the package doc's terms (Communication graphs).
type Arc struct {
	From, To int
	Volume   float64
}

// FromEdges builds a custom graph of n vertices from undirected edges, each
// stored as two arcs of the same volume. Parallel edges are merged (volumes
// added); a vertex's neighbours are listed in the order of their first edge.
// Self-loops, volumes that are not positive and finite, parallel volumes
// that add up beyond float64 and volumes that add up beyond MaxTotalVolume
// are errors. O(n + m).
func FromEdges(n int, edges []Edge) (*Graph, error) {
	if err := checkOrder(n, len(edges), math.MaxInt32/2, "edges"); err != nil {
		return nil, err
	}
	b := newBuilder(n)
	for _, e := range edges {
		if err := checkArc(n, e.U, e.V, e.Volume, "edge"); err != nil {
			return nil, err
		}
		if e.U == e.V {
			return nil, fmt.Errorf("%w: self-loop at %d", ErrInvalid, e.U)
		}
		b.count(e.U)
		b.count(e.V)
	}
	b.alloc()
	for _, e := range edges {
		b.place(e.U, e.V, e.Volume)
		b.place(e.V, e.U, e.Volume)
	}
	g, err := b.graph()
	if err == nil {
		err = checkTotal(g.Weight)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// FromArcs builds a custom graph of n vertices with directed volumes: arc
// From→To carries Volume, and its reverse only what another arc gives it.
// Self-loops carry no network traffic (see the package doc): they are dropped,
// and their number returned. Parallel arcs are merged (volumes added); a
// vertex's out-arcs are listed in the order of their first arc. Volumes
// that are not positive and finite, parallel volumes that add up beyond
// float64 and volumes that add up beyond MaxTotalVolume are errors.
// O(n + m).
func FromArcs(n int, arcs []Arc) (g *Graph, selfLoops int, err error) {
	if err := checkOrder(n, len(arcs), math.MaxInt32, "arcs"); err != nil {
		return nil, 0, err
	}
	b := newBuilder(n)
	for _, a := range arcs {
		if err := checkArc(n, a.From, a.To, a.Volume, "arc"); err != nil {
			return nil, 0, err
		}
		if a.From == a.To {
			selfLoops++
		} else {
			b.count(a.From)
		}
	}
	b.alloc()
	for _, a := range arcs {
		if a.From != a.To {
			b.place(a.From, a.To, a.Volume)
		}
	}
	if g, err = b.graph(); err != nil {
		return nil, 0, err
	}
	if err := checkTotal(g.Weight); err != nil {
		return nil, 0, err
	}
	return g, selfLoops, nil
}

func checkOrder(n, m, maxM int, what string) error {
	if n < 1 || n > MaxVertices {
		return fmt.Errorf("%w: %s vertices, want 1 to %s", ErrInvalid, numtext.Count(n), numtext.Count(MaxVertices))
	}
	if m > maxM {
		return fmt.Errorf("%w: %s %s, at most %s", ErrInvalid, numtext.Count(m), what, numtext.Count(maxM))
	}
	return nil
}

func checkArc(n, u, v int, w float64, what string) error {
	if u < 0 || u >= n || v < 0 || v >= n {
		return fmt.Errorf("%w: %s (%d,%d) outside [0, %d)", ErrInvalid, what, u, v, n)
	}
	if !(w > 0) || math.IsInf(w, 1) {
		return fmt.Errorf("%w: %s (%d,%d) has volume %v, want a finite number > 0", ErrInvalid, what, u, v, w)
	}
	return nil
}

// builder makes a CSR graph in two passes over its arcs: count them per
// source, then place them; graph merges parallel arcs.
type builder struct {
	n         int
	deg, fill []int32 // deg[v+1]: v's arcs, then prefix sums
	adj       []int32
	w         []float64
}

func newBuilder(n int) *builder { return &builder{n: n, deg: make([]int32, n+1)} }

func (b *builder) count(u int) { b.deg[u+1]++ }

func (b *builder) alloc() {
	for v := range b.n {
		b.deg[v+1] += b.deg[v]
	}
	b.adj = make([]int32, b.deg[b.n])
	b.w = make([]float64, b.deg[b.n])
	b.fill = append([]int32(nil), b.deg[:b.n]...)
}

func (b *builder) place(u, v int, w float64) {
	b.adj[b.fill[u]], b.w[b.fill[u]] = int32(v), w
	b.fill[u]++
}

// graph merges parallel arcs in place; an error if their volumes overflow.
func (b *builder) graph() (*Graph, error) {
	n, deg, adj, w := b.n, b.deg, b.adj, b.w
	// at[u] is where v's arc to u was kept, valid while it is at or after
	// v's first kept arc.
	g := &Graph{Kind: Custom, Offsets: make([]int32, n+1)}
	at := make([]int32, n)
	for i := range at {
		at[i] = -1
	}
	k := int32(0)
	for v := range n {
		first := k
		for e := deg[v]; e < deg[v+1]; e++ {
			u := adj[e]
			if i := at[u]; i >= first {
				if w[i] += w[e]; math.IsInf(w[i], 1) {
					return nil, fmt.Errorf("%w: the volumes from %d to %d add up to more than %g", ErrInvalid, v, u, math.MaxFloat64)
				}
				continue
			}
			at[u] = k
			adj[k], w[k] = u, w[e]
			k++
		}
		g.Offsets[v+1] = k
	}
	g.Adj, g.Weight = adj[:k:k], w[:k:k]
	if int(k) < len(adj)*3/4 {
		// many parallel arcs merged (an undirected view of a symmetric
		// graph halves them): keep arrays of the right size
		g.Adj, g.Weight = slices.Clone(g.Adj), slices.Clone(g.Weight)
	}
	return g, nil
}

// Coords returns the coordinates of vertex v in dst (resized): for a
// d-cube its d bits, bit 0 first; for a grid its object coordinates, the
// first varying fastest; for a custom graph none. O(d).
func (g *Graph) Coords(v int, dst []int) []int {
	dst = dst[:0]
	switch g.Kind {
	case Hypercube:
		for i := range g.Dims[0] {
			dst = append(dst, v>>i&1)
		}
	case Grid:
		for _, k := range g.Dims {
			dst = append(dst, v%k)
			v /= k
		}
	}
	return dst
}
