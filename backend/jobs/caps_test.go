package jobs_test

import (
	"strings"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// TestHostOverCapCountsSlots: a host above the size cap is told by what
// the cap counts: its nodes, or for nodes with cores (":cores=C",
// ":node=…") its nodes × cores = slots, never its slots called nodes.
// Nodes under routers (":nodes-per-router=P") are nodes.
func TestHostOverCapCountsSlots(t *testing.T) {
	noCheck := func(spec.Instance) (solve.Algorithm, error) { return solve.Algorithm{}, nil }
	for _, tc := range []struct {
		name, host string
		cap        int
		says, not  string
	}{
		{"cores", "torus:64x64:cores=512", 1 << 20, "has 4,096 nodes × 512 cores = 2,097,152 slots, more than this server's cap of 1,048,576 slots", "2,097,152 nodes"},
		{"cores under the sync cap", "torus:64x64:cores=512", 1 << 14, "4,096 nodes × 512 cores = 2,097,152 slots, more than this server's cap of 16,384 slots", "2,097,152 nodes"},
		{"a node inside", "torus:4x4:node=2x4:dist=1,2", 64, "16 nodes × 8 cores = 128 slots, more than this server's cap of 64 slots", "128 nodes"},
		{"nodes without cores", "ring:16", 8, "has 16 nodes, more than this server's cap of 8", "slots"},
		{"nodes under routers", "torus:4x4:nodes-per-router=2", 16, "has 32 nodes, more than this server's cap of 16", "cores"},
		{"cores of nodes under routers", "torus:4x4:nodes-per-router=2:cores=4", 64, "32 nodes × 4 cores = 128 slots", "128 nodes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := instance(t, "grid:2x2", tc.host, "greedy")
			err := jobs.CheckCaps(in, tc.cap, time.Hour, noCheck)
			if spec.FieldOf(err) != "host" || !strings.Contains(err.Error(), tc.says) || strings.Contains(err.Error(), tc.not) {
				t.Fatalf("%v (field %q), want the host named, saying %q and not %q", err, spec.FieldOf(err), tc.says, tc.not)
			}
		})
	}
}
