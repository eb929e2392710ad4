package metric_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// loadsByPair returns the positive link loads of m keyed "tail→head".
func loadsByPair(t *testing.T, m *mapping.Mapping) map[[2]int]float64 {
	t.Helper()
	load, _, ok := metric.LinkLoads(m)
	if !ok {
		t.Fatalf("%v: no link loads", m.Host)
	}
	r, _ := topology.RouterOf(m.Host)
	out := map[[2]int]float64{}
	for id, x := range load {
		if tail, head, ok := r.Link(id); ok && x != 0 {
			out[[2]int{tail, head}] = x
		} else if !ok && x != 0 {
			t.Fatalf("number %d is no link but has load %v", id, x)
		}
	}
	return out
}

// TestLinkLoadsOracle: the by-hand link loads of package topology's doc
// (Routing and link loads).
func TestLinkLoadsOracle(t *testing.T) {
	ring := must(topology.NewRing(4))
	// grid:4x1 on ring:4 by rowmajor: six one-hop messages, one per link
	// between neighbours of the line, none across the wrap links 3→0, 0→3
	m := &mapping.Mapping{Guest: must(guest.NewGrid([]int{4, 1}, false)), Host: ring, Place: identity(4)}
	got := loadsByPair(t, m)
	want := map[[2]int]float64{{0, 1}: 1, {1, 2}: 1, {2, 3}: 1, {1, 0}: 1, {2, 1}: 1, {3, 2}: 1}
	if !equalLoads(got, want) {
		t.Errorf("grid:4x1 on ring:4: loads %v, want %v", got, want)
	}
	r := metric.Evaluate(m)
	if *r.MaxLinkLoad != 1 || *r.LinksUsed != 6 || *r.Links != 8 || *r.AvgLinkLoad != 0.75 || r.Routing != topology.DimensionOrder {
		t.Errorf("grid:4x1 on ring:4: max %v, used %d of %d, average %v, routing %q; want 1, 6 of 8, 0.75, dimension-order",
			*r.MaxLinkLoad, *r.LinksUsed, *r.Links, *r.AvgLinkLoad, r.Routing)
	}
	// neighbourhood bound 1 hop per byte × 6 bytes over 8 links
	if *r.LinkLoadBound != 0.75 {
		t.Errorf("link load bound %v, want 0.75", *r.LinkLoadBound)
	}
	// the message 0→2 alone, volume 5: a tie, so the + direction
	one, _, err := guest.FromArcs(4, []guest.Arc{{From: 0, To: 2, Volume: 5}})
	if err != nil {
		t.Fatal(err)
	}
	got = loadsByPair(t, &mapping.Mapping{Guest: one, Host: ring, Place: identity(4)})
	if want := map[[2]int]float64{{0, 1}: 5, {1, 2}: 5}; !equalLoads(got, want) {
		t.Errorf("0→2 on ring:4: loads %v, want %v", got, want)
	}
}

func equalLoads(a, b map[[2]int]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// linkHosts are meshes, tori (even, odd and size-2 axes, mixed
// wrap-around), hypercubes, fat trees and dragonflies (with and without
// cores) of 64 nodes or slots or more.
var linkHosts = []topology.Host{
	mustParse("fattree:4,3"),
	mustParse("fattree:2,3:cores=8"),
	mustParse("dragonfly:4,2,2,9"),
	mustParse("dragonfly:4,2,2,5:cores=2"),
	must(topology.NewRing(64)),
	must(topology.NewLine(70)),
	must(topology.NewMesh(8, 9)),
	must(topology.NewTorus(8, 8)),
	must(topology.NewTorus(5, 3, 5)),
	must(topology.NewTorus(2, 16, 2)),
	must(topology.NewGrid([]int{4, 7, 3}, []bool{true, false, true})),
	must(topology.NewHypercube(6)),
	must(topology.NewHypercube(7)),
}

// TestLinkLoadsBruteForce compares LinkLoads with the sums over the routes
// of every arc, enumerated link by link (Route, itself checked hop by hop
// against the rule in package topology), on random placements of random
// weighted graphs, and checks the properties of the figures: Σ L(e) =
// hop-bytes, max ≥ average, and the lower bound ≤ max.
func TestLinkLoadsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for _, h := range linkHosts {
		rt, _ := topology.RouterOf(h)
		for range 10 {
			g := randomGraph(r, 64)
			m := &mapping.Mapping{Guest: g, Host: h, Place: r.Perm(h.Size())[:64]}
			want := make([]float64, rt.LinkSlots())
			for v := range g.Order() {
				for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
					for _, id := range rt.Route(m.Place[v], m.Place[g.Adj[e]], nil) {
						want[id] += g.Volume(int(e))
					}
				}
			}
			load, msgs, _ := metric.LinkLoads(m)
			sum, maxLoad, used := 0.0, 0.0, 0
			for id := range want {
				if load[id] != want[id] { // integer volumes: exact
					t.Fatalf("%v: link %d load %v, want %v", h, id, load[id], want[id])
				}
				sum += load[id]
				maxLoad = max(maxLoad, load[id])
				if msgs[id] > 0 {
					used++
				}
			}
			f := metric.Evaluate(m)
			if sum != f.HopBytes {
				t.Fatalf("%v: Σ L(e) = %v, hop-bytes %v", h, sum, f.HopBytes)
			}
			if *f.MaxLinkLoad != maxLoad || *f.LinksUsed != used || *f.Links != rt.Links() || !near(*f.AvgLinkLoad, f.HopBytes/float64(rt.Links())) {
				t.Fatalf("%v: figures %v %v %v %v, want max %v used %d links %d", h, *f.MaxLinkLoad, *f.LinksUsed, *f.Links, *f.AvgLinkLoad, maxLoad, used, rt.Links())
			}
			if *f.LinkLoadBound > *f.AvgLinkLoad+eps || *f.AvgLinkLoad > *f.MaxLinkLoad+eps {
				t.Fatalf("%v: bound %v, average %v, max %v: not increasing", h, *f.LinkLoadBound, *f.AvgLinkLoad, *f.MaxLinkLoad)
			}
		}
	}
}

// TestLinkLoadsSumProperty: Σ L(e) = hop-bytes for stencils and cubes on
// their hosts under random bijections (unit volumes, exact).
func TestLinkLoadsSumProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 13))
	for _, c := range []struct {
		g *guest.Graph
		h topology.Host
	}{
		{must(guest.NewGrid([]int{8, 8}, true)), must(topology.NewTorus(4, 16))},
		{must(guest.NewGrid([]int{4, 4, 4}, false)), must(topology.NewTorus(4, 2, 8))},
		{must(guest.NewHypercube(8)), must(topology.NewHypercube(8))},
		{must(guest.NewHypercube(8)), must(topology.NewRing(256))},
		{must(guest.NewGrid([]int{15, 9}, false)), must(topology.NewMesh(9, 15))},
	} {
		m := &mapping.Mapping{Guest: c.g, Host: c.h, Place: r.Perm(c.h.Size())}
		load, _, _ := metric.LinkLoads(m)
		sum := 0.0
		for _, x := range load {
			sum += x
		}
		if hb := metric.HopBytes(m); sum != hb {
			t.Errorf("%v on %v: Σ L(e) = %v, hop-bytes %v", c.g, c.h, sum, hb)
		}
	}
}

// TestLinkLoadsWithoutRouting: a host without the routing capability has
// no link figures: null in JSON, a reason in the tables.
func TestLinkLoadsWithoutRouting(t *testing.T) {
	h := plainHost{must(topology.NewRing(8))}
	m := &mapping.Mapping{Guest: must(guest.NewHypercube(3)), Host: h, Place: identity(8)}
	if _, _, ok := metric.LinkLoads(m); ok {
		t.Fatal("LinkLoads on a host without routing")
	}
	r := metric.Evaluate(m)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"maxLinkLoad", "avgLinkLoad", "linksUsed", "links", "linkLoadBound"} {
		if !strings.Contains(string(b), `"`+key+`":null`) {
			t.Errorf("JSON %s: want %s null", b, key)
		}
		if key == "links" {
			continue // shown in linksUsed
		}
		if v, ok := r.Value(key); ok || v != "no routing rule for ring:8" {
			t.Errorf("%s: %q, %v; want the reason", key, v, ok)
		}
	}
}

// TestLinkLoadsOneNode: a host of one node has no links, so no figures.
func TestLinkLoadsOneNode(t *testing.T) {
	m := &mapping.Mapping{Guest: must(guest.NewHypercube(0)), Host: must(topology.NewHypercube(0)), Place: []int{0}}
	if v, ok := metric.Evaluate(m).Value("maxLinkLoad"); ok || v != "the host has no links" {
		t.Errorf("maxLinkLoad %q, %v", v, ok)
	}
}

// TestEvaluateContextStopped: a done context leaves the link figures
// null, with the reason, and every other figure as Evaluate gives it.
func TestEvaluateContextStopped(t *testing.T) {
	m := &mapping.Mapping{Guest: must(guest.NewHypercube(4)), Host: must(topology.NewRing(16)), Place: identity(16)}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, want := metric.EvaluateContext(ctx, m), metric.Evaluate(m)
	if got.MaxLinkLoad != nil || got.NoLinkLoads != "not counted: the run was stopped first" {
		t.Errorf("max link load %v (%q) after the context ended", got.MaxLinkLoad, got.NoLinkLoads)
	}
	if got.HopBytes != want.HopBytes || got.LowerBound != want.LowerBound || want.MaxLinkLoad == nil {
		t.Errorf("stopped %+v, want %+v", got, want)
	}
}

func mustParse(s string) topology.Host {
	h, err := topology.Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}
