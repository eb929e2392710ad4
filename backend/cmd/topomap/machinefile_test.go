package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// threeSwitches is a topology.conf in the manner of the Slurm
// documentation's example: dev0..dev2 under s0, dev3..dev5 under s1, both
// under s2.
const threeSwitches = "# test machine\nSwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"

// TestMapMachineFile: --host file:PATH maps onto a machine file (the
// host machine:ID, routed along the tree path: 6 nodes, 8 wires, 16
// directed links), which machine:ID then names in the same run; an
// unknown machine:ID and a malformed file are errors saying what to do.
func TestMapMachineFile(t *testing.T) {
	conf := writeFile(t, "topology.conf", threeSwitches)
	out, _, err := runArgs(t, "map", "--guest", "grid:3x2", "--host", "file:"+conf, "--algo", "pairs", "--seed", "1", "--format", "json")
	var r struct {
		Host    string `json:"host"`
		Metrics struct {
			Links   int    `json:"links"`
			Routing string `json:"routing"`
		} `json:"metrics"`
	}
	if err != nil || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("%v %s", err, out)
	}
	if !strings.HasPrefix(r.Host, "machine:") || r.Metrics.Routing != "tree path" || r.Metrics.Links != 16 {
		t.Errorf("host %s, routing %q, %d links; want machine:ID, tree path, 16 (%s)", r.Host, r.Metrics.Routing, r.Metrics.Links, out)
	}
	// machine:ID names the machine this run read, no other.
	if _, _, err := runArgs(t, "map", "--guest", "grid:3x2", "--host", r.Host, "--algo", "pairs"); err != nil {
		t.Errorf("machine:ID of the file read: %v", err)
	}
	if _, _, err := runArgs(t, "map", "--guest", "grid:3x2", "--host", "machine:0123456789abcdef0123456789abcdef", "--algo", "pairs"); err == nil || !strings.Contains(err.Error(), "--host file:PATH") {
		t.Errorf("an unknown machine:ID on the command line: %v", err)
	}
	bad := writeFile(t, "bad.conf", "SwitchName=s0 Nodes=a1\nSwitchName=s1 Switches=s0,s9\n")
	if _, _, err := runArgs(t, "map", "--guest", "grid:2x1", "--host", "file:"+bad, "--algo", "pairs"); err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), `"s9"`) {
		t.Errorf("malformed file: %v", err)
	}
}

// TestMachineCommand: machine writes a host as a Scotch target or a
// topology.conf, and a machine file's spec.
func TestMachineCommand(t *testing.T) {
	conf := writeFile(t, "topology.conf", threeSwitches)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--host", "tree:4x4:dist=1,10", "--format", "tgt"}, "tleaf 2 4 9 4 1\n"},
		{[]string{"--host", "fattree:4,3", "--format", "tgt"}, "tleaf 3 4 2 4 2 4 2\n"}, // each level adds 2 hops
		{[]string{"--host", "torus:4x4"}, "torus:4x4\n"},
		{[]string{"--host", "file:" + conf, "--format", "slurm"}, "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"},
	} {
		out, _, err := runArgs(t, append([]string{"machine"}, tt.args...)...)
		if err != nil || out != tt.want {
			t.Errorf("machine %v: %q (%v), want %q", tt.args, out, err, tt.want)
		}
	}
	tgt := writeFile(t, "host.tgt", "tleaf 2 4 9 4 1\n")
	if out, _, err := runArgs(t, "machine", "--host", "file:"+tgt); err != nil || out != "tree:4x4:dist=1,10\n" {
		t.Errorf("a tleaf file: %q (%v)", out, err)
	}
	if _, _, err := runArgs(t, "machine", "--host", "dragonfly:4,2,2,9", "--format", "tgt"); err == nil || !strings.Contains(err.Error(), "no Scotch target") {
		t.Errorf("dragonfly as tgt: %v", err)
	}
	if _, _, err := runArgs(t, "machine", "--host", "ring:4", "--format", "slurm"); err == nil || !strings.Contains(err.Error(), "named switches") {
		t.Errorf("ring as slurm: %v", err)
	}
}

// TestSubmitMachineFile: submit uploads the machine of --host
// file:PATH (a topology.conf; the server reads no path), which the
// server's store then holds, and the job maps onto machine:ID.
func TestSubmitMachineFile(t *testing.T) {
	ts, st := uploadServer(t)
	conf := writeFile(t, "topology.conf", threeSwitches)
	out, err := runCLI(t, "submit", "--wait", "--format", "json", "--server", ts.URL, "--guest", "grid:3x2", "--host", "file:"+conf, "--algo", "pairs")
	var res struct {
		Host string `json:"host"`
	}
	if err != nil || json.Unmarshal([]byte(out), &res) != nil || !strings.HasPrefix(res.Host, "machine:") {
		t.Fatalf("submit: %v\n%s", err, out)
	}
	rec, err := st.Graph(strings.TrimPrefix(res.Host, "machine:"))
	if err != nil || !rec.IsMachine() {
		t.Errorf("the server's store after submit: %+v, %v", rec, err)
	}
}

// TestCoordsFileIsAHost: --host file: of a torus coordinates file is the
// listed nodes, in the file's order and by their names (a rank per node,
// row-major: the launcher file names them in that order), on which an
// allocation names nodes too; machine --format coords writes the file
// back (its header canonical) and --format spec gives machine:ID.
func TestCoordsFileIsAHost(t *testing.T) {
	const text = "# torus 4x4x2 wrap=1,1,0\nnid00001 0 0 0\nnid00002 1 0 0\nnid00007 3 2 1\nnid00004 0 1 0\n"
	coords := writeFile(t, "coords.txt", text)
	out, _, err := runArgs(t, "map", "--guest", "grid:2x2", "--host", "file:"+coords, "--algo", "rowmajor", "--format", "slurm")
	if err != nil || out != "nid00001\nnid00002\nnid00007\nnid00004\n" {
		t.Errorf("map onto the listed nodes: %q (%v)", out, err)
	}
	out, _, err = runArgs(t, "map", "--guest", "grid:2x1", "--host", "file:"+coords, "--nodes", "nid0000[7,4]", "--algo", "rowmajor", "--format", "slurm")
	if err != nil || out != "nid00007\nnid00004\n" {
		t.Errorf("an allocation of the listed nodes: %q (%v)", out, err)
	}
	if out, _, err := runArgs(t, "machine", "--host", "file:"+coords, "--format", "coords"); err != nil || out != text {
		t.Errorf("written back: %q (%v), want %q", out, err, text)
	}
	if out, _, err := runArgs(t, "machine", "--host", "file:"+coords); err != nil || !strings.HasPrefix(out, "machine:") {
		t.Errorf("its spec: %q (%v)", out, err)
	}
	if _, _, err := runArgs(t, "machine", "--host", "ring:4", "--format", "coords"); err == nil || !strings.Contains(err.Error(), "listed nodes of a torus") {
		t.Errorf("ring as coords: %v", err)
	}
}

// TestMachineFilesOfSlurmBlocksAndYAML: --host file: of a topology/block
// topology.conf and of a topology.yaml maps and writes back as the
// topology.conf of its tree (the yaml's tree as the same lines).
func TestMachineFilesOfSlurmBlocksAndYAML(t *testing.T) {
	blocks := writeFile(t, "topology.conf", "BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n[3-4]\nBlockSizes=2,4\n")
	yaml := writeFile(t, "topology.yaml", "- topology: topo1\n  cluster_default: true\n  tree:\n    switches:\n"+
		"      - switch: s0\n        nodes: dev[0-2]\n      - switch: s1\n        nodes: dev[3-5]\n      - switch: s2\n        children: s[0-1]\n")
	for _, tt := range []struct{ path, want string }{
		{blocks, "SwitchName=b1 Nodes=n[1-2]\nSwitchName=b2 Nodes=n[3-4]\nSwitchName=b1..b2(4) Switches=b[1-2]\n"},
		{yaml, "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"},
	} {
		out, _, err := runArgs(t, "machine", "--host", "file:"+tt.path, "--format", "slurm")
		if err != nil || out != tt.want {
			t.Errorf("machine --host file:%s: %q (%v), want %q", tt.path, out, err, tt.want)
		}
		out, _, err = runArgs(t, "map", "--guest", "grid:2x2", "--host", "file:"+tt.path, "--algo", "pairs", "--seed", "1", "--format", "json")
		if err != nil || !strings.Contains(out, `"routing":"tree path"`) {
			t.Errorf("map --host file:%s: %v\n%.300s", tt.path, err, out)
		}
	}
}

// TestTopologyFlagReadsTheTopologyNamed: --topology NAME reads that
// topology of a --host file:PATH topology.yaml, not its default, in the
// machine command and in the commands of an instance (map, score: the
// machine:ID of the same blocks as a topology.conf); an
// unknown name lists the file's topologies, and a name on a
// topology.conf or on a host spec is refused.
func TestTopologyFlagReadsTheTopologyNamed(t *testing.T) {
	yaml := writeFile(t, "topology.yaml", "- topology: topo1\n  cluster_default: true\n  tree:\n    switches:\n"+
		"      - switch: s0\n        nodes: dev[0-2]\n      - switch: s1\n        nodes: dev[3-5]\n      - switch: s2\n        children: s[0-1]\n"+
		"- topology: topo2\n  block:\n    block_sizes: [2, 4]\n    blocks:\n      - block: b1\n        nodes: n[1-2]\n      - block: b2\n        nodes: n[3-4]\n")
	conf := writeFile(t, "topology.conf", "BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n[3-4]\nBlockSizes=2,4\n")
	out, errOut, err := runArgs(t, "machine", "--host", "file:"+yaml, "--topology", "topo2", "--format", "slurm")
	if want := "SwitchName=b1 Nodes=n[1-2]\nSwitchName=b2 Nodes=n[3-4]\nSwitchName=b1..b2(4) Switches=b[1-2]\n"; err != nil || out != want || errOut != "" {
		t.Errorf("machine --topology topo2: %q %q (%v), want %q and nothing on stderr", out, errOut, err, want)
	}
	// Without --topology, it says which it read, of those the file lists.
	if _, errOut, err := runArgs(t, "machine", "--host", "file:"+yaml); err != nil || !strings.Contains(errOut, "read topology topo1, the file's default, of topo1, topo2 (--topology NAME reads another)") {
		t.Errorf("machine without --topology: stderr %q (%v), want it to name the topology read", errOut, err)
	}
	host, _, err := runArgs(t, "machine", "--host", "file:"+conf)
	if err != nil {
		t.Fatal(err)
	}
	placement := writeFile(t, "placement.txt", "n1\nn2\nn3\nn4\n")
	for _, args := range [][]string{
		{"map", "--algo", "pairs", "--seed", "1"},
		{"score", "--placement", placement},
	} {
		args = append(args, "--guest", "grid:2x2", "--host", "file:"+yaml, "--topology", "topo2", "--format", "json")
		out, _, err := runArgs(t, args...)
		if err != nil || !strings.Contains(out, `"host":"`+strings.TrimSpace(host)+`"`) {
			t.Errorf("%s --topology topo2: %v, want host %s\n%.300s", args[0], err, host, out)
		}
	}
	for _, tt := range []struct {
		host, topology, want string
	}{
		{"file:" + yaml, "topo9", `no topology "topo9": this file has topo1 (tree, line 1, the default) and topo2 (block, line 11)`},
		{"file:" + conf, "topo1", "this Slurm topology.conf of blocks describes one machine"},
		{"ring:4", "topo1", "give --host file:PATH"},
	} {
		if _, _, err := runArgs(t, "map", "--guest", "grid:2x2", "--host", tt.host, "--topology", tt.topology, "--algo", "pairs"); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("--host %s --topology %s: %v, want an error saying %s", tt.host, tt.topology, err, tt.want)
		}
	}
}
