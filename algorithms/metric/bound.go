package metric

import (
	"slices"

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

// Bounds returns the lower bounds that apply to mapping g onto host, the
// ones valid for all mappings first. O(n + arcs·log deg).
func Bounds(g *guest.Graph, host *topology.Topology) []Bound {
	bs := []Bound{neighbourhood(g, host)}
	if g.Kind == guest.Hypercube {
		bs = append(bs, cubeBounds(g.Dims[0], host)...)
	}
	if g.Kind == guest.Grid && len(g.Dims) == host.Rank() && host.Kind() != topology.Hypercube {
		v := 0.0
		for a, o := range g.Dims {
			v += float64(host.Dim(a)) / float64(o)
		}
		bs = append(bs, Bound{Name: "affine", Value: v, Scope: Estimate,
			Source: "Bhatele 2010, Eq. 9.1/9.2 (loose bound for AFFN): sums the per-axis stretch, so it is about twice a per-edge average"})
	}
	return bs
}

// neighbourhood bounds hop-bytes vertex by vertex: the neighbours of a
// vertex sit on distinct nodes, so their hops are at least the smallest
// distances from the best-placed host node, heaviest message nearest.
func neighbourhood(g *guest.Graph, host *topology.Topology) Bound {
	dist := distanceProfile(host)
	var lb, vol float64
	var w []float64
	for v := range g.Order() {
		w = w[:0]
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			w = append(w, g.Volume(int(e)))
			vol += g.Volume(int(e))
		}
		slices.Sort(w)
		for k := range w {
			if k < len(dist) {
				lb += w[len(w)-1-k] * float64(dist[k])
			}
		}
	}
	b := Bound{Name: "neighbourhood", Scope: AllMappings,
		Source: "ours: each vertex's neighbours occupy distinct nodes, so their hops are at least the host's smallest distances"}
	if vol > 0 {
		b.Value = lb / vol
	}
	return b
}

// distanceProfile returns the distances from the most central host node to
// every other node, ascending. On a mesh axis the centre maximises every
// ball, so it gives the smallest sums; wrapped axes are vertex-transitive.
func distanceProfile(host *topology.Topology) []int {
	coords := make([]int, host.Rank())
	for j := range coords {
		if !host.Wraps(j) {
			coords[j] = (host.Dim(j) - 1) / 2
		}
	}
	centre, _ := host.Index(coords)
	counts := make([]int, host.Diameter()+1)
	for u := range host.Size() {
		counts[host.Distance(centre, u)]++
	}
	out := make([]int, 0, host.Size()-1)
	for d := 1; d < len(counts); d++ {
		for range counts[d] {
			out = append(out, d)
		}
	}
	return out
}

// cubeBounds are the bounds of Gonzalez & Valero-Garcia (1993) for d-cubes.
func cubeBounds(d int, host *topology.Topology) []Bound {
	if d < 1 || host.Size() != 1<<d {
		return nil
	}
	switch host.Kind() {
	case topology.Line:
		return []Bound{{Name: "harper", Value: float64(int(1)<<d-1) / float64(d), Scope: AllMappings,
			Source: "Harper 1964: the minimum linear arrangement of the d-cube has total length 2^(d-1)(2^d-1); the standard embedding attains it"}}
	case topology.Ring:
		if d < 2 {
			return nil
		}
		return []Bound{{Name: "xor-ring", Value: float64(3*(int(1)<<(d-2))-1) / float64(d), Scope: ConstantDistance,
			Source: "Gonzalez & Valero-Garcia 1993, theorem (rings): D_a >= (3·2^(d-2)-1)/d; the Xor embedding attains it"}}
	case topology.Mesh:
		sum := 0
		for j := range host.Rank() {
			k := host.Dim(j)
			if k&(k-1) != 0 {
				return nil
			}
			sum += k - 1
		}
		return []Bound{{Name: "standard-mesh", Value: float64(sum) / float64(d), Scope: ConstantDistance,
			Source: "Gonzalez & Valero-Garcia 1993, §2.3: the standard embedding minimises D_a on meshes (their refs [3],[8]); not re-proved here"}}
	}
	return nil
}
