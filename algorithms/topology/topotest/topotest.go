package topotest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/topology"
)

// Host is the contract's subject: every registered host kind. The
// interface lets the suite be tested on broken hosts.
type Host = topology.Host

// Grid is the method set of lattice hosts (*topology.Lattice), whose
// closed forms (per-axis distances, diameter, coordinate table) the
// contract checks as well; other hosts skip those clauses.
type Grid interface {
	topology.Grid
	AxisDistance(a, b, j int) int
	Diameter() int
	Table() *topology.Table
}

var _ Grid = (*topology.Lattice)(nil)

// SmallHost is the largest host checked exhaustively (all pairs, and all
// triples for the triangle inequality up to SmallTriangle nodes).
const (
	SmallHost     = 512
	SmallTriangle = 40
	// samples is the number of random pairs (and triples) on larger hosts.
	samples = 4000
	// maxErrors stops a property after this many violations.
	maxErrors = 5
)

// Property is one named clause of the contract.
type Property struct {
	Name  string
	Check func(h Host) error
}

// Properties lists the clauses of the contract, in the order Test runs them.
var Properties = []Property{
	{"coordinates", checkCoords},
	{"metric", checkMetric},
	{"triangle", checkTriangle},
	{"axes", checkAxes},
	{"neighbours", checkNeighbours},
	{"shortest paths", checkBFS},
	{"table", checkTable},
	{"diameter", checkDiameter},
	{"routes", checkRoutes},
	{"slots", checkSlots},
	{"balls", checkBalls},
	{"hierarchy", checkHierarchy},
}

// Check runs every property on h and returns their violations joined, or
// nil. O(n²) for small hosts (n³ for the triangle inequality on the
// smallest), O(n + samples·c) otherwise.
func Check(h Host) error {
	var errs []error
	for _, p := range Properties {
		if err := p.Check(h); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.Name, err))
		}
	}
	return errors.Join(errs...)
}

// Test runs every property on h as a subtest of t.
func Test(t *testing.T, h Host) {
	t.Helper()
	for _, p := range Properties {
		t.Run(p.Name, func(t *testing.T) {
			if err := p.Check(h); err != nil {
				t.Errorf("%v: %v", h, err)
			}
		})
	}
}

// collector gathers at most maxErrors violations.
type collector []error

func (c *collector) add(format string, args ...any) bool {
	*c = append(*c, fmt.Errorf(format, args...))
	return len(*c) < maxErrors
}

func (c collector) err() error { return errors.Join(c...) }

// pairs calls f on every ordered pair of a small host, or on a fixed
// sample of pairs (always including (u,u) ones) of a large one, until f
// returns false.
func pairs(h Host, f func(a, b int) bool) {
	n := h.Size()
	if n <= SmallHost {
		for a := range n {
			for b := range n {
				if !f(a, b) {
					return
				}
			}
		}
		return
	}
	r := rand.New(rand.NewPCG(1, uint64(n)))
	for i := range samples {
		a := r.IntN(n)
		b := a
		if i%8 != 0 {
			b = r.IntN(n)
		}
		if !f(a, b) {
			return
		}
	}
}

// nodes calls f on every node of a small host or on a fixed sample
// (always including 0 and n-1) of a large one.
func nodes(h Host, f func(u int) bool) {
	n := h.Size()
	if n <= SmallHost {
		for u := range n {
			if !f(u) {
				return
			}
		}
		return
	}
	if !f(0) || !f(n-1) {
		return
	}
	r := rand.New(rand.NewPCG(2, uint64(n)))
	for range samples {
		if !f(r.IntN(n)) {
			return
		}
	}
}

// axisDistance is the closed-form hop count along one axis.
func axisDistance(x, y, k int, wrap bool) int {
	d := x - y
	if d < 0 {
		d = -d
	}
	if wrap {
		d = min(d, k-d)
	}
	return d
}

func checkCoords(h Host) error {
	var c collector
	if h.Size() < 1 {
		c.add("size %d, want at least 1", h.Size())
	}
	g, ok := h.(Grid)
	if !ok {
		var xs []int
		nodes(h, func(u int) bool {
			xs = h.Coords(u, xs[:0])
			if got, err := h.Index(xs); err != nil || got != u {
				return c.add("Index(Coords(%d) = %v) = %d, %v", u, xs, got, err)
			}
			return true
		})
		return c.err()
	}
	return checkGridCoords(g, c)
}

// checkGridCoords checks the product convention of a lattice's coordinates.
func checkGridCoords(h Grid, c collector) error {
	n := 1
	for j := range h.Rank() {
		n *= h.Dim(j)
	}
	if n != h.Size() {
		c.add("size %d, product of dimensions %d", h.Size(), n)
	}
	var xs []int
	nodes(h, func(u int) bool {
		xs = h.Coords(u, xs[:0])
		if len(xs) != h.Rank() {
			return c.add("node %d has %d coordinates, rank %d", u, len(xs), h.Rank())
		}
		// first coordinate varies fastest: u = x1 + k1*(x2 + k2*(...))
		want := 0
		for j := h.Rank() - 1; j >= 0; j-- {
			if xs[j] < 0 || xs[j] >= h.Dim(j) {
				return c.add("node %d coordinate %d is %d, outside [0, %d)", u, j, xs[j], h.Dim(j))
			}
			want = want*h.Dim(j) + xs[j]
		}
		if want != u {
			return c.add("node %d has coordinates %v, which is node %d by the first-fastest convention", u, xs, want)
		}
		if got, err := h.Index(xs); err != nil || got != u {
			return c.add("Index(Coords(%d) = %v) = %d, %v", u, xs, got, err)
		}
		return true
	})
	// out-of-range and wrong-length coordinates are rejected
	zero := make([]int, h.Rank())
	if _, err := h.Index(append(zero, 0)); err == nil {
		c.add("Index accepts %d coordinates for rank %d", h.Rank()+1, h.Rank())
	}
	for j := range h.Rank() {
		for _, x := range []int{-1, h.Dim(j)} {
			bad := slices.Clone(zero)
			bad[j] = x
			if _, err := h.Index(bad); err == nil {
				c.add("Index accepts %v", bad)
			}
		}
	}
	return c.err()
}

func checkMetric(h Host) error {
	var c collector
	pairs(h, func(a, b int) bool {
		d, r := h.Hops(a, b), h.Hops(b, a)
		switch {
		case d != r:
			return c.add("d(%d,%d) = %d but d(%d,%d) = %d", a, b, d, b, a, r)
		case a == b && d != 0:
			return c.add("d(%d,%d) = %d, want 0", a, a, d)
		case sameNode(h, a, b) && d != 0:
			return c.add("d(%d,%d) = %d for slots of one node, want 0", a, b, d)
		case !sameNode(h, a, b) && d <= 0:
			return c.add("d(%d,%d) = %d for distinct nodes", a, b, d)
		}
		return true
	})
	return c.err()
}

func checkTriangle(h Host) error {
	var c collector
	n := h.Size()
	test := func(a, b, m int) bool {
		if h.Hops(a, b) > h.Hops(a, m)+h.Hops(m, b) {
			return c.add("d(%d,%d) = %d > d(%d,%d) + d(%d,%d) = %d + %d", a, b, h.Hops(a, b), a, m, m, b, h.Hops(a, m), h.Hops(m, b))
		}
		return true
	}
	if n <= SmallTriangle {
		for a := range n {
			for b := range n {
				for m := range n {
					if !test(a, b, m) {
						return c.err()
					}
				}
			}
		}
		return c.err()
	}
	r := rand.New(rand.NewPCG(3, uint64(n)))
	for range samples {
		if !test(r.IntN(n), r.IntN(n), r.IntN(n)) {
			break
		}
	}
	return c.err()
}

func checkAxes(host Host) error {
	h, ok := host.(Grid)
	if !ok {
		return nil
	}
	var c collector
	var xa, xb []int
	pairs(h, func(a, b int) bool {
		xa, xb = h.Coords(a, xa[:0]), h.Coords(b, xb[:0])
		sum := 0
		for j := range h.Rank() {
			d := h.AxisDistance(a, b, j)
			if want := axisDistance(xa[j], xb[j], h.Dim(j), h.Wraps(j)); d != want {
				return c.add("axis %d distance of %d %v and %d %v is %d, want %d", j, a, xa, b, xb, d, want)
			}
			sum += d
		}
		if sum != h.Hops(a, b) {
			return c.add("axis distances of %d and %d sum to %d, distance %d", a, b, sum, h.Hops(a, b))
		}
		return true
	})
	return c.err()
}

// unitSteps returns the sorted distinct nodes one step from u along one
// axis (with wrap-around where the axis wraps), computed from coordinates.
func unitSteps(h Grid, u int) []int {
	xs := h.Coords(u, nil)
	var out []int
	for j := range h.Rank() {
		k := h.Dim(j)
		for _, s := range []int{-1, 1} {
			y := xs[j] + s
			if h.Wraps(j) {
				y = (y + k) % k
			}
			if y < 0 || y >= k || y == xs[j] {
				continue
			}
			ys := slices.Clone(xs)
			ys[j] = y
			v, _ := h.Index(ys)
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func checkNeighbours(h Host) error {
	var c collector
	n := h.Size()
	nodes(h, func(u int) bool {
		prefix := []int{-7}
		nb := h.Neighbors(u, prefix)
		if nb[0] != -7 {
			return c.add("Neighbors(%d, dst) overwrote dst", u)
		}
		nb = nb[1:]
		got := slices.Sorted(slices.Values(nb))
		if len(slices.Compact(slices.Clone(got))) != len(got) {
			return c.add("Neighbors(%d) = %v has duplicates", u, nb)
		}
		for _, v := range nb {
			if v < 0 || v >= n || h.Hops(u, v) != 1 {
				return c.add("Neighbors(%d) lists %d, not at distance 1", u, v)
			}
		}
		var want []int
		if g, ok := h.(Grid); ok {
			want = unitSteps(g, u)
		} else if n > SmallHost {
			return true // only the listed nodes can be checked
		}
		if n <= SmallHost {
			// exactly the nodes at distance 1, found by scanning all nodes
			want = want[:0]
			for v := range n {
				if h.Hops(u, v) == 1 {
					want = append(want, v)
				}
			}
		}
		if !slices.Equal(got, want) {
			return c.add("Neighbors(%d) = %v, nodes at distance 1: %v", u, got, want)
		}
		return true
	})
	return c.err()
}

// sameNode reports whether slots a and b lie on one node of a host with
// cores (a = b otherwise).
func sameNode(h Host, a, b int) bool {
	_, c := topology.SplitRouters(h)
	return a/c == b/c
}

// checkBFS checks that Distance is the shortest-path distance of the graph
// that Neighbors defines (or of a Network's wiring), from a few sources.
// On a host with cores, the sources' whole nodes start at distance 0.
func checkBFS(h Host) error {
	if net, ok := h.(topology.Network); ok {
		return checkWiring(net)
	}
	if inner, _ := topology.SplitRouters(h); inner != h {
		if net, ok := inner.(topology.Network); ok {
			return checkWiring(net) // the slots' distances are checked against it by "slots"
		}
	}
	if inner, _ := topology.SplitCores(h); inner != h {
		if hi, ok := inner.(topology.LevelCosts); ok {
			return checkLevels(hi) // the slots' distances are checked against it by "slots"
		}
	}
	if hi, ok := h.(topology.LevelCosts); ok {
		return checkLevels(hi)
	}
	var c collector
	n := h.Size()
	if n > 1<<16 {
		return nil
	}
	_, cores := topology.SplitRouters(h)
	dist := make([]int, n)
	var queue, nb []int
	for _, s := range []int{0, n / 2, n - 1} {
		for i := range dist {
			dist[i] = -1
		}
		queue = queue[:0]
		for t := range cores {
			u := s/cores*cores + t
			dist[u] = 0
			queue = append(queue, u)
		}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, v := range h.Neighbors(u, nb[:0]) {
				if dist[v] < 0 {
					dist[v] = dist[u] + 1
					queue = append(queue, v)
				}
			}
		}
		for v, d := range dist {
			if d != h.Hops(s, v) {
				if !c.add("shortest path from %d to %d has %d hops, Distance says %d", s, v, d, h.Hops(s, v)) {
					return c.err()
				}
			}
		}
	}
	return c.err()
}

func checkTable(host Host) error {
	h, ok := host.(Grid)
	if !ok {
		return nil
	}
	var c collector
	tab := h.Table()
	r := h.Rank()
	if len(tab.Coord) != h.Size()*r {
		c.add("table has %d coordinates, want %d", len(tab.Coord), h.Size()*r)
		return c.err()
	}
	var xs []int
	nodes(h, func(u int) bool {
		xs = h.Coords(u, xs[:0])
		for j, x := range xs {
			if int(tab.Coord[u*r+j]) != x {
				return c.add("table coordinates of %d are %v, Coords %v", u, tab.Coord[u*r:u*r+r], xs)
			}
		}
		return true
	})
	pairs(h, func(a, b int) bool {
		if tab.Hops(a, b) != h.Hops(a, b) {
			return c.add("table distance of %d and %d is %d, Distance %d", a, b, tab.Hops(a, b), h.Hops(a, b))
		}
		return true
	})
	return c.err()
}

func checkDiameter(host Host) error {
	h, ok := host.(Grid)
	if !ok {
		return nil
	}
	var c collector
	n := h.Size()
	if n <= SmallHost {
		m := 0
		pairs(h, func(a, b int) bool { m = max(m, h.Hops(a, b)); return true })
		if m != h.Diameter() {
			c.add("Diameter() = %d, largest distance %d", h.Diameter(), m)
		}
		return c.err()
	}
	// node 0 is a worst case on every axis: its farthest node is at the
	// diameter, and no sampled pair is farther.
	far := make([]int, h.Rank())
	for j := range far {
		if h.Wraps(j) {
			far[j] = h.Dim(j) / 2
		} else {
			far[j] = h.Dim(j) - 1
		}
	}
	v, err := h.Index(far)
	if err != nil {
		return err
	}
	if h.Hops(0, v) != h.Diameter() {
		c.add("Diameter() = %d, but d(0,%d) = %d", h.Diameter(), v, h.Hops(0, v))
	}
	pairs(h, func(a, b int) bool {
		if h.Hops(a, b) > h.Diameter() {
			return c.add("d(%d,%d) = %d > Diameter() = %d", a, b, h.Hops(a, b), h.Diameter())
		}
		return true
	})
	return c.err()
}

// checkLevels checks the distances of a hierarchy against its rule: the
// cost of the lowest level whose group holds both slots, the group of a
// slot at level i being its index divided by the sizes of levels 1..i.
func checkLevels(h topology.LevelCosts) error {
	var c collector
	radices := h.Radices()
	pairs(h, func(a, b int) bool {
		want, x, y := 0, a, b
		for i := 1; x != y; i++ {
			x, y = x/radices[i-1], y/radices[i-1]
			want = h.LevelCost(i)
		}
		if h.Hops(a, b) != want {
			return c.add("slots %d and %d: Hops %d, the cost of their lowest common level %d", a, b, h.Hops(a, b), want)
		}
		return true
	})
	return c.err()
}

// MustParse parses a host spec for a test, failing the test on an error.
func MustParse(tb testing.TB, s string) topology.Host {
	tb.Helper()
	h, err := topology.Parse(s)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}
