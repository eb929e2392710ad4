package machinefile_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestSyntheticRefusesUnknownTypesAndOrders: what lstopo-no-graphics
// --input refuses (hwloc 2.9: a type it does not know, a level after
// the PUs, a second Package, Die, NUMANode, Core or PU level) is refused,
// and so is a level topomap reads below the cores (hwloc takes
// "core:2 pack:2 pu:1", packages inside cores, which topomap cannot
// read); each error names the word.
func TestSyntheticRefusesUnknownTypesAndOrders(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"misspelt type", "pakc:2 core:4", `word 1, "pakc:2": unknown type "pakc": want package (pack, socket), die, numanode (numa, node), l3cache (l3), l2cache (l2), core, or a type topomap does not read: machine, group, the other caches`},
		{"unknown type", "foo:2 core:4", `word 1, "foo:2": unknown type "foo"`},
		{"unknown type below the cores", "pack:2 core:2 thread:2", `word 3, "thread:2": unknown type "thread"`},
		{"levels inverted", "core:2 pack:2", `word 2, "pack:2": Package below the Core level: topomap reads the levels above the cores, from the outermost (Package, Die, NUMANode, L3, L2 and Core)`},
		{"cache read below the cores", "pack:2 core:2 l2:2", `word 3, "l2:2": L2 below the Core level`},
		{"two package levels", "pack:2 socket:2 core:2", `word 2, "socket:2": a second Package level: hwloc allows one`},
		{"two core levels", "core:2 core:2", `word 2, "core:2": a second Core level`},
		{"two NUMA levels", "numa:2 l3:2 node:2 core:2", `word 3, "node:2": a second NUMANode level`},
		{"PUs before the cores", "pack:2 pu:2 core:2", `word 3, "core:2": a level below the PUs: pu:N is the last level`},
		{"cache below the PUs", "core:2 pu:2 l1:2", `word 3, "l1:2": a level below the PUs`},
	} {
		_, err := machinefile.ParseSynthetic(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q gives error %v, want one saying %q", c.name, c.in, err, c.want)
		}
	}
}

// TestSyntheticTypesHwlocKnows: every type hwloc's synthetic strings
// take is read, in any case: the levels topomap reads by their long and
// short names, the others (machine, groups, caches by level, kind and
// with "cache") merged into the next level read, and below the cores
// caches, groups and PUs.
func TestSyntheticTypesHwlocKnows(t *testing.T) {
	for _, c := range []struct {
		in    string
		names string
		sizes []int
	}{
		{"Machine:1 Socket:2 NUMANode:2 L3Cache:2 L2Cache:2 Core:2 PU:2", "Package NUMANode L3 L2 Core", []int{2, 2, 2, 2, 2}},
		{"package:2 die:2 node:2 core:2", "Package Die NUMANode Core", []int{2, 2, 2, 2}},
		{"group0:2 l5:2 l4cache:2 l3i:2 l2d:2 l1ucache:2 core:2", "Core", []int{128}},
		{"l3:2 l3:2 core:2", "L3 L3 Core", []int{2, 2, 2}},
		{"core:4 l1i:2 group:2 pu:2", "Core", []int{4}},
	} {
		n, err := machinefile.ParseSynthetic(c.in)
		if err != nil || strings.Join(n.Names, " ") != c.names || !slices.Equal(n.Sizes, c.sizes) {
			t.Errorf("%q: %v %v (%v), want %s %v", c.in, n.Names, n.Sizes, err, c.names, c.sizes)
		}
	}
}
