package solve_test

import (
	"strconv"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// listedNodes registers every third node of torus:4x4x4 from node 1 (22
// nodes, named n1, n4, …), listed in reverse index order, and returns the
// machine and the torus.
func listedNodes(t *testing.T) (*topology.Listed, topology.Host) {
	t.Helper()
	torus, err := topology.Parse("torus:4x4x4")
	if err != nil {
		t.Fatal(err)
	}
	var places []int
	var names []string
	for u := torus.Size() - 1; u >= 0; u-- {
		if u%3 == 1 {
			places, names = append(places, u), append(names, "n"+strconv.Itoa(u))
		}
	}
	l, err := topology.NewListed(torus, places, names)
	if err != nil {
		t.Fatal(err)
	}
	topology.RegisterMachine(l)
	return l, torus
}

// TestEveryAlgorithmOnListedNodes runs every algorithm that applies on
// the listed nodes of a torus (a coordinates file's machine), alone and
// with cores, and checks each placement: a valid mapping whose hop-bytes
// are those recomputed on the whole torus from the listed nodes' places
// (a grid's arcs, one byte each way).
func TestEveryAlgorithmOnListedNodes(t *testing.T) {
	l, torus := listedNodes(t)
	places := l.Places()
	for _, c := range []struct {
		guest    string
		a, b, rc int // grid a×b; slots per node
	}{
		{"grid:4x5", 4, 5, 1},
		{"grid:6x7", 6, 7, 2},
	} {
		host := l.String()
		if c.rc > 1 {
			host += ":cores=" + strconv.Itoa(c.rc)
		}
		g, h := solvetest.Pair(t, c.guest, host)
		algos := solve.Applicable(g, h)
		if len(algos) < 3 {
			t.Errorf("%s on %s: only %d algorithms apply", c.guest, host, len(algos))
		}
		for _, a := range algos {
			in := spec.Instance{Guest: g, Host: h, Algo: a.Name, Seed: 1, Moves: 20000}
			r, err := solve.Map(t.Context(), in, nil)
			if err != nil {
				t.Errorf("%s on %s by %s: %v", c.guest, host, a.Name, err)
				continue
			}
			node := func(v int) int { return places[r.Mapping.Place[v]/c.rc] }
			want := 0
			for y := range c.b {
				for x := range c.a {
					v := x + c.a*y
					if x+1 < c.a {
						want += 2 * torus.Hops(node(v), node(v+1))
					}
					if y+1 < c.b {
						want += 2 * torus.Hops(node(v), node(v+c.a))
					}
				}
			}
			if r.Metrics.HopBytes != float64(want) {
				t.Errorf("%s on %s by %s: hop-bytes %v, recomputed on the torus %d", c.guest, host, a.Name, r.Metrics.HopBytes, want)
			}
		}
	}
}
