package machinefile_test

import (
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/graphfile/meshtest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestSyntheticLevels: the levels read from hwloc synthetic strings, by
// hand: PUs and unread types go (named in Ignored when they split the
// level above), levels of one object go, an unread level's objects merge
// into the next level read; memory children in brackets, as lstopo
// writes them, are skipped, but a Group holding a NUMA node is its
// NUMANode level.
func TestSyntheticLevels(t *testing.T) {
	for _, tt := range []struct {
		s       string
		names   string
		sizes   []int
		ignored string
	}{
		{"pack:2 numa:2 l3:1 core:8 pu:2", "Package NUMANode Core", []int{2, 2, 8}, ""},
		{"Package:2 Core:8 PU:2", "Package Core", []int{2, 8}, ""},
		{"machine:1 pack:1 l2:4 l1:2 core:1", "L2 Core", []int{4, 2}, "l1"},
		{"socket:2(indexes=0,1) core:4", "Package Core", []int{2, 4}, ""},
		{"core:1", "", nil, ""},
		{"Package:2 Group:2 [NUMANode(memory=1073741824)] L2Cache:2(size=4194304) Core:2 PU:2", "Package NUMANode L2 Core", []int{2, 2, 2, 2}, ""},
		{"[NUMANode(memory=1000000000 indexes=1,0)] Package:2 Core:2(indexes=0,1) PU:2", "Package Core", []int{2, 2}, ""},
		{"Package:2 [NUMANode] [NUMANode] L3Cache:2 Core:2 PU:1", "Package L3 Core", []int{2, 2, 2}, ""},
		{"Package:2 Die:2 Core:4", "Package Die Core", []int{2, 2, 4}, ""},
		{"Package:2 Group:2 Core:4", "Package Core", []int{2, 8}, "Group"},
		{"Package:2 Group0:2 L1dCache:1 Core:4", "Package Core", []int{2, 8}, "Group0"},
	} {
		n, err := machinefile.ParseSynthetic(tt.s)
		if err != nil || strings.Join(n.Names, " ") != tt.names || !slices.Equal(n.Sizes, tt.sizes) || strings.Join(n.Ignored, " ") != tt.ignored {
			t.Errorf("%q: %v %v ignoring %v (%v), want %s %v ignoring %q", tt.s, n.Names, n.Sizes, n.Ignored, err, tt.names, tt.sizes, tt.ignored)
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
		{"pack:2 [numa core:2", "word 2, \"[numa core:2\": want TYPE:COUNT (or a memory child in brackets)"},
		{"pack:2 numa]:2 core:2", "word 2"},
	} {
		if _, err := machinefile.ParseSynthetic(tt.s); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.s, err, tt.want)
		}
	}
}

// TestHwlocXMLManyCoresRefusedCheaply: 100,000 cores under 250 Groups
// are refused at the core past 8,192 objects of the levels read, before
// every Group hands the cores to its parent (200 MB of copies; 700,000
// cores, 1.5 GB).
func TestHwlocXMLManyCoresRefusedCheaply(t *testing.T) {
	const groups = 250
	text := []byte("<topology>\n" + strings.Repeat("<object type=\"Group\">", groups) + "\n" +
		strings.Repeat("<object type=\"Core\"/>\n", 100_000) + strings.Repeat("</object>", groups) + "</topology>\n")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := machinefile.ReadNode(text)
	runtime.ReadMemStats(&after)
	checkFileError(t, err, 2+8193, "more than 8,192 objects of the levels read")
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("refusing 100,000 cores allocated %d MB", alloc>>20)
	}
}

// TestSyntheticLevelsBoundedAsLstopo: a synthetic string of 126 levels
// is read, as lstopo reads it; one more is refused at its word, as lstopo
// refuses it, and so is a string of 200,000 levels, without looking at
// each level seen for each word (30 s).
func TestSyntheticLevelsBoundedAsLstopo(t *testing.T) {
	groups := func(k int) string { return "pack:1 " + strings.Repeat("group:1 ", k) + "core:2 pu:1" }
	if n, err := machinefile.ParseSynthetic(groups(123)); err != nil || !slices.Equal(n.Sizes, []int{2}) {
		t.Errorf("126 levels: %v (%v), want 2 cores", n.Sizes, err)
	}
	for _, k := range []int{124, 200_000} {
		if _, err := machinefile.ParseSynthetic(groups(k)); err == nil || !strings.Contains(err.Error(), "word 127: more than 126 levels") {
			t.Errorf("%d levels: error %v, want one at word 127", k+3, err)
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

// TestHwlocXMLErrors: an irregular node and broken XML, with the line
// said once (not again in the decoder's "XML syntax error on line 4").
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
		if err != nil && strings.Contains(err.Error(), "XML syntax error") {
			t.Errorf("%v: the decoder's words, and its line twice", err)
		}
	}
}

// TestSyntheticSniffedWithMemoryFirst: lstopo writes a NUMA node that
// holds the whole machine first, in brackets; the file is still an hwloc
// synthetic string.
func TestSyntheticSniffedWithMemoryFirst(t *testing.T) {
	h, format, err := machinefile.Read(strings.NewReader("# lstopo --of synthetic\n[NUMANode(memory=1073741824)] Package:2 Core:2 PU:2\n"))
	if err != nil || format != "hwloc-synthetic" || h.String() != "line:1:cores=4" {
		t.Errorf("read %v as %s (%v), want line:1:cores=4 as hwloc-synthetic", h, format, err)
	}
}

// TestHwlocXMLGroups: a Group that holds a NUMA node's memory, directly
// or behind a memory-side cache (hwloc 2's way of giving a NUMA node the
// cores of no other object), is the NUMANode level; other Groups are not
// read, and Ignored names them.
func TestHwlocXMLGroups(t *testing.T) {
	group := func(memory string) string {
		return "<object type=\"Group\">" + memory + "<object type=\"Core\"/><object type=\"Core\"/></object>"
	}
	pack := func(memory string) string {
		return "<object type=\"Package\">" + group(memory) + group(memory) + "</object>"
	}
	for _, tt := range []struct {
		memory, names, ignored string
	}{
		{"<object type=\"NUMANode\"/>", "Package NUMANode Core", ""},
		{"<object type=\"MemCache\"><object type=\"NUMANode\"/></object>", "Package NUMANode Core", ""},
		{"", "Package Core", "Group"},
	} {
		xml := "<?xml version=\"1.0\"?><topology><object type=\"Machine\">" + pack(tt.memory) + pack(tt.memory) + "</object></topology>"
		n, err := machinefile.ReadNode([]byte(xml))
		if err != nil || strings.Join(n.Names, " ") != tt.names || strings.Join(n.Ignored, " ") != tt.ignored {
			t.Errorf("memory %q: %v ignoring %v (%v), want %s ignoring %q", tt.memory, n.Names, n.Ignored, err, tt.names, tt.ignored)
		}
	}
}

// TestLstopoExportsReadAsTheirInput: lstopo turns a synthetic string into
// its own synthetic string (memory children in brackets, Groups for NUMA
// nodes), into XML and into hwloc 1's XML (--export-xml-flags v1: NUMA
// nodes as parents, every cache type="Cache" with its depth); all read as
// the same levels, and as the cores of the string given.
func TestLstopoExportsReadAsTheirInput(t *testing.T) {
	meshtest.NeedTools(t, "lstopo-no-graphics")
	for _, tt := range []struct{ in, v1 string }{
		{"pack:2 numa:2 l2:2 core:2 pu:2", ""},
		{"pack:2 die:2 l3:2 core:2 pu:1", ""}, // a Group of info Type Die in hwloc 1's
		{"pack:2 die:2 numa:2 core:2 pu:1", ""},
		{"numa:2 pack:2 core:2 pu:1", ""},
		{"pack:2 group:2 core:2 pu:1", ""},
		// hwloc 1 puts the NUMA node above the L3 of the same cores
		{"pack:2 l3:2 numa:1 core:4 pu:2", "Package NUMANode Core"},
		{"pack:2 numa:2 l3:2 l2:2 l1:1 core:2 pu:2", ""},
	} {
		in := tt.in
		want, err := machinefile.ParseSynthetic(in)
		if err != nil {
			t.Fatal(err)
		}
		var got []machinefile.NodeLevels
		for _, of := range []string{"synthetic", "xml", "xml --export-xml-flags v1"} {
			args := append(strings.Fields("--of "+of), "-i", in, "-")
			out, err := exec.Command("lstopo-no-graphics", args...).Output()
			if err != nil {
				t.Fatal(err)
			}
			n, err := machinefile.ReadNode(out)
			if err != nil || !slices.Equal(n.Sizes, want.Sizes) {
				t.Errorf("%q, lstopo --of %s: %v %v (%v), want the sizes %v\n%s", in, of, n.Names, n.Sizes, err, want.Sizes, out)
			}
			got = append(got, n)
		}
		for i, xml := range got[1:] {
			names := got[0].Names
			if i == 1 && tt.v1 != "" {
				names = strings.Fields(tt.v1)
			}
			if !slices.Equal(names, xml.Names) || !slices.Equal(got[0].Ignored, xml.Ignored) {
				t.Errorf("%q: synthetic %v ignoring %v, XML %v ignoring %v", in, names, got[0].Ignored, xml.Names, xml.Ignored)
			}
		}
	}
}

// TestHwlocXMLDeepNestingRefused: elements nested deeper than hwloc's
// objects ever are (objects around two cores, or any element) are
// refused at the line that goes too deep, and cheaply: 15 MB of opening
// tags cost the reader a few MB, not a record per tag (about 500 MB).
func TestHwlocXMLDeepNestingRefused(t *testing.T) {
	const depth = 300
	objects := "<?xml version=\"1.0\"?>\n<topology>\n" + strings.Repeat("<object type=\"Group\">\n", depth) +
		"<object type=\"Core\"/><object type=\"Core\"/>\n" + strings.Repeat("</object>\n", depth) + "</topology>\n"
	_, _, err := machinefile.Read(strings.NewReader(objects))
	checkFileError(t, err, 2+256, "elements nested more than 256 deep")
	tags := []byte("<topology>" + strings.Repeat("<a>", 5_000_000))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = machinefile.ReadNode(tags)
	runtime.ReadMemStats(&after)
	checkFileError(t, err, 1, "elements nested more than 256 deep")
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("refusing 15 MB of nested tags allocated %d MB", alloc>>20)
	}
}
