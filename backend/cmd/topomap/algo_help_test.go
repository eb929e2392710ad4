package main

import (
	"strings"
	"testing"

	"topomap/algorithms/solve"
)

// TestAlgoHelpNamesEveryAlgorithm: -algo's help lists the names it
// accepts, rather than pointing at a command that does not exist.
func TestAlgoHelpNamesEveryAlgorithm(t *testing.T) {
	for _, cmd := range []string{"map", "schedule"} {
		_, help, _ := runArgs(t, cmd, "-h")
		if strings.Contains(help, "topomap algorithms") {
			t.Errorf("%s -h points to a command that does not exist:\n%s", cmd, help)
		}
		for _, a := range solve.All() {
			if !strings.Contains(help, " "+a.Name+",") && !strings.Contains(help, " "+a.Name+" ") && !strings.Contains(help, " "+a.Name+"\n") {
				t.Errorf("%s -h does not name algorithm %q:\n%s", cmd, a.Name, help)
			}
		}
	}
}
