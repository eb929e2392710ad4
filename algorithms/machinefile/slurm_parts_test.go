package machinefile_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// ringsAndToruses is a topology.yaml in the manner of topology.yaml(5)'s
// example (Slurm 26.05): a ring topology of two rings, a torus3d one of
// a torus given by its nodes, one of a torus given by regions, and one
// of two toruses.
const ringsAndToruses = `- topology: topo4
  cluster_default: true
  ring:
    rings:
      - ring: ring0
        nodes: node[01-08]
      - ring: ring1
        nodes: node[09-16]
- topology: topo5
  torus3d:
    toruses:
      - name: pod1
        dims:
          x: 4
          y: 4
          z: 2
        nodes: node[01-32]
        placements:
          - dims: {x: 2, y: 2, z: 1}
- topology: sparse
  torus3d:
    toruses:
      - name: pod1
        dims: {x: 4, y: 4, z: 2}
        regions:
          - anchor: {x: 0, y: 0, z: 0}
            dims: {x: 4, y: 2, z: 2}
            nodes: rack1-node[01-16]
          - anchor: {x: 0, y: 2, z: 1}
            dims: {x: 2, y: 2, z: 1}
            nodes: rack2-node[01-04]
- topology: pods
  torus3d:
    toruses:
      - {name: a, dims: {x: 2, y: 2, z: 2}, nodes: "a[1-8]"}
      - {name: b, dims: {x: 2, y: 2, z: 2}, nodes: "b[1-8]"}
`

// TestSlurmReadsRingsAndToruses: a ring of topology/ring reads as its
// nodes on a ring in the file's order, a torus of topology/torus3d as its
// nodes on the torus, x fastest, in a region from its anchor; a file of
// several is read one at a time, named NAME:PART in a topology.yaml (as
// Slurm's Topology= of a dynamic node names them) or by the ring's name
// in a topology.conf. Hops are the torus's between the named nodes.
func TestSlurmReadsRingsAndToruses(t *testing.T) {
	rings := "RingName=ring0 Nodes=node[01-08]\nRingName=ring1 Nodes=node[09-16]\n"
	for _, tt := range []struct {
		name, text, topology string
		nodes                int
		read                 string
		hops                 map[[2]string]int
	}{
		{"a ring of a topology.yaml", ringsAndToruses, "topo4:ring1", 8, "topo4:ring1",
			map[[2]string]int{{"node09", "node10"}: 1, {"node09", "node16"}: 1, {"node09", "node13"}: 4, {"node10", "node15"}: 3}},
		{"a ring of a topology.conf", rings, "ring0", 8, "ring0",
			map[[2]string]int{{"node01", "node08"}: 1, {"node02", "node06"}: 4}},
		{"the only ring of a topology.conf", "RingName=r Nodes=n[5,3,1]\n", "", 3, "r",
			map[[2]string]int{{"n5", "n3"}: 1, {"n5", "n1"}: 1}},
		{"a torus of its nodes", ringsAndToruses, "topo5", 32, "topo5",
			map[[2]string]int{{"node01", "node02"}: 1, {"node01", "node04"}: 1, {"node01", "node05"}: 1, {"node01", "node17"}: 1, {"node01", "node27"}: 5}},
		{"a torus of regions", ringsAndToruses, "sparse", 20, "sparse",
			map[[2]string]int{{"rack1-node01", "rack1-node05"}: 1, {"rack1-node01", "rack1-node09"}: 1, {"rack1-node01", "rack2-node01"}: 3, {"rack2-node01", "rack2-node04"}: 2, {"rack1-node16", "rack2-node04"}: 4}},
		{"one of two toruses", ringsAndToruses, "pods:b", 8, "pods:b",
			map[[2]string]int{{"b1", "b8"}: 3, {"b1", "b2"}: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, src, err := machinefile.ReadWith(strings.NewReader(tt.text), machinefile.Options{Topology: tt.topology})
			if err != nil {
				t.Fatal(err)
			}
			m := h.(topology.Machine)
			if h.Size() != tt.nodes || src.Topology != tt.read {
				t.Fatalf("read %s of %d nodes, want %s of %d", src.Topology, h.Size(), tt.read, tt.nodes)
			}
			index := map[string]int{}
			for i := range h.Size() {
				index[m.NodeName(i)] = i
			}
			for pair, want := range tt.hops {
				if got := h.Hops(index[pair[0]], index[pair[1]]); got != want {
					t.Errorf("%s to %s: %d hops, want %d", pair[0], pair[1], got, want)
				}
			}
		})
	}
}

// TestSlurmRingsAndTorusesWriteBack: a ring or torus read writes as a
// coordinates file, which reads as the same machine (the same id).
func TestSlurmRingsAndTorusesWriteBack(t *testing.T) {
	for _, name := range []string{"topo4:ring0", "topo5", "sparse"} {
		h, _, err := machinefile.ReadWith(strings.NewReader(ringsAndToruses), machinefile.Options{Topology: name})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		format, err := machinefile.WriteMachine(&buf, h.(topology.Machine))
		if err != nil || format != "coords" {
			t.Fatalf("%s written as %q: %v", name, format, err)
		}
		back, _, err := machinefile.Read(&buf)
		if err != nil || back.String() != h.String() {
			t.Errorf("%s reads back as %v (%v), want %s", name, back, err, h)
		}
	}
}

// TestSlurmRingsAndTorusesSayWhatTheyHave: a file of several rings or
// toruses read without naming one is refused listing them and naming
// the first as an example, and the topologies a topology.yaml lists are
// said, as for trees.
func TestSlurmRingsAndTorusesSayWhatTheyHave(t *testing.T) {
	_, _, err := machinefile.ReadWith(strings.NewReader(ringsAndToruses), machinefile.Options{})
	checkFileError(t, err, 7, `2 rings, ring0 (line 5, 8 nodes) and ring1 (line 7, 8 nodes): Slurm gives no distance between them (a job runs inside one ring): name the ring to read, "topo4:ring0"`)
	_, src, err := machinefile.ReadWith(strings.NewReader(ringsAndToruses), machinefile.Options{Topology: "topo4:ring0"})
	if err != nil || !slices.Equal(src.Topologies, []string{"topo4", "topo5", "sparse", "pods"}) {
		t.Errorf("topologies %v (%v)", src.Topologies, err)
	}
}

// TestSlurmRingAndTorusErrors: what Slurm refuses in a ring or torus, and
// what topomap cannot read, is refused at its line, saying what to write.
func TestSlurmRingAndTorusErrors(t *testing.T) {
	torus := func(body string) string {
		return "- topology: t\n  torus3d:\n    toruses:\n      - name: p\n" + body
	}
	for _, tt := range []struct {
		name, text, topology string
		line                 int
		want                 string
	}{
		{"an unknown ring", ringsAndToruses, "topo4:ring9", 0, `no ring "ring9": this file has ring0 (line 5, 8 nodes) and ring1 (line 7, 8 nodes)`},
		{"an unknown ring of a topology.conf", "RingName=a Nodes=n[1-2]\n", "b", 0, `no ring "b": this file has a (line 1, 2 nodes)`},
		{"several toruses", ringsAndToruses, "pods", 36, `2 toruses, a (line 35, 8 nodes) and b (line 36, 8 nodes): Slurm gives no distance between them (a job gets sub-cubes, of one torus or several): name the torus to read, "pods:a"`},
		{"a part of a tree", yamlWith("true", "false"), "topo1:s1", 0, `"topo1:s1" names a ring or torus, and this Slurm topology.yaml of switches describes one machine`},
		{"a ring of 17 nodes", "RingName=a Nodes=n[1-17]\n", "", 1, `ring "a" has 17 nodes: Slurm's topology/ring holds at most 16 a ring`},
		{"a ring without nodes", "RingName=a\n", "", 1, `ring "a" has no nodes: want Nodes=, the ring's nodes in order`},
		{"a node twice in a ring", "RingName=a Nodes=n[1-3],n2\n", "", 1, `node "n2" is named twice in ring "a"`},
		{"a ring again", "RingName=a Nodes=n1\nRingName=a Nodes=n2\n", "", 2, `ring "a" again (first on line 1)`},
		{"a ring and a switch", "RingName=a Nodes=n1\nSwitchName=s Nodes=n2\n", "", 2, `switch "s" in a topology of rings (line 1)`},
		{"a switch and a ring", "SwitchName=s Nodes=n2\nRingName=a Nodes=n1\n", "", 2, `ring "a" in a topology of switches (line 1)`},
		{"block sizes with rings", "RingName=a Nodes=n1\nBlockSizes=4\n", "", 2, "block sizes in a topology of rings (line 1)"},
		{"a ring and a switch on a line", "RingName=a SwitchName=s Nodes=n1\n", "", 1, "RingName= with SwitchName= or BlockName= on the line"},
		{"a ring without its name", "- topology: t\n  ring:\n    rings:\n      - nodes: n1\n", "", 4, `a ring without its name: want "- ring: NAME"`},
		{"a torus without dims", torus("        nodes: n[1-8]\n"), "", 4, `torus "p" has no dims: want dims: {x: X, y: Y, z: Z}`},
		{"a dim of 0", torus("        dims: {x: 2, y: 0, z: 2}\n        nodes: n[1-4]\n"), "", 5, `dims of torus "p": y: "0": want a whole number from 1`},
		{"a dim missing", torus("        dims: {x: 2, y: 2}\n        nodes: n[1-4]\n"), "", 5, `dims of torus "p": no z`},
		{"too many places", torus("        dims: {x: 1000, y: 1000, z: 1000}\n        nodes: n1\n"), "", 5, `torus "p" has 1000×1000×1000 places: more than 262,144`},
		{"nodes for other places", torus("        dims: {x: 2, y: 2, z: 2}\n        nodes: n[1-7]\n"), "", 4, `torus "p": 7 nodes for its 2×2×2 places: Slurm wants one a place, x fastest`},
		{"nodes and regions", torus("        dims: {x: 2, y: 2, z: 2}\n        nodes: n[1-8]\n        regions: []\n"), "", 4, `torus "p" has nodes: and regions:`},
		{"no nodes", torus("        dims: {x: 2, y: 2, z: 2}\n"), "", 4, `torus "p" has no nodes: want nodes:`},
		{"a region past the torus", torus("        dims: {x: 2, y: 2, z: 2}\n        regions:\n          - {anchor: {x: 1, y: 0, z: 0}, dims: {x: 2, y: 1, z: 1}, nodes: \"n[1-2]\"}\n"), "", 7, `a region of torus "p" reaches x = 2, past the torus's 1: a region does not wrap`},
		{"regions that overlap", torus("        dims: {x: 2, y: 2, z: 2}\n        regions:\n          - {anchor: {x: 0, y: 0, z: 0}, dims: {x: 2, y: 1, z: 1}, nodes: \"n[1-2]\"}\n          - {anchor: {x: 1, y: 0, z: 0}, dims: {x: 1, y: 2, z: 1}, nodes: \"m[1-2]\"}\n"), "", 8, `a region of torus "p" overlaps the region of line 7 (node "m1")`},
		{"a region without its anchor", torus("        dims: {x: 2, y: 2, z: 2}\n        regions:\n          - {dims: {x: 1, y: 1, z: 1}, nodes: n1}\n"), "", 7, `a region of torus "p" has no anchor`},
		{"a region of other size", torus("        dims: {x: 2, y: 2, z: 2}\n        regions:\n          - {anchor: {x: 0, y: 0, z: 0}, dims: {x: 2, y: 1, z: 1}, nodes: \"n[1-3]\"}\n"), "", 7, `3 nodes for its 2×1×1 places`},
		{"a node in two regions", torus("        dims: {x: 2, y: 2, z: 2}\n        regions:\n          - {anchor: {x: 0, y: 0, z: 0}, dims: {x: 1, y: 1, z: 1}, nodes: n1}\n          - {anchor: {x: 1, y: 0, z: 0}, dims: {x: 1, y: 1, z: 1}, nodes: n1}\n"), "", 4, `node "n1" is named twice in torus "p"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := machinefile.ReadWith(strings.NewReader(tt.text), machinefile.Options{Topology: tt.topology})
			checkFileError(t, err, tt.line, tt.want)
		})
	}
}
