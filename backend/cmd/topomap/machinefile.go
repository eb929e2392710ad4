package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func init() {
	commands["machine"] = command{"read a machine (a host spec or file:PATH) and write it as a machine file (" + strings.Join(machinefile.Writable(), ", ") + ") or its spec", runMachine}
}

// topologyHelp is the help of --topology, the flag of every command that
// takes --host.
var topologyHelp = "the `name` of the topology to read of a --host file:PATH that lists several, a Slurm topology.yaml (as a partition's " +
	"Topology=NAME in slurm.conf names the one its jobs get; NAME:RING or NAME:TORUS for one of a ring or torus3d topology's several), " +
	"or the ring of a topology.conf of rings; default: " + machinefile.DefaultTopology + ", or the only ring or torus"

// hostSpec parses the --host flag: a spec string, or file:PATH, a machine
// file that only the command line reads (Slurm topology.conf or topology.yaml, Scotch
// target, hwloc XML or synthetic string; the format from the content);
// topo is --topology, the topology to read of a topology.yaml.
func hostSpec(s, topo string) (topology.Host, error) {
	path, ok := spec.FilePath(s)
	if !ok && topo != "" {
		return nil, fmt.Errorf("--topology %.80q names a topology of a machine file, a topology.yaml: give --host file:PATH, not the host spec %.80s", topo, s)
	}
	if !ok {
		return spec.ParseHost(s)
	}
	f, err := openInput("--host", path)
	if err != nil {
		return nil, fmt.Errorf("--host %s: %w", s, err)
	}
	defer f.Close()
	h, src, err := machinefile.ReadWith(f, machinefile.Options{Topology: topo})
	if err != nil {
		return nil, fmt.Errorf("--host %s: %w", s, err)
	}
	if topo == "" && len(src.Topologies) > 1 {
		fmt.Fprintf(stderr, "topomap: --host %s: read topology %s, the file's default, of %s (--topology NAME reads another)\n", s, src.Topology, strings.Join(src.Topologies, ", "))
	}
	if t, ok := h.(topology.Machine); ok {
		topology.RegisterMachine(t) // its spec, machine:ID, names it in this run
	}
	return h, nil
}

// nodeHelp is the help of --node.
const nodeHelp = "the `inside` of the host's nodes, as hwloc describes it: a synthetic string (\"pack:2 core:2\") or file:PATH " +
	"(hwloc XML, lstopo-no-graphics --of xml, or a synthetic string), optionally followed by \" dist=D1,D2,…\", a cost per level read, " +
	"innermost first (cores 0 apart without it); the host becomes HOST:node=S1xS2…:dist=D1,…"

// withNode gives h's nodes the inside of a --node value (nodeHelp).
func withNode(h topology.Host, value string) (topology.Host, error) {
	suffix, err := nodeSuffix(value)
	if err != nil {
		return nil, fmt.Errorf("--node %.80s: %w", value, err)
	}
	n, err := topology.Parse(h.String() + suffix)
	if err != nil {
		return nil, fmt.Errorf("--node %.80s: %w", value, err)
	}
	return n, nil
}

// nodeSuffix reads a --node value into its host spec suffix.
func nodeSuffix(value string) (string, error) {
	path, ok := spec.FilePath(value)
	if !ok {
		return machinefile.ParseNode(value)
	}
	path, dist, err := machinefile.CutNodeDist(path)
	if err != nil {
		return "", err
	}
	f, err := openInput("--node", path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	text, err := machinefile.ReadText(f)
	if err != nil {
		return "", err
	}
	n, err := machinefile.ReadNode(text)
	if err != nil {
		return "", err
	}
	return n.Suffix(dist)
}

// machineFormats are what the machine command writes: the spec, then
// the machine file formats that write (machinefile.Writable).
func machineFormats() []string { return append([]string{"spec"}, machinefile.Writable()...) }

func runMachine(_ context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("machine")
	host := fs.String("host", "", hostHelp())
	topo := fs.String("topology", "", topologyHelp)
	format := fs.String("format", "spec", "output `format`: "+strings.Join(machineFormats(), ", "))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *host == "" {
		return fmt.Errorf("missing --host")
	}
	h, err := hostSpec(*host, *topo)
	if err != nil {
		return err
	}
	if *format == "spec" {
		_, err = fmt.Fprintln(stdout, h)
		return err
	}
	if f, ok := machinefile.Lookup(*format); ok && f.Write != nil {
		return f.Write(stdout, h)
	}
	return fmt.Errorf("unknown --format %q (want %s)", *format, strings.Join(machineFormats(), ", "))
}
