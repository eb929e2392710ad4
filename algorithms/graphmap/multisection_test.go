package graphmap_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// hierarchicalHosts are hosts of nested groups of every kind that has
// them: fat trees, dragonflies, trees of levels with costs, and cores
// or an inside in the nodes of them.
var hierarchicalHosts = []string{
	"fattree:4,3", "fattree:2,5", "fattree:8,2", "dragonfly:4,2,2,5", "tree:4x3x2:dist=1,5,20",
	"fattree:4,2:cores=4", "dragonfly:2,2,1,3:cores=3", "tree:3x3:dist=1,10:cores=2",
	"fattree:2,2:node=2x2x4:dist=1,2,3", "dragonfly:2,2,1,3:node=3x2:dist=1,2",
}

// TestMultisectionCapacities: on every host of nested groups and for
// guests of every size up to the host's, Multisection places each vertex
// on its own slot and fills groups one after the other at every level:
// in each group, every subgroup holds its capacity or nothing, but one
// at most (a node's cores are full before the next node is used). The
// same input gives the same placement twice.
func TestMultisectionCapacities(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2))
	for _, hs := range hierarchicalHosts {
		h := must(topology.Parse(hs))
		radices, _ := metric.Groups(h)
		for _, n := range []int{1, 2, h.Size() / 3, h.Size()/2 + 1, h.Size() - 1, h.Size()} {
			g := randomGraph(r, n)
			place := must(graphmap.Multisection(context.Background(), g, h))
			checkInjective(t, hs, place, h.Size())
			checkFilled(t, hs, place, radices)
			if again := must(graphmap.Multisection(context.Background(), g, h)); !slices.Equal(place, again) {
				t.Errorf("%s, %d vertices: a second run differs", hs, n)
			}
		}
	}
}

func checkInjective(t *testing.T, host string, place []int, size int) {
	t.Helper()
	used := make([]bool, size)
	for v, x := range place {
		if x < 0 || x >= size || used[x] {
			t.Fatalf("%s: vertex %d on slot %d: out of range or taken", host, v, x)
		}
		used[x] = true
	}
}

// checkFilled checks that in every group of every level at most one
// subgroup is partly filled.
func checkFilled(t *testing.T, host string, place []int, radices []int) {
	t.Helper()
	size := 1 // the slots of a subgroup
	for lv, r := range radices {
		count := map[int]int{} // subgroup → its vertices
		for _, x := range place {
			count[x/size]++
		}
		partial := map[int]int{} // group → its partly filled subgroups
		for sub, c := range count {
			if c < size {
				partial[sub/r]++
			}
		}
		for grp, p := range partial {
			if p > 1 {
				t.Errorf("%s, %d vertices: group %d of level %d has %d subgroups partly filled", host, len(place), grp, lv+1, p)
			}
		}
		size *= r
	}
}

// TestMultisectionCliques: k cliques of a group's size (heavy inside, a
// light ring through them) land each in one group, under one leaf
// switch, on one router, on one node: their hop-bytes are then those
// counted for that placement, the cliques' bytes at the hops within a
// group plus the ring's at most the host's diameter, and no placement
// has fewer for the cliques' bytes.
func TestMultisectionCliques(t *testing.T) {
	for _, tt := range []struct {
		host string
		size int // the slots of the groups the cliques fill
		in   int // the hops between two slots of such a group
	}{
		{"fattree:4,3", 4, 2},
		{"fattree:2,6", 8, 6},
		{"dragonfly:4,4,2,5", 4, 2},
		{"fattree:4,2:cores=4", 4, 0},
		{"tree:4x4x2:dist=1,10,100", 4, 1},
		{"fattree:4,2:node=2x4:dist=1,3", 2, 1}, // cliques of 2 on 2 cores of an L2 group
	} {
		h := must(topology.Parse(tt.host))
		for seed := range uint64(3) {
			g, clique := cliques(h.Size()/tt.size, tt.size, seed)
			place := must(graphmap.Multisection(context.Background(), g, h))
			group := map[int]int{}
			for v, x := range place {
				if first, ok := group[clique[v]]; ok && first != x/tt.size {
					t.Fatalf("%s seed %d: clique %d spans groups %d and %d", tt.host, seed, clique[v], first, x/tt.size)
				}
				group[clique[v]] = x / tt.size
			}
			inside, ring := 0.0, 0.0
			for e := range g.Arcs() {
				if g.Volume(e) == 100 {
					inside += 100
				} else {
					ring += g.Volume(e)
				}
			}
			bound := inside*float64(tt.in) + ring*float64(topology.MaxHops(h))
			if got := hopsPerByte(t, g, h, place) * (inside + ring); got > bound+1e-9 {
				t.Errorf("%s seed %d: %.0f hop-bytes, counted at most %.0f", tt.host, seed, got, bound)
			}
		}
	}
}

// TestMultisectionSwitchTree: on a machine read from a file, whose leaf
// switches' nodes are numbered across them, Multisection partitions along
// the switches: every clique of a leaf switch's size lands under one, and
// every vertex on its own slot for guests of every size.
func TestMultisectionSwitchTree(t *testing.T) {
	followsSwitchTree(t, graphmap.Multisection)
	r := rand.New(rand.NewPCG(5, 5))
	h := must(topology.NewCores(interleavedTree(), 3))
	for _, n := range []int{1, 7, 50, h.Size()} {
		checkInjective(t, h.String(), must(graphmap.Multisection(context.Background(), randomGraph(r, n), h)), h.Size())
	}
}

// TestMultisectionErrors: a host without nested groups, a host smaller
// than the guest, and a context that is done.
func TestMultisectionErrors(t *testing.T) {
	g := must(guest.NewGrid([]int{4, 4}, false))
	if _, err := graphmap.Multisection(context.Background(), g, must(topology.NewTorus(4, 4))); !errors.Is(err, graphmap.ErrInvalid) {
		t.Errorf("on a torus: %v, want ErrInvalid", err)
	}
	if _, err := graphmap.Multisection(context.Background(), g, must(topology.Parse("fattree:2,3"))); !errors.Is(err, graphmap.ErrInvalid) {
		t.Errorf("on a smaller host: %v, want ErrInvalid", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := graphmap.Multisection(ctx, g, must(topology.Parse("fattree:4,2"))); !errors.Is(err, context.Canceled) {
		t.Errorf("with a cancelled context: %v", err)
	}
}

// TestMultisectionCost: a 4096-vertex mesh (a 64×64 grid with random
// volumes, as a partitioner's quotient graph is mesh-like) onto a fat
// tree of 8-core nodes takes at most 5 CPU-seconds (the benchmark's
// quotient graphs: 0.3 to 2.8), counted on the process's CPU clock.
func TestMultisectionCost(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var edges []guest.Edge
	for y := range 64 {
		for x := range 64 {
			if x < 63 {
				edges = append(edges, guest.Edge{U: y*64 + x, V: y*64 + x + 1, Volume: float64(1 + r.IntN(9))})
			}
			if y < 63 {
				edges = append(edges, guest.Edge{U: y*64 + x, V: (y+1)*64 + x, Volume: float64(1 + r.IntN(9))})
			}
		}
	}
	g := must(guest.FromEdges(4096, edges))
	h := must(topology.Parse("fattree:8,3:cores=8"))
	cpu := cpuclock.Used()
	place := must(graphmap.Multisection(context.Background(), g, h))
	cpu = cpuclock.Since(cpu)
	t.Logf("%.3f hops per byte, %.2f CPU-s", hopsPerByte(t, g, h, place), cpu.Seconds())
	if cpu > 5*time.Second {
		t.Errorf("%.2f CPU-s, want at most 5", cpu.Seconds())
	}
}
