package machinefile_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// twoTopologies is a topology.yaml in the manner of topology.yaml(5)'s
// example: a tree, blocks, a flat topology; DEFAULT stands for the tree's
// cluster_default and BLOCKS for the blocks'.
const twoTopologies = `---
# topologies of the test cluster
- topology: topo1
  cluster_default: DEFAULT
  tree:
    switches:
      - switch: sw_root
        children: s[1-2]
      - switch: s1
        nodes: node[01-02]
        link_speed: 100
      - switch: s2
        nodes: "node[03-04]"  # a comment
- topology: topo2
  cluster_default: BLOCKS
  block:
    block_sizes:
      - 4
      - 16
    blocks:
      - block: b1
        nodes: node[01-04]
      - {block: b2, nodes: "node[05-08]"}
      - block: b3
        nodes: node[09-12]
      - block: b4
        nodes: node[13-16]
- topology: topo3
  flat: true
`

// yamlWith is twoTopologies with the tree's and the blocks'
// cluster_default.
func yamlWith(tree, blocks string) string {
	return strings.NewReplacer("DEFAULT", tree, "BLOCKS", blocks).Replace(twoTopologies)
}

// TestSlurmReadsTopologyYAML: the topology of a topology.yaml that Slurm
// uses outside partitions, the first of cluster_default: true, else the
// first, reads as the same machine (the same id) as its topology.conf.
func TestSlurmReadsTopologyYAML(t *testing.T) {
	tree := "SwitchName=sw_root Switches=s[1-2]\nSwitchName=s1 Nodes=node[01-02] LinkSpeed=100\nSwitchName=s2 Nodes=node[03-04]\n"
	blocks := "BlockName=b1 Nodes=node[01-04]\nBlockName=b2 Nodes=node[05-08]\nBlockName=b3 Nodes=node[09-12]\nBlockName=b4 Nodes=node[13-16]\nBlockSizes=4,16\n"
	for _, tt := range []struct {
		name, yaml, conf string
	}{
		{"the tree, cluster_default", yamlWith("true", "false"), tree},
		{"the tree, first of two defaults", yamlWith("true", "true"), tree},
		{"the tree, first without a default", yamlWith("false", "false"), tree},
		{"the blocks, cluster_default", yamlWith("false", "true"), blocks},
		{"the blocks without sizes", "- topology: t\n  block:\n    blocks:\n      - block: b1\n        nodes: n[1-2]\n      - block: b2\n        nodes: n[3-4]\n",
			"BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n[3-4]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := readSlurmText(t, tt.yaml, "slurm-yaml")
			want := readSlurmText(t, tt.conf, "slurm")
			sameDistances(t, h, want)
			if h.String() != want.String() {
				t.Errorf("read as %s, want %s", h, want)
			}
		})
	}
}

// TestSlurmTopologyYAMLErrors: every refusal of a topology.yaml names
// its line and what to write.
func TestSlurmTopologyYAMLErrors(t *testing.T) {
	tree := func(switches string) string {
		return "- topology: t\n  tree:\n    switches:\n" + switches
	}
	for _, tt := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"the default flat", strings.Replace(yamlWith("false", "false"), "- topology: topo1", "- topology: topo0\n  flat: true\n- topology: topo1", 1), 3,
			`topology "topo0" is flat (topology/flat), which gives no network: topomap reads tree, block, ring and torus3d topologies; this file has topo0 (flat, line 3, the default), topo1 (tree, line 5), topo2 (block, line 16) and topo3 (flat, line 30): name one of those`},
		{"YAML syntax: the parser names the line of the block", "- topology: t\n  tree:\n    switches:\n      - switch: a\n     nodes: n1\n", 2, "did not find expected key"},
		{"YAML syntax: a tab", "- topology: t\n\ttree:\n", 2, "found a tab character that violates indentation"},
		{"not a list", "topology: t\ntree: {}\n", 1, "want a list of topologies"},
		{"no name", "- cluster_default: true\n  tree: {}\n", 1, "a topology without its name"},
		{"no kind", "- topology: t\n  cluster_default: true\n", 1, `topology "t" has none of block, flat, ring, torus3d, tree`},
		{"two kinds", "- topology: t\n  flat: true\n  tree: {}\n", 3, `topology "t" is flat and tree`},
		{"a topology twice", "- topology: t\n  flat: true\n- topology: t\n  flat: true\n", 3, `topology "t" again (first on line 1)`},
		{"cluster_default not a bool", "- topology: t\n  cluster_default: maybe\n  flat: true\n", 2, `cluster_default: "maybe": want true or false`},
		{"no switches", "- topology: t\n  tree:\n    switch: a\n", 3, `tree of topology "t" has no switches:`},
		{"a switch without a name", tree("      - nodes: n1\n"), 4, "a switch without its name"},
		{"nodes as a list", tree("      - switch: a\n        nodes: [n1, n2]\n"), 5, "want nodes: a name or hostlist, not a list"},
		{"an alias", tree("      - switch: &a s1\n        nodes: n1\n      - switch: top\n        children: *a\n"), 7, "an alias (*a; aliases are not read)"},
		{"a switch under two", tree("      - switch: a\n        nodes: n1\n      - switch: b\n        nodes: n2\n      - switch: top\n        children: a,b\n      - switch: top2\n        children: a\n"),
			10, `switch "a" is under switch "top" (line 8) and switch "top2"`},
		{"a bad hostlist", tree("      - switch: a\n        nodes: n[1-\n"), 4, "nodes::"},
		{"a block size not a number", "- topology: t\n  block:\n    block_sizes: [4, x]\n    blocks:\n      - block: b\n        nodes: n1\n", 3, `block size "x": want a number of nodes`},
		{"a block size not of a power of two", "- topology: t\n  block:\n    block_sizes: [4, 12]\n    blocks:\n      - block: b\n        nodes: n1\n", 3, "block size 12 is not the base block's 4 times a power of two"},
		{"a block without nodes", "- topology: t\n  block:\n    blocks:\n      - block: b\n", 4, `block "b" has no nodes: want nodes:`},
		{"no switches in the list", tree("      []\n"), 0, "no switch, block, ring or torus in the topology read"},
		{"too many items", "- topology: t\n  tree:\n    switches: [" + strings.Repeat("a,", machinefile.MaxYAMLItems) + "]\n", 3, "more than 262,144 items"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, format, err := machinefile.Read(strings.NewReader(tt.text))
			checkFileError(t, err, tt.line, tt.want)
			if format != "slurm-yaml" {
				t.Errorf("read as %q, want slurm-yaml", format)
			}
		})
	}
}

// TestSlurmReadsTheTopologyNamed: Options.Topology reads the topology of
// that name, the default or not, as the same machine (the same id) as
// its topology.conf.
func TestSlurmReadsTheTopologyNamed(t *testing.T) {
	tree := "SwitchName=sw_root Switches=s[1-2]\nSwitchName=s1 Nodes=node[01-02]\nSwitchName=s2 Nodes=node[03-04]\n"
	blocks := "BlockName=b1 Nodes=node[01-04]\nBlockName=b2 Nodes=node[05-08]\nBlockName=b3 Nodes=node[09-12]\nBlockName=b4 Nodes=node[13-16]\nBlockSizes=4,16\n"
	for _, tt := range []struct {
		name, yaml, topology, conf, read string
	}{
		{"the blocks, not the default", yamlWith("true", "false"), "topo2", blocks, "topo2"},
		{"the tree, not the default", yamlWith("false", "true"), "topo1", tree, "topo1"},
		{"the default, named", yamlWith("true", "false"), "topo1", tree, "topo1"},
		{"the default, unnamed", yamlWith("false", "true"), "", blocks, "topo2"},
		{"the blocks after a flat default", strings.Replace(yamlWith("false", "false"), "- topology: topo1", "- topology: topo0\n  cluster_default: true\n  flat: true\n- topology: topo1", 1), "topo2", blocks, "topo2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, src, err := machinefile.ReadWith(strings.NewReader(tt.yaml), machinefile.Options{Topology: tt.topology})
			if err != nil || src.Format != "slurm-yaml" {
				t.Fatalf("read as %s: %v", src.Format, err)
			}
			// it says which it read, of those the file lists
			if src.Topology != tt.read || !slices.Contains(src.Topologies, tt.read) || len(src.Topologies) < 3 {
				t.Errorf("read topology %q of %q, want %s", src.Topology, src.Topologies, tt.read)
			}
			want := readSlurmText(t, tt.conf, "slurm")
			sameDistances(t, h, want)
			if h.String() != want.String() {
				t.Errorf("read as %s, want %s", h, want)
			}
		})
	}
}

// TestSlurmTopologyNamedErrors: a name the topology.yaml does not list is
// refused listing those it does (name, kind, line, the default marked); a
// name on a file of one machine is refused saying which files list
// several; a flat topology named is refused as the default is.
func TestSlurmTopologyNamedErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text, topology string
		line                 int
		want                 string
	}{
		{"an unknown name", yamlWith("false", "true"), "topo9", 0,
			`no topology "topo9": this file has topo1 (tree, line 3), topo2 (block, line 14, the default) and topo3 (flat, line 28)`},
		{"a name on a topology.conf", "SwitchName=s0 Nodes=dev[0-2]\n", "topo1", 0,
			`"topo1" names a ring or torus, and this Slurm topology.conf of switches describes one machine`},
		{"a name on a Scotch target", "tleaf 2 4 9 4 1\n", "topo1", 0, "a Scotch target describes one machine"},
		{"a flat topology named", yamlWith("true", "false"), "topo3", 28, `topology "topo3" is flat (topology/flat)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := machinefile.ReadWith(strings.NewReader(tt.text), machinefile.Options{Topology: tt.topology})
			checkFileError(t, err, tt.line, tt.want)
		})
	}
}
