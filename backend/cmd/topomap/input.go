package main

import (
	"fmt"
	"io"
	"os"
)

// stdinFlag is the flag that took standard input in this run, "" if none
// did (run resets it).
var stdinFlag string

// openInput opens the file a flag names, or standard input for the path
// "-", so that a command reads a pipe (topomap map --guest file:- <
// mesh.graph); one flag of a run may name it, since it is read once.
func openInput(flag, path string) (io.ReadCloser, error) {
	if path != "-" {
		return os.Open(path)
	}
	if stdinFlag != "" {
		return nil, fmt.Errorf("standard input (-) is read once, and %s reads it already", stdinFlag)
	}
	stdinFlag = flag
	return io.NopCloser(stdin), nil
}
