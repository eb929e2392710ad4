package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func init() {
	commands["map"] = command{"map a guest onto a host with one algorithm and print the placement and metrics", runMap}
}

// parseInstance is the prelude of the commands that solve one instance
// locally (map, schedule): it parses args with fs, on which f registered
// its flags with --algo, runs checkFormat on the command's own flags, and
// returns the instance with a well-formed algorithm name. The errors come
// in that order.
func (f *instanceFlags) parseInstance(fs *flag.FlagSet, args []string, checkFormat func() error) (spec.Instance, error) {
	if err := parseFlags(fs, args); err != nil {
		return spec.Instance{}, err
	}
	if err := checkFormat(); err != nil {
		return spec.Instance{}, err
	}
	return f.instance(context.Background())
}

func runMap(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("map")
	var f instanceFlags
	f.register(fs, nil)
	format := fs.String("format", "text", "output `format`: "+strings.Join(export.Names(), ", "))
	hostnames := fs.String("hostnames", "", "`file` of host names for the launcher files, one per host node in node-index order, a name or a Slurm hostlist expression (nid[001-016]) a line (default: the machine's own names, as a preset's nid#####, else node<index>)")
	hostnamesNameNodes(fs)
	in, err := f.parseInstance(fs, args, func() error {
		if _, err := export.Lookup(*format); err != nil {
			return fmt.Errorf("unknown --format %q (want %s)", *format, strings.Join(export.Names(), ", "))
		}
		return nil
	})
	if err != nil {
		return err
	}
	opt := export.Options{RunTime: true}
	if *hostnames != "" {
		if opt.Hostnames, err = readHostnames(*hostnames, in.Host); err != nil {
			return err
		}
		in.Names = opt.Hostnames // an allocation may name them
	}
	r, err := solve.Map(ctx, in, nil)
	if err != nil {
		return err
	}
	warnIgnored(in, r.Algorithm)
	return export.WriteWith(stdout, *format, r, opt)
}

// warnIgnored says on stderr which flags given a's run did not read (its
// result leaves them out).
func warnIgnored(in spec.Instance, a solve.Algorithm) {
	if names := solve.Ignored(in, a); len(names) > 0 {
		fmt.Fprintf(stderr, "topomap: warning: %s ignores --%s: only a local search reads them\n", a.Name, strings.Join(names, ", --"))
	}
}

// readHostnames reads a --hostnames file for the nodes of h (not its
// slots: the cores of a node share its name).
func readHostnames(path string, h topology.Host) (export.Hostnames, error) {
	f, err := openInput("--hostnames", path)
	if err != nil {
		return nil, fmt.Errorf("--hostnames: %w", err)
	}
	defer f.Close()
	nodes, _ := topology.NodesOf(h)
	names, err := export.ParseHostnames(f, nodes.Size())
	if err != nil {
		return nil, fmt.Errorf("--hostnames %s: %w", path, err)
	}
	return names, nil
}
