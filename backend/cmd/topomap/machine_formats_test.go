package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// TestMachineWritesEveryWritableFormat: the machine command's --format
// takes every machine file format of the table that writes (a format
// registered there needs no line here), and its summary lists them.
func TestMachineWritesEveryWritableFormat(t *testing.T) {
	for _, name := range machinefile.Writable() {
		if !strings.Contains(commands["machine"].summary, name) {
			t.Errorf("the machine command's summary %q does not name %s", commands["machine"].summary, name)
		}
	}
	old := machinefile.Formats
	defer func() { machinefile.Formats = old }()
	machinefile.Formats = append(append([]machinefile.Format(nil), old...), machinefile.Format{
		Name:  "fake",
		Write: func(w io.Writer, h topology.Host) error { _, err := fmt.Fprintf(w, "fake %d\n", h.Size()); return err },
	})
	out, _, err := runArgs(t, "machine", "--host", "ring:4", "--format", "fake")
	if err != nil || out != "fake 4\n" {
		t.Errorf("machine --format fake: %q (%v), want %q", out, err, "fake 4\n")
	}
	_, _, err = runArgs(t, "machine", "--host", "ring:4", "--format", "nope")
	if err == nil || !strings.Contains(err.Error(), "spec, coords, slurm, tgt, fake") {
		t.Errorf("an unknown format: %v, want the formats of the table listed", err)
	}
}
