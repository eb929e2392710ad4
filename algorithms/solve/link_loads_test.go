package solve_test

import (
	"slices"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
)

// TestResultKeepsItsLinkLoads: a result hands out the link loads its
// metrics counted, equal to counting them again, and a result built
// without them (as a stored job's is) counts them on first use; a host
// without a routing rule has none.
func TestResultKeepsItsLinkLoads(t *testing.T) {
	for _, c := range []struct{ algo, guest, host string }{
		{"xor", "hypercube:6", "torus:8x8"},
		{"rb", "grid:6x6", "fattree:6,2"},
		{"greedy", "grid:4x4", "tree:4x4:dist=1,10"},
	} {
		r := mustMap(t, c.algo, c.guest, c.host)
		load, msgs, ok := metric.LinkLoads(r.Mapping)
		got, gotMsgs, gotOK := r.LinkLoads()
		if gotOK != ok || !slices.Equal(got, load) || !slices.Equal(gotMsgs, msgs) {
			t.Errorf("%+v: the result's loads differ from a count of its mapping (ok %v, %v)", c, gotOK, ok)
		}
		if again, _, _ := r.LinkLoads(); len(again) > 0 && &again[0] != &got[0] {
			t.Errorf("%+v: the loads were counted twice", c)
		}
		bare := &solve.Result{Mapping: r.Mapping, Metrics: r.Metrics}
		if lazy, _, lazyOK := bare.LinkLoads(); lazyOK != ok || !slices.Equal(lazy, load) {
			t.Errorf("%+v: a result without loads counts %v, want %v", c, lazy, load)
		}
		if ok != (r.Metrics.MaxLinkLoad != nil) {
			t.Errorf("%+v: loads %v but max link load %v", c, ok, r.Metrics.MaxLinkLoad)
		}
	}
}
