package machinefile_test

import (
	"os/exec"
	"strings"
	"testing"

	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestSyntheticLevels: the levels read from hwloc synthetic strings, by
// hand: PUs and unread types go, levels of one object go, an unread
// level's objects merge into the next level read.
func TestSyntheticLevels(t *testing.T) {
	for _, tt := range []struct {
		s     string
		names string
		sizes []int
	}{
		{"pack:2 numa:2 l3:1 core:8 pu:2", "Package NUMANode Core", []int{2, 2, 8}},
		{"Package:2 Core:8 PU:2", "Package Core", []int{2, 8}},
		{"machine:1 pack:1 l2:4 l1:2 core:1", "L2 Core", []int{4, 2}},
		{"socket:2(indexes=0,1) core:4", "Package Core", []int{2, 4}},
		{"core:1", "", nil},
	} {
		n, err := machinefile.ParseSynthetic(tt.s)
		if err != nil || strings.Join(n.Names, " ") != tt.names || len(n.Sizes) != len(tt.sizes) {
			t.Errorf("%q: %v %v (%v), want %s %v", tt.s, n.Names, n.Sizes, err, tt.names, tt.sizes)
			continue
		}
		for i := range tt.sizes {
			if n.Sizes[i] != tt.sizes[i] {
				t.Errorf("%q: sizes %v, want %v", tt.s, n.Sizes, tt.sizes)
			}
		}
	}
}

// TestSyntheticHost: a node read from a synthetic string is one node of
// its cores (0 apart), or, with costs, a tree of its levels.
func TestSyntheticHost(t *testing.T) {
	h, format, err := machinefile.Read(strings.NewReader("pack:2 numa:2 l3:1 core:8 pu:2\n"))
	if err != nil || format != "hwloc-synthetic" || h.String() != "line:1:cores=32" {
		t.Fatalf("read %v as %s (%v), want line:1:cores=32", h, format, err)
	}
	n, _ := machinefile.ParseSynthetic("pack:2 core:4")
	h, err = n.Host([]int{1, 10}) // core level first
	if err != nil || h.String() != "tree:4x2:dist=1,10" {
		t.Errorf("with costs: %v (%v), want tree:4x2:dist=1,10", h, err)
	}
	for _, tt := range []struct{ s, want string }{
		{"pack:2 numa", "word 2"},
		{"pack:2 l3:2", "no core level"},
		{"pack:0 core:2", "COUNT from 1"},
		{"pack:64 core:64", "more than 1,024 cores"},
	} {
		if _, err := machinefile.ParseSynthetic(tt.s); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.s, err, tt.want)
		}
	}
}

// TestHwlocXMLFromLstopo: lstopo writes the XML of a synthetic machine
// (2 packages, 2 NUMA nodes each as hwloc 2's memory children of a group
// of 4 cores, 2 PUs per core) and of this machine; the first is read as
// its 16 cores, the second as the cores lstopo counts.
func TestHwlocXMLFromLstopo(t *testing.T) {
	meshtest.NeedTools(t, "lstopo-no-graphics")
	out, err := exec.Command("lstopo-no-graphics", "--of", "xml", "-i", "pack:2 numa:2 l3:1 core:4 pu:2", "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	h, format, err := machinefile.Read(strings.NewReader(string(out)))
	if err != nil || format != "hwloc-xml" || h.String() != "line:1:cores=16" {
		t.Fatalf("read %v as %s (%v), want line:1:cores=16", h, format, err)
	}
	out, err = exec.Command("lstopo-no-graphics", "--of", "xml", "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	cores, err := exec.Command("lstopo-no-graphics", "--only", "core").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Count(string(cores), "Core")
	if h, _, err = machinefile.Read(strings.NewReader(string(out))); err != nil {
		t.Fatal(err)
	}
	if _, c := topology.SplitCores(h); h.Size() != want || (want > 1 && c != want) {
		t.Errorf("this machine read as %v, want one node of %d cores", h, want)
	}
}

// TestHwlocXMLErrors: an irregular node and broken XML, with the line.
func TestHwlocXMLErrors(t *testing.T) {
	for _, tt := range []struct {
		text string
		line int
		want string
	}{
		{"<?xml version=\"1.0\"?>\n<topology>\n<object type=\"Machine\">\n<object type=\"Package\">\n<object type=\"Core\"/>\n<object type=\"Core\"/>\n</object>\n<object type=\"Package\">\n<object type=\"Core\"/>\n</object>\n</object>\n</topology>\n", 8, "holds 1 Core objects, the first of its level 2"},
		{"<?xml version=\"1.0\"?>\n<topology>\n<object type=\"Machine\">\n<object type=\"Package\">\n<object type=\"Core\"/>\n</object>\n<object type=\"L3Cache\">\n<object type=\"Core\"/>\n</object>\n</object>\n</topology>\n", 7, "a L3 beside a Package"},
		{"<?xml version=\"1.0\"?>\n<topology>\n<object type=\"Machine\">\n</topology>\n", 4, "element <object> closed by </topology>"},
		{"<topology><object type=\"Machine\"/></topology>", 0, "no Core objects"},
	} {
		_, _, err := machinefile.Read(strings.NewReader(tt.text))
		checkFileError(t, err, tt.line, tt.want)
	}
}
