package topology

import (
	"fmt"
	"strings"

	"topomap/algorithms/hostlist"
)

// A Preset is a named machine: a documented alias of a host spec string,
// written "preset:NAME" wherever a host spec is read. A preset parses to
// its host, whose String is the spec (so permalinks and job requests hold
// the spec itself).
type Preset struct {
	Name string
	Spec string
	// About says what machine it models, how, and where its numbers
	// come from, for people.
	About string
	// Names are its nodes' names in node-index order, as a Slurm hostlist
	// ("" for none): launcher files write them and allocations name them.
	Names string
}

// Presets lists the named machines, in the order lists show them.
var Presets = []Preset{
	{"bgq-midplane", "torus:4x4x4x4x2:cores=16",
		"IBM Blue Gene/Q midplane: 512 compute nodes on a 4×4×4×4×2 5-D torus, 16 application cores each (8,192 slots); " +
			"the shape is the midplane's of IBM's Blue Gene/Q application development redbook (SG24-7948), which gives the E dimension a size of 2 and a node 16 cores for applications (a 17th runs the system)", ""},
	{"xe6-slice", "torus:4x4x8:nodes-per-router=2:cores=16",
		"Cray XE6 slice: 4×4×8 Gemini routers on a 3-D torus, each Gemini serving two compute nodes of 16 cores (256 nodes, 4,096 slots); " +
			"the two nodes of one Gemini are 0 router hops apart. Two nodes per Gemini and two 8-core Opteron 6100 sockets per node are Cray's XE6 (Gemini) documentation's; " +
			"nodes are named nid00000 to nid00255 in node-index order (node 2r+t is terminal t of router r), the five-digit form of Cray's node ids", "nid[00000-00255]"},
	{"fattree-16port", "fattree:8,3",
		"3-level fat tree (8-ary 3-tree) of 16-port switches, 8 ports down and 8 up: 512 nodes, 2 to 6 hops apart; D-mod-k routes over 3,072 directed links. " +
			"The k-ary n-tree is Petrini & Vanneschi's (IPPS 1997), D-mod-k routing Zahavi et al.'s (2010); 16-port switches are the radix of early InfiniBand crossbars", ""},
	{"slingshot-small", "dragonfly:8,4,4,9:cores=4",
		"small Slingshot-like dragonfly: 9 groups of 8 all-to-all routers, 4 nodes and 4 global links per router, 4 cores per node (1,152 slots); minimal routes over 1,152 directed links. " +
			"The topology is Kim, Dally, Scott & Abts's dragonfly (ISCA 2008), the shape of HPE Slingshot's (all-to-all routers in a group, global links between groups) scaled down to 9 groups so that every pair of groups is wired", ""},
}

// presetPrefix starts a preset's spec string.
const presetPrefix = "preset:"

// LookupPreset returns the preset of that name (case-insensitive).
func LookupPreset(name string) (Preset, bool) {
	for _, p := range Presets {
		if strings.EqualFold(p.Name, name) {
			return p, true
		}
	}
	return Preset{}, false
}

// presetSpec returns the spec string that s names when it is
// "preset:NAME", else s.
func presetSpec(s string) (string, error) {
	rest, ok := cutPrefixFold(strings.TrimSpace(s), presetPrefix)
	if !ok {
		return s, nil
	}
	p, ok := LookupPreset(rest)
	if !ok {
		return "", fmt.Errorf("unknown preset %.20q; want one of %s", rest, PresetNames())
	}
	return p.Spec, nil
}

// PresetNames lists the presets' names, as the unknown preset's error
// and --host's help give them.
func PresetNames() string {
	names := make([]string, len(Presets))
	for i, p := range Presets {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// cutPrefixFold is strings.CutPrefix, ignoring case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// presetNames returns the node names of the preset whose machine h is
// (the same canonical spec string), or nil.
func presetNames(h Host) []string {
	for _, p := range Presets {
		if p.Names == "" {
			continue
		}
		ph, err := Parse(p.Spec)
		if err != nil || ph.String() != h.String() {
			continue
		}
		inner, _ := NodesOf(ph)
		names, err := hostlist.Expand(p.Names, inner.Size())
		if err != nil || len(names) != inner.Size() {
			panic("topology: preset " + p.Name + " names its nodes wrongly") // a programming error
		}
		return names
	}
	return nil
}
