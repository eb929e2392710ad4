package topology

import (
	"fmt"
	"strings"
)

// A Preset is a named machine: a documented alias of a host spec string,
// written "preset:NAME" wherever a host spec is read. A preset parses to
// its host, whose String is the spec (so permalinks and job requests hold
// the spec itself).
type Preset struct {
	Name string
	Spec string
	// About says what machine it models and how, for people.
	About string
}

// Presets lists the named machines, in the order lists show them.
var Presets = []Preset{
	{"bgq-midplane", "torus:4x4x4x4x2:cores=16",
		"IBM Blue Gene/Q midplane: 512 nodes on a 4×4×4×4×2 5-D torus, 16 application cores each (8,192 slots)"},
	{"xe6-slice", "torus:4x4x8:cores=32",
		"Cray XE6 slice: 4×4×8 Gemini routers of a 3-D torus; each Gemini serves two nodes of 16 cores, modelled as 32 slots at 0 hops (4,096 slots)"},
	{"fattree-16port", "fattree:8,3",
		"3-level fat tree (8-ary 3-tree) of 16-port switches, 8 ports down and 8 up: 512 nodes, 2 to 6 hops apart; D-mod-k routes over 3,072 directed links"},
	{"slingshot-small", "dragonfly:8,4,4,9:cores=4",
		"small Slingshot-like dragonfly: 9 groups of 8 all-to-all routers, 4 nodes and 4 global links per router, 4 cores per node (1,152 slots); minimal routes over 1,152 directed links"},
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
		names := make([]string, len(Presets))
		for i, p := range Presets {
			names[i] = p.Name
		}
		return "", fmt.Errorf("unknown preset %.20q; want one of %s", rest, strings.Join(names, ", "))
	}
	return p.Spec, nil
}

// cutPrefixFold is strings.CutPrefix, ignoring case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}
