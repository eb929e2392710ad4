package metric

import (
	"context"
	"encoding/json"
	"math"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// Metrics are the measures of one mapping. The JSON names are the CLI and
// API contract.
//
// Degenerate axes, our convention: the per-dimension arrays have one entry
// per guest dimension (hypercube) or axis (grid), in order, whatever their
// sizes. An axis without edges (extent 1, as in grid:16x1 or grid:1x16)
// has no distance: its D_i and its mean are null, never 0; such a guest is
// not constant-distance (no D_i there), so constantDistance is false and
// avgDistance null. A guest without any edge (grid:1x1) has no hops per
// byte and no average dilation: they are null in JSON (0/0 is not 0), and
// Arcs says why.
type Metrics struct {
	HopBytes float64 `json:"hopBytes"`
	// HopsPerByte and AvgDilation are null in JSON when Arcs is 0.
	HopsPerByte float64 `json:"hopsPerByte"`
	MaxDilation int     `json:"maxDilation"`
	AvgDilation float64 `json:"avgDilation"`
	// Arcs is the number of directed messages (twice the guest's edges).
	Arcs int `json:"arcs"`
	// HopHistogram[h] is the volume of the messages that travel h hops,
	// for h from 0 to MaxDilation (the weighted histogram of hops; the
	// number of messages for a guest without volumes); empty without
	// messages.
	HopHistogram []float64 `json:"hopHistogram"`
	// DilationBound is a lower bound on the maximum dilation of every
	// bijection of this guest onto this host: DilationBound's, or the
	// lower bound on hops per byte rounded up, if larger (the largest hop
	// count is at least their mean, and hop counts are whole numbers).
	DilationBound int `json:"dilationBound"`
	// DimDistances[i] is D_i, the hop count of every edge of dimension
	// (hypercube) or axis (grid) i, or nil where those edges differ or
	// where there are none.
	DimDistances []*int `json:"dimDistances"`
	// DimMeans[i] is the mean hop count of the edges of dimension i, nil
	// where there are none.
	DimMeans         []*float64 `json:"dimMeans"`
	ConstantDistance bool       `json:"constantDistance"`
	// AvgDistance is D_a = mean of the D_i, or nil unless ConstantDistance.
	AvgDistance *float64 `json:"avgDistance"`
	// IntraNodeVolume is the volume of the messages between slots of one
	// node (a host with cores, see the package doc), which cross no
	// network link, InterNodeVolume the volume that crosses the network;
	// they sum to the total volume.
	IntraNodeVolume float64 `json:"intraNodeVolume"`
	InterNodeVolume float64 `json:"interNodeVolume"`
	// Cores is C, the slots per node of a host with cores (:cores=C or
	// :node=S1x…, C ≥ 2); absent in JSON otherwise. The node volumes
	// say something only then.
	Cores int `json:"cores,omitempty"`
	// LowerBound is the largest of Bounds that holds for every mapping.
	LowerBound float64 `json:"lowerBound"`
	Bounds     []Bound `json:"bounds"`
	// The link figures (package doc) under the host's routing rule,
	// which Routing names: the largest load of a directed link (the
	// congestion), the mean load, the sum of the squared loads (what PAIRS
	// minimises under its congestion objective), the links that some
	// message crosses, the number of directed links, and a lower bound on
	// MaxLinkLoad for every mapping. They are null when the host has no
	// routing rule (or is too large to count), and NoLinkLoads says why.
	Routing     string   `json:"routing,omitempty"`
	MaxLinkLoad *float64 `json:"maxLinkLoad"`
	AvgLinkLoad *float64 `json:"avgLinkLoad"`
	// SquaredLinkLoads is Σ L(e)² over the directed links.
	SquaredLinkLoads *float64 `json:"squaredLinkLoads,omitempty"`
	LinksUsed        *int     `json:"linksUsed"`
	Links            *int     `json:"links"`
	LinkLoadBound    *float64 `json:"linkLoadBound"`
	NoLinkLoads      string   `json:"noLinkLoads,omitempty"`
	// EmptyNodes counts the slots no guest vertex occupies (a host larger
	// than the guest): its nodes, or on a host with cores their cores;
	// absent in JSON for a bijection.
	EmptyNodes int `json:"emptyNodes,omitempty"`
	// OutsideAllocation counts the empty nodes outside those a job was
	// given (OnAllocation); absent when there are none.
	OutsideAllocation int `json:"outsideAllocation,omitempty"`
}

// Evaluate computes the metrics of m. It does not validate m (a node out
// of range panics). O(arcs·c + n·c + LinkSlots) time, O(n·c + LinkSlots)
// memory. The link loads dominate on large random placements, whose marks
// miss the cache: a d = 20 cube (20M arcs) under a random bijection takes
// about 1 s on a ring and 3 s on a 1024x1024 torus, of which hop-bytes
// 0.1 s (BenchmarkEvaluate, BenchmarkLinkLoads, CPU time on a loaded
// 2-core machine); local placements cost far less.
func Evaluate(m *mapping.Mapping) Metrics { return EvaluateContext(context.Background(), m) }

// EvaluateContext is Evaluate that stops counting the link loads, the one
// part that can outlast a deadline, when ctx is done: the link figures
// are then null, and NoLinkLoads says so.
func EvaluateContext(ctx context.Context, m *mapping.Mapping) Metrics {
	r, _, _ := EvaluateLoads(ctx, m, nil)
	return r
}

// EvaluateLoads is EvaluateContext that also returns the link loads it
// counted, as LinkLoads would (nil when the metrics have none), so that
// a caller that draws them need not count them again. bounds, if not
// nil, are Bounds(m.Guest, m.Host), which a caller that has counted them
// passes so that they are not counted again (on a fat tree of multicore
// nodes, the levels bound of copter2's 4096-part quotient takes 0.4 s).
func EvaluateLoads(ctx context.Context, m *mapping.Mapping, bounds []Bound) (r Metrics, load []float64, msgs []int32) {
	g := m.Guest
	_, c := topology.NodesOf(m.Host)
	t := tallyHops(m, c)
	hb, vol, arcs := t.hb.value(), t.vol.value(), g.Arcs()
	if g.Weight == nil {
		hb, vol = float64(t.hops), float64(arcs)
	}
	r = Metrics{HopBytes: hb, MaxDilation: t.maxDil, Arcs: arcs, HopHistogram: t.hist}
	if c > 1 {
		r.Cores, r.IntraNodeVolume = c, t.intra.value()
	}
	r.InterNodeVolume = vol - r.IntraNodeVolume
	if vol > 0 {
		r.HopsPerByte = hb / vol
	}
	if arcs > 0 {
		r.AvgDilation = float64(t.hops) / float64(arcs)
	}
	t.dimFigures(&r)
	r.EmptyNodes = m.Host.Size() - g.Order() // a placement is one-to-one
	if r.Bounds = bounds; bounds == nil {
		r.Bounds = Bounds(g, m.Host)
	}
	r.LowerBound = Strongest(r.Bounds)
	r.DilationBound = max(DilationBound(g, m.Host), atLeastHops(r.LowerBound))
	load, msgs = linkFigures(ctx, &r, m, vol)
	return r, load, msgs
}

// OnAllocation raises the bounds of r, the metrics of a placement of g on
// a whole machine, to those of the slots the job was given (slots: an
// allocation's host, at the machine's distances), where they are
// higher: no placement on those slots does better, and a sparse
// allocation forces far more hops than the whole machine would. A bound
// it raises says so in its source. O(A²) Hops calls on A ≤ MaxPairwise
// allocated nodes (or slots), once per allocation, plus Bounds.
func OnAllocation(r *Metrics, g *guest.Graph, slots topology.Host) {
	r.OutsideAllocation = r.EmptyNodes - (slots.Size() - g.Order())
	for _, b := range Bounds(g, slots) {
		for i := range r.Bounds {
			if r.Bounds[i].Name == b.Name && r.Bounds[i].Scope == b.Scope && b.Value > r.Bounds[i].Value {
				r.Bounds[i].Value = b.Value
				r.Bounds[i].Source += "; on the allocated nodes, at the machine's distances"
			}
		}
	}
	r.LowerBound = Strongest(r.Bounds)
	r.DilationBound = max(r.DilationBound, DilationBound(g, slots), atLeastHops(r.LowerBound))
	if r.LinkLoadBound != nil && topology.NetworkOf(slots) == slots { // as linkFigures: the hop-bytes bound over the links
		b := max(*r.LinkLoadBound, r.LowerBound*(r.InterNodeVolume+r.IntraNodeVolume)/float64(*r.Links))
		r.LinkLoadBound = &b
	}
}

// atLeastHops returns the least whole number of hops at least lb, a bound
// on the mean hop count: lb rounded up, but for the rounding of its sums
// (10⁻⁹ relative).
func atLeastHops(lb float64) int {
	return int(math.Ceil(lb - 1e-9*max(1, lb)))
}

// intraNodeVolume returns the volume of the arcs of v in m's guest
// that join slots of one node, C slots per node (slot s is on node s / C).
func intraNodeVolume(m *mapping.Mapping, v, c int) float64 {
	g, in := m.Guest, 0.0
	node := m.Place[v] / c
	for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
		if m.Place[g.Adj[e]]/c == node {
			in += g.Volume(int(e))
		}
	}
	return in
}

// tally sums the hops of a mapping's arcs: in all, weighed by volume and
// by hop count (the histogram, by volume), and per label the hop sum, arc
// count, and the least and largest hop count (the label is
// constant-distance when they agree); intra is the volume inside nodes.
type tally struct {
	hb, vol, intra   compensated // sums of up to millions of volumes
	hops, maxDil     int
	hist             []float64
	dimHops, dimArcs []int
	dimMin, dimMax   []int32
}

// tallyHops counts the hops of every arc of m, and the volume inside
// nodes of C slots when C > 1.
func tallyHops(m *mapping.Mapping, c int) *tally {
	g := m.Guest
	labels := g.Dimensions() // none for a weighted graph
	t := &tally{hist: []float64{}, dimHops: make([]int, labels), dimArcs: make([]int, labels),
		dimMin: make([]int32, labels), dimMax: make([]int32, labels)}
	for i := range labels {
		t.dimMin[i] = math.MaxInt32
	}
	hp := newHopper(m)
	buf := make([]int32, maxDegree(g))
	for v := range g.Order() {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		t.add(g, int(lo), hp.arcs(v, g.Adj[lo:hi], buf))
		if c > 1 {
			t.intra.add(intraNodeVolume(m, v, c))
		}
	}
	return t
}

// add counts the hops hs of g's arcs from arc lo on.
func (t *tally) add(g *guest.Graph, lo int, hs []int32) {
	hops := 0
	for _, h := range hs {
		hops += int(h)
		if int(h) > t.maxDil || len(t.hist) == 0 {
			t.maxDil = max(t.maxDil, int(h))
			t.hist = append(t.hist, make([]float64, t.maxDil+1-len(t.hist))...)
		}
	}
	t.hops += hops
	if g.Weight != nil {
		for i, h := range hs {
			w := g.Weight[lo+i]
			t.hb.add(w * float64(h))
			t.vol.add(w)
			t.hist[h] += w
		}
	} else {
		for _, h := range hs {
			t.hist[h]++
		}
	}
	if g.Label != nil {
		for i, h := range hs {
			l := g.Label[lo+i]
			t.dimHops[l] += int(h)
			t.dimArcs[l]++
			t.dimMin[l] = min(t.dimMin[l], h)
			t.dimMax[l] = max(t.dimMax[l], h)
		}
	}
}

// dimFigures sets r's distances per dimension (label) and whether they
// are constant. A dimension without edges (the axis of extent 1 of a 1×n
// grid) has no distance: its entries stay null, and the guest is not
// constant-distance (see Metrics).
func (t *tally) dimFigures(r *Metrics) {
	labels := len(t.dimArcs)
	r.DimDistances, r.DimMeans = make([]*int, labels), make([]*float64, labels)
	sum := 0
	r.ConstantDistance = labels > 0
	for i := range labels {
		if t.dimArcs[i] == 0 {
			r.ConstantDistance = false
			continue
		}
		mean := float64(t.dimHops[i]) / float64(t.dimArcs[i])
		r.DimMeans[i] = &mean
		if t.dimMin[i] == t.dimMax[i] {
			d := int(t.dimMin[i])
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
}

// metricsJSON is Metrics without its methods, for MarshalJSON.
type metricsJSON Metrics

// MarshalJSON writes hopsPerByte and avgDilation as null when there are
// no messages: 0/0 is not 0. (Metrics stored before Arcs existed have
// Arcs 0 but values: those are written as they are.)
func (m Metrics) MarshalJSON() ([]byte, error) {
	if m.Arcs > 0 || m.HopsPerByte != 0 || m.AvgDilation != 0 {
		return json.Marshal(metricsJSON(m))
	}
	return json.Marshal(struct {
		metricsJSON
		HopsPerByte *float64 `json:"hopsPerByte"`
		AvgDilation *float64 `json:"avgDilation"`
	}{metricsJSON: metricsJSON(m)})
}

// maxDegree returns the largest number of arcs leaving one vertex. O(n).
func maxDegree(g *guest.Graph) int {
	d := 0
	for v := range g.Order() {
		d = max(d, int(g.Offsets[v+1]-g.Offsets[v]))
	}
	return d
}

// LowerBound returns the strongest of Bounds(g, h) that holds for every
// mapping, in hops per byte: what Metrics.LowerBound reports.
func LowerBound(g *guest.Graph, h topology.Host) float64 { return Strongest(Bounds(g, h)) }

// Strongest returns the largest bound of bs valid for every mapping, 0 if
// none is.
func Strongest(bs []Bound) float64 {
	lb := 0.0
	for _, b := range bs {
		if b.Scope == AllMappings {
			lb = math.Max(lb, b.Value)
		}
	}
	return lb
}

// EdgeHops returns the hop count of every arc of m, in CSR order.
// O(arcs + n·c).
func EdgeHops(m *mapping.Mapping) []int {
	g := m.Guest
	out := make([]int, g.Arcs())
	hp := newHopper(m)
	buf := make([]int32, maxDegree(g))
	for v := range g.Order() {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		for i, h := range hp.arcs(v, g.Adj[lo:hi], buf) {
			out[int(lo)+i] = int(h)
		}
	}
	return out
}

// HopBytesAtMost reports whether the hop-bytes of m are at most limit. On
// a grid host (a mesh, torus or hypercube, no cores), whose distinct nodes
// are a hop apart at least, it reads the arcs' hops beyond one each and
// stops as soon as they exceed what limit leaves above one hop per byte:
// whether a start meets a search's floor (and is optimal) is then told
// by a few arcs when it does not, where HopBytes reads them all (1M
// objects: about 0.1 CPU-s a start). Elsewhere it is HopBytes(m) <= limit.
func HopBytesAtMost(m *mapping.Mapping, limit float64) bool {
	h, ok := m.Host.(topology.Grid)
	if !ok {
		return HopBytes(m) <= limit
	}
	g := m.Guest
	slack := limit - g.TotalVolume() // the hops beyond one per byte that limit allows
	if slack < 0 {
		return false // at least a hop per byte
	}
	excess := 0.0
	for v := range g.Order() {
		pv := m.Place[v]
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			if excess += g.Volume(int(e)) * float64(h.Hops(pv, m.Place[g.Adj[e]])-1); excess > slack {
				return false
			}
		}
	}
	return true
}

// HopBytes returns the hop-bytes of m alone (cheaper than Evaluate: no
// bounds). O(arcs + n·c).
func HopBytes(m *mapping.Mapping) float64 {
	g := m.Guest
	hp := newHopper(m)
	buf := make([]int32, maxDegree(g))
	hops, hb := 0, compensated{}
	for v := range g.Order() {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		hs := hp.arcs(v, g.Adj[lo:hi], buf)
		if g.Weight == nil {
			for _, h := range hs {
				hops += int(h)
			}
			continue
		}
		for i, h := range hs {
			hb.add(g.Weight[int(lo)+i] * float64(h))
		}
	}
	if g.Weight == nil {
		return float64(hops)
	}
	return hb.value()
}
