package export_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/internal/slurmtest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestSrunRunsEachRankWhereTheSlurmHostfileSays has Slurm's own srun
// launch ranks by our slurm files (SLURM_HOSTFILE, srun
// --distribution=arbitrary) on a throwaway cluster whose nodes bear the
// files' host names, and wants each rank on the node of its slot: several
// ranks to a node, nodes left empty, and names of every kind (the host's
// own, hostlist expressions, Cray's, a preset's).
func TestSrunRunsEachRankWhereTheSlurmHostfileSays(t *testing.T) {
	cray, _, lastTwo := launcherNames(t)
	// not nid[001-006] beside the preset's nid00254: Slurm mixes up names
	// of one prefix and numbers of two widths in one cluster (1 launch in
	// 7 failed on nid00255, "Invalid node name specified")
	tuxes, err := export.ExpandHostnames([]string{"tux[001-006]"}, 6)
	must(t, err)
	type run struct {
		name  string
		r     *solve.Result
		names export.Hostnames
	}
	runs := []run{
		{"cores and holes", result(t, "grid:5x4", "mesh:3x2:cores=4", "shuffle", shuffled(20, 24, 2)), nil},
		{"hostlist names", result(t, "grid:4x4", "mesh:3x2:cores=4", "shuffle", shuffled(16, 24, 1)), tuxes},
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
			want, _ := placesOf(r.r.Mapping.Host, r.r.Mapping.Place, r.names)
			var hostfile bytes.Buffer
			must(t, export.WriteWith(&hostfile, "slurm", r.r, export.Options{Hostnames: r.names}))
			path := filepath.Join(t.TempDir(), "hostfile")
			must(t, os.WriteFile(path, hostfile.Bytes(), 0o644))
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

// TestSrunRunsAJobWhereTopomapPlacesItOnItsAllocation runs a user's
// whole workflow on a Slurm cluster of two leaf switches: the machine
// read from Slurm's `scontrol show topology`, the job's nodes from
// salloc's SLURM_JOB_NODELIST (two under each switch), a halo exchange
// mapped onto them, 4 ranks a node (as --nodes and --ranks-per-node do),
// the slurm hostfile written, and srun inside such an allocation: the
// placement uses the allocated nodes only, and every rank runs on the
// node of its slot.
func TestSrunRunsAJobWhereTopomapPlacesItOnItsAllocation(t *testing.T) {
	var names []string
	for i := 1; i <= 8; i++ {
		names = append(names, "tux"+strconv.Itoa(i))
	}
	cluster := slurmtest.Start(t, slurmtest.Config{Nodes: names, CPUs: 4, Jobs: true,
		Topology: "SwitchName=s1 Nodes=tux[1-4]\nSwitchName=s2 Nodes=tux[5-8]\nSwitchName=top Switches=s[1-2]\n"})
	host, _, err := machinefile.Read(strings.NewReader(cluster.Output(t, "scontrol", "show", "topology")))
	must(t, err)
	const asked = "tux[2-3,6-7]"
	nodelist := strings.TrimSpace(cluster.Output(t, "salloc", "-N", "4", "-w", asked, "/bin/sh", "-c", "echo $SLURM_JOB_NODELIST"))
	guest, err := spec.ParseGuest("grid:4x4")
	must(t, err)
	r, err := solve.Map(context.Background(), spec.Instance{Guest: guest, Host: host, Algo: "pairs", Nodes: nodelist, RanksPerNode: 4}, nil)
	must(t, err)
	var hostfile bytes.Buffer
	must(t, export.WriteWith(&hostfile, "slurm", r, export.Options{}))
	path := filepath.Join(t.TempDir(), "hostfile")
	must(t, os.WriteFile(path, hostfile.Bytes(), 0o644))
	want, hosts := placesOf(r.Mapping.Host, r.Mapping.Place, nil)
	if slices.Sort(hosts); strings.Join(hosts, ",") != "tux2,tux3,tux6,tux7" {
		t.Fatalf("the placement uses nodes %v, not the allocation %s (salloc's %s)", hosts, asked, nodelist)
	}
	got := srunNodes(t, cluster, path, 16, "salloc", "-N", "4", "-n", "16", "-w", nodelist)
	for rank := range r.Mapping.Place {
		if got[rank] != want[rank].node {
			t.Errorf("rank %d: srun runs it on %q, the placement says %q", rank, got[rank], want[rank].node)
		}
	}
	if len(got) != 16 || t.Failed() {
		t.Errorf("srun ran %d ranks of 16; our hostfile:\n%s", len(got), hostfile.String())
	}
}

// srunNodes launches n ranks on cluster by the hostfile at path (srun
// under the command before it, if any: salloc and its options) and
// returns the node each rank ran on, as the rank itself saw it.
func srunNodes(t *testing.T, cluster *slurmtest.Cluster, path string, n int, before ...string) map[int]string {
	t.Helper()
	args := append(before, "srun", "-n", strconv.Itoa(n), "--distribution=arbitrary", "/bin/sh", "-c", `echo "$SLURM_PROCID $SLURMD_NODENAME"`)
	cmd := cluster.Command(args[0], args[1:]...)
	cmd.Env = append(cmd.Env, "SLURM_HOSTFILE="+path)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("srun: %v\n%s%s\nthe daemons' logs:\n%s", err, out, stderr.String(), cluster.Logs())
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
