package solve_test

import (
	"context"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestCongestionObjectiveOnNetworks: on fat trees (D-mod-k) and
// dragonflies (minimal routes) PAIRS under the congestion objective (seed
// 1, no budget) ends with a largest link load no higher than under the
// hop-bytes objective, lower where the hop-bytes placement is above the
// bound, and reports the figures of its placement (metric.Evaluate).
// Without cores every message crosses its sender's one link to its switch,
// so maxLinkLoad is at least the largest out-volume of a vertex, its
// degree here: on grid:8x8 → fattree:4,3 and → dragonfly:4,2,2,8 the
// hop-bytes placement already reaches that bound, 4 (on the dragonfly
// since PAIRS starts from rb too: 2.8661 hops per byte), and there is
// nothing to lower.
func TestCongestionObjectiveOnNetworks(t *testing.T) {
	for _, tt := range []struct {
		guest, host string
		lower       bool // under congestion below hop-bytes
	}{
		{"grid:8x8", "fattree:4,3", false},
		{"grid:8x8:wrap", "fattree:4,3", true},
		{"hypercube:6", "fattree:4,3", true},
		{"grid:8x8", "dragonfly:4,2,2,8", false},
	} {
		g, h := parse(t, tt.guest, tt.host)
		load := map[string]float64{}
		for _, obj := range []string{spec.ObjectiveHopBytes, spec.ObjectiveCongestion} {
			o, err := spec.ParseObjective(obj)
			if err != nil {
				t.Fatal(err)
			}
			r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Objective: o}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := metric.Evaluate(r.Mapping)
			if r.Metrics.MaxLinkLoad == nil || *r.Metrics.MaxLinkLoad != *m.MaxLinkLoad || r.Metrics.Routing != m.Routing {
				t.Fatalf("%s → %s under %s: max link load %v, the placement's %v", tt.guest, tt.host, obj, r.Metrics.MaxLinkLoad, *m.MaxLinkLoad)
			}
			if bound := maxOutVolume(r.Mapping.Guest); *m.MaxLinkLoad < bound {
				t.Fatalf("%s → %s under %s: max link load %v below the largest out-volume %v", tt.guest, tt.host, obj, *m.MaxLinkLoad, bound)
			}
			load[obj], load["bound"] = *m.MaxLinkLoad, maxOutVolume(r.Mapping.Guest)
			t.Logf("%s → %s under %s: %.4f hops per byte, max link load %v (%s routing)", tt.guest, tt.host, obj, m.HopsPerByte, *m.MaxLinkLoad, m.Routing)
		}
		hb, cg := load[spec.ObjectiveHopBytes], load[spec.ObjectiveCongestion]
		if cg > hb || tt.lower && cg == hb || !tt.lower && cg != load["bound"] {
			t.Errorf("%s → %s: max link load %v under congestion, %v under hop-bytes (lower wanted: %v)", tt.guest, tt.host, cg, hb, tt.lower)
		}
	}
}

// TestFatTreeNodeLinksBoundMaxLoad: on a host without cores whose every
// node has one link up to its switch and one down (fat trees under D-mod-k
// routing, dragonflies under minimal routes), every message leaves by its
// sender's up-link and arrives by its receiver's down-link, so those links
// carry exactly the out- and in-volumes of the vertices placed there, and
// no placement has a largest load below the largest of those volumes (4 on
// grid:8x8: an inner vertex sends to 4 neighbours). The test counts the
// node links' loads (metric.LinkLoads, links told apart by their ends) and
// checks that both objectives end at that bound: on grid:8x8 →
// fattree:4,3 the congestion objective cannot lower the largest load below
// what hop-bytes reaches, 4 (TestCongestionObjectiveOnNetworks shows it
// lowering the load where hop-bytes stays above the bound).
func TestFatTreeNodeLinksBoundMaxLoad(t *testing.T) {
	for _, c := range []struct{ guest, host string }{
		{"grid:8x8", "fattree:4,3"},
		{"grid:8x8", "dragonfly:4,2,2,8"},
	} {
		g, h := parse(t, c.guest, c.host)
		links, ok := h.(interface{ Link(int) (int, int, bool) })
		if !ok {
			t.Fatalf("%s does not name its links' ends", c.host)
		}
		for _, obj := range []string{spec.ObjectiveHopBytes, spec.ObjectiveCongestion} {
			r, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Seed: 1, Objective: obj}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := r.Mapping
			out, in := make([]float64, h.Size()), make([]float64, h.Size())
			for v := range m.Guest.Order() {
				for e := m.Guest.Offsets[v]; e < m.Guest.Offsets[v+1]; e++ {
					out[m.Place[v]] += m.Guest.Volume(int(e))
					in[m.Place[m.Guest.Adj[e]]] += m.Guest.Volume(int(e))
				}
			}
			load, _, _ := metric.LinkLoads(m)
			bound, most := 0.0, 0.0
			for id, l := range load {
				tail, head, ok := links.Link(id)
				switch {
				case !ok:
					continue
				case tail < h.Size() && l != out[tail], head < h.Size() && l != in[head]:
					t.Fatalf("%s → %s under %s: link %d (%d → %d) carries %v, the volumes out %v, in %v", c.guest, c.host, obj, id, tail, head, l, out, in)
				case tail < h.Size() || head < h.Size():
					bound = max(bound, l)
				}
				most = max(most, l)
			}
			if bound != maxOutVolume(m.Guest) || most != bound || *r.Metrics.MaxLinkLoad != bound {
				t.Errorf("%s → %s under %s: max link load %v (reported %v), node links' bound %v, largest out-volume %v",
					c.guest, c.host, obj, most, *r.Metrics.MaxLinkLoad, bound, maxOutVolume(m.Guest))
			}
		}
	}
}

// maxOutVolume returns the largest volume a vertex of g sends.
func maxOutVolume(g *guest.Graph) float64 {
	most := 0.0
	for v := range g.Order() {
		out := 0.0
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			out += g.Volume(int(e))
		}
		most = max(most, out)
	}
	return most
}

// TestCongestionLinkNumberingBounded: a host whose link numbering is
// above metric.MaxLinkSlots (a dragonfly of 8,192 routers per group has
// 8,191 local links per router: 134M links for 16K nodes) is refused
// under the objective field before any loads are kept.
func TestCongestionLinkNumberingBounded(t *testing.T) {
	g, h := parse(t, "grid:128x128", "dragonfly:8192,1,1,2")
	_, err := solve.Map(context.Background(), spec.Instance{Guest: g, Host: h, Algo: "pairs", Objective: spec.ObjectiveCongestion}, nil)
	if spec.FieldOf(err) != "objective" || !strings.Contains(err.Error(), "more than the 33,554,432") {
		t.Fatalf("got %v (field %q), want a refusal under objective naming the bound", err, spec.FieldOf(err))
	}
}
