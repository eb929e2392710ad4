package topology_test

import (
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// hopCase is one distance computed by hand from the package doc.
type hopCase struct {
	name string
	a, b int
	want int
}

func checkHops(t *testing.T, spec string, cases []hopCase) {
	t.Helper()
	h, err := topology.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if got := h.Hops(c.a, c.b); got != c.want {
			t.Errorf("%s: %s hops(%d,%d) = %d, want %d", spec, c.name, c.a, c.b, got, c.want)
		}
	}
}

// TestFatTreeOracle checks fattree:K,N against the package doc by hand:
// hops = 2ℓ, ℓ = 1 + the most significant base-K digit that differs.
func TestFatTreeOracle(t *testing.T) {
	// fattree:2,3: 8 nodes, digits x0 x1 x2 (x0 least significant)
	checkHops(t, "fattree:2,3", []hopCase{
		{"self", 5, 5, 0},
		{"0=000, 1=100: differ in x0, one leaf switch", 0, 1, 2},
		{"4=001, 5=101", 4, 5, 2},
		{"0=000, 2=010: differ in x1, level 2", 0, 2, 4},
		{"4=001, 6=011", 4, 6, 4},
		{"0=000, 4=001: differ in x2, level 3 (the top)", 0, 4, 6},
		{"3=110, 5=101: x2 differs", 3, 5, 6},
		{"7=111, 6=011", 7, 6, 2},
	})
	// fattree:4,2: 16 nodes, x = x0 + 4·x1
	checkHops(t, "fattree:4,2", []hopCase{
		{"0 and 3 share leaf 0", 0, 3, 2},
		{"3 and 4: leaves 0 and 1", 3, 4, 4},
		{"5 and 6 share leaf 1", 5, 6, 2},
		{"15 and 0", 15, 0, 4},
	})
	h, _ := topology.Parse("fattree:3,2")
	if got := h.Coords(7, nil); got[0] != 1 || got[1] != 2 {
		t.Errorf("fattree:3,2 node 7 coordinates %v, want [1 2] (7 = 1 + 3·2)", got)
	}
}

// TestDragonflyOracle checks dragonfly:2,2,1,3 against the package doc by
// hand. Node = t + 2·(r + 2·g). Channels c = r (H = 1): group 0's router
// 0 leads to group 1 and router 1 to group 2; group 1's router 0 to group
// 0, router 1 to group 2; group 2's router 0 to group 0, router 1 to 1.
func TestDragonflyOracle(t *testing.T) {
	checkHops(t, "dragonfly:2,2,1,3", []hopCase{
		{"self", 3, 3, 0},
		{"same router (t0,r0,g0)-(t1,r0,g0)", 0, 1, 2},
		{"same group (r0,g0)-(r1,g0)", 0, 2, 3},
		{"g0 r0 → g1 r0: both ends hold the channel", 0, 4, 3},
		{"g0 r0 → g1 r1: lands on r0, one local hop", 0, 6, 4},
		{"g0 r0 → g2 r0: channel on r1, lands on r0", 0, 8, 4},
		{"g0 r0 → g2 r1: a local hop at each end", 0, 10, 5},
		{"g0 r1 → g2 r1: lands on r0", 2, 10, 4},
		{"g1 r1 → g2 r1: channel 1 at both ends", 6, 10, 3},
		{"and back", 10, 6, 3},
	})
	h, _ := topology.Parse("dragonfly:2,2,1,3")
	if got := h.Coords(11, nil); got[0] != 1 || got[1] != 1 || got[2] != 2 {
		t.Errorf("node 11 coordinates %v, want [1 1 2] (terminal, router, group)", got)
	}
}

// TestCoresSlots checks the package doc (Cores per node): slot index t +
// C·node, the coordinates of the node then the core, 0 hops inside a node.
func TestCoresSlots(t *testing.T) {
	h, err := topology.Parse("mesh:3x2:cores=4")
	if err != nil {
		t.Fatal(err)
	}
	if h.Size() != 24 || h.String() != "mesh:3x2:cores=4" {
		t.Fatalf("%v has %d slots", h, h.Size())
	}
	// slot 13 = core 1 of node 3, node 3 = (0,1)
	if got := h.Coords(13, nil); len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 1 {
		t.Errorf("slot 13 coordinates %v, want [0 1 1]", got)
	}
	if i, err := h.Index([]int{2, 1, 3}); err != nil || i != 3+4*5 {
		t.Errorf("Index([2 1 3]) = %d, %v; want 23", i, err)
	}
	checkHops(t, "mesh:3x2:cores=4", []hopCase{
		{"two cores of node 3", 12, 15, 0},
		{"node 3 and node 0", 13, 0, 1},
		{"node 0 and node 5 = (2,1)", 1, 22, 3},
	})
	inner, c := topology.SplitCores(h)
	if c != 4 || inner.String() != "mesh:3x2" {
		t.Errorf("SplitCores = %v, %d", inner, c)
	}
	if _, c := topology.SplitCores(inner); c != 1 {
		t.Errorf("a host without cores has %d", c)
	}
	for _, s := range []string{"torus:4x4:cores=2", "hypercube:3:cores=3", "ring:5:cores=2", "mesh:8x4:wrap=10:cores=2"} {
		h, err := topology.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s, func(t *testing.T) { topotest.Test(t, h) })
	}
}

// TestMachineSpecErrors: every bad spec of the new kinds and modifiers
// gets a message that names the problem.
func TestMachineSpecErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"fattree:1,3", "at least 2 ports"},
		{"fattree:16", "want 2 numbers K,N"},
		{"fattree:16,x", "N = \"x\""},
		{"fattree:1024,3", "more than"},
		{"fattree:2,30", "more than"},
		{"dragonfly:2,2,1,4", "G = 4 groups"},
		{"dragonfly:2,2,1", "want 4 numbers"},
		{"dragonfly:0,1,1,1", "A = \"0\""},
		{"dragonfly:8192,4096,1,3", "more than"},
		{"mesh:4x4:cores=0", "cores="},
		{"mesh:4x4:cores=x", "cores="},
		{"mesh:4x4:cores=2000", "cores="},
		{"mesh:4x4:cores=04", "cores="},
		{"torus:4096x4096:cores=16", "more than"},
		{"preset:nosuch", "unknown preset"},
		{"preset:bgq-midplane:cores=2", "preset:bgq-midplane has 16 cores per node already (torus:4x4x4x4x2:cores=16): for 2, write torus:4x4x4x4x2:cores=2"},
		{"mesh:4x4:cores=2:cores=2", "cores"},
		// an option a kind does not take, and suffixes out of order, say so
		{"hypercube:4:wrap=1010", `hypercube takes no option "wrap=1010" (hypercube:D)`},
		{"fattree:4,2:wrap=1", `fattree takes no option "wrap=1"`},
		{"ring:16:wrap=1", `ring takes no option "wrap=1"`},
		{"mesh:4x4:wrap=1", "want wrap= and one 0/1 digit per dimension (2)"},
		{"mesh:4x4:cores=2:nodes-per-router=2", `":nodes-per-router=2" after cores=: a host spec ends with its suffixes in this order: :nodes-per-router=P, :cores=C`},
	} {
		_, err := topology.Parse(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "topology:") {
			t.Errorf("Parse(%q): %v shows a package prefix", tt.in, err)
		}
	}
	for in, want := range map[string]string{
		"mesh:4x4:cores=1":              "mesh:4x4",
		"MESH:4x4:CORES=2":              "mesh:4x4:cores=2",
		"preset:BGQ-midplane":           "torus:4x4x4x4x2:cores=16",
		"preset:fattree-16port:cores=4": "fattree:8,3:cores=4",
	} {
		h, err := topology.Parse(in)
		if err != nil || h.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, h, err, want)
		}
	}
}

// TestPresets: every preset is a canonical spec that passes the contract.
func TestPresets(t *testing.T) {
	for _, p := range topology.Presets {
		h, err := topology.Parse("preset:" + p.Name)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if h.String() != p.Spec || p.About == "" {
			t.Errorf("preset %s parses to %v, documented as %s", p.Name, h, p.Spec)
		}
		t.Run(p.Name, func(t *testing.T) { topotest.Test(t, h) })
	}
}

// TestMachineIDOf: the id of a machine:ID host, whatever its case, spaces
// and options; nothing for other hosts.
func TestMachineIDOf(t *testing.T) {
	for _, c := range []struct {
		spec, id string
		ok       bool
	}{
		{"machine:0a1b", "0a1b", true},
		{" Machine:0A1B:cores=4 ", "0a1b", true},
		{"torus:4x4", "", false},
		{"machines:0a1b", "", false},
	} {
		if id, ok := topology.MachineIDOf(c.spec); id != c.id || ok != c.ok {
			t.Errorf("MachineIDOf(%q) = %q, %v; want %q, %v", c.spec, id, ok, c.id, c.ok)
		}
	}
}
