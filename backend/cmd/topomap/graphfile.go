package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/spec"
)

func init() {
	commands["graph"] = command{"read a guest (a spec or file:PATH) and write it as a graph file (" + strings.Join(graphfile.NamesWhere(graphfile.Writable), ", ") + ")", runGraph}
}

// runGraph writes a guest's communication graph in a graph file format:
// a file converted, or a grid or d-cube guest as a file for other tools.
func runGraph(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("graph")
	guestFlag := fs.String("guest", "", fieldHelp("guest"))
	guestFormat := fs.String("guest-format", "", guestFormatHelp)
	format := fs.String("format", "matrixmarket", "output `format`: "+strings.Join(graphfile.NamesWhere(graphfile.Writable), ", "))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *guestFlag == "" {
		return fmt.Errorf("missing --guest")
	}
	f, ok := graphfile.Lookup(*format)
	if !ok || f.Write == nil {
		return fmt.Errorf("unknown --format %q (want %s)", *format, strings.Join(graphfile.NamesWhere(graphfile.Writable), ", "))
	}
	gs, err := guestSpec(ctx, *guestFlag, *guestFormat)
	if err != nil {
		return err
	}
	g, err := gs.Build()
	if err != nil {
		return fmt.Errorf("--guest %s: %w", *guestFlag, err)
	}
	return f.Write(stdout, g)
}

// guestSpec parses the --guest flag: a spec string, or file:PATH, a
// communication graph file that only the command line reads (its format
// from the extension, else the content). A file's guest is graph:ID with
// the graph attached, the id the server would give it; the reader's
// warnings go to stderr.
func guestSpec(ctx context.Context, s, format string) (spec.Guest, error) {
	path, ok := spec.FilePath(s)
	if !ok && format != "" {
		return spec.Guest{}, fmt.Errorf("--guest-format %s: it names the format of a file (--guest file:PATH), and --guest %s is none", format, s)
	}
	if !ok {
		return spec.ParseGuest(s)
	}
	f, err := openInput("--guest", path)
	if err != nil {
		return spec.Guest{}, fmt.Errorf("--guest %s: %w", s, err)
	}
	defer f.Close()
	res, err := graphfile.ReadContext(ctx, f, graphfile.Options{Name: path, Format: format, FormatField: "--guest-format"})
	if err != nil {
		return spec.Guest{}, fmt.Errorf("--guest %s: %w", s, err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "topomap: %s: %s\n", path, w)
	}
	return guest.SpecOf(guest.Canonical(res.Graph)), nil
}
