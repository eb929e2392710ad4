package topology_test

import (
	"slices"
	"testing"

	"topomap/algorithms/topology"
)

// routeNames returns the route from a to b on h as "tail→head" names
// (topology.VertexName).
func routeNames(t *testing.T, h topology.Host, a, b int) []string {
	t.Helper()
	r, ok := topology.RouterOf(h)
	if !ok {
		t.Fatalf("%v does not route", h)
	}
	var out []string
	for _, id := range r.Route(a, b, nil) {
		tail, head, ok := r.Link(id)
		if !ok {
			t.Fatalf("%v: route %d→%d crosses number %d, no link", h, a, b, id)
		}
		out = append(out, topology.VertexName(h, tail)+"→"+topology.VertexName(h, head))
	}
	return out
}

// TestNetworkRouteOracle: routes worked by hand from the package doc.
// fattree:2,2 has leaf switches "L1 (·,0)" over nodes 0, 1 and "L1 (·,1)"
// over 2, 3, and top switches "L2 #0 (·,·)" and "L2 #1 (·,·)"; D-mod-k climbs
// through the port of the destination's digit 0. On dragonfly:2,2,1,3
// (channels as in TestDragonflyOracle) node 0 = (0,0,0) reaches 11 =
// (1,1,2) through router 1 of group 0 (the channel to group 2), landing on
// router 0 of group 2; node 2 = (0,1,0) reaches 4 = (0,0,1) through router
// 0 of group 0, landing on router 0 of group 1, its own.
func TestNetworkRouteOracle(t *testing.T) {
	for _, tt := range []struct {
		host string
		a, b int
		want []string
	}{
		{"fattree:2,2", 0, 3, []string{"(0,0)→L1 (·,0)", "L1 (·,0)→L2 #1 (·,·)", "L2 #1 (·,·)→L1 (·,1)", "L1 (·,1)→(1,1)"}},
		{"fattree:2,2", 1, 2, []string{"(1,0)→L1 (·,0)", "L1 (·,0)→L2 #0 (·,·)", "L2 #0 (·,·)→L1 (·,1)", "L1 (·,1)→(0,1)"}},
		{"fattree:2,2", 1, 0, []string{"(1,0)→L1 (·,0)", "L1 (·,0)→(0,0)"}},
		{"fattree:2,2", 2, 2, nil},
		// fattree:2,3, 0 → 7 = (1,1,1): ports b_0 = 1 then b_1 = 1 up,
		// down to the subtree of digit 2 = 1, then of digits 1, 2 = 1, 1
		{"fattree:2,3", 0, 7, []string{"(0,0,0)→L1 (·,0,0)", "L1 (·,0,0)→L2 #1 (·,·,0)", "L2 #1 (·,·,0)→L3 #3 (·,·,·)",
			"L3 #3 (·,·,·)→L2 #1 (·,·,1)", "L2 #1 (·,·,1)→L1 (·,1,1)", "L1 (·,1,1)→(1,1,1)"}},
		{"fattree:2,2:cores=2", 1, 7, []string{"(0,0)→L1 (·,0)", "L1 (·,0)→L2 #1 (·,·)", "L2 #1 (·,·)→L1 (·,1)", "L1 (·,1)→(1,1)"}},
		{"dragonfly:2,2,1,3", 0, 11, []string{"(0,0,0)→router (0,0)", "router (0,0)→router (1,0)", "router (1,0)→router (0,2)",
			"router (0,2)→router (1,2)", "router (1,2)→(1,1,2)"}},
		{"dragonfly:2,2,1,3", 2, 4, []string{"(0,1,0)→router (1,0)", "router (1,0)→router (0,0)", "router (0,0)→router (0,1)", "router (0,1)→(0,0,1)"}},
		{"dragonfly:2,2,1,3", 6, 10, []string{"(0,1,1)→router (1,1)", "router (1,1)→router (1,2)", "router (1,2)→(0,1,2)"}},
		{"dragonfly:2,2,1,3", 0, 3, []string{"(0,0,0)→router (0,0)", "router (0,0)→router (1,0)", "router (1,0)→(1,1,0)"}},
		{"dragonfly:2,2,1,3", 0, 1, []string{"(0,0,0)→router (0,0)", "router (0,0)→(1,0,0)"}},
		// tree:2x2:dist=2,4: leaves L1 (0) over slots 0, 1 and L1 (1) over
		// 2, 3, the root L2 () above them; the one path of the tree (on a host
		// with cores a link's ends are written as core 0 of their nodes)
		{"tree:2x2:dist=2,4", 0, 3, []string{"(0,0)→L1 (·,0)", "L1 (·,0)→L2 (·,·)", "L2 (·,·)→L1 (·,1)", "L1 (·,1)→(1,1)"}},
		{"tree:2x2:dist=2,4", 1, 0, []string{"(1,0)→L1 (·,0)", "L1 (·,0)→(0,0)"}},
		{"tree:3x2:dist=2,4:cores=2", 1, 11, []string{"(0,0)→L1 (·,0)", "L1 (·,0)→L2 (·,·)", "L2 (·,·)→L1 (·,1)", "L1 (·,1)→(2,1)"}},
		// Under routers links leave the router, named by its coordinates:
		// slot 60 of torus:4x2:nodes-per-router=2:cores=4 is on router
		// 60/8 = 7 = (3,1), one hop the short way round on axis 0, then 1.
		{"torus:4x2:nodes-per-router=2", 0, 7, []string{"(0,0)→(3,0)"}},
		{"torus:4x2:nodes-per-router=2:cores=4", 1, 60, []string{"(0,0)→(3,0)", "(3,0)→(3,1)"}},
		{"preset:xe6-slice", 0, 32, []string{"(0,0,0)→(1,0,0)"}},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		if got := routeNames(t, h, tt.a, tt.b); !slices.Equal(got, tt.want) {
			t.Errorf("%s: route %d→%d\n%q, want\n%q", tt.host, tt.a, tt.b, got, tt.want)
		}
	}
}

// TestNetworkLinkCounts: 2·N·K^N directed links on a fat tree; on a
// dragonfly 2 per terminal, A−1 per router and G·(G−1) global ones,
// counted by kind over the numbering (dragonfly:4,2,2,5: 80 terminal, 60
// local and 20 global links).
func TestNetworkLinkCounts(t *testing.T) {
	for _, tt := range []struct {
		host                    string
		routing                 string
		terminal, local, global int
	}{
		{"fattree:2,2", topology.DModK, 8, 8, 0},
		{"fattree:4,3", topology.DModK, 128, 256, 0},
		{"fattree:2,1", topology.DModK, 4, 0, 0},
		{"fattree:2,3:cores=3", topology.DModK, 16, 32, 0},
		{"dragonfly:4,2,2,5", topology.Minimal, 80, 60, 20},
		{"dragonfly:4,2,2,9", topology.Minimal, 144, 108, 72},
		{"dragonfly:1,1,1,1", topology.Minimal, 2, 0, 0},
		{"dragonfly:2,2,1,3:cores=2", topology.Minimal, 24, 6, 6},
	} {
		h, err := topology.Parse(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := topology.RouterOf(h)
		net, _ := topology.SplitCores(h)
		var terminal, local, global int
		var ws []topology.Wire
		for id := range r.LinkSlots() {
			tail, head, ok := r.Link(id)
			switch {
			case !ok:
			case tail < h.Size() || head < h.Size():
				terminal++
			default:
				ws = net.(topology.Network).Wires(net.Size()+tail-h.Size(), ws[:0])
				i := slices.IndexFunc(ws, func(w topology.Wire) bool { return w.To == net.Size()+head-h.Size() })
				if i >= 0 && ws[i].Global {
					global++
				} else {
					local++
				}
			}
		}
		if terminal != tt.terminal || local != tt.local || global != tt.global || r.Links() != terminal+local+global || r.Routing() != tt.routing {
			t.Errorf("%s: %s routing, %d terminal, %d switch, %d global links, Links() = %d; want %s, %d, %d, %d",
				tt.host, r.Routing(), terminal, local, global, r.Links(), tt.routing, tt.terminal, tt.local, tt.global)
		}
	}
}

// TestPresetsRoute: the fat tree and dragonfly presets have routes.
func TestPresetsRoute(t *testing.T) {
	for _, tt := range []struct {
		preset, routing string
		links           int
	}{
		{"fattree-16port", topology.DModK, 2 * 3 * 512},
		{"slingshot-small", topology.Minimal, 2*288 + 72*7 + 9*8},
	} {
		h, err := topology.Parse("preset:" + tt.preset)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := topology.RouterOf(h)
		if !ok || r.Routing() != tt.routing || r.Links() != tt.links {
			t.Errorf("%s: routes %v, want %s routing over %d links", tt.preset, ok, tt.routing, tt.links)
			continue
		}
		if got := len(r.Route(0, h.Size()-1, nil)); got != h.Hops(0, h.Size()-1) {
			t.Errorf("%s: route from the first to the last slot has %d links, %d hops", tt.preset, got, h.Hops(0, h.Size()-1))
		}
	}
}
