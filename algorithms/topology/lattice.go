package topology

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Kind names the family a host belongs to. It only affects how the host is
// named and drawn: distances depend on Dims and Wrap alone.
type Kind int

// The host families.
const (
	Line Kind = iota
	Ring
	Mesh
	Torus
	Hypercube
)

var kindNames = [...]string{"line", "ring", "mesh", "torus", "hypercube"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// Shaped is the optional capability of grids that name their family of
// lattices (Kind: line, ring, mesh, torus or hypercube), which decides how
// they are named and drawn, not their distances: a drawing lays a line
// out in a row, a ring on a circle, a hypercube in Gray-code order and a
// mesh or torus in planes, and the hypercube embeddings apply to a
// hypercube only (IsHypercube). Lattices have it.
type Shaped interface {
	Grid
	Kind() Kind
}

// IsHypercube reports whether h is a hypercube host, not merely a mesh of
// twos: the hypercube embeddings and bounds apply to it, the grid
// heuristics leave it to them.
func IsHypercube(h Host) bool {
	s, ok := h.(Shaped)
	return ok && s.Kind() == Hypercube
}

// Lattice is a host network. Use the constructors: they validate sizes and
// precompute strides. The zero value is not a valid host.
type Lattice struct {
	kind    Kind
	dims    []int
	wrap    []bool
	strides []int
	size    int
}

// MaxNodes bounds the number of nodes of any host, so that sizes given by
// users cannot overflow or exhaust memory.
const MaxNodes = 1 << MaxCubeDim

// MaxCubeDim is the largest hypercube host dimension.
const MaxCubeDim = 26

// ErrInvalid is wrapped by every validation error of this package.
var ErrInvalid = errors.New("topology: invalid host")

func newLattice(kind Kind, dims []int, wrap []bool) (*Lattice, error) {
	if len(dims) == 0 {
		return nil, reason.New(ErrInvalid, "no dimensions")
	}
	t := &Lattice{kind: kind, dims: append([]int(nil), dims...), wrap: append([]bool(nil), wrap...), strides: make([]int, len(dims)), size: 1}
	for i, k := range dims {
		if k < 1 {
			return nil, reason.New(ErrInvalid, "dimension %d has size %s, want at least 1", i+1, numtext.Count(k))
		}
		t.strides[i] = t.size
		if t.size > MaxNodes/k {
			return nil, reason.New(ErrInvalid, "more than %s nodes", numtext.Count(MaxNodes))
		}
		t.size *= k
	}
	return t, nil
}

// NewLine returns the line (1-D mesh) of k nodes.
func NewLine(k int) (*Lattice, error) { return newLattice(Line, []int{k}, []bool{false}) }

// NewRing returns the ring (1-D torus) of k nodes, numbered clockwise.
func NewRing(k int) (*Lattice, error) { return newLattice(Ring, []int{k}, []bool{true}) }

// NewMesh returns the mesh of the given sizes, without wrap-around.
func NewMesh(dims ...int) (*Lattice, error) {
	return newLattice(Mesh, dims, make([]bool, len(dims)))
}

// NewTorus returns the torus of the given sizes, with wrap-around in every
// dimension.
func NewTorus(dims ...int) (*Lattice, error) {
	wrap := make([]bool, len(dims))
	for i := range wrap {
		wrap[i] = true
	}
	return newLattice(Torus, dims, wrap)
}

// NewGrid returns a mesh whose wrap-around is chosen per dimension
// (len(wrap) == len(dims)). Its kind is Torus when every dimension wraps and
// Mesh otherwise.
func NewGrid(dims []int, wrap []bool) (*Lattice, error) {
	if len(wrap) != len(dims) {
		return nil, reason.New(ErrInvalid, "%d wrap flags for %d dimensions", len(wrap), len(dims))
	}
	kind := Torus
	for _, w := range wrap {
		if !w {
			kind = Mesh
		}
	}
	return newLattice(kind, dims, wrap)
}

// NewHypercube returns the d-dimensional binary hypercube, d >= 0.
func NewHypercube(d int) (*Lattice, error) {
	if d < 0 || d > MaxCubeDim {
		return nil, reason.New(ErrInvalid, "hypercube dimension %d out of [0, %d]", d, MaxCubeDim)
	}
	dims := make([]int, d)
	for i := range dims {
		dims[i] = 2
	}
	if d == 0 {
		return &Lattice{kind: Hypercube, size: 1}, nil
	}
	return newLattice(Hypercube, dims, make([]bool, d))
}

// Kind returns the host's family.
func (t *Lattice) Kind() Kind { return t.kind }

// Family returns "lattice": drawings lay out every lattice alike.
func (t *Lattice) Family() string { return "lattice" }

// Size returns the number of nodes.
func (t *Lattice) Size() int { return t.size }

// Rank returns the number of dimensions c.
func (t *Lattice) Rank() int { return len(t.dims) }

// Dims returns a copy of the dimension sizes.
func (t *Lattice) Dims() []int { return append([]int(nil), t.dims...) }

// Dim returns the size of dimension j (0-based).
func (t *Lattice) Dim(j int) int { return t.dims[j] }

// Wraps reports whether dimension j (0-based) has wrap-around links.
func (t *Lattice) Wraps(j int) bool { return t.wrap[j] }

// String returns the host's canonical spec string, e.g. "torus:8x8",
// "mesh:8x4:wrap=10" (mixed wrap-around), "ring:16" or "hypercube:4".
func (t *Lattice) String() string {
	switch t.kind {
	case Line, Ring:
		return fmt.Sprintf("%s:%d", t.kind, t.size)
	case Hypercube:
		return fmt.Sprintf("hypercube:%d", len(t.dims))
	}
	parts := make([]string, len(t.dims))
	mixed := false
	for i, k := range t.dims {
		parts[i] = strconv.Itoa(k)
		mixed = mixed || t.wrap[i] != t.wrap[0]
	}
	s := t.kind.String() + ":" + strings.Join(parts, "x")
	if mixed {
		var b strings.Builder
		for _, w := range t.wrap {
			if w {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		s += ":wrap=" + b.String()
	}
	return s
}

// Coords writes the coordinates of node idx into dst (grown if needed) and
// returns it. O(c). It panics if idx is out of range.
func (t *Lattice) Coords(idx int, dst []int) []int {
	if idx < 0 || idx >= t.size {
		panic(fmt.Sprintf("topology: node %d out of range [0, %d)", idx, t.size))
	}
	dst = dst[:0]
	for _, k := range t.dims {
		dst = append(dst, idx%k)
		idx /= k
	}
	return dst
}

// Index returns the index of the node with the given coordinates, or an
// error if they are out of range. O(c).
func (t *Lattice) Index(coords []int) (int, error) {
	if len(coords) != len(t.dims) {
		return 0, reason.New(ErrInvalid, "%d coordinates for %d dimensions", len(coords), len(t.dims))
	}
	idx := 0
	for j, x := range coords {
		if x < 0 || x >= t.dims[j] {
			return 0, reason.New(ErrInvalid, "coordinate %d is %d, want [0, %d)", j+1, x, t.dims[j])
		}
		idx += x * t.strides[j]
	}
	return idx, nil
}

// AxisHops returns the hop count between coordinates a and b on one axis of
// k nodes: |a-b|, or the shorter way round when the axis wraps. It is the
// per-dimension term of every mesh/torus distance, exported for mappers
// that work on coordinates without building a Lattice. O(1).
func AxisHops(a, b, k int, wrap bool) int {
	d := a - b
	if d < 0 {
		d = -d
	}
	if wrap && k-d < d {
		d = k - d
	}
	return d
}

// Hops returns the hop distance between nodes a and b: the sum of the
// per-dimension distances. O(c).
func (t *Lattice) Hops(a, b int) int {
	if t.kind == Hypercube {
		return bits.OnesCount(uint(a ^ b))
	}
	d := 0
	for j, k := range t.dims {
		d += AxisHops(a%k, b%k, k, t.wrap[j])
		a /= k
		b /= k
	}
	return d
}

// AxisDistance returns the hop distance between nodes a and b along
// dimension j only.
func (t *Lattice) AxisDistance(a, b, j int) int {
	s, k := t.strides[j], t.dims[j]
	return AxisHops(a/s%k, b/s%k, k, t.wrap[j])
}

// Neighbors appends the distinct neighbours of node idx to dst, dimension by
// dimension, the step to coordinate x-1 (mod k with wrap-around) before the
// step to x+1, and returns it. A wrapped dimension of size 2 gives one
// neighbour, not two copies. O(c).
func (t *Lattice) Neighbors(idx int, dst []int) []int {
	for j, k := range t.dims {
		s := t.strides[j]
		x := idx / s % k
		var cand [2]int
		n := 0
		if x > 0 {
			cand[n], n = idx-s, n+1
		} else if t.wrap[j] && k > 2 {
			cand[n], n = idx+(k-1)*s, n+1
		}
		if x < k-1 {
			cand[n], n = idx+s, n+1
		} else if t.wrap[j] && k > 2 {
			cand[n], n = idx-(k-1)*s, n+1
		}
		dst = append(dst, cand[:n]...)
	}
	return dst
}

// Diameter returns the largest hop distance between two nodes: the sum over
// dimensions of k-1, or ⌊k/2⌋ with wrap-around. O(c).
func (t *Lattice) Diameter() int {
	d := 0
	for j, k := range t.dims {
		if t.wrap[j] {
			d += k / 2
		} else {
			d += k - 1
		}
	}
	return d
}

// Table holds every node's coordinates in one flat slice (node i's
// coordinates are Coord[i*c : (i+1)*c]) for hot loops that cannot afford a
// division per dimension.
type Table struct {
	dims  []int
	wrap  []bool
	Coord []int32
}

// Table returns the coordinate table of t (see TableOf).
func (t *Lattice) Table() *Table { return TableOf(t) }

// TableOf returns the coordinate table of a grid host. O(n·c) time and
// memory (on a hypercube, d·2^d entries: Hops, a popcount there, is
// cheaper).
func TableOf(g Grid) *Table {
	dims := DimsOf(g)
	c, n := len(dims), g.Size()
	tab := &Table{dims: dims, wrap: WrapsOf(g), Coord: make([]int32, n*c)}
	for i := range n {
		x := i
		for j, k := range dims {
			tab.Coord[i*c+j] = int32(x % k)
			x /= k
		}
	}
	return tab
}

// Hops returns the hop distance between nodes a and b, reading the
// coordinates from the table.
func (tab *Table) Hops(a, b int) int {
	c := len(tab.dims)
	ca, cb := tab.Coord[a*c:a*c+c], tab.Coord[b*c:b*c+c]
	d := 0
	for j := range c {
		d += AxisHops(int(ca[j]), int(cb[j]), tab.dims[j], tab.wrap[j])
	}
	return d
}

var _ Grid = (*Lattice)(nil)
