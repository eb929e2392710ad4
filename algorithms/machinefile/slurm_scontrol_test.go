package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestScontrolShowTopologyReadsAsItsFile: what `scontrol show topology`
// prints of a tree, blocks or rings reads as the same machine (the same
// id) as the topology.conf Slurm read: a switch's nodes listed beside its
// switches are checked, not hung from it (before, every node was "under
// two switches"), and the sizes of the blocks and their aggregates are
// the file's BlockSizes (before, AggregatedBlock= lines were refused).
func TestScontrolShowTopologyReadsAsItsFile(t *testing.T) {
	for _, tt := range []struct {
		name, shown, conf string
	}{
		{"a tree, the leaves first",
			"SwitchName=s0 Level=0 LinkSpeed=1 Nodes=tux[0-3]\nSwitchName=s1 Level=0 LinkSpeed=1 Nodes=tux[4-7]\nSwitchName=s2 Level=1 LinkSpeed=1 Nodes=tux[0-7] Switches=s[0-1]\n",
			"SwitchName=s0 Nodes=tux[0-3]\nSwitchName=s1 Nodes=tux[4-7]\nSwitchName=s2 Switches=s[0-1]\n"},
		{"a tree of three levels",
			"SwitchName=a Level=0 LinkSpeed=1 Nodes=n[1-2]\nSwitchName=b Level=0 LinkSpeed=1 Nodes=n[3-4]\nSwitchName=c Level=0 LinkSpeed=1 Nodes=n5\n" +
				"SwitchName=ab Level=1 LinkSpeed=1 Nodes=n[1-4] Switches=a,b\nSwitchName=top Level=2 LinkSpeed=1 Nodes=n[1-5] Switches=ab,c\n",
			"SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n[3-4]\nSwitchName=c Nodes=n5\nSwitchName=ab Switches=a,b\nSwitchName=top Switches=ab,c\n"},
		{"blocks and their aggregates",
			"BlockName=b1 BlockIndex=0 Nodes=n[1-4] BlockSize=4\nBlockName=b2 BlockIndex=1 Nodes=n[5-8] BlockSize=4\nBlockName=b3 BlockIndex=2 Nodes=n[9-12] BlockSize=4\n" +
				"BlockName=b4 BlockIndex=3 Nodes=n[13-16] BlockSize=4\nAggregatedBlock=b1-b2 BlockIndex=4 Nodes=n[1-8] BlockSize=8\nAggregatedBlock=b3-b4 BlockIndex=5 Nodes=n[9-16] BlockSize=8\n",
			"BlockName=b1 Nodes=n[1-4]\nBlockName=b2 Nodes=n[5-8]\nBlockName=b3 Nodes=n[9-12]\nBlockName=b4 Nodes=n[13-16]\nBlockSizes=4,8\n"},
		{"rings", "RingName=r0 Nodes=n[1-8] RingSize=8\n", "RingName=r0 Nodes=n[1-8]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			shown, _, err := machinefile.Read(strings.NewReader(tt.shown))
			if err != nil {
				t.Fatal(err)
			}
			conf, _, err := machinefile.Read(strings.NewReader(tt.conf))
			if err != nil {
				t.Fatal(err)
			}
			if shown.String() != conf.String() {
				t.Errorf("scontrol's output reads as %s, its topology.conf as %s", shown, conf)
			}
		})
	}
}

// TestScontrolShowTopologyErrors: nodes listed beside a switch's switches
// that are not the nodes under them, and scontrol's block sizes without
// blocks, are refused at their line.
func TestScontrolShowTopologyErrors(t *testing.T) {
	leaves := "SwitchName=s0 Level=0 LinkSpeed=1 Nodes=tux[0-3]\nSwitchName=s1 Level=0 LinkSpeed=1 Nodes=tux[4-7]\n"
	for _, tt := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"a node not under the switches", leaves + "SwitchName=s2 Level=1 LinkSpeed=1 Nodes=tux[0-8] Switches=s[0-1]\n", 3, `switch "s2" lists node "tux8" beside its switches, and it is not once under them`},
		{"a node listed twice", leaves + "SwitchName=s2 Level=1 LinkSpeed=1 Nodes=tux[0-7],tux3 Switches=s[0-1]\n", 3, `lists node "tux3" beside its switches, and it is not once under them`},
		{"a node left out", leaves + "SwitchName=s2 Level=1 LinkSpeed=1 Nodes=tux[0-6] Switches=s[0-1]\n", 3, `switch "s2" lists 7 nodes beside its switches, which hold 8 nodes`},
		{"an aggregate without its size", "BlockName=b1 BlockIndex=0 Nodes=n[1-4] BlockSize=4\nAggregatedBlock=b1 BlockIndex=1 Nodes=n[1-4]\n", 2, "AggregatedBlock= without BlockSize="},
		{"a size that is no number", "BlockName=b1 BlockIndex=0 Nodes=n[1-4] BlockSize=four\n", 1, `BlockSize="four": want a number of nodes`},
		{"sizes not a power of two apart", "BlockName=b1 BlockIndex=0 Nodes=n[1-4] BlockSize=4\nBlockName=b2 BlockIndex=1 Nodes=n[5-8] BlockSize=4\nAggregatedBlock=x BlockIndex=2 Nodes=n[1-8] BlockSize=12\n", 1, "block size 12 is not the base block's 4 times a power of two"},
		{"a torus", "TorusName=pod1 Dims=4x4x2 Nodes=node[01-32]\n  TorusName=pod1 PlacementDims=2x2x1(4) Anchors=8\n", 1, "read its topology.yaml (torus3d:"},
		{"aggregates beside switches", "SwitchName=s0 Nodes=n1\nAggregatedBlock=x BlockIndex=2 Nodes=n1 BlockSize=8\n", 2, "block sizes (BlockSize=) in a topology without blocks"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := machinefile.Read(strings.NewReader(tt.text))
			checkFileError(t, err, tt.line, tt.want)
		})
	}
}
