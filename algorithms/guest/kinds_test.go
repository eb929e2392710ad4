package guest_test

import (
	"testing"

	"topomap/algorithms/guest"
)

// TestRegisteredKinds checks every registered guest kind on its examples:
// the string is canonical, and the built graph has the spec's order, the
// same string, and is symmetric (every arc has its reverse with the same
// volume), as the mappers require.
func TestRegisteredKinds(t *testing.T) {
	for _, k := range guest.Kinds() {
		if k.External {
			continue // TestWeightedKind
		}
		if len(k.Examples) == 0 {
			t.Errorf("kind %s registers no examples", k.Name)
		}
		for _, s := range k.Examples {
			sp, err := guest.Parse(s)
			if err != nil {
				t.Fatalf("example %q: %v", s, err)
			}
			g, err := sp.Build()
			if err != nil {
				t.Fatalf("example %q does not build: %v", s, err)
			}
			if sp.String() != s || g.String() != s || sp.Kind != k.Kind || g.Order() != sp.Order() {
				t.Errorf("%q: spec %q, graph %q of %d vertices, want %d", s, sp, g, g.Order(), sp.Order())
			}
			for v := range g.Order() {
				for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
					u := int(g.Adj[e])
					found := false
					for f := g.Offsets[u]; f < g.Offsets[u+1]; f++ {
						found = found || int(g.Adj[f]) == v && g.Volume(int(f)) == g.Volume(int(e))
					}
					if !found {
						t.Fatalf("%q: arc %d→%d has no reverse of the same volume", s, v, u)
					}
				}
			}
		}
	}
}

// TestKindsNameTheirParts: a kind whose guests label their edges names
// the labels, one whose guests have coordinates says where a vertex sits,
// and a step view needs coordinates (its steps are the first one's
// values or the labels), so that the pages and drawings, which read
// these words, have one for every part they show.
func TestKindsNameTheirParts(t *testing.T) {
	for _, k := range guest.Kinds() {
		for _, ex := range k.Examples {
			g, w := built(t, ex), guest.WordsOf(k.Kind)
			if g.Label != nil && w.Label == "" {
				t.Errorf("%s labels its edges but names no label", ex)
			}
			if len(g.Coords(0, nil)) > 0 && w.Vertex == nil {
				t.Errorf("%s has coordinates but no words for a vertex", ex)
			}
			if w.Step != "" && (len(g.Dims) == 0 || w.ByLabel && g.Label == nil) {
				t.Errorf("%s has a step view (%s) without what its steps count", ex, w.Step)
			}
		}
	}
}

// TestBipartiteAgreesWithAColouring: the kinds' closed form of
// Bipartite says what a breadth-first two-colouring of the built graph
// finds, on every example and on periodic grids of odd and even sides;
// a weighted graph's is false (not computed).
func TestBipartiteAgreesWithAColouring(t *testing.T) {
	specs := []string{"grid:3x1:wrap", "grid:4x3:wrap", "grid:5x1:wrap", "grid:4x4:wrap", "grid:2x6:wrap", "grid:3x3", "grid:4x4x3:wrap", "hypercube:1", "hypercube:5"}
	for _, k := range guest.Kinds() {
		specs = append(specs, k.Examples...)
	}
	for _, s := range specs {
		g := built(t, s)
		if got, want := g.Bipartite(), twoColours(g); got != want {
			t.Errorf("%s: Bipartite() = %v, a colouring finds %v", s, got, want)
		}
	}
	twoPairs, _ := guest.FromEdges(4, []guest.Edge{{U: 0, V: 1, Volume: 1}, {U: 2, V: 3, Volume: 1}})
	if twoPairs.Bipartite() {
		t.Error("a weighted graph (two pairs, which two colours would colour) says it is bipartite: its kind has no closed form, so it is not known")
	}
}

// twoColours reports whether a breadth-first search colours g's
// vertices in two with no edge inside a colour. O(n + arcs).
func twoColours(g *guest.Graph) bool {
	colour := make([]int8, g.Order())
	for s := range colour {
		if colour[s] != 0 {
			continue
		}
		colour[s] = 1
		queue := []int{s}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, u := range g.Neighbors(v) {
				switch colour[u] {
				case 0:
					colour[u] = -colour[v]
					queue = append(queue, int(u))
				case colour[v]:
					return false
				}
			}
		}
	}
	return true
}
