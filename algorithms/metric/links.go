package metric

import (
	"context"
	"fmt"
	"math"

	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// MaxLinkSlots bounds the link numbering on which Evaluate counts link
// loads (12 bytes per number, so at most 400 MB: a torus of 2^22 nodes,
// hypercube:20); beyond it the link figures are null and NoLinkLoads says
// why.
const MaxLinkSlots = 1 << 25

// LinkLoads returns, indexed by the host's link numbering
// (topology.Router), the load of every directed link of m's host, L(e) = Σ
// w(u→v) over the guest arcs whose route from π(u) to π(v) crosses e (see
// the package doc), and the number of those arcs; ok is false when the host
// has no routing rule or numbers more than MaxLinkSlots links (as
// Evaluate counts none there). O(arcs·c + LinkSlots) on lattices.
func LinkLoads(m *mapping.Mapping) (load []float64, msgs []int32, ok bool) {
	r, ok := topology.RouterOf(m.Host)
	if !ok || r.LinkSlots() > MaxLinkSlots {
		return nil, nil, false
	}
	load, msgs, _ = linkLoads(context.Background(), r, m)
	return load, msgs, true
}

// linkLoads is LinkLoads on router r, which returns ctx's error if ctx is
// done before the end (checked every 4096 vertices).
func linkLoads(ctx context.Context, r topology.Router, m *mapping.Mapping) (load []float64, msgs []int32, err error) {
	l := topology.NewLoads(r)
	g := m.Guest
	for v := range g.Order() {
		if v%4096 == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		pv := m.Place[v]
		for e := int(g.Offsets[v]); e < int(g.Offsets[v+1]); e++ {
			l.Add(pv, m.Place[g.Adj[e]], g.Volume(e))
		}
	}
	load, msgs = l.Sum()
	return load, msgs, nil
}

// linkFigures sets the link figures of r, the metrics of m whose total
// volume is vol: the congestion, the mean load, the links used and the
// lower bound on the congestion (the best lower bound on the hop-bytes of
// the host's network, which are the sum of the link loads, spread evenly
// over the links), or why there are none (among them a ctx done before
// the loads are counted); it returns the loads it counted.
func linkFigures(ctx context.Context, r *Metrics, m *mapping.Mapping, vol float64) ([]float64, []int32) {
	rt, ok := topology.RouterOf(m.Host)
	switch {
	case !ok:
		r.NoLinkLoads = "no routing rule for " + m.Host.String()
		return nil, nil
	case rt.Links() == 0:
		r.NoLinkLoads = "the host has no links"
		return nil, nil
	case rt.LinkSlots() > MaxLinkSlots:
		r.NoLinkLoads = fmt.Sprintf("not counted on more than %s links", Count(MaxLinkSlots))
		return nil, nil
	}
	load, msgs, err := linkLoads(ctx, rt, m)
	if err != nil {
		r.NoLinkLoads = "not counted: the run was stopped first"
		return nil, nil
	}
	maxLoad, sum, squares, used := loadSums(load, msgs)
	links := rt.Links()
	avg := sum / float64(links)
	bound := networkBound(r, m) * vol / float64(links)
	r.Routing, r.Links = rt.Routing(), &links
	r.MaxLinkLoad, r.AvgLinkLoad, r.SquaredLinkLoads, r.LinksUsed, r.LinkLoadBound = &maxLoad, &avg, &squares, &used, &bound
	return load, msgs
}

// loadSums returns the largest load, the sum and the sum of squares of
// the loads, and the number of links some message crosses. The sums are
// compensated (Neumaier), so that they are within an ulp or two of the
// exact sums even beyond 2^53, where a naive float64 sum drops the low
// digits of every term (Σ L² of hypercube:20 on ring:1048576 by xor is
// 328,261,548,212,486,144; summed naively, 328,261,548,209,370,304). O(len(load)).
func loadSums(load []float64, msgs []int32) (maxLoad, sum, squares float64, used int) {
	var s, q compensated
	for i, x := range load {
		maxLoad = max(maxLoad, x)
		s.add(x)
		q.add(x * x)
		if msgs[i] > 0 {
			used++
		}
	}
	return maxLoad, s.value(), q.value(), used
}

// compensated is a sum with Neumaier's compensation (Kahan summation
// improved for terms larger than the sum so far): c keeps the low-order
// bits that each addition to sum rounds away.
type compensated struct{ sum, c float64 }

func (k *compensated) add(x float64) {
	t := k.sum + x
	if math.Abs(k.sum) >= math.Abs(x) {
		k.c += (k.sum - t) + x
	} else {
		k.c += (x - t) + k.sum
	}
	k.sum = t
}

func (k compensated) value() float64 { return k.sum + k.c }

// networkBound returns the best lower bound on the hops per byte of m's
// guest on the network of m's host (topology.NetworkOf): r.LowerBound,
// unless costs inside a node count in the host's distances but cross no
// link.
func networkBound(r *Metrics, m *mapping.Mapping) float64 {
	if net := topology.NetworkOf(m.Host); net != m.Host {
		return LowerBound(m.Guest, net)
	}
	return r.LowerBound
}
