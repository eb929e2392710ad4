package topology_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"topomap/algorithms/topology"
)

// walk routes a message from a to b hop by hop, as the package doc states
// the rule, independently of Route: at each hop, correct the first axis
// whose coordinate differs; on a mesh towards the target, with
// wrap-around the shorter way round and + on an exact tie (k/2). Each
// hop is identified by its (tail, head) pair, looked up among the links
// of the host's numbering.
func walk(h *topology.Lattice, a, b int) []int {
	byPair := map[[2]int]int{}
	for id := range h.LinkSlots() {
		if tail, head, ok := h.Link(id); ok {
			byPair[[2]int{tail, head}] = id
		}
	}
	var route []int
	for a != b {
		ca, cb := h.Coords(a, nil), h.Coords(b, nil)
		j := 0
		for ca[j] == cb[j] {
			j++
		}
		k := h.Dim(j)
		up := cb[j] > ca[j]
		if h.Wraps(j) {
			fwd := (cb[j] - ca[j] + k) % k
			up = fwd <= k-fwd
		}
		if up {
			ca[j] = (ca[j] + 1) % k
		} else {
			ca[j] = (ca[j] - 1 + k) % k
		}
		next, _ := h.Index(ca)
		id, ok := byPair[[2]int{a, next}]
		if !ok {
			panic("no link")
		}
		route = append(route, id)
		a = next
	}
	return route
}

// routeHosts are the test hosts (lines, rings, meshes, tori with even,
// odd and size-2 axes, mixed wrap-around, axes of size 1, hypercubes) of
// at most 64 nodes, small enough for all pairs to be walked.
func routeHosts() []*topology.Lattice {
	var out []*topology.Lattice
	for _, h := range hosts() {
		if h.Size() <= 64 {
			out = append(out, h)
		}
	}
	return out
}

// TestRouteBruteForce compares Route with the hop-by-hop walk on every
// pair of nodes.
func TestRouteBruteForce(t *testing.T) {
	for _, h := range routeHosts() {
		for a := range h.Size() {
			for b := range h.Size() {
				if got, want := h.Route(a, b, nil), walk(h, a, b); !slices.Equal(got, want) {
					t.Fatalf("%v: route %d→%d %v, want %v", h, a, b, got, want)
				}
			}
		}
	}
}

// TestLinksCount checks Links against a count of the numbering's links
// and against the directed links of the package doc (Routing and link
// loads) counted by hand.
func TestLinksCount(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		links int
	}{
		{"ring:4", 8},                 // 4 nodes, + and −
		{"ring:2", 2},                 // + only
		{"line:5", 8},                 // 4 edges, both ways
		{"mesh:4x3", 34},              // 2·(3·3 + 4·2)
		{"torus:4x2x3", 48 + 24 + 48}, // 2n + n + 2n with n = 24
		{"hypercube:4", 64},           // d·2^d
		{"torus:64x32x32", 6 * 65536},
	} {
		p, err := topology.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		h := p.(*topology.Lattice)
		count := 0
		for id := range h.LinkSlots() {
			if _, _, ok := h.Link(id); ok {
				count++
			}
		}
		if h.Links() != tt.links || count != tt.links {
			t.Errorf("%s: Links() %d, numbering %d, want %d", tt.spec, h.Links(), count, tt.links)
		}
	}
}

// TestRouteOracle: the by-hand routes of the package doc on the 4-ring and
// the tie rule on a torus axis of size 2.
func TestRouteOracle(t *testing.T) {
	ring := must(topology.NewRing(4))
	for _, tt := range []struct {
		a, b int
		want [][2]int // (tail, head) per hop
	}{
		{0, 1, [][2]int{{0, 1}}},
		{1, 0, [][2]int{{1, 0}}},
		{0, 3, [][2]int{{0, 3}}},         // the wrap link, one hop
		{0, 2, [][2]int{{0, 1}, {1, 2}}}, // a tie: + direction
		{2, 0, [][2]int{{2, 3}, {3, 0}}}, // a tie: + direction, over the wrap
		{3, 1, [][2]int{{3, 0}, {0, 1}}},
	} {
		var got [][2]int
		for _, id := range ring.Route(tt.a, tt.b, nil) {
			tail, head, _ := ring.Link(id)
			got = append(got, [2]int{tail, head})
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ring:4 route %d→%d: %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	// torus:2x3: from (1,0) to (0,0) along the axis of size 2 only +,
	// that is over the wrap-around link, the only link from (1,0)
	torus := must(topology.NewTorus(2, 3))
	r := torus.Route(1, 0, nil)
	if len(r) != 1 || r[0] != 1 {
		t.Errorf("torus:2x3 route 1→0: %v, want [1] (the + link of node 1)", r)
	}
}

// plainRouter hides the *Lattice, so Loads routes it link by link.
type plainRouter struct{ topology.Router }

// TestLoadsBruteForce compares the difference-array loads with the sums
// over the hop-by-hop routes, on random messages (integer volumes, so
// the sums are exact), and with the link-by-link path of other routers.
func TestLoadsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, h := range routeHosts() {
		for range 10 {
			want := make([]float64, h.LinkSlots())
			wantMsgs := make([]int32, h.LinkSlots())
			fast, slow := topology.NewLoads(h), topology.NewLoads(plainRouter{h})
			for range r.IntN(40) {
				a, b, w := r.IntN(h.Size()), r.IntN(h.Size()), float64(r.IntN(100))
				fast.Add(a, b, w)
				slow.Add(a, b, w)
				for _, id := range walk(h, a, b) {
					want[id] += w
					wantMsgs[id]++
				}
			}
			for i, f := range []*topology.Loads{fast, slow} {
				load, msgs := f.Sum()
				if !slices.Equal(load, want) || !slices.Equal(msgs, wantMsgs) {
					t.Fatalf("%v (path %d): loads %v messages %v, want %v %v", h, i, load, msgs, want, wantMsgs)
				}
			}
		}
	}
}

// TestLoadsRounding: with fractional volumes the difference arrays agree
// up to rounding, and a link without messages has load exactly 0.
func TestLoadsRounding(t *testing.T) {
	h := must(topology.NewTorus(5, 4, 3))
	r := rand.New(rand.NewPCG(9, 9))
	fast, slow := topology.NewLoads(h), topology.NewLoads(plainRouter{h})
	for range 200 {
		a, b, w := r.IntN(h.Size()), r.IntN(h.Size()), r.Float64()*1e6
		fast.Add(a, b, w)
		slow.Add(a, b, w)
	}
	got, msgs := fast.Sum()
	want, _ := slow.Sum()
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-9*math.Max(1, want[i]) || (msgs[i] == 0 && got[i] != 0) {
			t.Fatalf("link %d: %v, want %v (%d messages)", i, got[i], want[i], msgs[i])
		}
	}
}
