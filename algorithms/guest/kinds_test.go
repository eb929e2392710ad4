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
