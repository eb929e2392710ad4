package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
)

func init() {
	commands["score"] = command{"score a placement file (" + strings.Join(export.ReadableNames(), ", ") + ") as map would, beside the launchers' defaults", runScore}
}

func runScore(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("score")
	var f instanceFlags
	f.register(fs, nil, fieldsBut("guest", "host", "nodes", "ranksPerNode")...)
	path := fs.String("placement", "", "placement `file` to score, as topomap map writes it: rank r's slot on the host (- reads standard input)")
	pformat := fs.String("placement-format", "", "`format` of the placement file: "+strings.Join(export.ReadableNames(), ", ")+" (default: told from the content)")
	format := fs.String("format", "text", "output `format`: json or text")
	hostnames := fs.String("hostnames", "", "`file` of the host names the placement uses, one per host node in node-index order, a name or a Slurm hostlist expression (nid[001-016]) a line (default: the machine's own names, as a preset's nid#####, else node<index>)")
	hostnamesNameNodes(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return fmt.Errorf("unknown --format %q (want json or text)", *format)
	}
	if *path == "" {
		return fmt.Errorf("missing --placement")
	}
	in, err := f.instance(ctx)
	if err != nil {
		return err
	}
	in.Algo = solve.ScoreAlgo
	var names export.Hostnames
	if *hostnames != "" {
		if names, err = readHostnames(*hostnames, in.Host); err != nil {
			return err
		}
		in.Names = names // an allocation may name them
	}
	h, alloc, err := solve.PlacementHost(in)
	if err != nil {
		return err
	}
	t := export.Target{Host: h, Ranks: in.Guest.Order(), Guest: in.Guest.String(), Hostnames: names, Named: in.Host.String(), Allocation: alloc}
	place, used, err := readPlacement(*path, *pformat, t)
	if err != nil {
		return err
	}
	r, err := solve.Score(ctx, in, place, solve.ScoreNotes(*path, used))
	if err != nil {
		return err
	}
	return export.WriteWith(stdout, *format, r, export.Options{Hostnames: t.Hostnames})
}

// readPlacement reads the --placement file, returning the format read.
func readPlacement(path, format string, t export.Target) ([]int, string, error) {
	file, err := openInput("--placement", path)
	if err != nil {
		return nil, "", fmt.Errorf("--placement: %w", err)
	}
	defer file.Close()
	place, used, err := export.ReadPlacement(file, format, t)
	if err != nil {
		return nil, "", fmt.Errorf("--placement %s: %w", path, err)
	}
	return place, used, nil
}
