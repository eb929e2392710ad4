package export_test

import (
	"context"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestHostfileKeepsTheMappingsCost: a Slurm hostfile names nodes only,
// and the launcher binds a node's ranks to its first cores in rank order.
// Where cores are 0 apart that costs nothing, so every mapping is
// written; on nodes with an inside, a mapping whose binding costs more
// is refused with the hop-bytes it would give, and one already in rank
// order on each node is written.
func TestHostfileKeepsTheMappingsCost(t *testing.T) {
	for _, c := range []struct{ host, algo, want string }{
		{"fattree:2,2:node=4x2:dist=1,3", "rb", "gives 208 hop-bytes instead of 176; use json, csv, rankorder, scotch, mapfile or rankfile"},
		{"fattree:2,2:node=4x2:dist=1,3", "identity", ""},
		{"fattree:2,2:cores=8", "rb", ""},
	} {
		in, err := spec.ParseFields(func(k string) string {
			return map[string]string{"guest": "grid:8x4", "host": c.host, "algo": c.algo}[k]
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := solve.Map(context.Background(), in, nil)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		err = export.Write(&b, "slurm", r)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s by %s: %v, want %q", c.host, c.algo, err, c.want)
		}
	}
}
