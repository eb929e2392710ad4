package main

import (
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// TestAlgoHelpNamesEveryAlgorithm: -algo's help lists the names it
// accepts, rather than pointing at a command that does not exist.
func TestAlgoHelpNamesEveryAlgorithm(t *testing.T) {
	for _, cmd := range []string{"map", "schedule"} {
		_, help, _ := runArgs(t, cmd, "-h")
		help = words(help)
		if strings.Contains(help, "topomap algorithms") {
			t.Errorf("%s -h points to a command that does not exist:\n%s", cmd, help)
		}
		for _, a := range solve.All() {
			if !strings.Contains(help, " "+a.Name+",") && !strings.Contains(help, " "+a.Name+" ") {
				t.Errorf("%s -h does not name algorithm %q:\n%s", cmd, a.Name, help)
			}
		}
	}
}

// TestHostHelpNamesPresetsAndSuffixes: --host's help names every preset
// and the suffixes a host spec takes, as well as the kinds (it named
// neither, though both parse).
func TestHostHelpNamesPresetsAndSuffixes(t *testing.T) {
	for _, cmd := range []string{"map", "machine"} {
		_, help, _ := runArgs(t, cmd, "-h")
		help = words(help)
		for _, p := range topology.Presets {
			if !strings.Contains(help, p.Name) {
				t.Errorf("%s -h does not name preset %s", cmd, p.Name)
			}
		}
		for _, s := range []string{"preset:NAME", ":nodes-per-router=P", ":cores=C", ":node=S1x"} {
			if !strings.Contains(help, s) {
				t.Errorf("%s -h does not name %s", cmd, s)
			}
		}
	}
}
