package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func init() {
	commands["machine"] = command{"read a machine (a host spec or file:PATH) and write it as a machine file (tgt, slurm, coords) or its spec", runMachine}
}

// hostSpec parses the --host flag: a spec string, or file:PATH, a machine
// file that only the command line reads (Slurm topology.conf, Scotch
// target, hwloc XML or synthetic string; the format from the content).
func hostSpec(s string) (topology.Host, error) {
	path, ok := spec.FilePath(s)
	if !ok {
		return spec.ParseHost(s)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--host %s: %w", s, err)
	}
	defer f.Close()
	h, _, err := machinefile.Read(f)
	if err != nil {
		return nil, fmt.Errorf("--host %s: %w", s, err)
	}
	if t, ok := h.(topology.Machine); ok {
		topology.RegisterMachine(t) // its spec, machine:ID, names it in this run
	}
	return h, nil
}

// machineFormats are what the machine command writes.
var machineFormats = []string{"spec", "tgt", "slurm", "coords"}

func runMachine(_ context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("machine")
	host := fs.String("host", "", "host `spec`: "+topology.Forms()+", or file:PATH, a machine file (Slurm topology.conf, torus coordinates, Scotch target, hwloc XML or synthetic string)")
	format := fs.String("format", "spec", "output `format`: "+strings.Join(machineFormats, ", "))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *host == "" {
		return fmt.Errorf("missing --host")
	}
	h, err := hostSpec(*host)
	if err != nil {
		return err
	}
	switch *format {
	case "spec":
		_, err = fmt.Fprintln(stdout, h)
		return err
	case "tgt":
		return machinefile.WriteTarget(stdout, h)
	case "slurm":
		t, ok := h.(*topology.SwitchTree)
		if !ok {
			return fmt.Errorf("host %s is not a tree of named switches: --format slurm writes those (read from a topology.conf)", h)
		}
		return machinefile.WriteSlurm(stdout, t)
	case "coords":
		l, ok := h.(*topology.Listed)
		if !ok {
			return fmt.Errorf("host %s is not the listed nodes of a torus: --format coords writes those (read from a coordinates file)", h)
		}
		return machinefile.WriteCoords(stdout, l)
	}
	return fmt.Errorf("unknown --format %q (want %s)", *format, strings.Join(machineFormats, ", "))
}
