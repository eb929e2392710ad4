package machinefile_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// nodeNamesTests are node names in node-index order and the index of the
// one that launcher files cannot carry (-1: none).
var nodeNamesTests = []struct {
	name  string
	nodes []string
	bad   int
}{
	{"letters, digits, dots, hyphens and underscores", []string{"nid00001", "node-1.rack_2", "N3"}, -1},
	{"a name a launcher reads as an option", []string{"n1", "-x", "n2"}, 1},
	{"a name not in ASCII", []string{"n1", "nœud1"}, 1},
	{"a backslash", []string{`n\1`, "n2"}, 0},
	{"a name longer than a DNS name", []string{"n1", "n2", strings.Repeat("a", export.MaxHostname+1)}, 2},
}

// slurmOneNodePerSwitch is a topology.conf that hangs node i from switch
// si on line i+1, all under one switch (its name escaped as Slurm wants
// a backslash and a '#').
func slurmOneNodePerSwitch(nodes []string) string {
	var b strings.Builder
	escape := strings.NewReplacer(`\`, `\\`, "#", `\#`)
	for i, n := range nodes {
		fmt.Fprintf(&b, "SwitchName=s%d Nodes=%s\n", i, escape.Replace(n))
	}
	fmt.Fprintf(&b, "SwitchName=top Switches=s[0-%d]\n", len(nodes)-1)
	return b.String()
}

// coordsOnALine is a coordinates file that lists node i on line i+2.
func coordsOnALine(nodes []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# torus %d\n", len(nodes))
	for i, n := range nodes {
		fmt.Fprintf(&b, "%s %d\n", n, i)
	}
	return b.String()
}

// TestReadersRefuseNamesLaunchersCannotCarry: a Slurm topology.conf and a
// torus coordinates file refuse a node name that launcher files cannot
// carry at its line, in the words of export.CheckHostnames (the rule of
// --hostnames, which names the node by its position), and read the names
// it allows.
func TestReadersRefuseNamesLaunchersCannotCarry(t *testing.T) {
	for _, format := range []struct {
		name      string
		file      func([]string) string
		firstLine int // of node 0
	}{{"slurm", slurmOneNodePerSwitch, 1}, {"coords", coordsOnALine, 2}} {
		for _, tt := range nodeNamesTests {
			t.Run(format.name+"/"+tt.name, func(t *testing.T) {
				h, _, err := machinefile.Read(strings.NewReader(format.file(tt.nodes)))
				if tt.bad < 0 {
					wantNodeNames(t, h, err, tt.nodes)
					return
				}
				want := export.CheckHostnames(tt.nodes, len(tt.nodes)).Error()
				var fe *graphfile.Error
				if !errors.As(err, &fe) || fe.Line != format.firstLine+tt.bad || fe.Msg != want {
					t.Errorf("error %v, want one of line %d saying %q", err, format.firstLine+tt.bad, want)
				}
			})
		}
	}
}

// wantNodeNames wants h, read without error, to name its nodes so.
func wantNodeNames(t *testing.T, h topology.Host, err error, nodes []string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range nodes {
		if got := h.(topology.Named).NodeName(i); got != want {
			t.Errorf("node %d is %q, want %q", i, got, want)
		}
	}
}
