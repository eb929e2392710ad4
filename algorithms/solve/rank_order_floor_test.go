package solve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// halo returns the 3-D halo exchange of an a×b×c grid of ranks (rank
// order: the first coordinate fastest), every rank sending to its six
// neighbours (wrapped) a volume that is 1, or with uneven volumes a face's
// area of a box of random sides (the same both ways).
func halo(t testing.TB, dims [3]int, uneven bool, seed uint64) *guest.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	n := dims[0] * dims[1] * dims[2]
	side := make([][3]float64, n)
	for v := range side {
		for j := range 3 {
			side[v][j] = 1
			if uneven {
				side[v][j] = float64(1 + r.IntN(8))
			}
		}
	}
	var edges []guest.Edge
	for v := range n {
		x := [3]int{v % dims[0], v / dims[0] % dims[1], v / (dims[0] * dims[1])}
		for j := range 3 {
			if dims[j] < 2 {
				continue
			}
			y := x
			y[j] = (x[j] + 1) % dims[j]
			u := y[0] + dims[0]*(y[1]+dims[1]*y[2])
			face := side[v][(j+1)%3] * side[v][(j+2)%3]
			if dims[j] == 2 && x[j] == 1 {
				continue // the pair is already linked the other way round
			}
			edges = append(edges, guest.Edge{U: v, V: u, Volume: face})
		}
	}
	g, err := guest.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}

// localGraph returns a graph of n vertices and about deg·n/2 edges of
// random volumes, half of them between ranks near in rank order (as a
// partitioner numbers them) and half anywhere.
func localGraph(t testing.TB, n, deg int, seed uint64) *guest.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	var edges []guest.Edge
	for range deg * n / 2 {
		u, v := r.IntN(n), r.IntN(n)
		if r.IntN(2) == 0 {
			v = min(n-1, u+1+r.IntN(4))
		}
		if u != v {
			edges = append(edges, guest.Edge{U: u, V: v, Volume: float64(1 + r.IntN(100))})
		}
	}
	g, err := guest.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return guest.Canonical(g)
}

// mapGraph maps g onto host by algo through solve.Map.
func mapGraph(t testing.TB, g *guest.Graph, host, algo string, moves int64) *solve.Result {
	t.Helper()
	r, err := solve.Map(context.Background(), spec.Instance{Guest: guest.SpecOf(g), Host: mustHost(t, host), Algo: algo, Moves: moves}, nil)
	if err != nil {
		t.Fatalf("%s on %s by %s: %v", g, host, algo, err)
	}
	return r
}

// launchersHopBytes returns the least hop-bytes of the launchers'
// defaults (rank order, block, cyclic) and that of rank order.
func launchersHopBytes(g *guest.Graph, host topology.Host) (least, rank float64) {
	for i, l := range solve.Launchers {
		hb := metric.HopBytes(&mapping.Mapping{Guest: g, Host: host, Place: l.Place(g.Order(), host)})
		if i == 0 {
			least, rank = hb, hb
		}
		least = min(least, hb)
	}
	return least, rank
}

// TestDefaultNeverWorseThanLaunchers: on graph guests the default (rb,
// the first algorithm that applies) and PAIRS never answer more hop-bytes
// than any launcher's default (rank order, block, cyclic), on many random
// instances of every host kind, with and without cores; when rb answers a
// launcher's placement, its note says so.
func TestDefaultNeverWorseThanLaunchers(t *testing.T) {
	hosts := []string{"torus:4x4x4", "mesh:8x8", "fattree:4,3", "fattree:2,6", "dragonfly:4,2,2,8",
		"torus:4x4:cores=4", "fattree:4,2:cores=4", "dragonfly:2,2,1,3:cores=6", "hypercube:6", "ring:64",
		"torus:4x4x2:cores=4", "fattree:4,2:cores=8"}
	noted, cores := 0, 0
	for i, host := range hosts {
		for seed := range uint64(6) {
			var g *guest.Graph
			switch seed % 3 {
			case 0:
				g = halo(t, [3]int{4, 4, 4}, true, seed+uint64(i))
			case 1:
				g = localGraph(t, 64, 6, seed+uint64(i))
			default:
				g = halo(t, [3]int{4, 4, 4}, false, seed+uint64(i))
			}
			name := fmt.Sprintf("%s seed %d", host, seed)
			gs, h := guest.SpecOf(g), mustHost(t, host)
			if first := solve.Applicable(gs, h)[0].Name; first != "rb" {
				t.Fatalf("%s: the default is %s, want rb", name, first)
			}
			least, rank := launchersHopBytes(g, h)
			if least < rank {
				cores++
			}
			for _, algo := range []string{"rb", "pairs"} {
				r := mapGraph(t, g, host, algo, 20_000)
				if r.Metrics.HopBytes > least {
					t.Errorf("%s by %s: %v hop-bytes, more than a launcher's %v", name, algo, r.Metrics.HopBytes, least)
				}
				if algo == "pairs" && r.Note != "" {
					t.Errorf("%s by pairs: note %q, which is its start rb's", name, r.Note)
				}
				if algo == "rb" && r.Note != "" {
					noted++
					if !strings.Contains(r.Note, ") answered: ") || r.Metrics.HopBytes != least {
						t.Errorf("%s: note %q with %v hop-bytes against the launchers' least %v", name, r.Note, r.Metrics.HopBytes, least)
					}
				}
			}
		}
	}
	if noted == 0 || cores == 0 {
		t.Errorf("a launcher beat rb's own placement on %d instances, block or cyclic beat rank order on %d: the floor is not exercised", noted, cores)
	}
	t.Logf("rb answered a launcher's placement on %d of %d instances; block or cyclic beat rank order on %d", noted, 6*len(hosts), cores)
}

func mustHost(t testing.TB, s string) topology.Host {
	t.Helper()
	_, h := solvetest.Pair(t, "grid:1x1", s)
	return h
}

// TestRBOnFatTreesNearPairs: rb cuts fat trees along their subtrees, so
// that its placement is within 1.15 times PAIRS's (seed 0, its stopping
// rule) on halos and local graphs, with and without cores; cut by
// coordinates it was near a random placement (grid:8x8 → fattree:4,3:
// 4.46 against PAIRS's 3.14).
func TestRBOnFatTreesNearPairs(t *testing.T) {
	for _, tt := range []struct {
		host string
		g    *guest.Graph
	}{
		{"fattree:4,3", halo(t, [3]int{8, 8, 1}, false, 0)},
		{"fattree:4,4", halo(t, [3]int{8, 8, 4}, true, 1)},
		{"fattree:2,8", localGraph(t, 256, 6, 2)},
		{"fattree:4,3:cores=4", halo(t, [3]int{8, 8, 4}, false, 3)},
		{"fattree:4,2:cores=8", localGraph(t, 128, 6, 4)},
	} {
		rb := mapGraph(t, tt.g, tt.host, "rb", 0).Metrics.HopsPerByte
		pairs := mapGraph(t, tt.g, tt.host, "pairs", 0).Metrics.HopsPerByte
		t.Logf("%s on %s: rb %.4f, pairs %.4f (%.3f×)", tt.g, tt.host, rb, pairs, rb/pairs)
		if rb > 1.15*pairs {
			t.Errorf("%s on %s: rb %.4f hops per byte, more than 1.15 × PAIRS's %.4f", tt.g, tt.host, rb, pairs)
		}
	}
}
