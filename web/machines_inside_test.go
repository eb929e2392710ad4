package web

import (
	"testing"

	"topomap/backend/api"
)

// TestHwlocUploadGivesTheHostsNodesItsInside: an hwloc file, the inside
// of one node, goes onto the nodes of the host typed before (it replaced
// the host by its own one node, line:1:cores=2, which a guest of 8 did
// not fit); other machines, or a host that does not parse, give the
// machine's own host.
func TestHwlocUploadGivesTheHostsNodesItsInside(t *testing.T) {
	hwloc := api.Machine{Host: "line:1:cores=2", Node: ":node=2", Format: "hwloc-xml"}
	slurm := api.Machine{Host: "machine:0123456789abcdef0123456789abcdef", Format: "slurm"}
	for _, tc := range []struct {
		host string
		m    api.Machine
		want string
	}{
		{"ring:4", hwloc, "ring:4:node=2"},
		{"torus:4x4:cores=8", hwloc, "torus:4x4:node=2"},
		{"ring:", hwloc, "line:1:cores=2"},
		{"ring:4", slurm, slurm.Host},
	} {
		if got := withInside(tc.host, tc.m); got != tc.want {
			t.Errorf("%s, %s upload: host %q, want %q", tc.host, tc.m.Format, got, tc.want)
		}
	}
}
