package metric

import (
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// Scope says which mappings a bound holds for.
type Scope string

// The scopes of a bound.
const (
	// AllMappings: no bijection of this guest onto this host does better.
	AllMappings Scope = "all mappings"
	// ConstantDistance: no constant-distance embedding does better.
	ConstantDistance Scope = "constant-distance embeddings"
	// Estimate: a figure from the sources that is not a bound on hops per
	// byte as this package measures it; shown for comparison only.
	Estimate Scope = "estimate, not a bound"
)

// Bound is one lower bound on the average hops per byte.
type Bound struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Scope  Scope   `json:"scope"`
	Source string  `json:"source"`
}

// SplitBounds parts bs as a table of one result shows them: the lower
// bounds that say something (above 0: on a host with cores every
// neighbour may share a node), and apart from them the estimates, which
// are not bounds (a result may beat them). O(len(bs)).
func SplitBounds(bs []Bound) (bounds, estimates []Bound) {
	for _, b := range bs {
		switch {
		case b.Scope == Estimate:
			estimates = append(estimates, b)
		case b.Value > 0:
			bounds = append(bounds, b)
		}
	}
	return bounds, estimates
}

// Bounds returns the lower bounds that apply to mapping g onto host, the
// ones valid for all mappings first. O(n + arcs·log deg), plus on a host
// without the Grid capability O(N·deg·host degree).
//
// The neighbourhood bound (see the package doc) holds for any guest on any
// host, the levels bound on hosts made of groups (fat trees, dragonflies,
// trees, cores per node; at most 2^21 arc visits more), the triangles
// bound on grids without a ring of 3 when the guest has triangles (at
// most MaxTriangleWork steps more); the others are
// derived from the closed forms of grid hosts.
func Bounds(g *guest.Graph, h topology.Host) []Bound {
	bs := []Bound{neighbourhood(g, h)}
	if b, ok := levels(g, h); ok {
		bs = append(bs, b)
	}
	if b, ok := triangles(g, h); ok {
		bs = append(bs, b)
	}
	host, ok := h.(topology.Grid)
	if !ok {
		return bs
	}
	if g.Kind == guest.Hypercube {
		bs = append(bs, cubeBounds(g.Dims[0], host)...)
	}
	if g.Kind == guest.Grid && len(g.Dims) == host.Rank() && !topology.IsHypercube(host) {
		v := 0.0
		for a, o := range g.Dims {
			v += float64(host.Dim(a)) / float64(o)
		}
		bs = append(bs, Bound{Name: "affine", Value: v, Scope: Estimate,
			Source: "Bhatele 2010, Eq. 9.1/9.2 for AFFN, which it calls a loose bound: an estimate, not a bound, since it sums the per-axis stretch, so it is about twice a per-edge average"})
	}
	return bs
}

// distanceProfile returns the at most upto smallest distances from the most
// central host node to the other nodes, ascending. On a mesh axis the centre
// is nearest to the most nodes within every radius, and sums of independent
// axis distances keep that order, so the centre gives the smallest sums;
// wrapped axes are vertex-transitive. A connected host has at least r nodes
// at distance 1..r from any node, so distances above upto are not needed:
// the count per distance is the convolution of the per-axis counts, cut at
// upto. O(c·upto²).
func distanceProfile(host topology.Grid, upto int) []int {
	upto = min(upto, host.Size()-1)
	count := []int{1} // count[r]: nodes at distance r, over the axes so far
	for j := range host.Rank() {
		k := host.Dim(j)
		axis := make([]int, min(upto, k)+1) // nodes at distance r along axis j
		centre := 0
		if !host.Wraps(j) {
			centre = (k - 1) / 2
		}
		for x := range k {
			if d := topology.AxisHops(x, centre, k, host.Wraps(j)); d < len(axis) {
				axis[d]++
			}
		}
		next := make([]int, min(upto, len(count)+len(axis)-2)+1)
		for a, ca := range count {
			for b, cb := range axis {
				if a+b < len(next) {
					next[a+b] += ca * cb
				}
			}
		}
		count = next
	}
	out := make([]int, 0, upto)
	for d := 1; d < len(count) && len(out) < upto; d++ {
		for i := 0; i < count[d] && len(out) < upto; i++ {
			out = append(out, d)
		}
	}
	return out
}

// cubeBounds are the bounds of González & Valero-García (1993) for d-cubes
// on hosts of 2^d nodes, chosen by the host's shape: axes of size 1 do not
// count, so mesh:8x1 and mesh:1x8 are lines and torus:1x8 a ring.
func cubeBounds(d int, host topology.Grid) []Bound {
	if d < 1 || host.Size() != 1<<d {
		return nil
	}
	wraps := false
	for j := range host.Rank() {
		wraps = wraps || host.Wraps(j) && host.Dim(j) > 2
	}
	switch rank := effectiveRank(host); {
	case rank == 1 && !wraps:
		return []Bound{{Name: "harper", Value: float64(int(1)<<d-1) / float64(d), Scope: AllMappings,
			Source: "Harper 1964: the minimum linear arrangement of the d-cube has total length 2^(d-1)(2^d-1); the standard embedding attains it"}}
	case rank == 1:
		if d < 2 {
			return nil
		}
		return []Bound{{Name: "xor-ring", Value: float64(3*(int(1)<<(d-2))-1) / float64(d), Scope: ConstantDistance,
			Source: "González & Valero-García 1993, theorem (rings): D_a >= (3·2^(d-2)-1)/d; the Xor embedding attains it"}}
	case !wraps:
		sum := 0
		for j := range host.Rank() {
			k := host.Dim(j)
			if k&(k-1) != 0 {
				return nil
			}
			sum += k - 1 // 0 for an axis of size 1
		}
		return []Bound{{Name: "standard-mesh", Value: float64(sum) / float64(d), Scope: ConstantDistance,
			Source: "González & Valero-García 1993, §2.3: the standard embedding minimises D_a on meshes (their refs [3],[8]); not re-proved here"}}
	}
	return nil
}

// effectiveRank is the number of host axes of size 2 or more.
func effectiveRank(host topology.Grid) int {
	r := 0
	for j := range host.Rank() {
		if host.Dim(j) > 1 {
			r++
		}
	}
	return r
}

// DilationBound returns a lower bound on the maximum dilation of every
// bijection of g onto host (0 if g has no edges), the largest of:
//   - a vertex of largest degree Δ has its neighbours on Δ distinct slots,
//     so one of them is at least the Δ-th smallest distance away
//     (hostProfile: on any host whose distances it knows);
//   - on a grid host with equal sizes, the two ends of a host diameter hold objects at
//     most the guest's diameter apart: ⌈host diameter / guest diameter⌉;
//   - on a line, the bandwidth of the d-cube (Harper 1966:
//     Σ_{k<d} C(k, ⌊k/2⌋)) and of the a×b grid (min(a, b)); on a ring,
//     half of it (cyclic bandwidth ≥ bandwidth / 2).
//
// O(n + c·Δ²).
func DilationBound(g *guest.Graph, h topology.Host) int {
	deg := maxDegree(g)
	if deg == 0 {
		return 0
	}
	dist := hostProfile(h, deg)
	if len(dist) == 0 {
		return 0 // a one-node host, or one whose distances are unknown
	}
	b := dist[len(dist)-1]
	host, ok := h.(topology.Grid)
	if !ok || g.Order() != host.Size() {
		return b
	}
	if dg := g.Diameter(); dg > 0 {
		b = max(b, (host.Diameter()+dg-1)/dg)
	}
	if effectiveRank(host) == 1 {
		bw := g.Bandwidth()
		wraps := false
		for j := range host.Rank() {
			wraps = wraps || host.Wraps(j) && host.Dim(j) > 2
		}
		if wraps {
			bw = (bw + 1) / 2
		}
		b = max(b, bw)
	}
	return b
}
