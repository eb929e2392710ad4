package machinefile_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// FuzzReadMachine: any input, with any topology named (Options.Topology),
// is a host or an error of the file (never a panic); a machine (a switch tree, listed nodes of a torus) written back
// reads as the same machine, and a
// host written as a Scotch target reads back with the same distances.
func FuzzReadMachine(f *testing.F) {
	conf, _ := os.ReadFile("testdata/three-switches.conf")
	for _, s := range []string{string(conf), "tleaf 2 4 9 4 1", "cmplt 3", "mesh3D 2 2 2", "torusXD 1 4", "hcub 2",
		"pack:2 numa:2 core:4 pu:2", fourNodes, "Package:2 Group:2 [NUMANode(memory=1 indexes=1,0)] L2Cache:2(size=4) Core:2 PU:2",
		"\ufeffpack:2 core:2", "cmpltw 4 1 2 3 4", "MESH2D 2 3", "# Torus 4X4\nn0 0 0\n", "# mesh 2x2\n", "SwitchName=a Nodes=n[1-3]\nSwitchName=b Switches=a",
		"SwitchName=a\\#1 Nodes=n[1-3] # c\nSwitchName=\"b c\" Switches=a\\\n#", "BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n3\nBlockName=b3 Nodes=n4\nBlockSizes=1,2",
		yamlWith("true", "false"), yamlWith("false", "true"), "- topology: t\n  block:\n    block_sizes: [1]\n    blocks: [{block: a, nodes: n1}, {block: b, nodes: n2}]\n",
		"<?xml version=\"1.0\"?><topology><object type=\"Machine\"><object type=\"Package\"><object type=\"Core\"/><object type=\"Core\"/></object></object></topology>"} {
		f.Add(s, "")
	}
	f.Add(yamlWith("true", "false"), "topo2")
	f.Add(yamlWith("true", "false"), "topo3")
	f.Add(yamlWith("true", "false"), "topo9")
	f.Add("cmplt 3", "topo1")
	f.Add(ringsAndToruses, "topo4:ring1")
	f.Add(ringsAndToruses, "sparse")
	f.Add(ringsAndToruses, "pods:b")
	f.Add("RingName=r0 Nodes=n[1-4]\nRingName=r1 Nodes=m[1-4]\n", "r1")
	f.Add("SwitchName=s0 Level=0 LinkSpeed=1 Nodes=t[0-3]\nSwitchName=s1 Level=0 Nodes=t[4-5]\nSwitchName=s2 Level=1 Nodes=t[0-5] Switches=s[0-1]\n", "")
	f.Add("BlockName=b1 BlockIndex=0 Nodes=n[1-2] BlockSize=2\nBlockName=b2 BlockIndex=1 Nodes=n[3-4] BlockSize=2\nAggregatedBlock=a BlockIndex=2 Nodes=n[1-4] BlockSize=4\n", "")
	f.Fuzz(func(t *testing.T, text, name string) {
		h, _, err := machinefile.ReadWith(strings.NewReader(text), machinefile.Options{Topology: name})
		var fe *graphfile.Error
		if err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *graphfile.Error", err)
			}
			return
		}
		if h.Size() < 1 || h.Size() > topology.MaxNodes {
			t.Fatalf("%d nodes", h.Size())
		}
		var buf bytes.Buffer
		if m, ok := h.(topology.Machine); ok {
			if _, err := machinefile.WriteMachine(&buf, m); err != nil {
				t.Fatal(err)
			}
		} else if err := machinefile.WriteTarget(&buf, h); err != nil {
			return // no Scotch target for it (cores)
		}
		back, _, err := machinefile.Read(&buf)
		if err != nil {
			t.Fatalf("written back as %q: %v", buf.String(), err)
		}
		if back.Size() != h.Size() || h.String() != back.String() && strings.HasPrefix(h.String(), "machine:") {
			t.Fatalf("%s read back as %s", h, back)
		}
		for _, p := range [][2]int{{0, h.Size() - 1}, {h.Size() / 2, 0}} {
			if back.Hops(p[0], p[1]) != h.Hops(p[0], p[1]) {
				t.Fatalf("%s read back as %s: Hops(%d, %d) %d, was %d", h, back, p[0], p[1], back.Hops(p[0], p[1]), h.Hops(p[0], p[1]))
			}
		}
	})
}

// FuzzSlurmYAMLMatchesConf: blocks (or switches) given as a topology.conf
// and as a topology.yaml read alike: both refused, or the same machine.
// The input is entries NAME=HOSTLIST (children after a '/' for a
// switch) separated by ';' and block sizes (digits, '-' and commas), of
// printable ASCII that both formats take as it is.
func FuzzSlurmYAMLMatchesConf(f *testing.F) {
	f.Add("b1=n[1-2];b2=n[3-4];b3=n5", "2,4", true)
	f.Add("s0=dev[0-2];s1=dev[3-5];s2=/s[0-1]", "", false)
	f.Add("a=n1/b;b=n2/a", "", false)
	f.Fuzz(func(t *testing.T, entries, sizes string, blocks bool) {
		printable := func(r rune) bool { return r > ' ' && r < 0x7f }
		if strings.ContainsAny(entries+sizes, "\"\\#:'{}&*!|>%@`") || strings.IndexFunc(entries+sizes, func(r rune) bool { return !printable(r) }) >= 0 || strings.Trim(sizes, "0123456789,-") != "" || strings.Count(entries, ";") > 64 {
			return
		}
		var conf, yml strings.Builder
		yml.WriteString("- topology: t\n  tree:\n    switches:\n")
		if blocks {
			yml.Reset()
			fields := strings.FieldsFunc(sizes, func(r rune) bool { return r == ',' })
			fmt.Fprintf(&yml, "- topology: t\n  block:\n    block_sizes: [%s]\n    blocks:\n", strings.Join(fields, ", "))
			if len(fields) > 0 { // Slurm refuses BlockSizes= of no size, reads block_sizes: [] as none
				fmt.Fprintf(&conf, "BlockSizes=%s\n", sizes)
			}
		}
		for e := range strings.SplitSeq(entries, ";") {
			name, rest, _ := strings.Cut(e, "=")
			nodes, children, _ := strings.Cut(rest, "/")
			kind, sub := "Switch", "Switches"
			if blocks {
				kind, sub = "Block", "none"
			}
			fmt.Fprintf(&conf, "%sName=%s", kind, name)
			fmt.Fprintf(&yml, "      - %s: %q\n", strings.ToLower(kind), name)
			for _, kv := range [][3]string{{"Nodes", "nodes", nodes}, {sub, "children", children}} {
				if kv[2] != "" && kv[0] != "none" {
					fmt.Fprintf(&conf, " %s=%s", kv[0], kv[2])
					fmt.Fprintf(&yml, "        %s: %q\n", kv[1], kv[2])
				}
			}
			conf.WriteByte('\n')
		}
		c, _, cerr := machinefile.Read(strings.NewReader(conf.String()))
		y, format, yerr := machinefile.Read(strings.NewReader(yml.String()))
		if format != "slurm-yaml" {
			t.Fatalf("%q read as %s", yml.String(), format)
		}
		if (cerr == nil) != (yerr == nil) || cerr == nil && c.String() != y.String() {
			t.Fatalf("%q: %v (%v)\n%q: %v (%v)", conf.String(), c, cerr, yml.String(), y, yerr)
		}
	})
}
