package metric

import (
	"math"

	"topomap/algorithms/mapping"
)

// Metrics are the measures of one mapping. The JSON names are the CLI and
// API contract.
type Metrics struct {
	HopBytes    float64 `json:"hopBytes"`
	HopsPerByte float64 `json:"hopsPerByte"`
	MaxDilation int     `json:"maxDilation"`
	AvgDilation float64 `json:"avgDilation"`
	// DimDistances[i] is D_i, the hop count of every edge of dimension
	// (hypercube) or axis (grid) i, or nil where those edges differ.
	DimDistances []*int `json:"dimDistances"`
	// DimMeans[i] is the mean hop count of the edges of dimension i.
	DimMeans         []float64 `json:"dimMeans"`
	ConstantDistance bool      `json:"constantDistance"`
	// AvgDistance is D_a = mean of the D_i, or nil unless ConstantDistance.
	AvgDistance *float64 `json:"avgDistance"`
	// LowerBound is the largest of Bounds that holds for every mapping.
	LowerBound float64 `json:"lowerBound"`
	Bounds     []Bound `json:"bounds"`
}

// Evaluate computes the metrics of m. It does not validate m. O(arcs·c).
func Evaluate(m *mapping.Mapping) Metrics {
	g, host := m.Guest, m.Host
	labels := 0
	for _, l := range g.Label {
		labels = max(labels, int(l)+1)
	}
	dimHops := make([]int, labels)
	dimArcs := make([]int, labels)
	dimConst := make([]bool, labels)
	for i := range dimConst {
		dimConst[i] = true
	}
	dimFirst := make([]int, labels)
	for i := range dimFirst {
		dimFirst[i] = -1
	}
	var hb, vol float64
	var hops, arcs, maxDil int
	for v := range g.Order() {
		pv := m.Place[v]
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			h := host.Distance(pv, m.Place[g.Adj[e]])
			w := g.Volume(int(e))
			hb += w * float64(h)
			vol += w
			hops += h
			arcs++
			maxDil = max(maxDil, h)
			if g.Label != nil {
				l := g.Label[e]
				dimHops[l] += h
				dimArcs[l]++
				if dimFirst[l] < 0 {
					dimFirst[l] = h
				} else if dimFirst[l] != h {
					dimConst[l] = false
				}
			}
		}
	}
	r := Metrics{HopBytes: hb, MaxDilation: maxDil, DimDistances: make([]*int, labels), DimMeans: make([]float64, labels)}
	if vol > 0 {
		r.HopsPerByte = hb / vol
	}
	if arcs > 0 {
		r.AvgDilation = float64(hops) / float64(arcs)
	}
	r.ConstantDistance = labels > 0
	sum := 0
	for i := range labels {
		if dimArcs[i] > 0 {
			r.DimMeans[i] = float64(dimHops[i]) / float64(dimArcs[i])
		}
		if dimConst[i] && dimArcs[i] > 0 {
			d := dimFirst[i]
			r.DimDistances[i] = &d
			sum += d
		} else {
			r.ConstantDistance = false
		}
	}
	if r.ConstantDistance {
		da := float64(sum) / float64(labels)
		r.AvgDistance = &da
	}
	r.Bounds = Bounds(g, host)
	r.LowerBound = strongest(r.Bounds)
	return r
}

// strongest returns the largest bound valid for every mapping.
func strongest(bs []Bound) float64 {
	lb := 0.0
	for _, b := range bs {
		if b.Scope == AllMappings {
			lb = math.Max(lb, b.Value)
		}
	}
	return lb
}

// EdgeHops returns the hop count of every arc of m, in CSR order. O(arcs·c).
func EdgeHops(m *mapping.Mapping) []int {
	g := m.Guest
	out := make([]int, g.Arcs())
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			out[e] = m.Host.Distance(m.Place[v], m.Place[g.Adj[e]])
		}
	}
	return out
}

// HopBytes returns the hop-bytes of m alone (cheaper than Evaluate).
func HopBytes(m *mapping.Mapping) float64 {
	g, hb := m.Guest, 0.0
	for v := range g.Order() {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			hb += g.Volume(int(e)) * float64(m.Host.Distance(m.Place[v], m.Place[g.Adj[e]]))
		}
	}
	return hb
}
