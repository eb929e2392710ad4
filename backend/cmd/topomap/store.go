package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"topomap/backend/store"
)

func init() {
	commands["store"] = command{"check, compact or export the job store (check|compact|export --data DIR)", runStore}
}

// errStoreProblems: check found problems (they are printed).
var errStoreProblems = errors.New("the store has problems")

func runStore(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, `usage: topomap store check|compact|export [--data DIR]

  check    reads the store without changing it and lists what is wrong
           (a non-zero exit status if anything is)
  export   writes every readable job and its placement as JSON lines to
           standard output
  compact  rewrites the readable jobs into a fresh file, without free
           pages or damaged records (the old file is kept as topomap.db.bak);
           the server must be stopped`)
		if len(args) == 0 {
			return errUsage
		}
		return errHelp
	}
	sub := args[0]
	fs := newFlags("store " + sub)
	data := fs.String("data", new(envDefaults).string("TOPOMAP_DATA", "data"), "data `directory` of the job store (env TOPOMAP_DATA)")
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	path := filepath.Join(*data, "topomap.db")
	switch sub {
	case "check":
		r, err := store.Check(path)
		if err != nil {
			return err
		}
		printReport(stdout, r)
		if !r.OK() {
			return errStoreProblems
		}
		return nil
	case "export":
		n, problems, err := store.Export(path, stdout)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "exported %d jobs, %d graphs and %d machines from %s\n", n.Jobs, n.Graphs, n.Machines, path)
		for _, p := range problems {
			fmt.Fprintln(stderr, "skipped:", p)
		}
		return nil
	case "compact":
		r, err := store.Compact(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "compacted %s: kept %d jobs (%d results), dropped %d unreadable records; the old file is %s.bak\n",
			path, r.Jobs, r.Results, len(r.Problems), path)
		return nil
	}
	return fmt.Errorf("unknown store command %q (want check, compact or export)", sub)
}

// printReport prints a store check.
func printReport(w io.Writer, r store.Report) {
	fmt.Fprintf(w, "%s: %d bytes, %d jobs, %d results\n", r.Path, r.Bytes, r.Jobs, r.Results)
	for _, d := range r.Damage {
		fmt.Fprintln(w, "damaged:", d)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(w, "unreadable:", p)
	}
	switch {
	case len(r.Damage) > 0:
		fmt.Fprintln(w, "the server refuses this file: export what is readable (topomap store export), then compact it (topomap store compact)")
	case len(r.Problems) > 0:
		fmt.Fprintln(w, "the server skips the unreadable records; topomap store compact removes them")
	default:
		fmt.Fprintln(w, "ok")
	}
}
