package topology_test

import (
	"testing"

	"topomap/algorithms/topology"
)

// TestNodeSuffixErrorsSayWhatToWrite: a suffix after :node=, cores given
// by both :cores= and :node= (or by a tree's levels of cost 0), :node=
// twice and an inside on nodes under routers each say what is wrong and
// what to write, without a package prefix; what was accepted still is.
func TestNodeSuffixErrorsSayWhatToWrite(t *testing.T) {
	const once = "a node's cores are given once, by :cores=C (cores 0 apart) or by :node=S1x…:dist=D1,… (cores in groups)"
	const order = "a host spec ends with its suffixes in this order: :nodes-per-router=P, :cores=C, :node=S1x…:dist=D1,…"
	for _, c := range []struct{ in, want string }{
		{"ring:8:node=2x2:dist=1,2:cores=2", `":cores=2" after node=: ` + once},
		{"ring:8:node=2x2:cores=2", `":cores=2" after node=: ` + once},
		{"ring:8:node=2x2:dist=1,2:nodes-per-router=2", `":nodes-per-router=2" after node=: ` + order},
		{"ring:8:node=2x2:dist=1,2:wrap=1", `":wrap=1" after node=: ` + order},
		{"tree:4x4:dist=1,2:cores=2:node=2:dist=1", "node= on tree:4x4:dist=1,2:cores=2, whose nodes have 2 cores already: " + once},
		{"torus:2x2:cores=2:node=2", "node= on torus:2x2:cores=2, whose nodes have 2 cores already: " + once},
		{"tree:2x4:dist=0,2:cores=2", "cores=2 on tree:4:dist=2:cores=2, whose nodes have 2 cores already: " + once},
		{"ring:8:cores=2:cores=2", "cores= given twice: " + once},
		{"preset:xe6-slice:cores=2", "preset:xe6-slice has 16 cores per node already (torus:4x4x8:nodes-per-router=2:cores=16): for 2, write torus:4x4x8:nodes-per-router=2:cores=2"},
		{"ring:8:node=2:dist=1:node=2", "node= given twice: a node's inside is given once, :node=S1x…:dist=D1,…"},
		{"torus:4x4:nodes-per-router=2:node=2:dist=1", "node=…:dist= on torus:4x4:nodes-per-router=2: nodes under routers (:nodes-per-router=) take cores 0 apart, :cores=C, not an inside"},
	} {
		_, err := topology.Parse(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
	for _, in := range []string{"ring:8:node=2x2:dist=1,2", "torus:4x4:nodes-per-router=2:node=2", "tree:4x4:dist=1,2:node=2:dist=1", "preset:xe6-slice"} {
		if _, err := topology.Parse(in); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
}
