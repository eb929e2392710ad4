package export_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/internal/slurmtest"
	"topomap/algorithms/solve"
)

// TestSrunRunsEachRankWhereTheSlurmHostfileSays has Slurm's own srun
// launch ranks by our slurm files (SLURM_HOSTFILE, srun
// --distribution=arbitrary) on a throwaway cluster whose nodes bear the
// files' host names, and wants each rank on the node of its slot: several
// ranks to a node, nodes left empty, and names of every kind (the host's
// own, hostlist expressions, Cray's, a preset's).
func TestSrunRunsEachRankWhereTheSlurmHostfileSays(t *testing.T) {
	cray, nids, lastTwo := launcherNames(t)
	type run struct {
		name  string
		r     *solve.Result
		names export.Hostnames
	}
	runs := []run{
		{"cores and holes", result(t, "grid:5x4", "mesh:3x2:cores=4", "shuffle", shuffled(20, 24, 2)), nil},
		{"hostlist names", result(t, "grid:4x4", "mesh:3x2:cores=4", "shuffle", shuffled(16, 24, 1)), nids},
		{"no cores and Cray names", result(t, "grid:3x2", "mesh:4x2", "shuffle", shuffled(6, 8, 3)), cray},
		{"a preset's own names", result(t, "grid:8x4", "preset:xe6-slice", "shuffle", lastTwo), nil},
	}
	var nodes []string
	for _, r := range runs {
		_, hosts := placesOf(r.r.Mapping.Host, r.r.Mapping.Place, r.names)
		for _, h := range hosts {
			if !slices.Contains(nodes, h) {
				nodes = append(nodes, h)
			}
		}
	}
	cluster := slurmtest.Start(t, slurmtest.Config{Nodes: nodes, CPUs: 16, Jobs: true})
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			var hostfile bytes.Buffer
			must(t, export.WriteWith(&hostfile, "slurm", r.r, export.Options{Hostnames: r.names}))
			path := filepath.Join(t.TempDir(), "hostfile")
			must(t, os.WriteFile(path, hostfile.Bytes(), 0o644))
			want, _ := placesOf(r.r.Mapping.Host, r.r.Mapping.Place, r.names)
			got := srunNodes(t, cluster, path, len(r.r.Mapping.Place))
			for rank := range r.r.Mapping.Place {
				if got[rank] != want[rank].node {
					t.Errorf("rank %d: srun runs it on %q, the placement says %q", rank, got[rank], want[rank].node)
				}
			}
			if len(got) != len(r.r.Mapping.Place) || t.Failed() {
				t.Errorf("srun ran %d ranks of %d; our hostfile:\n%s", len(got), len(r.r.Mapping.Place), hostfile.String())
			}
		})
	}
}

// srunNodes launches n ranks on cluster by the hostfile at path and
// returns the node each rank ran on, as the rank itself saw it.
func srunNodes(t *testing.T, cluster *slurmtest.Cluster, path string, n int) map[int]string {
	t.Helper()
	cmd := cluster.Command("srun", "-n", strconv.Itoa(n), "--distribution=arbitrary", "/bin/sh", "-c", `echo "$SLURM_PROCID $SLURMD_NODENAME"`)
	cmd.Env = append(cmd.Env, "SLURM_HOSTFILE="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("srun: %v\n%s", err, out)
	}
	got := map[int]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		rank, node, ok := strings.Cut(line, " ")
		r, err := strconv.Atoi(rank)
		if !ok || err != nil {
			t.Fatalf("srun printed %q", line)
		}
		got[r] = node
	}
	return got
}
