package main

import (
	"context"
	"fmt"
	"os"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/spec"
)

// guestSpec parses the --guest flag: a spec string, or file:PATH, a
// communication graph file that only the command line reads (its format
// from the extension, else the content). A file's guest is graph:ID with
// the graph attached, the id the server would give it; the reader's
// warnings go to stderr.
func guestSpec(ctx context.Context, s string) (spec.Guest, error) {
	path, ok := spec.FilePath(s)
	if !ok {
		return spec.ParseGuest(s)
	}
	f, err := os.Open(path)
	if err != nil {
		return spec.Guest{}, fmt.Errorf("--guest %s: %w", s, err)
	}
	defer f.Close()
	res, err := graphfile.ReadContext(ctx, f, graphfile.Options{Name: path})
	if err != nil {
		return spec.Guest{}, fmt.Errorf("--guest %s: %w", s, err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "topomap: %s: %s\n", path, w)
	}
	return guest.SpecOf(guest.Canonical(res.Graph)), nil
}
