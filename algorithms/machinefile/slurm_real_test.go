package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/internal/slurmtest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestSlurmLoadsOurTopologyConfAndShowsTheSameMachine has Slurm's own
// controller (slurmctld, topology/tree) load the topology.conf that
// topomap writes of a tree read from a topology.conf, and wants
// `scontrol show topology`, as Slurm prints it, to read back as the same
// machine: our file is Slurm's to read, names and hostlists included,
// and Slurm's output is ours.
func TestSlurmLoadsOurTopologyConfAndShowsTheSameMachine(t *testing.T) {
	for _, tt := range []struct{ name, conf string }{
		{"two levels", "SwitchName=s1 Nodes=tux[01-04]\nSwitchName=s2 Nodes=tux[05-08]\nSwitchName=top Switches=s[1-2]\n"},
		{"three levels, uneven, Cray names",
			"SwitchName=l0 Nodes=c0-0c0s0n[0-3]\nSwitchName=l1 Nodes=c0-0c0s1n[0-1]\nSwitchName=l2 Nodes=c0-0c0s2n[0-2]\n" +
				"SwitchName=a Switches=l[0-1]\nSwitchName=b Switches=l2\nSwitchName=spine Switches=a,b\n"},
		{"padded hostlists, leaves out of order", "SwitchName=leaf2 Nodes=nid[0009-0012]\nSwitchName=leaf0 Nodes=nid[0001-0004],nid0013\n" +
			"SwitchName=leaf1 Nodes=nid[0005-0008]\nSwitchName=root Switches=leaf[0-2]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, _, err := machinefile.Read(strings.NewReader(tt.conf))
			if err != nil {
				t.Fatal(err)
			}
			tree := h.(topology.NamedTree)
			var ours strings.Builder
			if err := machinefile.WriteSlurm(&ours, tree); err != nil {
				t.Fatal(err)
			}
			var nodes []string
			for v := range tree.Size() {
				nodes = append(nodes, tree.NodeName(v))
			}
			cluster := slurmtest.Start(t, slurmtest.Config{Nodes: nodes, CPUs: 1, Topology: ours.String()})
			shown := cluster.Output(t, "scontrol", "show", "topology")
			back, _, err := machinefile.Read(strings.NewReader(shown))
			if err != nil {
				t.Fatalf("scontrol show topology: %v\n%s\nour topology.conf:\n%s", err, shown, ours.String())
			}
			if back.String() != h.String() {
				t.Errorf("Slurm shows %s, we wrote %s; scontrol:\n%s\nour topology.conf:\n%s", back, h, shown, ours.String())
			}
		})
	}
}
