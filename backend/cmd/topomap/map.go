package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"topomap/algorithms/export"
	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func init() {
	commands["map"] = command{"map a guest onto a host with one algorithm and print the placement and metrics", runMap}
}

// instanceFlags are the flags that describe an instance, shared by the
// commands that take one.
type instanceFlags struct {
	guest, host, algo, start string
	objective                string
	seed                     uint64
	budget                   time.Duration
	moves                    int64
}

func (f *instanceFlags) register(fs *flag.FlagSet, withAlgo bool) {
	fs.StringVar(&f.guest, "guest", "", "guest `spec`: "+guest.Forms()+", or file:PATH, a graph file (METIS, Scotch .grf, Matrix Market, dense matrix, CSV edge list)")
	fs.StringVar(&f.host, "host", "", "host `spec`: "+topology.Forms()+", or file:PATH, a machine file (Slurm topology.conf, Scotch target, hwloc XML or synthetic string)")
	if withAlgo {
		fs.StringVar(&f.algo, "algo", "", "algorithm `name`: "+algoNames()+" (the web app's Algorithms page, /algorithms, describes each)")
	}
	fs.Uint64Var(&f.seed, "seed", 0, "seed of randomised algorithms")
	fs.StringVar(&f.start, "start", "", "pairs: algorithm `name` of the starting mapping")
	fs.DurationVar(&f.budget, "budget", 0, solve.BudgetText)
	fs.Int64Var(&f.moves, "moves", 0, "pairs: make exactly this many moves (the count a run reports, to repeat it); 0 = from --budget or the stopping rule")
	fs.StringVar(&f.objective, "objective", spec.ObjectiveHopBytes, "pairs: what to minimise: "+spec.ObjectiveHopBytes+
		" or "+spec.ObjectiveCongestion+" (the sum of the squared link loads under the host's routing)")
}

// algoNames lists the names of the algorithms, comma-separated.
func algoNames() string {
	var names []string
	for _, a := range solve.All() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// instance parses the flags into an instance (algo may be overridden).
func (f *instanceFlags) instance(algo string) (spec.Instance, error) {
	in := spec.Instance{Seed: f.seed, Start: f.start, Budget: f.budget, Moves: f.moves, Algo: algo}
	var err error
	if f.guest == "" {
		return in, fmt.Errorf("missing --guest")
	}
	if f.host == "" {
		return in, fmt.Errorf("missing --host")
	}
	if in.Guest, err = guestSpec(context.Background(), f.guest); err != nil {
		return in, err
	}
	if in.Host, err = hostSpec(f.host); err != nil {
		return in, err
	}
	if f.budget < 0 || f.budget > spec.MaxBudget {
		return in, fmt.Errorf("--budget %v out of [0, %v]", f.budget, spec.MaxBudget)
	}
	if f.moves < 0 || f.moves > spec.MaxMoves {
		return in, fmt.Errorf("--moves %d out of [0, %d]", f.moves, int64(spec.MaxMoves))
	}
	if in.Start != "" {
		if _, err := spec.ParseAlgo(in.Start); err != nil {
			return in, err
		}
	}
	if in.Objective, err = spec.ParseObjective(f.objective); err != nil {
		return in, err
	}
	return in, nil
}

// algoInstance returns the instance of a command that needs --algo.
func (f *instanceFlags) algoInstance() (spec.Instance, error) {
	if f.algo == "" {
		return spec.Instance{}, fmt.Errorf("missing --algo")
	}
	return f.instance(f.algo)
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
	in, err := f.algoInstance()
	if err != nil {
		return in, err
	}
	if _, err := spec.ParseAlgo(in.Algo); err != nil {
		return in, err
	}
	return in, nil
}

func runMap(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("map")
	var f instanceFlags
	f.register(fs, true)
	format := fs.String("format", "text", "output `format`: "+strings.Join(export.Names(), ", "))
	hostnames := fs.String("hostnames", "", "`file` of host names for the launcher files, one per host node in node-index order, a name or a Slurm hostlist expression (nid[001-016]) a line (default node<index>)")
	in, err := f.parseInstance(fs, args, func() error {
		if _, err := export.Lookup(*format); err != nil {
			return fmt.Errorf("unknown --format %q (want %s)", *format, strings.Join(export.Names(), ", "))
		}
		return nil
	})
	if err != nil {
		return err
	}
	var opt export.Options
	if *hostnames != "" {
		if opt.Hostnames, err = readHostnames(*hostnames, in.Host); err != nil {
			return err
		}
	}
	r, err := solve.Map(ctx, in, nil)
	if err != nil {
		return err
	}
	return export.WriteWith(stdout, *format, r, opt)
}

// readHostnames reads a --hostnames file for the nodes of h (not its
// slots: the cores of a node share its name).
func readHostnames(path string, h topology.Host) (export.Hostnames, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--hostnames: %w", err)
	}
	defer f.Close()
	nodes, _ := topology.SplitCores(h)
	names, err := export.ParseHostnames(f, nodes.Size())
	if err != nil {
		return nil, fmt.Errorf("--hostnames %s: %w", path, err)
	}
	return names, nil
}
