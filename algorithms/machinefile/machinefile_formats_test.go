package machinefile_test

import (
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
)

// TestMachineFormatsWriteWhatTheyHold: a format that holds machines
// (WriteMachine's) also writes and names their files, its File with the
// id in it.
func TestMachineFormatsWriteWhatTheyHold(t *testing.T) {
	for _, f := range machinefile.Formats {
		if f.Holds == nil {
			continue
		}
		if f.Write == nil || !strings.Contains(f.File, "ID") {
			t.Errorf("format %s holds machines but writes none or names no file (%q)", f.Name, f.File)
		}
		if got := machinefile.FileName(f.Name, "abc"); got != strings.Replace(f.File, "ID", "abc", 1) {
			t.Errorf("FileName(%s, abc) = %q", f.Name, got)
		}
	}
	if got := machinefile.FileName("slurm", "abc"); got != "topology-abc.conf" {
		t.Errorf("FileName(slurm) = %q", got)
	}
	if got := machinefile.FileName("coords", "abc"); got != "coords-abc.txt" {
		t.Errorf("FileName(coords) = %q", got)
	}
}
